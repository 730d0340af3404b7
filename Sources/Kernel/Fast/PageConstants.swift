/// What one page needs for one frame, worked out once per page in Double (as the reference
/// does it) and handed to the lanes in Float: what every `PageKernel` gets per page and
/// frame (the benchmark's C anchor converts it to its own struct).
package struct PageConstants: Sendable {
    /// The 16 fields of a non-static subview's transform, except that a translating page
    /// adds `f·s_k.x` to `m41` and `g·s_k.y` to `m42` (both 0 here).
    package internal(set) var matrix: SIMD16<Float>
    package internal(set) var translates: Bool
    /// Translation factors `f`, `g` (see `PageAnimation.translationFactors`).
    package internal(set) var f: Float, g: Float
    package internal(set) var alpha: Float
    /// Set when `f·s_k.x` or `g·s_k.y` may overflow Float: the kernel then revisits the
    /// infinite translations (see `FrameKernel.saturateTranslations`).
    package internal(set) var saturation: Saturation?

    /// What it takes to tell a translation that overflows Float only from one that
    /// overflows Double too: the reference's own factors and speeds.
    package struct Saturation: Sendable {
        /// `f`, `g` in Double.
        package let factors: SIMD2<Double>
        /// `speed` and `speedVariance`: `s_k = speed + (k + 1)·speedVariance`.
        package let speed: SIMD2<Double>, variance: SIMD2<Double>
    }
    /// Set when every subview needs its own angle; then `matrix` is unused and the kernel
    /// builds `R(θ_k)·A·P` per lane from the fields below.
    package internal(set) var spin: Spin?
    /// Set for a page whose lanes read timelines at different times (`KeyframeMode.lanes`):
    /// then `KeyframeKernel` runs instead of the kernels above.
    package internal(set) var laneKeyframes: LaneKeyframes?

    package struct Spin: Sendable {
        /// `A = angle·(1 − o)` and `D = angleVariance·(1 − o)`: `θ_k = A + (k + 1)·D`.
        package internal(set) var base: Double, step: Double
        /// `cos(l·D)` and `sin(l·D)` in lane `l`, by recurrence in Double from one `sin`/`cos`.
        package internal(set) var laneCos: Lanes.Floats, laneSin: Lanes.Floats
        /// Products of the unit axis: xx, yy, zz, xy, xz, yz and x, y, z.
        package internal(set) var xx, yy, zz, xy, xz, yz, x, y, z: Float
        /// Zoom's scale `m(o)`, or 1 for a translating page.
        package internal(set) var scale: Float
        /// `m34` of the perspective, or nil for none.
        package internal(set) var m34: Float?
    }

    package init(_ layout: PageLayout, offset o: Double) {
        self = withUnsafePointer(to: layout) { PageConstants($0, offset: o) }
    }

    /// The constants of the page whose layout is at `page`, read field by field in place.
    package init(_ page: UnsafePointer<PageLayout>, offset o: Double) {
        let factors = PageAnimation.translationFactors(page.pointee.animationType, offset: o)
        let m = PageAnimation.mirrored(o), bound = page.pointee.speedBound
        spin = nil
        if page.pointee.rotation == nil {
            // The usual page, without a Double matrix: the identity, or Zoom's diag(m, m, 1, 1)
            // (the same Floats the general path below rounds to).
            let s: Float = factors == nil ? Float(saturating: m) : 1
            matrix = SIMD16(s, 0, 0, 0, 0, s, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)
        } else {
            matrix = PageConstants.rotatedMatrix(page.pointee, offset: o, mirrored: m, scales: factors == nil, spin: &spin)
        }
        translates = factors != nil
        f = Float(saturating: factors?.x ?? 0)
        g = Float(saturating: factors?.y ?? 0)
        alpha = Float(PageAnimation.alpha(offset: o, animateAlpha: page.pointee.animateAlpha))
        // With a margin for the Float roundings of f, g and the speeds.
        let largest = 0.999 * Double(Float.greatestFiniteMagnitude)
        if let fg = factors, fg.x.magnitude * bound.x > largest || fg.y.magnitude * bound.y > largest {
            saturation = Saturation(factors: fg, speed: page.pointee.speed, variance: page.pointee.speedVariance)
        } else {
            saturation = nil
        }
        laneKeyframes = nil
        switch page.pointee.keyframes {
        case .none: break
        case .uniform(let timeline): applyUniform(timeline, page, offset: o)
        case .lanes(let planar): laneKeyframes = LaneKeyframes(offset: o, planar: planar)
        }
    }

    /// A rotating page's matrix `R(θ)·A·P` in Double, rounded to Float (saturating), or,
    /// when every subview needs its own angle, the constants for that (`spin`; the matrix
    /// is then `A` alone and unused).
    static func rotatedMatrix(_ layout: borrowing PageLayout, offset o: Double, mirrored m: Double, scales: Bool,
                              spin: inout Spin?) -> SIMD16<Float> {
        let base = scales ? Transform3D.scale(m, m, 1) : .identity
        var full = base
        if let rotation = layout.rotation {
            if layout.spinsPerSubview {
                let a = rotation.normalizedAxis
                let u = 1 - o
                let base = PageConstants.reduced(rotation.angle * u), step = PageConstants.reduced(rotation.angleVariance * u)
                let (laneCos, laneSin) = PageConstants.laneTable(step)
                spin = Spin(base: base, step: step, laneCos: laneCos, laneSin: laneSin,
                            xx: Float(a.x * a.x), yy: Float(a.y * a.y), zz: Float(a.z * a.z),
                            xy: Float(a.x * a.y), xz: Float(a.x * a.z), yz: Float(a.y * a.z),
                            x: Float(a.x), y: Float(a.y), z: Float(a.z),
                            scale: scales ? Float(saturating: m) : 1,
                            m34: rotation.perspective.map { Float(saturating: -1 / $0) })
            } else {
                let axis = rotation.axis
                full = base.rotated(rotation.angle(ofSubview: 0, offset: o), axis.x, axis.y, axis.z)
                if let d = rotation.perspective { full = full.concatenating(.perspective(distance: d)) }
            }
        }
        let fields = full.vector, limit = Double(Float.greatestFiniteMagnitude)
        if fields.max() <= limit && fields.min() >= -limit {
            return SIMD16<Float>(fields)  // the usual case: one vector conversion
        }
        var matrix = SIMD16<Float>()
        for c in 0..<16 { matrix[c] = Float(saturating: fields[c]) }
        return matrix
    }

    /// `θ` itself inside `VectorTrig.accurateRange`, else `θ mod 2π` (exact, `fmod`).
    ///
    /// Beyond 2⁵⁰ rad the vector reduction no longer finds the quadrant and its results stop
    /// being a sine and cosine at all (a matrix that is not a rotation). Outside the
    /// accuracy domain any angle congruent to θ will do, and `θ_k = A + (k + 1)·D` stays
    /// congruent when `A` and `D` are reduced apart ((k + 1)·2πm is a whole number of
    /// turns), while `|θ_k|` stays below 2²⁰ · (2²² + 2) < 2⁴³: unit sines and cosines.
    /// Inside the range nothing changes, bit for bit.
    static func reduced(_ theta: Double) -> Double {
        theta.magnitude <= VectorTrig.accurateRange ? theta : theta.truncatingRemainder(dividingBy: 2 * .pi)
    }

    /// `cos(l·D)`, `sin(l·D)` for each lane `l`: the rotation by `D` applied `l` times,
    /// in Double (error about `l` ulps), rounded to Float once.
    static func laneTable(_ d: Double) -> (Lanes.Floats, Lanes.Floats) {
        let (cd, sd) = (libmCos(d), libmSin(d))
        var (c, s) = (1.0, 0.0)
        var cosines = Lanes.Floats(), sines = Lanes.Floats()
        for l in 0..<Lanes.count {
            (cosines[l], sines[l]) = (Float(c), Float(s))
            (c, s) = (c * cd - s * sd, s * cd + c * sd)
        }
        return (cosines, sines)
    }
}
