/// The sign of `B_x(u) − p` for the reference's Bézier solve, exact for every double `u`, `x1`, `x2` and `p`
/// (short of underflow below 1e-300) (docs/DESIGN.md, "The reference's exact solve").
enum ExactCubic {
    /// `B_x(u) < p`, decided exactly.
    static func isBelow(x1: Double, x2: Double, u: Double, p: Double) -> Bool {
        let approximate = TimelineReference.bezier(x1, x2, u) - p
        // B_x's terms are ≥ 0 for x1, x2, u ∈ [0, 1], so 16 ulps of B_x and p bound its rounding error amply.
        let bound = 16 * Double.ulpOfOne * (TimelineReference.bezier(x1, x2, u).magnitude + p.magnitude)
        if approximate.magnitude > bound { return approximate < 0 }
        return sign(x1: x1, x2: x2, u: u, p: p) < 0
    }

    /// The exact sign (−1, 0, 1) of `a3·u³ + a2·u² + a1·u − p` (the power form of `B_x`: `a1 = 3·x1`,
    /// `a2 = 3·x2 − 6·x1`, `a3 = 1 + 3·x1 − 3·x2`), by Horner's rule on expansions.
    static func sign(x1: Double, x2: Double, u: Double, p: Double) -> Int {
        let a1 = product([x1], 3)
        let a2 = sum(product([x2], 3), product([x1], -6))
        let a3 = sum(sum([1], product([x1], 3)), product([x2], -3))
        var value = product(a3, u)
        value = product(sum(value, a2), u)
        value = product(sum(value, a1), u)
        value = grow(value, -p)
        guard let largest = value.last(where: { $0 != 0 }) else { return 0 }
        return largest < 0 ? -1 : 1
    }

    /// `a + b` as a double and its rounding error, exactly.
    private static func twoSum(_ a: Double, _ b: Double) -> (sum: Double, error: Double) {
        let s = a + b
        let bVirtual = s - a
        let aVirtual = s - bVirtual
        return (s, (a - aVirtual) + (b - bVirtual))
    }

    /// `a · b` as a double and its rounding error, exactly (a fused multiply-add).
    private static func twoProduct(_ a: Double, _ b: Double) -> (product: Double, error: Double) {
        let p = a * b
        return (p, (-p).addingProduct(a, b))
    }

    /// `e + b` for a nonoverlapping expansion `e` (smallest first): again one, zeros dropped.
    private static func grow(_ e: [Double], _ b: Double) -> [Double] {
        var out: [Double] = []
        out.reserveCapacity(e.count + 1)
        var q = b
        for component in e {
            let (s, error) = twoSum(q, component)
            if error != 0 { out.append(error) }
            q = s
        }
        if q != 0 || out.isEmpty { out.append(q) }
        return out
    }

    private static func sum(_ e: [Double], _ f: [Double]) -> [Double] {
        f.reduce(e, grow)
    }

    /// `e · b`, exactly: each component's product and its error, added in.
    private static func product(_ e: [Double], _ b: Double) -> [Double] {
        var out: [Double] = []
        for component in e {
            let (p, error) = twoProduct(component, b)
            out = grow(grow(out, error), p)
        }
        return out
    }
}
