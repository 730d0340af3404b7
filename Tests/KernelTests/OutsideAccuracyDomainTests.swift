import WalkthroughKernel
import Testing

/// Outside the accuracy domain (huge angles or speeds) parity is not promised, but the two
/// implementations accept the same inputs: wherever the reference gives a finite frame,
/// the fast path gives a finite one (saturating at Float's largest magnitude), and its
/// upper 3×3 part is still a rotation times the page's scale.
@Suite struct OutsideAccuracyDomainTests {
    static let cases: [(name: String, page: Page)] = {
        func spin(_ angle: Double, _ variance: Double, type: AnimationType = .linear) -> Page {
            Page(animationType: type, speed: SIMD2(1, 2), subviews: Array(repeating: Subview(), count: 37),
                 rotation: try! Rotation(axis: SIMD3(1, 1, 1), angle: angle, angleVariance: variance, perspective: 500))
        }
        return [
            ("angleVariance 1e13", spin(0, 1e13)),
            ("angleVariance 1e17", spin(0, 1e17)),
            ("angleVariance 1e300", spin(1, 1e300)),
            ("angle 1e300, variance 0.1", spin(1e300, 0.1)),
            ("angle -3e15, variance 7e11, Zoom", spin(-3e15, 7e11, type: .zoom)),
            ("speed 1e38", Page(speed: SIMD2(1e38, 1e38), subviews: Array(repeating: Subview(), count: 9))),
            ("speedVariance 1e37, Curve", Page(animationType: .curve, speedVariance: SIMD2(-1e37, 1e37),
                                                subviews: Array(repeating: Subview(), count: 20))),
            ("speed 1e38 with a spin", Page(speed: SIMD2(-1e38, 3e38), subviews: Array(repeating: Subview(), count: 11),
                                             rotation: try! Rotation(axis: SIMD3(0, 0, 1), angle: 1, angleVariance: 0.3))),
        ]
    }()

    static let offsets = [-1.9, -1, -0.25, 0, 0.5, 1, 1.5, 1.99]

    @Test(arguments: cases.indices)
    func finiteReferenceMeansFiniteRotationInTheFastPath(index: Int) throws {
        let (name, page) = Self.cases[index]
        let walkthrough = try Walkthrough(width: 100, pages: [page])
        var animator = WalkthroughAnimator(walkthrough)
        for o in Self.offsets {
            let reference = ReferenceAnimator.animate(page, offset: o)
            animator.animate(page: 0, offset: o)
            for k in page.subviews.indices where reference[k].transform.fields.allSatisfy(\.isFinite) {
                let m = animator.frame.transform(page: 0, subview: k)
                let context = "case \(index) (\(name)), offset \(o), subview \(k)"
                let finite = m.fields.allSatisfy { $0.isFinite }
                #expect(finite, "\(context): \(m)")
                let scale = page.animationType == .zoom ? PageAnimation.mirrored(o) : 1
                let error = ParityTolerance.rotationError(m, scale: scale)
                #expect(error <= ParityTolerance.rotationTolerance, "\(context): upper 3×3 is not a rotation times \(scale) (error \(error))")
            }
        }
    }

    /// Found by fuzzing: `speed` 1.9e51 gave m42 = −inf where the reference's −9.5e52 is finite.
    @Test func hugeSpeedsSaturate() throws {
        var a = WalkthroughAnimator(try Walkthrough(width: 100, pages: [Page(speed: SIMD2(0, 1.9e51), subviews: [Subview()])]))
        try a.update(scroll: 0)  // page 0 at o = 1: no movement, not 0 · inf
        #expect(a.frame.transform(page: 0, subview: 0).m42 == 0)
        try a.update(scroll: 50)  // o = 1.5
        #expect(a.frame.transform(page: 0, subview: 0).m42 == -Double(Float.greatestFiniteMagnitude))
    }
}
