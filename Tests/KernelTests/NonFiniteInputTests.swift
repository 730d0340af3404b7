import WalkthroughKernel
import Testing

/// The policy for NaN and infinite inputs given through the API: no trap, and only the
/// subviews that the bad value feeds get non-finite fields; static subviews and other
/// pages are untouched.
@Suite struct NonFiniteInputTests {
    func animator(_ page: Page) throws -> WalkthroughAnimator {
        WalkthroughAnimator(try Walkthrough(width: 100, pages: [page, Page(speed: SIMD2(1, 1), subviews: [Subview()])]))
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func badOffsetTouchesOnlyItsPage(offset: Double) throws {
        for type in AnimationType.allCases {
            let rotation = try Rotation(axis: SIMD3(0, 1, 0), angle: 1, angleVariance: 0.5, perspective: 500)
            var a = try animator(Page(animationType: type, speed: SIMD2(1, 1), staticTags: [9], animateAlpha: true,
                                      subviews: [Subview(), Subview(tag: 9)], rotation: rotation))
            try a.update(scroll: 30)
            let other = a.frame.transform(page: 1, subview: 0)
            a.animate(page: 0, offset: offset)
            #expect(a.frame.transform(page: 0, subview: 1) == .identity && a.frame.alpha(page: 0, subview: 1) == 1)
            #expect(a.frame.transform(page: 0, subview: 0).fields.contains { !$0.isFinite })
            #expect(a.frame.transform(page: 1, subview: 0) == other)
        }
    }

    @Test func nonFiniteSpeedOrAngleTouchesOnlyNonStaticSubviewsOfItsPage() throws {
        var page = Page(speed: SIMD2(.nan, 0), staticTags: [9], subviews: [Subview(), Subview(tag: 9)])
        var a = try animator(page)
        try a.update(scroll: 0)
        #expect(a.frame.transform(page: 0, subview: 0).m41.isNaN)
        #expect(a.frame.transform(page: 0, subview: 0).m42 == 0)
        #expect(a.frame.transform(page: 0, subview: 1) == .identity)
        #expect(a.frame.transform(page: 1, subview: 0).m41 == 100)  // page 1 at o = 0 moves as usual
        page.speed = .zero
        page.rotation = try Rotation(axis: SIMD3(0, 0, 1), angle: .infinity, angleVariance: 1)
        a = try animator(page)
        try a.update(scroll: 0)
        #expect(a.frame.transform(page: 0, subview: 0).m11.isNaN)
        #expect(a.frame.transform(page: 0, subview: 1) == .identity)
    }

    @Test func nonFiniteScrollIsAnErrorAndChangesNothing() throws {
        var a = try animator(Page(speed: SIMD2(1, 0), subviews: [Subview()]))
        try a.update(scroll: 10)
        let before = a.frame.transform(page: 0, subview: 0)
        #expect(throws: WalkthroughError.self) { try a.update(scroll: .nan) }
        #expect(a.frame.transform(page: 0, subview: 0) == before && a.scrollPosition == 10)
    }

    @Test func floatSaturatingKeepsNonFiniteValues() {
        #expect(Float(saturating: 1e300) == .greatestFiniteMagnitude && Float(saturating: -.infinity) == -.infinity)
        #expect(Float(saturating: .nan).isNaN && Float(saturating: 0.5) == 0.5)
    }
}
