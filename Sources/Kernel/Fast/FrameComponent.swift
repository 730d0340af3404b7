/// The 17 streams of a frame buffer: the 16 transform fields in Core Animation order,
/// then alpha.
public enum FrameComponent: Int, CaseIterable, Sendable {
    case m11, m12, m13, m14
    case m21, m22, m23, m24
    case m31, m32, m33, m34
    case m41, m42, m43, m44
    case alpha

    /// 17.
    public static let count = allCases.count
}
