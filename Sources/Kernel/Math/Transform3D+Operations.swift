// Core Animation's builders. Every `…ed(…)` operation pre-multiplies, as
// `CATransform3DTranslate/Scale/Rotate` do: the new operation applies first, in local space.

extension Transform3D {
    /// `CATransform3DConcat(self, b) = self · b`: apply `self` first, then `b`.
    @inlinable
    public func concatenating(_ b: Transform3D) -> Transform3D {
        let b0 = b.row(0), b1 = b.row(1), b2 = b.row(2), b3 = b.row(3)
        func times(_ a: SIMD4<Double>) -> SIMD4<Double> {
            a.x * b0 + a.y * b1 + a.z * b2 + a.w * b3
        }
        return Transform3D(rows: times(row(0)), times(row(1)), times(row(2)), times(row(3)))
    }

    /// `CATransform3DMakeTranslation`: identity with `(tx, ty, tz)` in `m41 m42 m43`.
    @inlinable
    public static func translation(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
        var t = Transform3D.identity
        (t.m41, t.m42, t.m43) = (tx, ty, tz)
        return t
    }

    /// `CATransform3DMakeScale`: identity with `(sx, sy, sz)` on the diagonal.
    @inlinable
    public static func scale(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
        var t = Transform3D.identity
        (t.m11, t.m22, t.m33) = (sx, sy, sz)
        return t
    }

    /// `CATransform3DMakeRotation`: `angle` radians about the axis `(x, y, z)`, normalised
    /// here. With `c = cos θ`, `s = sin θ`, `C = 1 − c`:
    ///
    ///     [ c+x²C    xyC+zs   xzC−ys   0 ]
    ///     [ yxC−zs   c+y²C    yzC+xs   0 ]
    ///     [ zxC+ys   zyC−xs   c+z²C    0 ]
    ///     [ 0        0        0        1 ]
    ///
    /// A zero-length axis gives the identity, as in Core Animation.
    @inlinable
    public static func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        guard let axis = unitAxis(SIMD3(x, y, z)) else { return .identity }
        return rotation(angle, normalizedAxis: axis)
    }

    /// `axis` scaled to unit length, or `nil` for a zero axis. Divides by the largest
    /// magnitude first, so that huge or tiny finite axes normalise without overflow.
    @inlinable
    public static func unitAxis(_ axis: SIMD3<Double>) -> SIMD3<Double>? {
        let largest = Swift.max(axis.x.magnitude, axis.y.magnitude, axis.z.magnitude)
        guard largest > 0 else { return nil }
        let scaled = axis / largest
        return scaled / (scaled * scaled).sum().squareRoot()
    }

    /// The rotation matrix for an axis that is already of unit length.
    @inlinable
    public static func rotation(_ angle: Double, normalizedAxis a: SIMD3<Double>) -> Transform3D {
        rotation(cos: libmCos(angle), sin: libmSin(angle), normalizedAxis: a)
    }

    /// The rotation matrix from a precomputed cosine and sine.
    @inlinable
    public static func rotation(cos c: Double, sin s: Double, normalizedAxis a: SIMD3<Double>) -> Transform3D {
        let (x, y, z) = (a.x, a.y, a.z)
        let C = 1 - c
        return Transform3D(
            m11: c + x * x * C, m12: x * y * C + z * s, m13: x * z * C - y * s, m14: 0,
            m21: y * x * C - z * s, m22: c + y * y * C, m23: y * z * C + x * s, m24: 0,
            m31: z * x * C + y * s, m32: z * y * C - x * s, m33: c + z * z * C, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// Identity with `m34 = −1/d`: the perspective of a viewer at distance `d` points.
    @inlinable
    public static func perspective(distance d: Double) -> Transform3D {
        var t = Transform3D.identity
        t.m34 = -1 / d
        return t
    }

    /// `CATransform3DTranslate(self, tx, ty, tz) = T · self`.
    @inlinable
    public func translated(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
        Transform3D.translation(tx, ty, tz).concatenating(self)
    }

    /// `CATransform3DScale(self, sx, sy, sz) = S · self`.
    @inlinable
    public func scaled(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
        Transform3D.scale(sx, sy, sz).concatenating(self)
    }

    /// `CATransform3DRotate(self, angle, x, y, z) = R · self`.
    @inlinable
    public func rotated(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        Transform3D.rotation(angle, x, y, z).concatenating(self)
    }
}
