import Kernel

/// One way to compute a scenario's frames: what the sampler times and the agreement check
/// compares. Every implementation but the reference is `WalkthroughAnimator` with a page
/// kernel of its own, so they all run through the same frame driver.
protocol Implementation: AnyObject {
    var kind: ImplementationKind { get }
    /// The scroll positions the frames cycle through.
    var cycle: ScrollCycle { get set }
    /// Computes the frame at scroll position `x`.
    func render(scroll x: Double)
    /// The last frame as `FrameState`, for the agreement check; nil for `limit`.
    func state() -> FrameState?
}

extension Implementation {
    /// Renders `frames` frames, each at the next scroll position of the cycle.
    func run(frames: Int) {
        for _ in 0..<frames { render(scroll: cycle.next()) }
    }
}

/// Scroll positions taken in turn, round and round.
struct ScrollCycle {
    let positions: [Double]
    private var index = 0

    /// - Precondition: at least one position.
    init(_ positions: [Double]) {
        precondition(!positions.isEmpty, "a scenario needs at least one scroll position")
        self.positions = positions
    }

    mutating func next() -> Double {
        defer { index = index + 1 == positions.count ? 0 : index + 1 }
        return positions[index]
    }
}

/// The scalar literal port, array of structs, Double.
final class ReferenceImplementation: Implementation {
    let kind = ImplementationKind.reference
    var cycle: ScrollCycle
    let walkthrough: Walkthrough
    private var last: FrameState?

    init(_ walkthrough: Walkthrough, scrolls: [Double]) {
        (self.walkthrough, cycle) = (walkthrough, ScrollCycle(scrolls))
    }

    func render(scroll x: Double) {
        last = try? ReferenceAnimator.frame(walkthrough, scroll: x)
    }

    func state() -> FrameState? { last }
}

/// `WalkthroughAnimator.update(scroll:)` with the kind's page kernel and thread settings.
final class AnimatorImplementation: Implementation {
    let kind: ImplementationKind
    var cycle: ScrollCycle
    private var animator: WalkthroughAnimator

    init(_ kind: ImplementationKind, _ animator: WalkthroughAnimator, scrolls: [Double]) {
        (self.kind, self.animator, cycle) = (kind, animator, ScrollCycle(scrolls))
    }

    func render(scroll x: Double) {
        try? animator.update(scroll: x)
    }

    /// `limit` stores constants, not a frame: it has nothing to compare.
    func state() -> FrameState? { kind == .limit ? nil : animator.state() }
}
