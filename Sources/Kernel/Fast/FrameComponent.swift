/// The 17 fields of a subview in a frame block: the 16 transform fields in Core Animation
/// order, then alpha. The raw value is the field's row in a block (`Lanes.frameIndex`).
public enum FrameComponent: Int, CaseIterable, Sendable {
    /// Row 1 of the transform.
    case m11, m12, m13, m14
    /// Row 2 of the transform.
    case m21, m22, m23, m24
    /// Row 3 of the transform.
    case m31, m32, m33, m34
    /// Row 4 of the transform: the translation, then `m44`.
    case m41, m42, m43, m44
    /// The layer opacity.
    case alpha

    /// 17: the number of fields a subview has in a frame block.
    public static let count = 17  // a literal, not `allCases.count`: a constant the hot loops fold
}
