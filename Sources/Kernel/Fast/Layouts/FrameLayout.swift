/// How a frame sits in memory: the layout its consumer reads, chosen when an animator is
/// made and written by the kernel itself (it computes in lanes and transposes in registers
/// before storing, so each layout is written once).
///
/// A frame is a region of matrices followed, in the dense layouts, by a region of alphas:
///
/// | layout | matrices | alphas |
/// | --- | --- | --- |
/// | `blocks` | 544 bytes per block of 8 subviews (17 fields × 8 Float lanes, alpha included); every page starts on a block | — |
/// | `float4x4` | 16 Floats per subview, `m11 … m44` (64 bytes), subviews of all pages back to back | one Float per subview |
/// | `caTransform3D` | 16 Doubles per subview, `m11 … m44` (128 bytes) | one Double per subview |
///
/// `float4x4`'s 64 bytes are also `simd_float4x4`'s column-major storage of the transform
/// for column vectors: what a Metal or Vulkan instance buffer takes. `caTransform3D`'s
/// 128 bytes are `CATransform3D`'s memory layout on 64-bit platforms.
public enum FrameLayout: String, CaseIterable, Sendable {
    /// The kernel's own 8-lane blocks (`Lanes`): the fastest to write.
    case blocks
    /// 16 Floats per subview and a Float alpha array: GPU instance buffers.
    case float4x4
    /// 16 Doubles per subview and a Double alpha array: `CALayer.transform` and `opacity`.
    case caTransform3D

    /// Bytes of one subview's matrix in the dense layouts (64 or 128); a block's 544 bytes
    /// hold 8 subviews in `blocks`.
    @inlinable
    public var matrixStride: Int {
        switch self {
        case .blocks: return Lanes.frameBlockFloats * MemoryLayout<Float>.stride / Lanes.count
        case .float4x4: return 16 * MemoryLayout<Float>.stride
        case .caTransform3D: return 16 * MemoryLayout<Double>.stride
        }
    }

    /// Bytes of one subview's alpha in the dense layouts (0 in `blocks`, where alpha is a field).
    @inlinable
    public var alphaStride: Int {
        switch self {
        case .blocks: return 0
        case .float4x4: return MemoryLayout<Float>.stride
        case .caTransform3D: return MemoryLayout<Double>.stride
        }
    }
}
