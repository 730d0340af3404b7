/// Where the Float fast path promises `ParityTolerance`: every reference field within
/// ±1e30 (Float's range, with room for the products), the angle within
/// `VectorTrig.accurateRange`, and a perspective distance of at least one point (a distance
/// `d` scales Float rounding in the perspective fields by `1/d`).
///
/// A subview at a time, not a page: a spin's angle grows with the subview's index, so one
/// page can hold subviews on both sides. The fuzzer and `bench`'s agreement check both ask
/// here (through `SubviewAgreement`), so that a file one accepts the other cannot refuse.
package enum AccuracyDomain {
    /// Whether subview `k` of `page`, at offset `o`, whose reference state is `b`, lies inside.
    package static func contains(_ page: Page, subview k: Int, offset o: Double, reference b: SubviewState) -> Bool {
        guard b.transform.fields.allSatisfy({ $0.isFinite && $0.magnitude <= 1e30 }) else { return false }
        let s = page.speed(ofSubview: k)
        guard s.x.magnitude <= 1e30, s.y.magnitude <= 1e30 else { return false }
        if let r = page.rotation {
            guard (r.perspective ?? 1) >= 1, r.angle(ofSubview: k, offset: o).magnitude <= VectorTrig.accurateRange,
                  (r.angle * (1 - o)).magnitude <= VectorTrig.accurateRange else { return false }
        }
        return true
    }
}
