/// One keyframe of a timeline track: at time `at` (a page offset) the track has `value`;
/// `easing` shapes the segment that starts here (the last keyframe's is unused).
public struct Keyframe<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The time, a page offset `τ` (finite, within ±1e6).
    public var at: Double
    /// The track's value at `at`.
    public var value: Value
    /// How the segment from here to the next keyframe runs.
    public var easing: Easing

    /// A keyframe; the easing defaults to `linear`.
    public init(at: Double, value: Value, easing: Easing = .linear) {
        (self.at, self.value, self.easing) = (at, value, easing)
    }
}

/// What a track's values are made of, for the range checks: one or two numbers.
public protocol KeyframeValue: Hashable, Sendable {
    /// The value's numbers (one for a scalar track).
    var components: [Double] { get }
}

extension Double: KeyframeValue {
    public var components: [Double] { [self] }
}

extension SIMD2: KeyframeValue where Scalar == Double {
    public var components: [Double] { [x, y] }
}

/// The rules every track obeys, in one place (docs/FORMAT.md, "Timeline errors"): 1 to 64 keyframes, `at`
/// finite within ±1e6 and strictly increasing, values finite within `limit`.
enum KeyframeRules {
    static let maximumCount = 64
    static let timeLimit = 1e6
    static let valueLimit = 1e30
    static let rotationLimit = 1e6

    /// What is wrong with a track of `count` keyframes, more than the limit.
    static func countProblem(_ count: Int) -> String {
        "has \(count) keyframes; at most \(maximumCount) are allowed"
    }

    /// - Throws: the first broken rule, keyed by its path in the timeline (`rotation[3].at`).
    static func check<V: KeyframeValue>(_ keyframes: [Keyframe<V>], track: String, limit: Double) throws(WalkthroughError) {
        guard !keyframes.isEmpty else {
            throw WalkthroughError(key: track, subject: "timeline track \(track)", problem: "must have at least one keyframe")
        }
        guard keyframes.count <= maximumCount else {
            throw WalkthroughError(key: track, subject: "timeline track \(track)", problem: countProblem(keyframes.count))
        }
        for (j, keyframe) in keyframes.enumerated() {
            // The paths are spelled only for an error: a string each a keyframe was most of this check.
            var at: String { "\(track)[\(j)].at" }
            var value: String { "\(track)[\(j)].value" }
            guard keyframe.at.magnitude <= timeLimit else {
                throw WalkthroughError(key: at, subject: "keyframe \(at)", problem: "must be a finite number within ±1e6, got \(keyframe.at)")
            }
            if j > 0, !(keyframe.at > keyframes[j - 1].at) {
                throw WalkthroughError(key: at, subject: "keyframe \(at)",
                                       problem: "must be greater than the previous keyframe's \(keyframes[j - 1].at), got \(keyframe.at)")
            }
            for x in keyframe.value.components where !(x.magnitude <= limit) {
                throw WalkthroughError(key: value, subject: "keyframe \(value)",
                                       problem: "must be finite within ±\(limit == rotationLimit ? "1e6" : "1e30"), got \(x)")
            }
        }
    }

    /// - Throws: a rotation segment whose easing overshoots past ±1e6 rad: every angle `v_j + (v_(j+1) − v_j)·E`
    ///   over the easing's range on `[0, 1]` stays within the values' bound, past which the fast path's Float
    ///   angles and the reference's no longer agree. Keyed by the keyframe's easing (`rotation[3].easing`).
    static func checkReach(_ rotation: [Keyframe<Double>]) throws(WalkthroughError) {
        for j in rotation.indices.dropLast() {
            let (from, to) = (rotation[j].value, rotation[j + 1].value)
            let (lower, upper) = rotation[j].easing.range
            let (low, high) = (from + (to - from) * lower, from + (to - from) * upper)
            guard !(low.magnitude <= rotationLimit && high.magnitude <= rotationLimit) else { continue }
            let far = low.magnitude <= rotationLimit ? high : low
            let easing = "rotation[\(j)].easing"
            throw WalkthroughError(key: easing, subject: "keyframe \(easing)",
                                   problem: "overshoots to an angle of \(far) rad between keyframes \(j) and \(j + 1) "
                                       + "(from \(from) to \(to), E reaching \(lower)…\(upper)); a rotation must stay within ±1e6")
        }
    }
}
