@testable import Bench
import WalkthroughKernel
import KernelTestSupport
import Testing

/// The C anchor takes a page's `SpeedLine` as the Swift kernel does (`line` in
/// `anchor_page`, `uniform.c`): on uniform diagonal pages without a keyframed pose (with one,
/// within the parity tolerance: the Swift kernel folds the pose into the line's base),
/// static subviews anywhere, counts on both sides of the groups of eight blocks, and the
/// frame split across threads, its frame is the Swift kernel's byte for byte in every layout; so are pages that both read
/// from the plan: speeds that cancel, and a page turned by one angle (not diagonal), whose
/// `line` is set but unused.
@Suite struct SpeedLineAnchorTests {
    @Test(arguments: FrameLayout.allCases)
    func anchorMatchesTheSwiftKernelByteForByte(layout: FrameLayout) throws {
        let seed: UInt64 = 0x11AE &+ UInt64(FrameLayout.allCases.firstIndex(of: layout)!)
        var rng = SeededGenerator(seed: seed)
        let pose = try Timeline(translation: [Keyframe(at: 0, value: SIMD2(-0.0, 3)), Keyframe(at: 2, value: SIMD2(40, -7))])
        for count in [1, 8, 63, 64, 65, 80, 100, 130, 517] {
            for (speed, variance) in [(SIMD2(0.5, 1.0), SIMD2(0.001, 0.25)), (SIMD2(-2.0, 0), SIMD2(-0.3, 0.0)),
                                      (SIMD2(1.0, 1.0), SIMD2(-0.01, 0.02))] {
                for timeline in [nil, pose] {
                    let statics = (0..<count).map { _ in Int.random(in: 0..<7, using: &rng) == 0 }
                    let page = Page(animationType: [.linear, .curve, .inOut, .zoom][count % 4], speed: speed, speedVariance: variance,
                                    staticTags: [1], animateAlpha: true, subviews: statics.map { Subview(tag: $0 ? 1 : 0) },
                                    rotation: count % 3 == 1 ? try Rotation(axis: SIMD3(0, 0, 1), angle: 0.3) : nil,
                                    timeline: timeline)
                    let plan = AnimationPlan(try Walkthrough(width: 320, pages: [page]))
                    var swift = WalkthroughAnimator(plan: plan, layout: layout, kernel: SIMDPageKernel())
                    var c = WalkthroughAnimator(plan: plan, layout: layout, kernel: CKeyframeAnchorKernel())
                    // Split across 3 threads at every size: the C kernel's blocks then start
                    // past the page's first (its `first + b`), and some ranges end between
                    // groups of eight.
                    (swift.threads, c.threads, swift.parallelThreshold, c.parallelThreshold) = (3, 3, 0, 0)
                    for o in [0, 0.37, 1, 1.5, -1.25] {
                        try swift.update(scroll: (o - 1) * 320)
                        try c.update(scroll: (o - 1) * 320)
                        let what = "seed \(seed) \(layout) count \(count) speed \(speed) variance \(variance) pose \(timeline != nil) offset \(o)"
                        guard timeline == nil else {
                            // With a pose, the Swift kernel folds its m41, m42 into the line's base
                            // (one rounding in another place, `BlockTranslation`), which the frozen
                            // anchor does not: the same values within the parity tolerance.
                            let a = swift.state(), b = c.state()
                            for (x, y) in zip(a.pages[0].subviews ?? [], b.pages[0].subviews ?? []) {
                                if let why = ParityTolerance.mismatch(x, y) { Issue.record("\(what): \(why)"); break }
                            }
                            continue
                        }
                        let same = swift.frame.withUnsafeBytes(page: 0) { m, a in
                            c.frame.withUnsafeBytes(page: 0) { cm, ca in m.elementsEqual(cm) && a.elementsEqual(ca) }
                        }
                        #expect(same, "\(what)")
                    }
                }
            }
        }
    }
}
