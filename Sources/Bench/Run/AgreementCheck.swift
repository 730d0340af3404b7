import WalkthroughKernel

/// One frame of each implementation at a scenario's first scroll position, compared with the
/// reference's and, for `simd-parallel`, with `simd`'s bit for bit. A disagreement stops the
/// run: timing wrong answers is worthless.
///
/// A subview is compared by the fuzzer's rule (`SubviewAgreement`): inside the fast path's
/// accuracy domain within the parity tolerance (the keyframe tolerance for a keyframed one),
/// outside it (angles past 2²⁰ rad, fields beyond Float's range) only finite and still a
/// rotation where the reference is, which is all the fast path promises there
/// (docs/ROBUSTNESS.md). Holding every subview to the parity tolerance refused valid files
/// that `eval` and `profile` accept (Benchmarks/Fuzz/regression-huge-spin.json).
///
/// The reference frame is computed once, when the first implementation with a frame to
/// compare needs it, and an implementation's frame becomes a `FrameState` only while it is
/// compared. At a million subviews a `FrameState` is about 150 MB; the check once held the
/// reference's twice and `simd`'s beside every other one's, 450 MB at the top of the run's peak,
/// and `simd-parallel` is compared with `simd`'s frame bytes, not with the states of both.
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
        // `simd-parallel` against `simd`'s frame, byte for byte where it lies, with no
        // `FrameState` of either: equal to `simd`, which matched the reference, it matches too.
        if impl.kind == .simdParallel, let parallel = impl as? AnimatorImplementation,
           let simd = made.first(where: { $0.kind == .simd }) as? AnimatorImplementation {
            guard parallel.hasTheSameFrame(as: simd) else {
                throw BenchError("simd-parallel is not bitwise equal to simd on \(place)")
            }
            return
        }
        // An animator's frame is read a subview at a time, never as a whole `FrameState`.
        if let animated = impl as? AnimatorImplementation {
            guard animated.kind != .limit else { return }
            let w = walkthrough
            try compare(animated.kind.name, currentPage: animated.currentPage, positions: animated.positions) { page, k in
                animated.subviewState(w, page: page, subview: k)
            }
        } else if let state = impl.state() {
            try compare(impl.kind.name, currentPage: state.currentPage,
                        positions: state.pages.map { PagePosition(offset: $0.offset, animated: $0.animated) }) { page, k in
                state.pages[page].subviews![k]
            }
        }
    }

    /// Compares a frame, given by its current page, its pages' positions and its subviews one
    /// at a time, with the reference's.
    private mutating func compare(_ name: String, currentPage: Int, positions: [PagePosition],
                                  subview: (_ page: Int, _ k: Int) -> SubviewState) throws(BenchError) {
        let reference = try referenceFrame()
        guard currentPage == reference.currentPage, positions.count == reference.pages.count else {
            throw BenchError("\(name) disagrees with the reference on \(place): current page")
        }
        for expected in reference.pages {
            let position = positions[expected.index]
            guard position.animated == expected.animated, position.offset == expected.offset else {
                throw BenchError("\(name) disagrees with the reference on \(place): page \(expected.index) offset or window")
            }
            let page = walkthrough.pages[expected.index], keyframes = tolerances[expected.index]
            for (k, b) in (expected.subviews ?? []).enumerated() {
                let a = subview(expected.index, k)
                if let why = SubviewAgreement.mismatch(a, b, page: page, subview: k, offset: expected.offset, keyframes: keyframes) {
                    throw BenchError("\(name) disagrees with the reference on \(place): page \(expected.index) subview \(k): \(why)")
                }
            }
        }
    }

    /// Where the check looks, as its messages say it: `small.json at 16 subviews, scroll 0.0`
    /// (the size alone once read like a scroll position).
    var place: String { "\(Echo.escaped(scenario)) at \(Report.grouped(size)) subview\(size == 1 ? "" : "s"), scroll \(x)" }

    /// The reference's frame at the position, computed at the first call.
    private mutating func referenceFrame() throws(BenchError) -> FrameState {
        if let reference { return reference }
        let (walkthrough, x) = (self.walkthrough, self.x)
        let frame = try bench { () throws(WalkthroughError) in try ReferenceAnimator.frame(walkthrough, scroll: x) }
        tolerances = walkthrough.pages.map { KeyframeTolerance(ifKeyframed: $0) }
        reference = frame
        return frame
    }
}
