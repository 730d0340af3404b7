import Kernel

/// `bench profile SCENARIO --size N --frames F [--impl NAME]`: renders F frames and nothing
/// else, for tools that watch a process: callgrind's instruction and data-write counts
/// (`bench baseline`, through `InstructionCounter`) and valgrind's allocation counts
/// (scripts/alloc-count.sh). `bench profile FILE.json --frames F` renders a walkthrough
/// file at its own size instead, scrolled from its first page to its last
/// (`Scenario.file`): the app-sized walkthroughs the gate counts per frame.
enum ProfileCommand {
    static let usage = "usage: bench profile SCENARIO|FILE.json [--size N] --frames F [--impl \(ImplementationKind.allCases.map(\.name).joined(separator: "|"))] [--layout \(FrameLayout.allCases.map(\.rawValue).joined(separator: "|"))]"

    static func run(_ words: [String]) throws(BenchError) -> String {
        let args = try Arguments(words, options: ["size", "frames", "impl", "layout"])
        guard args.positional.count == 1 else { throw BenchError(usage) }
        let target = args.positional[0], isFile = Scenario.isFile(target)
        guard !isFile || args.value("size") == nil else {
            throw BenchError("--size does not apply to a walkthrough file: it is rendered at its own size")
        }
        let builtIn = Scenario.builtIn.first { $0.name == target }
        guard isFile || builtIn != nil else {
            throw BenchError("unknown scenario \(Echo.quoted(target)); see bench --list")
        }
        // Checked before the scenario allocates anything: at most one walkthrough's subviews.
        let size = try args.integer("size", in: 0...Walkthrough.maximumSubviewCount, default: 10_000)
        let frames = try args.integer("frames", in: 0...100_000_000, default: 100)
        let impl = try args.choice("impl", default: ImplementationKind.simd)
        let layout = try args.choice("layout", default: FrameLayout.blocks)
        let scenario = if let builtIn { builtIn } else { try Scenario.file(target) }
        let (walkthrough, scrolls) = try scenario.make(size)
        let runner = impl.make(AnimationPlan(walkthrough), scrolls: scrolls, layout: layout)
        runner.run(frames: frames)
        return "\(impl.name) rendered \(frames) frames of \(scenario.name) at \(Suite.averageAnimatedSubviews(walkthrough, scrolls)) subviews\n"
    }
}
