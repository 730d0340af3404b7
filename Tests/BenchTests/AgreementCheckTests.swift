import Testing
import WalkthroughKernel
@testable import Bench

/// The run's agreement check stops on a wrong frame: an implementation of another walkthrough
/// (one speed changed) disagrees with the reference, and `simd-parallel` of it with `simd`.
@Suite struct AgreementCheckTests {
    static func walkthrough(speed: Double, count: Int = 100) throws -> Walkthrough {
        let subviews = (0..<count).map { Subview(tag: $0 % 7 == 0 ? 1 : 0) }
        let page = Page(animationType: .linear, speed: SIMD2(speed, 1), speedVariance: SIMD2(0.01, 0.02),
                        staticTags: [1], animateAlpha: true, subviews: subviews)
        return try Walkthrough(width: 375, pages: [page, page])
    }

    static let scrolls = [100.0, 300.0]

    func check(_ kinds: [ImplementationKind], of implemented: Walkthrough, against expected: Walkthrough,
               layout: FrameLayout) throws(BenchError) {
        var check = AgreementCheck(expected, scroll: Self.scrolls[0], scenario: "test", size: 100)
        var made: [any Implementation] = []
        for kind in kinds {
            let impl = kind.make(AnimationPlan(implemented), scrolls: Self.scrolls, layout: layout)
            try check.check(impl, made: made)
            made.append(impl)
        }
    }

    @Test(arguments: FrameLayout.allCases)
    func theSameWalkthroughAgrees(layout: FrameLayout) throws {
        let w = try Self.walkthrough(speed: 0.5)
        try check([.reference, .simd, .simdParallel, .c, .limit], of: w, against: w, layout: layout)
    }

    @Test(arguments: FrameLayout.allCases)
    func anotherWalkthroughDisagrees(layout: FrameLayout) throws {
        let (w, other) = (try Self.walkthrough(speed: 0.5), try Self.walkthrough(speed: 0.6))
        for kind in [ImplementationKind.simd, .c] {
            #expect(throws: BenchError.self, "\(kind.name), \(layout)") { try check([kind], of: other, against: w, layout: layout) }
        }
    }

    /// Two pages: `walkthrough(speed:)`'s first, inside the accuracy domain, then a Zoom page
    /// spinning by about 10³⁰⁰ rad, far outside it (`Benchmarks/Fuzz/regression-huge-spin.json`'s
    /// second page), where the fast path promises only a finite rotation.
    static func spinning(speed: Double) throws -> Walkthrough {
        let spin = Page(animationType: .zoom, subviews: Array(repeating: Subview(), count: 17),
                        rotation: try Rotation(axis: SIMD3(0, 1, 0), angle: 1e300, angleVariance: 0.1))
        return try Walkthrough(width: 375, pages: [Self.walkthrough(speed: speed, count: 16).pages[0], spin])
    }

    /// Outside the accuracy domain the check asks only what the fast path promises there:
    /// the strict tolerance refused this walkthrough, which `eval` and `profile` accept.
    @Test(arguments: FrameLayout.allCases)
    func outsideTheDomainOnlyTheLooseCheckApplies(layout: FrameLayout) throws {
        let w = try Self.spinning(speed: 0.5)
        // The case means something: the spinning page is in the window, its subviews lie
        // outside the domain, and at least one strays beyond the strict tolerance.
        let reference = try ReferenceAnimator.frame(w, scroll: Self.scrolls[0])
        var animator = WalkthroughAnimator(w)
        try animator.update(scroll: Self.scrolls[0])
        let fast = animator.state().pages[1], expected = reference.pages[1]
        let (a, b) = (try #require(fast.subviews, "\(layout)"), try #require(expected.subviews, "\(layout)"))
        #expect(b.indices.allSatisfy { !AccuracyDomain.contains(w.pages[1], subview: $0, offset: expected.offset, reference: b[$0]) },
                "\(layout): offset \(expected.offset)")
        #expect(zip(a, b).contains { ParityTolerance.mismatch($0, $1) != nil }, "\(layout): the strict tolerance would pass too")
        try check([.reference, .simd, .simdParallel, .c, .limit], of: w, against: w, layout: layout)
    }

    /// A walkthrough with pages outside the domain is still refused for a disagreement on a
    /// page inside it, and the message says where: the size in subviews and the scroll position.
    @Test(arguments: FrameLayout.allCases)
    func aDisagreementInsideTheDomainStillStops(layout: FrameLayout) throws {
        let (w, other) = (try Self.spinning(speed: 0.5), try Self.spinning(speed: 0.6))
        for kind in [ImplementationKind.simd, .c] {
            do {
                try check([kind], of: other, against: w, layout: layout)
                Issue.record("\(kind.name), \(layout): a frame of another walkthrough passed")
            } catch {
                #expect(error.description.contains("\(kind.name) disagrees with the reference on test at 100 subviews, scroll 100.0: page 0 subview "),
                        "\(kind.name), \(layout): \(error)")
            }
        }
    }

    /// `simd-parallel` is compared with `simd`'s frame bytes: a frame of another walkthrough
    /// is not bitwise equal, however close.
    @Test(arguments: FrameLayout.allCases)
    func aParallelFrameUnlikeSimdsIsRefused(layout: FrameLayout) throws {
        let (w, other) = (try Self.walkthrough(speed: 0.5), try Self.walkthrough(speed: 0.5001))
        var check = AgreementCheck(w, scroll: Self.scrolls[0], scenario: "test", size: 100)
        let simd = ImplementationKind.simd.make(AnimationPlan(w), scrolls: Self.scrolls, layout: layout)
        try check.check(simd, made: [])
        let parallel = ImplementationKind.simdParallel.make(AnimationPlan(other), scrolls: Self.scrolls, layout: layout)
        do {
            try check.check(parallel, made: [simd])
            Issue.record("a parallel frame of another walkthrough passed, \(layout)")
        } catch {
            #expect(error.description.contains("not bitwise equal"), "\(error), \(layout)")
        }
    }
}
