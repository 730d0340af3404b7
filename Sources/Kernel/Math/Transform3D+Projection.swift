extension Transform3D {
    /// Maps `(x, y, z, 1)` through the matrix and divides by `w`:
    /// `(x', y', z', w) = (x, y, z, 1) · M`, returns `(x'/w, y'/w, z'/w)`.
    ///
    /// A point on or behind the viewer's plane (`w ≤ 0`) has no image; it comes back
    /// non-finite or mirrored exactly as the divide gives it, and callers that draw decide.
    @inlinable
    public func project(_ p: SIMD3<Double>) -> SIMD3<Double> {
        let h = p.x * row(0) + p.y * row(1) + p.z * row(2) + row(3)
        return SIMD3(h.x, h.y, h.z) / h.w
    }

    /// The homogeneous image `(x', y', z', w)` of `(x, y, z, 1)`, before the divide.
    @inlinable
    public func homogeneous(_ p: SIMD3<Double>) -> SIMD4<Double> {
        p.x * row(0) + p.y * row(1) + p.z * row(2) + row(3)
    }
}
