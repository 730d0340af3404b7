import Foundation
import Testing

/// Output that cannot be written is an error (exit 1, one line), never lost in silence.
@Suite(.temporaryFolders) struct StandardOutputTests {
    /// A command of each kind that prints to standard output, with `FILE` for a walkthrough.
    static let commands: [[String]] = [
        ["eval", "FILE", "--scroll", "0"], ["--help"], ["run", "--list"],
        ["profile", "linear", "--size", "8", "--frames", "1"],
        ["render", "FILE", "--output", "OUT", "--frames", "2"], ["render", "FILE", "--output", "-", "--frames", "2"],
    ]

    func arguments(_ command: [String]) throws -> [String] {
        let file = try BenchProcess.temporaryFile(#"{"width": 100, "pages": [{"subviewCount": 3}, {}]}"#)
        return command.map { $0 == "FILE" ? file : $0 == "OUT" ? file + ".svg" : $0 }
    }

    @Test(arguments: commands)
    func aFullDeviceIsAnError(command: [String]) throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let run = try BenchProcess.run(try arguments(command), standardOutput: full)
        #expect(run.status == 1 && run.stderr == "bench: cannot write to standard output: No space left on device\n",
                "\(command): \(run.status) \(run.stderr)")
    }

    @Test(arguments: commands)
    func aClosedStandardOutputIsAnError(command: [String]) throws {
        let quoted = try arguments(command).map { "'\($0)'" }.joined(separator: " ")
        let run = try BenchProcess.shell("\"$BENCH\" \(quoted) >&-")
        #expect(run.status == 1 && run.stderr == "bench: cannot write to standard output: Bad file descriptor\n",
                "\(command): \(run.status) \(run.stderr)")
    }

    /// With standard output closed, the first file `bench` opens must not become descriptor 1
    /// and receive the text meant for the terminal.
    @Test func aClosedStandardOutputDoesNotLeakIntoTheOutputFile() throws {
        let args = try arguments(["render", "FILE", "--output", "OUT", "--frames", "2"])
        let run = try BenchProcess.shell("\"$BENCH\" " + args.map { "'\($0)'" }.joined(separator: " ") + " >&-")
        #expect(run.status == 1)
        let svg = try String(contentsOfFile: args[3], encoding: .utf8)
        #expect(svg.hasPrefix("<svg") && !svg.contains("wrote 2 panels"), "\(svg.prefix(80))")
    }
}
