import KernelTarget

/// The bulk readers' loops, one per layout, over a `FrameView` (so that the C interface runs them with no
/// reference counting), in the frame's `KernelStrategy` (docs/DESIGN.md, "Reading a frame out").
package enum FrameReader {
    /// The `count` matrices of the page at `slot` as 16 Doubles each at `out`, with the
    /// kernels of `strategy`. `intoNewArray` (`gathered`) never streams: its caller reads
    /// the values next. `byTemplate: false` (tests) gathers a template page as any other.
    static func gather(_ view: FrameView, _ slot: FrameStorage.PageSlot, into out: UnsafeMutableRawPointer,
                       strategy: KernelStrategy, intoNewArray: Bool = false, byTemplate: Bool = true) {
        let count = slot.count
        let source = UnsafeRawPointer(view.base + slot.matrixOffset)
        let streaming = view.layout != .caTransform3D && !intoNewArray
            && streams(strategy, into: out, bytes: count &* 128)
        switch view.layout {
        case .blocks:
            let blocks = count / Lanes.count
            let (floats, doubles) = (source.assumingMemoryBound(to: Float.self), out.assumingMemoryBound(to: Double.self))
            if byTemplate && slot.sharesTemplate {
                withUnsafeBytes(of: template(view, slot)) { t in
                    let t16 = t.baseAddress!.assumingMemoryBound(to: Double.self)
                    // docs/DESIGN.md, "The template gather in phase".
                    if streaming || strategy != .avx
                        || kernel_gather_template_blocks_phased(floats, blocks, doubles, view.statics + slot.firstBlock,
                                                                t16) == 0 {
                        kernel_gather_template_blocks(floats, blocks, doubles, view.statics + slot.firstBlock,
                                                      t16, streaming ? 1 : 0)
                    }
                }
            } else {
                // With `avx`, all but the last block (whose phase would read past the page) in phase.
                let inPhase = strategy == .avx && !streaming && blocks >= 2 && UInt(bitPattern: out) % 8 == 0
                if inPhase { kernel_gather_blocks_phased(floats, blocks, doubles) }
                for b in (inPhase ? blocks &- 1 : 0) ..< blocks {
                    kernel_gather_block_to(floats + b &* Lanes.frameBlockFloats, doubles + b &* (Lanes.count &* 16),
                                           streaming ? 1 : 0)
                }
                if streaming { kernel_stream_fence() }
            }
            for k in count / Lanes.count * Lanes.count ..< count {
                out.storeBytes(of: FrameView.transform(view.base, .blocks, slot, k), toByteOffset: k &* 128, as: Transform3D.self)
            }
        case .float4x4:
            let rows = source.assumingMemoryBound(to: Float.self), doubles = out.assumingMemoryBound(to: Double.self)
            for k in 0..<count { kernel_widen_row16(rows + k &* 16, doubles + k &* 16, streaming ? 1 : 0) }
            if streaming { kernel_stream_fence() }
        case .caTransform3D:
            out.copyMemory(from: source, byteCount: count &* 128)
        }
    }

    /// The 16 fields a page that shares a template (`PageSlot.sharesTemplate`) has in every non-static subview
    /// but `m41` and `m42`: its first non-static subview's, or the identity's when every subview is static.
    static func template(_ view: FrameView, _ slot: FrameStorage.PageSlot) -> Transform3D {
        let statics = view.statics + slot.firstBlock
        var k = 0
        while k < slot.count && statics[k &>> 3] == 0xFF { k &+= 8 }  // whole blocks of static lanes
        while k < slot.count && statics[k &>> 3] &>> (k & 7) & 1 != 0 { k &+= 1 }
        return k < slot.count ? FrameView.transform(view.base, .blocks, slot, k) : .identity
    }

    /// Page `page`'s template when the frame is in `blocks` and the page shares one, else nil (bench's `read-limit`).
    package static func sharedTemplate(_ view: FrameView, page: Int) -> Transform3D? {
        guard view.layout == .blocks, let slot = view.slot(page: page), slot.sharesTemplate else { return nil }
        return template(view, slot)
    }

    /// A gather of at least this many bytes streams from `blocks` and `float4x4`.
    package static let streamingBytes = 4 << 20

    /// Whether `gather` writes `bytes` at `out` with non-temporal stores: not `portable`,
    /// `streamingBytes` or more, 16-byte aligned (docs/DESIGN.md, "Streaming stores").
    @inline(__always)
    package static func streams(_ strategy: KernelStrategy, into out: UnsafeMutableRawPointer, bytes: Int) -> Bool {
        strategy != .portable && bytes >= streamingBytes && UInt(bitPattern: out) % 16 == 0
    }

    /// The `count` alphas of the page at `slot` as Doubles at `out`.
    static func alphas(_ view: FrameView, _ slot: FrameStorage.PageSlot, into out: UnsafeMutableRawPointer) {
        let count = slot.count, full = count / Lanes.count
        guard view.layout != .caTransform3D else {
            return out.copyMemory(from: view.base + slot.alphaOffset, byteCount: count &* 8)
        }
        // 8 Floats a block: field 16 of each block in `blocks`, consecutive in `float4x4`.
        let (source, stride) = view.layout == .blocks
            ? (view.base + slot.matrixOffset + FrameComponent.alpha.rawValue * Lanes.count * 4, Lanes.frameBlockFloats * 4)
            : (view.base + slot.alphaOffset, 32)
        for b in 0..<full {
            let v = source.loadUnaligned(fromByteOffset: b &* stride, as: Lanes.Floats.self)
            out.storeBytes(of: SIMD8<Double>(v), toByteOffset: b &* 64, as: SIMD8<Double>.self)
        }
        for k in full * Lanes.count ..< count {
            out.storeBytes(of: FrameView.alpha(view.base, view.layout, slot, k), toByteOffset: k &* 8, as: Double.self)
        }
    }
}
