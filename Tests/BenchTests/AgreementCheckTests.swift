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
