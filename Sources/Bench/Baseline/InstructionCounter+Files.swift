import Foundation
import WalkthroughKernel

extension InstructionCounter {
    /// Instructions per subview per frame of a walkthrough file's scenario: `frames` frames
    /// of `bench profile FILE`, which scrolls through the file's positions in turn.
    func count(file scenario: Scenario, frames: Int) throws(BenchError) -> Double {
        guard let path = scenario.file else { throw BenchError("\(Echo.quoted(scenario.name)) is not a walkthrough file") }
        let out = "\(folder)/callgrind.file"
        let (stdout, stderr) = try InstructionCounter.run(InstructionCounter.which("valgrind")!, [
            "--tool=callgrind", "--callgrind-out-file=\(out)", "--toggle-collect=*WalkthroughAnimatorV6update*",
            executable, "profile", URL(fileURLWithPath: path).path, "--frames", String(frames), "--impl", "simd",
        ])
        guard let collected = InstructionCounter.number(after: "Collected :", in: stderr), collected > 0,
              let subviews = InstructionCounter.number(after: "frames of \(Echo.escaped(scenario.name)) at", in: stdout), subviews > 0 else {
            throw BenchError("callgrind gave no instruction count for \(Echo.quoted(scenario.name)): "
                             + Echo.escaped(stderr.split(separator: "\n").last ?? "", limit: 200))
        }
        return collected / (subviews * Double(frames))
    }
}
