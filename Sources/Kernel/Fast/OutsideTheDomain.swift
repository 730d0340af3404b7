/// What the fast path still promises outside the accuracy domain (`AccuracyDomain`), where
/// its Float results lose precision: where the reference is finite, a finite frame whose
/// upper 3×3 part is a rotation times the page's scale (docs/ROBUSTNESS.md). Looser than
/// `ParityTolerance`, but a frame of NaNs, or one that stopped being a rotation, still fails.
package enum OutsideTheDomain {
    /// How the fast path's `a` breaks that promise against the reference's `b` for a
    /// subview of `page` at offset `o`, or nil.
    package static func violation(_ a: SubviewState, _ b: SubviewState, page: Page, offset o: Double) -> String? {
        guard b.transform.fields.allSatisfy({ $0.isFinite }), b.alpha.isFinite else { return nil }
        guard a.transform.fields.allSatisfy({ $0.isFinite }), a.alpha.isFinite else {
            return "not finite where the reference is: \(a.transform)"
        }
        let scale = page.animationType == .zoom && !a.isStatic ? PageAnimation.mirrored(o) : 1
        // Float's rounding of a huge Zoom scale (beyond 1e30) is no rotation error.
        guard scale.magnitude <= 1e30 else { return nil }
        let error = ParityTolerance.rotationError(a.transform, scale: scale)
        return error <= ParityTolerance.rotationTolerance ? nil : "upper 3×3 is not a rotation times \(scale) (error \(error))"
    }
}
