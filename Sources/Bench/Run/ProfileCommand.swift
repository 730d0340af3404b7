import Foundation
import WalkthroughKernel

/// `bench profile SCENARIO|FILE --frames F [--size N] [--impl NAME]`: renders F frames and
/// nothing else, for tools that watch a process: callgrind's instruction counts (`bench
/// baseline`, through `InstructionCounter`) and valgrind's allocation counts
/// (scripts/alloc-count.sh).
enum ProfileCommand {
    static let spec = CommandSpec(
        name: "profile", usage: ["SCENARIO [--size N] [--frames F] [options]", "FILE [--frames F] [options]"],
        summary: "Renders F frames and nothing else, for callgrind and valgrind to watch.",
        details: ["SCENARIO is a built-in scenario (bench run --list); FILE a walkthrough file, scrolled through",
                  "\(Scenario.defaultPositions) positions from its first page to its last, one position a frame."],
        options: [
            .option("size", "N", "subviews of a built-in scenario (not with FILE)", default: "10000"),
            .option("frames", "F", "frames to render", default: "100"),
            .choice("impl", ImplementationKind.self, "the implementation that renders them", default: .simd),
            .choice("layout", FrameLayout.self, "the frame layout it writes", default: .blocks),
        ])

    static func run(_ words: [String]) throws(BenchError) -> String {
        let args = try Arguments(words, spec)
        guard args.positional.count == 1 else { throw BenchError(spec.usageLine) }
        let name = args.positional[0]
        let scenario: Scenario
        if let builtIn = Scenario.builtIn.first(where: { $0.name == name }) {
            scenario = builtIn
        } else if name == InputFile.standardInput || FileManager.default.fileExists(atPath: name) {
            guard args.value("size") == nil else {
                throw BenchError("--size does not apply to a walkthrough file: it is measured at its own subview count")
            }
            scenario = try Scenario.file(name, positions: Scenario.defaultPositions)
        } else {
            throw BenchError("unknown scenario \(Echo.quoted(name)) and no such file; see bench --list")
        }
        // Checked before the scenario allocates anything: at most one walkthrough's subviews.
        let size = try args.integer("size", in: 0...Walkthrough.maximumSubviewCount, default: 10_000)
        let frames = try args.integer("frames", in: 0...100_000_000, default: 100)
        let impl = try args.choice("impl", default: ImplementationKind.simd)
        let layout = try args.choice("layout", default: FrameLayout.blocks)
        let (walkthrough, scrolls) = try scenario.make(scenario.ownSize ?? size)
        let runner = impl.make(AnimationPlan(walkthrough), scrolls: scrolls, layout: layout)
        runner.run(frames: frames)
        return "\(impl.name) rendered \(frames) frames of \(Echo.escaped(scenario.name)) at \(Suite.averageAnimatedSubviews(walkthrough, scrolls)) subviews\n"
    }
}
