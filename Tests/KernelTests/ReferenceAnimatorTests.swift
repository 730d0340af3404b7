import WalkthroughKernel
import Testing

/// The reference against hand-computed values.
@Suite struct ReferenceAnimatorTests {
    @Test func readmeParallaxSpeeds() {
        // speed (0,1), variance (0,2) → (0,3), (0,5), (0,7).
        let page = Page(speed: SIMD2(0, 1), speedVariance: SIMD2(0, 2), subviews: [Subview(), Subview(), Subview()])
        #expect((0..<3).map { page.speed(ofSubview: $0) } == [SIMD2(0, 3), SIMD2(0, 5), SIMD2(0, 7)])
        // Linear at o = 0: translate by 100·s.
        let states = ReferenceAnimator.animate(page, offset: 0)
        #expect(states.map(\.transform.m42) == [300, 500, 700])
        #expect(states.allSatisfy { $0.transform.m41 == 0 && $0.alpha == 1 })
    }

    @Test(arguments: [(0.0, 750.0, 800.0), (0.5, 0, 25), (1, 0, 0), (1.5, 0, -25)])
    func curveSpotValues(offset: Double, x: Double, y: Double) {
        let page = Page(animationType: .curve, speed: SIMD2(1, 1), subviews: [Subview()])
        let t = ReferenceAnimator.animate(page, offset: offset)[0].transform
        #expect((t.m41 - x).magnitude < 1e-9 && (t.m42 - y).magnitude < 1e-9)
    }

    @Test func staticViewsBeforeAnAnimatedOneKeepTheirSpeedSlots() {
        // BWWalkthrough paired speeds with the wrong index here; every non-static view must
        // move with its own hierarchy position's speed, and static views stay untouched.
        let page = Page(speed: SIMD2(1, 0), speedVariance: SIMD2(1, 0), staticTags: [7], animateAlpha: true,
                        subviews: [Subview(tag: 7), Subview(tag: 7), Subview(tag: 0)])
        let states = ReferenceAnimator.animate(page, offset: 0.5)
        #expect(states[0].isStatic && states[1].isStatic && !states[2].isStatic)
        #expect(states[0].transform == .identity && states[0].alpha == 1)
        #expect(states[1].transform == .identity && states[1].alpha == 1)
        #expect(states[2].transform.m41 == 50 * 4)  // s_2 = 1 + 3·1
        #expect(states[2].alpha == 0.5)
    }

    @Test(arguments: [(0.0, 0.0), (0.5, 0.5), (1.0, 1.0), (1.5, 0.5), (2.0, 0.0), (-1.0, -1.0), (1.75, 0.25)])
    func zoomScalesByTheMirroredOffset(offset: Double, scale: Double) {
        let page = Page(animationType: .zoom, speed: SIMD2(9, 9), subviews: [Subview()])
        let t = ReferenceAnimator.animate(page, offset: offset)[0].transform
        #expect(t == Transform3D.scale(scale, scale, 1))
    }

    @Test func inOutMirrorsAboutOne() {
        let page = Page(animationType: .inOut, speed: SIMD2(1, 2), subviews: [Subview()])
        let at = { (o: Double) in ReferenceAnimator.animate(page, offset: o)[0].transform }
        #expect(at(1).m41 == 0 && at(1).m42 == 0)
        #expect(at(0.75).m41 == 25 && at(1.25).m41 == 25 && at(1.25).m42 == 50)
    }

    @Test(arguments: [(-0.5, 0.0), (0.0, 0.0), (0.3, 0.3), (1.0, 1.0), (1.4, 0.6), (2.5, 0.0)])
    func alphaIsClampedMirror(offset: Double, alpha: Double) {
        #expect((PageAnimation.alpha(offset: offset, animateAlpha: true) - alpha).magnitude < 1e-15)
        #expect(PageAnimation.alpha(offset: offset, animateAlpha: false) == 1)
    }

    @Test func rotationWithPerspectiveIsRotateThenMoveThenPerspective() throws {
        let rotation = try Rotation(axis: SIMD3(1, 1, 1), angle: 2 * .pi, angleVariance: 0.25, perspective: 500)
        let page = Page(speed: SIMD2(1, 0), subviews: [Subview(), Subview()], rotation: rotation)
        let o = 0.75
        let states = ReferenceAnimator.animate(page, offset: o)
        for k in 0..<2 {
            let theta = (2 * .pi + Double(k + 1) * 0.25) * (1 - o)
            let expected = Transform3D.rotation(theta, 1, 1, 1)
                .concatenating(.translation(25, 0, 0))
                .concatenating(.perspective(distance: 500))
            for (a, b) in zip(states[k].transform.fields, expected.fields) { #expect((a - b).magnitude < 1e-12) }
        }
    }
}
