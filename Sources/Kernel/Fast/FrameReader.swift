/// The bulk readers' loops, one per layout. From `blocks` they transpose in registers and
/// store Double rows (the `caTransform3D` writer's own code); from `float4x4` they convert
/// 16 Floats at a time; from `caTransform3D` they copy.
enum FrameReader {
    /// Page `page`'s `count` matrices as 16 Doubles each at `out`.
    static func gather(_ frame: FrameBuffer, page: Int, count: Int, into out: UnsafeMutableRawPointer) {
        let source = UnsafeRawPointer(frame.storage.base + frame.geometry.matrixOffset(page: page))
        switch frame.layout {
        case .blocks:
            let blockBytes = Lanes.frameBlockFloats * 4
            for b in 0..<count / Lanes.count {
                let block = source + b &* blockBytes, base = out + b &* (Lanes.count &* 128)
                // Row by row: four field vectors live at a time, so nothing spills on SSE.
                for row in 0..<4 {
                    func field(_ c: Int) -> Lanes.Floats { block.load(fromByteOffset: (4 &* row &+ c) &* 32, as: Lanes.Floats.self) }
                    CATransform3DWriter.storeRow(LaneRows(field(0), field(1), field(2), field(3)), row, at: base)
                }
            }
            for k in count / Lanes.count * Lanes.count ..< count {
                out.storeBytes(of: frame.transform(page: page, subview: k), toByteOffset: k &* 128, as: Transform3D.self)
            }
        case .float4x4:
            // Four Floats at a time: SIMD4's conversion is inlined (cvtps2pd), SIMD16's is a call.
            for q in 0..<4 &* count {
                let row = SIMD4<Double>(source.loadUnaligned(fromByteOffset: q &* 16, as: SIMD4<Float>.self))
                out.storeBytes(of: row, toByteOffset: q &* 32, as: SIMD4<Double>.self)
            }
        case .caTransform3D:
            out.copyMemory(from: source, byteCount: count * 128)
        }
    }

    /// Page `page`'s `count` alphas as Doubles at `out`.
    static func alphas(_ frame: FrameBuffer, page: Int, count: Int, into out: UnsafeMutableRawPointer) {
        let full = count / Lanes.count
        switch frame.layout {
        case .blocks:
            let source = UnsafeRawPointer(frame.storage.base + frame.geometry.matrixOffset(page: page))
            let blockBytes = Lanes.frameBlockFloats * 4, alpha = FrameComponent.alpha.rawValue * Lanes.count * 4
            for b in 0..<full {
                let v = source.load(fromByteOffset: b &* blockBytes &+ alpha, as: Lanes.Floats.self)
                out.storeBytes(of: SIMD8<Double>(v), toByteOffset: b &* 64, as: SIMD8<Double>.self)
            }
        case .float4x4:
            let source = UnsafeRawPointer(frame.storage.base + frame.geometry.alphaOffset(page: page))
            for b in 0..<full {
                let v = source.loadUnaligned(fromByteOffset: b &* 32, as: Lanes.Floats.self)
                out.storeBytes(of: SIMD8<Double>(v), toByteOffset: b &* 64, as: SIMD8<Double>.self)
            }
        case .caTransform3D:
            out.copyMemory(from: frame.storage.base + frame.geometry.alphaOffset(page: page), byteCount: count * 8)
            return
        }
        for k in full * Lanes.count ..< count {
            out.storeBytes(of: frame.alpha(page: page, subview: k), toByteOffset: k &* 8, as: Double.self)
        }
    }
}
