import WalkthroughKernel

/// A frame's bytes in a layout, written from a `FrameState` one field at a time: how the
/// reference's result reaches the layout a consumer reads.
struct LayoutBuffer {
    let geometry: FrameGeometry
    private var bytes: [UInt8]

    init(_ geometry: FrameGeometry) {
        self.geometry = geometry
        bytes = [UInt8](repeating: 0, count: geometry.byteCount)
    }

    /// Writes every animated page of `frame`.
    mutating func write(_ frame: FrameState) {
        let geometry = self.geometry
        bytes.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            for page in frame.pages {
                for (k, s) in (page.subviews ?? []).enumerated() {
                    let m = base + geometry.matrixOffset(page: page.index, subview: k)
                    let fields = s.transform.vector
                    switch geometry.layout {
                    case .blocks:
                        for c in 0..<16 { m.storeBytes(of: Float(fields[c]), toByteOffset: c * 32, as: Float.self) }
                        m.storeBytes(of: Float(s.alpha), toByteOffset: 16 * 32, as: Float.self)
                    case .float4x4:
                        m.storeBytes(of: SIMD16<Float>(fields), as: SIMD16<Float>.self)
                        (base + geometry.alphaOffset(page: page.index)).storeBytes(of: Float(s.alpha), toByteOffset: k * 4, as: Float.self)
                    case .caTransform3D:
                        m.storeBytes(of: s.transform, as: Transform3D.self)
                        (base + geometry.alphaOffset(page: page.index)).storeBytes(of: s.alpha, toByteOffset: k * 8, as: Double.self)
                    }
                }
            }
        }
    }
}
