import WalkthroughKernel

/// The implementations `bench` can time, with their names, summaries and factories in one
/// place (`--impls`, `--list` and `--help` print from here).
enum ImplementationKind: String, CaseIterable, Sendable {
    case reference
    case simd
    case simdParallel = "simd-parallel"
    case c
    case limit
    /// Reading every subview of the frame through `transform(page:subview:)`.
    case readTransform = "read-transform"
    /// Reading every page through `gather(page:into:)`.
    case readGather = "read-gather"
    /// What `read-gather` costs memory alone: the same bytes read, as many written, no arithmetic.
    case readLimit = "read-limit"
    /// Reading every page's alphas through `alphas(page:into:)`.
    case readAlphas = "read-alphas"

    /// The name on the command line and in reports.
    var name: String { rawValue }

    /// One line for `--list`.
    var summary: String {
        switch self {
        case .reference: return "the scalar literal port (Double, array of structs)"
        case .simd: return "the SIMD8 fast path on one core"
        case .simdParallel: return "the fast path split across all cores at every size"
        case .c: return "the same math in C, -O3, same target CPU, through the same frame driver"
        case .limit: return "storing the same bytes with no math (store bandwidth), same frame driver"
        case .readTransform: return "reading a simd frame subview by subview: transform(page:subview:), fields summed"
        case .readGather: return "reading a simd frame page by page: gather(page:into:), 16 Doubles a subview"
        case .readLimit: return "read-gather's memory traffic with no math: the frame's matrix bytes read (the varying rows of a page that shares a template), 128 bytes a subview written (C)"
        case .readAlphas: return "reading a simd frame's alphas page by page: alphas(page:into:)"
        }
    }

    /// Whether this kind reads a frame instead of computing one.
    var reads: Bool { [.readTransform, .readGather, .readLimit, .readAlphas].contains(self) }

    /// A fresh implementation that cycles through `scrolls`, writing (or reading) `layout`.
    func make(_ plan: AnimationPlan, scrolls: [Double], layout: FrameLayout) -> any Implementation {
        switch self {
        case .reference:
            return ReferenceImplementation(plan, scrolls: scrolls, layout: layout)
        case .readTransform, .readGather, .readLimit, .readAlphas:
            return ReadImplementation(self, ReadImplementation.frame(plan, layout: layout, scroll: scrolls[0]), scroll: scrolls[0])
        case .simd:
            var animator = WalkthroughAnimator(plan: plan, layout: layout)
            animator.threads = 1
            return AnimatorImplementation(self, animator, scrolls: scrolls)
        case .simdParallel:
            var animator = WalkthroughAnimator(plan: plan, layout: layout)
            animator.parallelThreshold = 0
            return AnimatorImplementation(self, animator, scrolls: scrolls)
        case .c:
            var animator = WalkthroughAnimator(plan: plan, layout: layout, kernel: CKeyframeAnchorKernel())
            animator.threads = 1
            return AnimatorImplementation(self, animator, scrolls: scrolls)
        case .limit:
            let geometry = FrameGeometry(layout, pages: plan.pages)
            let memory = LimitMemory(byteCount: geometry.byteCount)
            var animator = WalkthroughAnimator(plan: plan, layout: layout, kernel: StoreLimitKernel(memory: memory))
            animator.threads = 1
            // The frame's base: page 0's matrices less their offset (the animator, kept by the
            // implementation, keeps its frame's storage where it is).
            memory.frameBase = animator.frame.view.matrices(page: 0).map { UnsafeRawPointer($0) - geometry.matrixOffset(page: 0) }
            return AnimatorImplementation(self, animator, scrolls: scrolls)
        }
    }

    /// Parses a comma-separated list such as `simd,c`, keeping this type's order. A name
    /// given twice is an error, as in every list option (`--sizes`).
    static func list(_ text: String) throws(BenchError) -> [ImplementationKind] {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !names.isEmpty, names.allSatisfy({ ImplementationKind(rawValue: $0) != nil }) else {
            let all = allCases.map(\.name).joined(separator: ",")
            throw BenchError("--impls takes a comma-separated subset of \(all), got \(Echo.quoted(text))")
        }
        if let twice = names.indices.first(where: { names[..<$0].contains(names[$0]) }) {
            throw BenchError("--impls lists \(names[twice]) twice, got \(Echo.quoted(text))")
        }
        return allCases.filter { names.contains($0.name) }
    }
}
