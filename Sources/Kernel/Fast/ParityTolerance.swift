/// How far the Float fast path may stray from the Double reference (the tests, the
/// benchmark's agreement check and the fuzzer all use this):
/// `|a − b| ≤ 1e-3 + 1e-5·|b|` for translations (points, `m41 m42 m43`) and
/// `1e-6 + 1e-5·|b|` for the dimensionless fields and alpha.
package enum ParityTolerance {
    /// The allowance for field `c` (0 … 15 in Core Animation order, 16 for alpha).
    package static func allowed(field c: Int, reference b: Double) -> Double {
        let isTranslation = (12...14).contains(c)
        return (isTranslation ? 1e-3 : 1e-6) + 1e-5 * b.magnitude
    }

    /// The first field where `a` strays from the reference `b`, or nil.
    package static func mismatch(_ a: SubviewState, _ b: SubviewState) -> String? {
        let fa = a.transform.fields, fb = b.transform.fields
        for c in 0..<16 where !((fa[c] - fb[c]).magnitude <= allowed(field: c, reference: fb[c])) {
            return "field \(c): \(fa[c]) vs reference \(fb[c])"
        }
        if !((a.alpha - b.alpha).magnitude <= allowed(field: 16, reference: b.alpha)) {
            return "alpha: \(a.alpha) vs reference \(b.alpha)"
        }
        if a.isStatic != b.isStatic || a.tag != b.tag { return "static flag or tag" }
        return nil
    }
}
