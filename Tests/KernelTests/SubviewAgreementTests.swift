import WalkthroughKernel
import Testing

/// The rule the fuzzer and `bench`'s agreement check share (`SubviewAgreement`): the strict
/// tolerance inside the accuracy domain, only a finite rotation outside it, nothing for a
/// keyframed subview outside it. Each case is a page, an offset and a fast-path state made
/// from the reference's by a fixed change.
@Suite struct SubviewAgreementTests {
    /// A plain page, inside the domain at every offset here.
    static let plain = Page(animationType: .curve, speed: SIMD2(1, 2), speedVariance: SIMD2(0.1, 0.2),
                            animateAlpha: true, subviews: Array(repeating: Subview(), count: 9))

    /// A page spinning by about 10³⁰⁰ rad, outside the domain at every offset but 1.
    static func spinning(_ angle: Double, type: AnimationType = .linear) -> Page {
        Page(animationType: type, subviews: Array(repeating: Subview(), count: 9),
             rotation: try! Rotation(axis: SIMD3(1, 1, 1), angle: angle, angleVariance: 0.1))
    }

    static let offsets = [-1.5, -0.25, 0.5, 1.75]

    /// `b` with field `c` moved by `by` (0 … 15).
    static func moved(_ b: SubviewState, field c: Int, by delta: Double) -> SubviewState {
        var a = b
        var v = a.transform.vector
        v[c] += delta
        a.transform = Transform3D(vector: v)
        return a
    }

    @Test(arguments: offsets)
    func insideTheDomainTheStrictToleranceHolds(offset o: Double) {
        let page = Self.plain
        for (k, b) in ReferenceAnimator.animate(page, offset: o).enumerated() {
            let context = "offset \(o), subview \(k)"
            #expect(AccuracyDomain.contains(page, subview: k, offset: o, reference: b), "\(context)")
            #expect(SubviewAgreement.mismatch(b, b, page: page, subview: k, offset: o, keyframes: nil) == nil, "\(context)")
            #expect(SubviewAgreement.mismatch(Self.moved(b, field: 0, by: 1e-9), b, page: page, subview: k, offset: o, keyframes: nil) == nil,
                    "\(context)")
            let why = SubviewAgreement.mismatch(Self.moved(b, field: 0, by: 1e-3), b, page: page, subview: k, offset: o, keyframes: nil)
            #expect(why?.hasPrefix("field 0: ") == true, "\(context): \(why ?? "nil")")
        }
    }

    /// Another rotation entirely passes outside the domain; a non-finite field or an upper
    /// 3×3 that is no rotation does not.
    @Test(arguments: offsets)
    func outsideTheDomainOnlyAFiniteRotationIsAsked(offset o: Double) {
        let page = Self.spinning(1e300), other = Self.spinning(1)
        let expected = ReferenceAnimator.animate(page, offset: o), rotated = ReferenceAnimator.animate(other, offset: o)
        for (k, b) in expected.enumerated() {
            let context = "offset \(o), subview \(k)"
            #expect(!AccuracyDomain.contains(page, subview: k, offset: o, reference: b), "\(context)")
            #expect(ParityTolerance.mismatch(rotated[k], b) != nil, "\(context): the rotations agree, so the case tests nothing")
            #expect(SubviewAgreement.mismatch(rotated[k], b, page: page, subview: k, offset: o, keyframes: nil) == nil, "\(context)")
            let nan = SubviewAgreement.mismatch(Self.moved(b, field: 5, by: .nan), b, page: page, subview: k, offset: o, keyframes: nil)
            #expect(nan?.hasPrefix("outside the accuracy domain: not finite") == true, "\(context): \(nan ?? "nil")")
            var scaled = b
            scaled.transform.m11 *= 2
            scaled.transform.m12 *= 2
            scaled.transform.m13 *= 2
            let skew = SubviewAgreement.mismatch(scaled, b, page: page, subview: k, offset: o, keyframes: nil)
            #expect(skew?.hasPrefix("outside the accuracy domain: upper 3×3 is not a rotation") == true, "\(context): \(skew ?? "nil")")
        }
    }

    /// A keyframed subview's upper 3×3 holds its pose's scale: outside the domain nothing is
    /// asked of it; inside, its page's keyframe tolerance.
    @Test func keyframedSubviewsOutsideTheDomainAreNotChecked() throws {
        func page(angle: Double) throws -> Page {
            try Walkthrough(json: """
                {"width": 100, "pages": [{"subviewCount": 9, "rotation": {"axis": [0, 0, 1], "angle": \(angle)},
                  "timeline": {"scale": [{"at": 0, "value": [0.5, 2]}, {"at": 1.5, "value": [1, 1]}]}}]}
                """).pages[0]
        }
        for (angle, inside) in [(1.0, true), (1e300, false)] {
            let p = try page(angle: angle), keyframes = try #require(KeyframeTolerance(ifKeyframed: p))
            for o in Self.offsets {
                for (k, b) in ReferenceAnimator.animate(p, offset: o).enumerated() {
                    let context = "angle \(angle), offset \(o), subview \(k)"
                    #expect(AccuracyDomain.contains(p, subview: k, offset: o, reference: b) == inside, "\(context)")
                    let why = SubviewAgreement.mismatch(Self.moved(b, field: 0, by: .nan), b, page: p, subview: k, offset: o, keyframes: keyframes)
                    #expect((why == nil) == !inside, "\(context): \(why ?? "nil")")
                }
            }
        }
        #expect(KeyframeTolerance(ifKeyframed: Self.plain) == nil)
    }
}
