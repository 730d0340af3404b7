import WalkthroughKernel

/// One frame of each implementation at a scenario's first scroll position, compared with the
/// reference's (parity tolerance) and, for `simd-parallel`, with `simd`'s bit for bit. A
/// disagreement stops the run: timing wrong answers is worthless.
///
/// The reference frame is computed once, when the first implementation with a frame to
/// compare needs it, and an implementation's frame becomes a `FrameState` only while it is
/// compared. At a million subviews a `FrameState` is about 150 MB; the check once held the
/// reference's twice and `simd`'s beside every other one's, 450 MB at the top of the run's peak.
struct AgreementCheck {
    let walkthrough: Walkthrough
    let x: Double
    let scenario: String
    let size: Int
    private var reference: FrameState?
    /// One tolerance per keyframed page, shared by the implementations.
    private var tolerances: [KeyframeTolerance?] = []

    init(_ walkthrough: Walkthrough, scroll x: Double, scenario: String, size: Int) {
        (self.walkthrough, self.x, self.scenario, self.size) = (walkthrough, x, scenario, size)
    }

    /// Renders `impl`'s frame at the position and compares it; `made` are the implementations
    /// checked before it (where `simd-parallel` finds `simd`, whose frame is still the one
    /// it rendered here).
    mutating func check(_ impl: any Implementation, made: [any Implementation]) throws(BenchError) {
        // The reference implementation's frame is the reference itself: nothing to compare,
        // and at a million subviews on own timelines one frame of it takes seconds.
        guard impl.kind != .reference else { return }
        impl.render(scroll: x)
        guard let state = impl.state() else { return }
        let reference = try referenceFrame()
        let name = impl.kind.name
        guard state.currentPage == reference.currentPage else {
            throw BenchError("\(name) disagrees with the reference on \(scenario) at \(size): current page")
        }
        for (page, expected) in zip(state.pages, reference.pages) {
            guard page.animated == expected.animated, page.offset == expected.offset else {
                throw BenchError("\(name) disagrees with the reference on \(scenario) at \(size): page \(expected.index) offset or window")
            }
            let keyframes = tolerances[expected.index]
            for (k, (a, b)) in zip(page.subviews ?? [], expected.subviews ?? []).enumerated() {
                if let why = keyframes.map({ $0.mismatch(a, b) }) ?? ParityTolerance.mismatch(a, b) {
                    throw BenchError("\(name) disagrees with the reference on \(scenario) at \(size): page \(expected.index) subview \(k): \(why)")
                }
            }
        }
        if impl.kind == .simdParallel, let simd = made.first(where: { $0.kind == .simd })?.state(),
           state.pages.map(\.subviews) != simd.pages.map(\.subviews) {
            throw BenchError("simd-parallel is not bitwise equal to simd on \(scenario) at \(size)")
        }
    }

    /// The reference's frame at the position, computed at the first call.
    private mutating func referenceFrame() throws(BenchError) -> FrameState {
        if let reference { return reference }
        let (walkthrough, x) = (self.walkthrough, self.x)
        let frame = try bench { () throws(WalkthroughError) in try ReferenceAnimator.frame(walkthrough, scroll: x) }
        tolerances = walkthrough.pages.map { model in
            model.timeline != nil || model.subviews.contains { $0.timeline != nil } ? KeyframeTolerance(model) : nil
        }
        reference = frame
        return frame
    }
}
