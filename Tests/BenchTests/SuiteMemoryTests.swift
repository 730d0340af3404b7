import WalkthroughKernel
import Testing
@testable import Bench

/// What a step of `bench run` makes is released as soon as it is no longer needed: the
/// rounds' implementations before the reference is made, and everything when the step ends
/// (issue 48: the default run peaked at 4.9 GiB when every implementation of a million
/// subviews lived through the reference's samples).
@Suite struct SuiteMemoryTests {
    /// Weak references to what `make` made, to see what is still alive.
    final class Made {
        struct Entry { weak var impl: SamplerTests.Recorder? }
        var entries: [Entry] = []
        var aliveWhenTheReferenceWasMade: Int?
        var alive: Int { entries.filter { $0.impl != nil }.count }
    }

    @Test func theRoundsAreReleasedBeforeTheReferenceIsMade() throws {
        let made = Made()
        let kinds: [ImplementationKind] = [.reference, .simd, .c, .readGather]
        let sampler = Sampler(budgetSeconds: 0.002)
        let results = try sampler.measure(kinds, subviewsPerFrame: 1) { indices in
            if indices.map({ kinds[$0] }) == [.reference] { made.aliveWhenTheReferenceWasMade = made.alive }
            let impls = indices.map { SamplerTests.Recorder(kinds[$0], nanoseconds: 500, positions: [0, 1]) }
            made.entries += impls.map { Made.Entry(impl: $0) }
            return impls
        }
        #expect(results.count == 4 && results.allSatisfy { $0.samples.count >= sampler.minimumSamples })
        #expect(made.entries.count == 4 && made.aliveWhenTheReferenceWasMade == 0, "\(String(describing: made.aliveWhenTheReferenceWasMade))")
        #expect(made.alive == 0)
    }

    /// The readers keep the frame they read and a destination as wide as they write, not the
    /// animator (its segment cache is five times the frame on own timelines).
    @Test func readersKeepOnlyWhatTheyRead() {
        #expect(ImplementationKind.allCases.filter(\.reads).map(ReadImplementation.destinationWidth) == [0, 16, 0, 1])
    }

    /// The implementations of a step, made and checked for every kind on own timelines, are
    /// all gone once the step lets go of them: nothing else (a cache, a cycle) keeps them.
    @Test func nothingElseKeepsTheImplementations() throws {
        let scenario = try #require(Scenario.builtIn.first { $0.name == "keyframes-own" })
        let (walkthrough, scrolls) = try scenario.make(100)
        var impls: [any Implementation] = try Suite.checkedImplementations(ImplementationKind.allCases, AnimationPlan(walkthrough),
                                                                            scrolls: scrolls, layout: .blocks, scenario: scenario.name, size: 100)
        let weak = impls.map { WeakImplementation(impl: $0) }
        #expect(impls.map(\.kind) == ImplementationKind.allCases)
        impls = []
        #expect(weak.allSatisfy { $0.impl == nil }, "\(weak.filter { $0.impl != nil }.count) outlived their step")
    }

    struct WeakImplementation { weak var impl: (any Implementation)? }
}
