/// A rectangle in page points (`CGRect`): origin and size.
public struct PageRect: Hashable, Sendable {
    /// Origin and size in page points.
    public var x, y, width, height: Double

    /// A rectangle from its origin and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    /// The centre, Core Animation's default anchor point.
    public var center: SIMD2<Double> { SIMD2(x + width / 2, y + height / 2) }
}
