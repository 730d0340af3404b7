/// What one page needs for one frame, worked out once per page in Double (as the reference
/// does it) and handed to the lanes in Float.
@usableFromInline
struct PageConstants {
    /// The 16 fields of a non-static subview's transform, except that a translating page
    /// adds `f·s_k.x` to `m41` and `g·s_k.y` to `m42` (both 0 here).
    @usableFromInline var matrix: Lanes.Floats
    @usableFromInline var translates: Bool
    /// Translation factors `f`, `g` (see `PageAnimation.translationFactors`).
    @usableFromInline var f: Float, g: Float
    @usableFromInline var alpha: Float
    /// Set when every subview needs its own angle; then `matrix` is unused and the kernel
    /// builds `R(θ_k)·A·P` per lane from the fields below.
    @usableFromInline var spin: Spin?

    @usableFromInline
    struct Spin {
        /// `1 − o`, in Double: `θ_k = spin_k · u` is then the reference's angle exactly.
        @usableFromInline var u: Double
        /// Products of the unit axis: xx, yy, zz, xy, xz, yz and x, y, z.
        @usableFromInline var xx, yy, zz, xy, xz, yz, x, y, z: Float
        /// Zoom's scale `m(o)`, or 1 for a translating page.
        @usableFromInline var scale: Float
        /// `m34` of the perspective, or nil for none.
        @usableFromInline var m34: Float?
    }

    @usableFromInline
    init(_ layout: PageLayout, offset o: Double) {
        let factors = PageAnimation.translationFactors(layout.animationType, offset: o)
        let m = PageAnimation.mirrored(o)
        let base = factors == nil ? Transform3D.scale(m, m, 1) : .identity
        var full = base
        spin = nil
        if let rotation = layout.rotation {
            if layout.spinsPerSubview {
                let a = rotation.normalizedAxis
                spin = Spin(u: 1 - o,
                            xx: Float(a.x * a.x), yy: Float(a.y * a.y), zz: Float(a.z * a.z),
                            xy: Float(a.x * a.y), xz: Float(a.x * a.z), yz: Float(a.y * a.z),
                            x: Float(a.x), y: Float(a.y), z: Float(a.z),
                            scale: factors == nil ? Float(m) : 1,
                            m34: rotation.perspective.map { Float(-1 / $0) })
            } else {
                let axis = rotation.axis
                full = base.rotated(rotation.angle(ofSubview: 0, offset: o), axis.x, axis.y, axis.z)
                if let d = rotation.perspective { full = full.concatenating(.perspective(distance: d)) }
            }
        }
        var lanes = Lanes.Floats()
        for (c, field) in full.fields.enumerated() { lanes[c] = Float(field) }
        matrix = lanes
        translates = factors != nil
        f = Float(factors?.x ?? 0)
        g = Float(factors?.y ?? 0)
        alpha = Float(PageAnimation.alpha(offset: o, animateAlpha: layout.animateAlpha))
    }
}
