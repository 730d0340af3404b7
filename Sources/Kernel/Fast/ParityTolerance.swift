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
        mismatch(a, b, allowed: allowed(field:reference:))
    }

    /// The same against another allowance (`KeyframeTolerance` widens this one); the
    /// message gives the allowance of the field that strayed.
    package static func mismatch(_ a: SubviewState, _ b: SubviewState,
                                 allowed: (_ field: Int, _ reference: Double) -> Double) -> String? {
        let fa = a.transform.vector, fb = b.transform.vector
        for c in 0..<16 where !((fa[c] - fb[c]).magnitude <= allowed(c, fb[c])) {
            return "field \(c): \(fa[c]) vs reference \(fb[c]) (allowance \(allowed(c, fb[c])))"
        }
        if !((a.alpha - b.alpha).magnitude <= allowed(16, b.alpha)) {
            return "alpha: \(a.alpha) vs reference \(b.alpha)"
        }
        if a.isStatic != b.isStatic || a.tag != b.tag { return "static flag or tag" }
        return nil
    }

    /// How far `m`'s upper 3×3 part is from a rotation times `diag(s, s, 1)` (the page's
    /// Zoom scale `s`, else 1): `max |G − diag(s², s², 1)| / max(1, s²)` with the Gram
    /// matrix `G = M₃ᵀ·M₃`. Outside the accuracy domain the fast path still promises 1e-5.
    package static func rotationError(_ m: Transform3D, scale s: Double) -> Double {
        let rows = [SIMD3(m.m11, m.m12, m.m13), SIMD3(m.m21, m.m22, m.m23), SIMD3(m.m31, m.m32, m.m33)]
        let diagonal = [s * s, s * s, 1.0]
        var worst = 0.0
        for i in 0..<3 {
            for j in 0..<3 {
                let g = rows[0][i] * rows[0][j] + rows[1][i] * rows[1][j] + rows[2][i] * rows[2][j]  // column i · column j
                worst = Swift.max(worst, (g - (i == j ? diagonal[i] : 0)).magnitude)
            }
        }
        return worst / Swift.max(1, s * s)
    }

    /// The bound on `rotationError` outside the accuracy domain.
    package static let rotationTolerance = 1e-5
}
