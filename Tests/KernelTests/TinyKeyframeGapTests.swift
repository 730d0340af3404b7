import WalkthroughKernel
import KernelTestSupport
import Testing

/// Keyframes closer together than Float can tell apart (`TinyGapPages`): the fast path
/// computed the segment's `1 / g` in Float, infinite from about 3e-39, and `0 · ∞` gave NaN
/// fields (subviews' own timelines and staggered page timelines: the lanes), where the
/// reference, in Double, gives every `p` in `[0, 1)`. Every gap the format accepts (any two
/// distinct doubles) now gives the reference's values.
@Suite struct TinyKeyframeGapTests {
    @Test(arguments: TinyGapPages.gaps)
    func ownTimelines(gap g: Double) throws {
        let page = try TinyGapPages.ownTimelines(gap: g)
        var animator = WalkthroughAnimator(try Walkthrough(width: 320, pages: [page]))
        if let why = TinyGapPages.mismatch(page, &animator, gap: g) { Issue.record("\(why)") }
    }

    @Test(arguments: TinyGapPages.gaps)
    func staggeredPageTimeline(gap g: Double) throws {
        for stagger in TinyGapPages.staggers(gap: g) {
            let page = try TinyGapPages.staggered(gap: g, stagger: stagger)
            var animator = WalkthroughAnimator(try Walkthrough(width: 320, pages: [page]))
            if let why = TinyGapPages.mismatch(page, &animator, gap: g) { Issue.record("\(why)") }
        }
    }
}
