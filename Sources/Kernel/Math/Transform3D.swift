/// A 4x4 transform, field for field Core Animation's `CATransform3D`.
///
/// Row-major and acting on **row vectors**: a point `p = (x, y, z, 1)` maps to `p · M`.
/// Translation sits in `m41 m42 m43`; perspective in the fourth column
/// (`w = x·m14 + y·m24 + z·m34 + m44`). This convention is spelled out here once and every
/// other file follows it.
@frozen
public struct Transform3D: Hashable, Sendable {
    /// Row 1: the image of the x axis; `m14` is x's share of the perspective `w`.
    public var m11, m12, m13, m14: Double
    /// Row 2: the image of the y axis; `m24` is y's share of the perspective `w`.
    public var m21, m22, m23, m24: Double
    /// Row 3: the image of the z axis; `m34 = −1/d` gives a viewer at distance `d`.
    public var m31, m32, m33, m34: Double
    /// Row 4: the translation `m41 m42 m43`, and `m44` (1 for an affine transform).
    public var m41, m42, m43, m44: Double

    /// A transform from its 16 fields, row by row.
    @inlinable
    public init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// The 16 fields in Core Animation order: `m11 m12 m13 m14 m21 … m44`.
    @inlinable
    public init(fields f: [Double]) {
        precondition(f.count == 16, "Transform3D needs 16 fields, got \(f.count)")
        self.init(vector: SIMD16(f))
    }

    /// `CATransform3DIdentity`.
    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0,
        m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)

    /// The 16 fields in Core Animation order: `m11 m12 m13 m14 m21 … m44`.
    @inlinable
    public var fields: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// The 16 fields in Core Animation order, from one vector.
    @inlinable
    public init(vector v: SIMD16<Double>) {
        self.init(m11: v[0], m12: v[1], m13: v[2], m14: v[3], m21: v[4], m22: v[5], m23: v[6], m24: v[7],
                  m31: v[8], m32: v[9], m33: v[10], m34: v[11], m41: v[12], m42: v[13], m43: v[14], m44: v[15])
    }

    /// The 16 fields in Core Animation order, as one vector (no allocation, unlike `fields`).
    @inlinable
    public var vector: SIMD16<Double> {
        SIMD16(m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44)
    }

    /// Row `r` (0 … 3) as a vector.
    @inlinable
    public func row(_ r: Int) -> SIMD4<Double> {
        switch r {
        case 0: return SIMD4(m11, m12, m13, m14)
        case 1: return SIMD4(m21, m22, m23, m24)
        case 2: return SIMD4(m31, m32, m33, m34)
        default: return SIMD4(m41, m42, m43, m44)
        }
    }

    /// Builds a transform from its four rows.
    @inlinable
    public init(rows r0: SIMD4<Double>, _ r1: SIMD4<Double>, _ r2: SIMD4<Double>, _ r3: SIMD4<Double>) {
        self.init(m11: r0.x, m12: r0.y, m13: r0.z, m14: r0.w,
                  m21: r1.x, m22: r1.y, m23: r1.z, m24: r1.w,
                  m31: r2.x, m32: r2.y, m33: r2.z, m34: r2.w,
                  m41: r3.x, m42: r3.y, m43: r3.z, m44: r3.w)
    }

    /// `CATransform3DIsIdentity`.
    @inlinable
    public var isIdentity: Bool { self == .identity }
}
