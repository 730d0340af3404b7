/// What one page needs for one frame, worked out once in Double and handed to the lanes in Float. It reads
/// `spin` and `saturation` from the page's layout, so it must not outlive the call (docs/DESIGN.md,
/// "Fixed cost per frame").
package struct PageConstants {
    /// The 16 fields of a non-static subview's transform, except that a translating page
    /// adds `f·s_k.x` to `m41` and `g·s_k.y` to `m42` (both 0 here).
    package internal(set) var matrix: SIMD16<Float>
    /// Whether `matrix` is diagonal, for the uniform kernels' `FrameKernel.fields`.
    package var isDiagonal: Bool {
        @inline(__always) get { Self.isDiagonal(matrix) }
    }

    /// Whether `fields` are +0 (bit for bit) off the diagonal but for `m41`, `m42`; ORed
    /// field by field, since a SIMD comparison compiled to an out-of-line call.
    @inline(__always)
    package static func isDiagonal(_ fields: SIMD16<Float>) -> Bool {
        let f = fields
        let low = f[1].bitPattern | f[2].bitPattern | f[3].bitPattern | f[4].bitPattern | f[6].bitPattern
        let high = f[7].bitPattern | f[8].bitPattern | f[9].bitPattern | f[11].bitPattern | f[14].bitPattern
        return low | high == 0
    }

    /// Whether a diagonal `fields` has 1, bit for bit, on its diagonal (the identity but for `m41`, `m42`): a
    /// static lane then differs only in those and alpha (`LayoutWriter.storeTranslationIdentity`).
    @inline(__always)
    package static func hasUnitDiagonal(_ fields: SIMD16<Float>) -> Bool {
        let one = Float(1).bitPattern
        return fields[0].bitPattern == one && fields[5].bitPattern == one && fields[10].bitPattern == one
            && fields[15].bitPattern == one
    }

    /// Translation factors `f`, `g` (see `PageAnimation.translationFactors`).
    package internal(set) var f: Float, g: Float
    package internal(set) var alpha: Float
    package internal(set) var translates: Bool
    /// Whether `f·s_k.x` or `g·s_k.y` may overflow Float: `FrameKernel.saturateTranslations` revisits them then.
    package let saturates: Bool
    /// Whether every subview needs its own angle (`spin`); then `matrix` is unused.
    package let spins: Bool
    /// Set for a page whose lanes read timelines at different times (`KeyframeMode.lanes`): `KeyframeKernel` runs.
    package internal(set) var laneKeyframes: LaneKeyframes?
    /// The page's offset `o` this frame.
    package let offset: Double
    /// The page's layout in the plan, for `spin` and `saturation`.
    private let page: UnsafePointer<PageLayout>

    /// What it takes to tell a translation that overflows Float only from one that
    /// overflows Double too: the reference's own factors and speeds.
    package struct Saturation: Sendable {
        /// `f`, `g` in Double.
        package let factors: SIMD2<Double>
        /// `speed` and `speedVariance`: `s_k = speed + (k + 1)·speedVariance`.
        package let speed: SIMD2<Double>, variance: SIMD2<Double>
    }

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

    /// The constants of the page whose layout is at `page` (valid while they are used); a
    /// keyframed page's are built apart, so that the usual page's go straight to the caller.
    @inline(never)
    package init(_ page: UnsafePointer<PageLayout>, offset o: Double) {
        if page.pointee.hasKeyframes {
            self = PageConstants.keyframed(page, offset: o)
        } else {
            self.init(withoutKeyframes: page, offset: o)
        }
    }

    /// The constants of a page with timelines (`KeyframeMode`): the page's own, then a shared pose folded into
    /// the matrix and alpha, or the offset that `KeyframeKernel`'s lanes read their timelines at.
    @inline(never)
    static func keyframed(_ page: UnsafePointer<PageLayout>, offset o: Double) -> PageConstants {
        var k = PageConstants(withoutKeyframes: page, offset: o)
        switch page.pointee.keyframes {
        case .none: break
        case .uniform(let timeline): k.applyUniform(timeline, page, offset: o, at: o)
        case .lanes(let planar): k.laneKeyframes = LaneKeyframes(offset: o, planar: planar)
        }
        return k
    }

    /// The page's own constants, before its timelines.
    @inline(__always)
    init(withoutKeyframes page: UnsafePointer<PageLayout>, offset o: Double) {
        let factors = PageAnimation.translationFactors(page.pointee.animationType, offset: o)
        let m = PageAnimation.mirrored(o)
        spins = page.pointee.spinsPerSubview
        if page.pointee.rotation == nil || spins {
            // The usual page, without a Double matrix: the identity, or Zoom's diag(m, m, 1, 1);
            // a spinning page's is unused (its lanes build their own from `spin`).
            let s: Float = factors == nil ? Float(saturating: m) : 1
            matrix = SIMD16(s, 0, 0, 0, 0, s, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)
        } else {
            matrix = PageConstants.rotatedMatrix(page, offset: o, mirrored: m, scales: factors == nil)
        }
        translates = factors != nil
        let fg = factors ?? SIMD2()
        (f, g) = (Float(saturating: fg.x), Float(saturating: fg.y))
        alpha = Float(PageAnimation.alpha(offset: o, animateAlpha: page.pointee.animateAlpha))
        // With a margin for the Float roundings of f, g and the speeds (0 for Zoom).
        let largest = 0.999 * Double(Float.greatestFiniteMagnitude), bound = page.pointee.speedBound
        saturates = fg.x.magnitude * bound.x > largest || fg.y.magnitude * bound.y > largest
        offset = o
        self.page = page
        laneKeyframes = nil
    }

    /// The Double factors and speeds of a page that `saturates`, else nil; worked out per call: such frames are rare.
    package var saturation: Saturation? {
        guard saturates, let factors = PageAnimation.translationFactors(page.pointee.animationType, offset: offset) else {
            return nil
        }
        return Saturation(factors: factors, speed: page.pointee.speed, variance: page.pointee.speedVariance)
    }

    /// A translating page's speeds as a line (`SpeedLine`), unless it `saturates` this frame.
    package var speedLine: SpeedLine? {
        @inline(__always) get { translates && !saturates ? page.pointee.speedLine : nil }
    }

    /// A spinning page's constants (`spins`), else nil; worked out on each use (a kernel takes it once per call).
    package var spin: Spin? {
        guard spins, let rotation = page.pointee.rotation else { return nil }
        let a = rotation.normalizedAxis
        let u = 1 - offset
        let base = PageConstants.reduced(rotation.angle * u), step = PageConstants.reduced(rotation.angleVariance * u)
        let (laneCos, laneSin) = PageConstants.laneTable(step)
        let scales = page.pointee.animationType == .zoom
        return Spin(base: base, step: step, laneCos: laneCos, laneSin: laneSin,
                    xx: Float(a.x * a.x), yy: Float(a.y * a.y), zz: Float(a.z * a.z),
                    xy: Float(a.x * a.y), xz: Float(a.x * a.z), yz: Float(a.y * a.z),
                    x: Float(a.x), y: Float(a.y), z: Float(a.z),
                    scale: scales ? Float(saturating: PageAnimation.mirrored(offset)) : 1,
                    m34: rotation.perspective.map { Float(saturating: -1 / $0) })
    }

    /// A rotating page's matrix `R(θ)·A·P` with one angle for the page, in Double, rounded to Float (saturating).
    static func rotatedMatrix(_ page: UnsafePointer<PageLayout>, offset o: Double, mirrored m: Double,
                              scales: Bool) -> SIMD16<Float> {
        var full = scales ? Transform3D.scale(m, m, 1) : .identity
        if let rotation = page.pointee.rotation {
            let axis = rotation.axis
            full = full.rotated(rotation.angle(ofSubview: 0, offset: o), axis.x, axis.y, axis.z)
            if let d = rotation.perspective { full = full.concatenating(.perspective(distance: d)) }
        }
        let fields = full.vector, limit = Double(Float.greatestFiniteMagnitude)
        if fields.max() <= limit && fields.min() >= -limit {
            return SIMD16<Float>(fields)  // the usual case: one vector conversion
        }
        var matrix = SIMD16<Float>()
        for c in 0..<16 { matrix[c] = Float(saturating: fields[c]) }
        return matrix
    }

    /// `θ` itself (bit for bit) inside `VectorTrig.accurateRange`, else `θ mod 2π` (exact, `fmod`), so that
    /// every `θ_k` stays within the vector reduction (docs/DESIGN.md, "Per-subview spin").
    static func reduced(_ theta: Double) -> Double {
        theta.magnitude <= VectorTrig.accurateRange ? theta : theta.truncatingRemainder(dividingBy: 2 * .pi)
    }

    /// `cos(l·D)`, `sin(l·D)` per lane `l`: the rotation by `D` applied `l` times in Double, rounded to Float once.
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
