/// How a keyframe's segment runs from its value to the next one: `E(p)` for the fraction
/// `p ∈ [0, 1)` of the segment's time (docs/FORMAT.md, "Keyframe timelines").
///
/// A Bézier's control points have `x1, x2 ∈ [0, 1]` (so `B_x` is monotone and `B_x(u) = p`
/// has one root) and `y1, y2` within ±1000 (overshoot).
public struct Easing: Hashable, Sendable, CustomStringConvertible {
    /// The shape of `E`.
    public enum Curve: Hashable, Sendable {
        /// `E(p) = p`.
        case linear
        /// `E(p) = 0`: the value jumps at the next keyframe.
        case hold
        /// `E(p) = B_y(u)` where `B_x(u) = p`; control points `(x1, y1, x2, y2)`.
        case bezier(SIMD4<Double>)
    }

    /// The curve.
    public let curve: Curve
    /// The name in a file (`"easeIn"`), nil for a Bézier given by its control points.
    public let name: String?

    private init(_ curve: Curve, name: String?) {
        (self.curve, self.name) = (curve, name)
    }

    /// `E(p) = p`, the default.
    public static let linear = Easing(.linear, name: "linear")
    /// Core Animation's `easeIn`: Bézier (0.42, 0, 1, 1).
    public static let easeIn = Easing(.bezier(SIMD4(0.42, 0, 1, 1)), name: "easeIn")
    /// Core Animation's `easeOut`: Bézier (0, 0, 0.58, 1).
    public static let easeOut = Easing(.bezier(SIMD4(0, 0, 0.58, 1)), name: "easeOut")
    /// Core Animation's `easeInEaseOut`: Bézier (0.42, 0, 0.58, 1).
    public static let easeInOut = Easing(.bezier(SIMD4(0.42, 0, 0.58, 1)), name: "easeInOut")
    /// `E(p) = 0`: hold the value, jump at the next keyframe.
    public static let hold = Easing(.hold, name: "hold")

    /// The named easings, in the order error messages list them.
    public static let named: [Easing] = [.linear, .easeIn, .easeOut, .easeInOut, .hold]

    /// The easing of a name (case-sensitive).
    /// - Throws: an unknown name; the message lists the allowed ones.
    public init(parsing name: String) throws(WalkthroughError) {
        guard let easing = Easing.named.first(where: { $0.name == name }) else {
            let allowed = Easing.named.compactMap(\.name).joined(separator: ", ")
            throw WalkthroughError(key: "easing", subject: "easing",
                                   problem: "unknown easing \(Echo.quoted(name)); allowed values: \(allowed) or [x1, y1, x2, y2]")
        }
        self = easing
    }

    /// The cubic Bézier from (0, 0) to (1, 1) with control points `(x1, y1)`, `(x2, y2)`.
    /// - Throws: `x1` or `x2` outside `[0, 1]`, or `y1`, `y2` not finite within ±1000.
    public init(bezier x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws(WalkthroughError) {
        for (x, name) in [(x1, "x1"), (x2, "x2")] where !(x >= 0 && x <= 1) {
            throw WalkthroughError(key: "easing", subject: "easing",
                                   problem: "Bézier \(name) must be within [0, 1], got \(x)")
        }
        for (y, name) in [(y1, "y1"), (y2, "y2")] where !(y.magnitude <= Easing.controlLimit) {
            throw WalkthroughError(key: "easing", subject: "easing",
                                   problem: "Bézier \(name) must be a finite number within ±1000, got \(y)")
        }
        self.init(.bezier(SIMD4(x1, y1, x2, y2)), name: nil)
    }

    /// The bound on `|y1|`, `|y2|`.
    public static let controlLimit = 1000.0

    /// The control points of a Bézier easing (named or not), nil for `linear` and `hold`.
    public var controlPoints: SIMD4<Double>? {
        if case .bezier(let c) = curve { return c }
        return nil
    }

    /// The least and greatest `E(p)` for `p ∈ [0, 1]`; for a Bézier the range of `B_y(u)` over
    /// `u ∈ [0, 1]` (every `u` is some `p`'s), at the ends and where `B_y'(u) = 0`.
    package var range: (lower: Double, upper: Double) {
        switch curve {
        case .linear: return (0, 1)
        case .hold: return (0, 0)
        case .bezier(let c):
            let (y1, y2) = (c.y, c.w)
            // B_y'(u) / 3 = a·u² + b·u + c0.
            let a = 3 * y1 - 3 * y2 + 1, b = 2 * (y2 - 2 * y1), c0 = y1
            var turns: [Double] = []
            if a == 0 {
                if b != 0 { turns.append(-c0 / b) }
            } else {
                let discriminant = b * b - 4 * a * c0
                if discriminant >= 0 {
                    // The root of larger magnitude first, the other from the product of the
                    // roots: no cancellation in either.
                    let q = -(b + (b < 0 ? -1 : 1) * discriminant.squareRoot()) / 2
                    turns.append(q / a)
                    if q != 0 { turns.append(c0 / q) }
                }
            }
            var (lower, upper) = (0.0, 1.0)
            for u in turns where u > 0 && u < 1 {
                let e = TimelineReference.bezier(y1, y2, u)
                (lower, upper) = (Swift.min(lower, e), Swift.max(upper, e))
            }
            return (lower, upper)
        }
    }

    public var description: String {
        if let name { return name }
        let c = controlPoints ?? .zero
        return "[\(c.x), \(c.y), \(c.z), \(c.w)]"
    }
}
