import Kernel

/// `bench profile SCENARIO --size N --frames F [--impl NAME]`: renders F frames and nothing
/// else, for tools that watch a process: callgrind's instruction counts (`bench baseline`,
/// through `InstructionCounter`) and valgrind's allocation counts (scripts/alloc-count.sh).
enum ProfileCommand {
    static let usage = "usage: bench profile SCENARIO --size N --frames F [--impl \(ImplementationKind.allCases.map(\.name).joined(separator: "|"))] [--layout \(FrameLayout.allCases.map(\.rawValue).joined(separator: "|"))]"

    static func run(_ words: [String]) throws(BenchError) -> String {
        let args = try Arguments(words, options: ["size", "frames", "impl", "layout"])
        guard args.positional.count == 1 else { throw BenchError(usage) }
        guard let scenario = Scenario.builtIn.first(where: { $0.name == args.positional[0] }) else {
            throw BenchError("unknown scenario \(Echo.quoted(args.positional[0])); see bench --list")
        }
        // Checked before the scenario allocates anything: at most one walkthrough's subviews.
        let size = try args.integer("size", in: 0...Walkthrough.maximumSubviewCount, default: 10_000)
        let frames = try args.integer("frames", in: 0...100_000_000, default: 100)
        let impl = try args.choice("impl", default: ImplementationKind.simd)
        let (walkthrough, scrolls) = try scenario.make(size)
        let runner = impl.make(AnimationPlan(walkthrough), scrolls: scrolls, layout: try args.choice("layout", default: FrameLayout.blocks))
        runner.run(frames: frames)
        return "\(impl.name) rendered \(frames) frames of \(scenario.name) at \(Suite.averageAnimatedSubviews(walkthrough, scrolls)) subviews\n"
    }
}
