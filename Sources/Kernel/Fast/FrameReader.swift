import KernelTarget

/// The bulk readers' loops, one per layout, over a `FrameView` (so that the C interface
/// runs them with no reference counting). From `blocks`, a page that shares a template
/// (`PageLayout.sharesTemplate`) reads only `m41` and `m42` of each block
/// (`kernel_gather_template_blocks`, or with AVX 32-byte stores aligned to the destination:
/// `templatesInPhase`); other pages convert pairs of lanes and
/// interleave pairs of fields, row by row (see `gatherBlock`), or on AMD's Zen 2 and later
/// with AVX transpose groups of 4 fields and store 32-byte pieces aligned to the
/// destination (`gathersInPhase`); from `float4x4` they convert
/// a row of 16 Floats at a time; from `caTransform3D` they copy. Big gathers stream past
/// the caches (`streams`); from `blocks`, those near the size of L2 walk forward and back
/// on alternate calls (`GatherTurns`).
package enum FrameReader {
    /// The `count` matrices of the page at `slot` as 16 Doubles each at `out`.
    /// `intoNewArray` (`gathered`) neither streams, which would take the values out of the
    /// cache its caller is about to read them from, nor takes turns: a new array holds
    /// nothing an earlier walk left in cache. `wide` picks the wide kernels (`widensWhole`),
    /// `turns` the page sizes that take turns (`GatherTurns.sizesHere`) and
    /// `templateInPhase` the aligned 32-byte stores for a page that shares a template
    /// (`templatesInPhase`; taken only where that holds, since the kernel is AVX code),
    /// unless a test asks for other choices.
    static func gather(_ view: FrameView, _ slot: FrameStorage.PageSlot, into out: UnsafeMutableRawPointer,
                       intoNewArray: Bool = false, wide: Bool = widensWhole, turns: Range<Int> = GatherTurns.sizesHere,
                       inPhase: Bool = gathersInPhase, inRegisters: Bool = phaseConvertsInRegisters,
                       byTemplate: Bool = true, templateInPhase: Bool = templatesInPhase) {
        let count = slot.count
        let source = UnsafeRawPointer(view.base + slot.matrixOffset)
        let streaming = view.layout != .caTransform3D && !intoNewArray && streams(into: out, bytes: count &* 128)
        switch view.layout {
        case .blocks:
            let blockBytes = Lanes.frameBlockFloats &* 4, blocks = count / Lanes.count
            let backward = !intoNewArray && turns.contains(count)
                && GatherTurns.backward(key: GatherTurns.key(base: view.base, matrixOffset: slot.matrixOffset))
            if byTemplate && slot.sharesTemplate {
                withUnsafeBytes(of: template(view, slot)) { t in
                    let (floats, doubles) = (source.assumingMemoryBound(to: Float.self), out.assumingMemoryBound(to: Double.self))
                    let t16 = t.baseAddress!.assumingMemoryBound(to: Double.self)
                    if streaming || !(templateInPhase && templatesInPhase)
                        || kernel_gather_template_blocks_phased(floats, blocks, doubles, view.statics + slot.firstBlock,
                                                                t16, backward ? 1 : 0) == 0 {
                        kernel_gather_template_blocks(floats, blocks, doubles, view.statics + slot.firstBlock,
                                                      t16, backward ? 1 : 0, streaming ? 1 : 0)
                    }
                }
            } else if streaming {
                for b in 0..<blocks {
                    kernel_gather_block_streaming(
                        (source + b &* blockBytes).assumingMemoryBound(to: Float.self),
                        (out + b &* (Lanes.count &* 128)).assumingMemoryBound(to: Double.self))
                }
                kernel_stream_fence()
            } else if inPhase && blocks >= 2 && UInt(bitPattern: out) % 8 == 0 {
                // All but the last block (whose phase would read past the page), then that one.
                let last = blocks &- 1
                if backward { gatherBlock(source + last &* blockBytes, into: out + last &* (Lanes.count &* 128), wide: wide) }
                kernel_gather_blocks_phased(source.assumingMemoryBound(to: Float.self), blocks,
                                            out.assumingMemoryBound(to: Double.self), backward ? 1 : 0, inRegisters ? 1 : 0)
                if !backward { gatherBlock(source + last &* blockBytes, into: out + last &* (Lanes.count &* 128), wide: wide) }
            } else if backward {
                var b = blocks
                while b > 0 {
                    b &-= 1
                    gatherBlock(source + b &* blockBytes, into: out + b &* (Lanes.count &* 128), wide: wide)
                }
            } else {
                for b in 0..<blocks {
                    gatherBlock(source + b &* blockBytes, into: out + b &* (Lanes.count &* 128), wide: wide)
                }
            }
            for k in count / Lanes.count * Lanes.count ..< count {
                out.storeBytes(of: FrameView.transform(view.base, .blocks, slot, k), toByteOffset: k &* 128, as: Transform3D.self)
            }
        case .float4x4:
            // Rows of 16 Floats widened in C (`kernel_widen_row16`, or `_wide`: `widensWhole`).
            let rows = source.assumingMemoryBound(to: Float.self), doubles = out.assumingMemoryBound(to: Double.self)
            if streaming {
                for k in 0..<count { kernel_widen_row16(rows + k &* 16, doubles + k &* 16, 1) }
                kernel_stream_fence()
            } else if wide {
                for k in 0..<count { kernel_widen_row16_wide(rows + k &* 16, doubles + k &* 16) }
            } else {
                for k in 0..<count { kernel_widen_row16(rows + k &* 16, doubles + k &* 16, 0) }
            }
        case .caTransform3D:
            out.copyMemory(from: source, byteCount: count &* 128)
        }
    }

    /// The 16 fields a page that shares a template (`PageSlot.sharesTemplate`) has in every
    /// non-static subview but `m41` and `m42`: its first non-static subview's, or the
    /// identity's when every subview is static.
    static func template(_ view: FrameView, _ slot: FrameStorage.PageSlot) -> Transform3D {
        let statics = view.statics + slot.firstBlock
        var k = 0
        while k < slot.count && statics[k &>> 3] == 0xFF { k &+= 8 }  // whole blocks of static lanes
        while k < slot.count && statics[k &>> 3] &>> (k & 7) & 1 != 0 { k &+= 1 }
        return k < slot.count ? FrameView.transform(view.base, .blocks, slot, k) : .identity
    }

    /// Page `page`'s template (`template(_:_:)`) when the frame is in `blocks` and the page
    /// shares one, so that its gather reads only `m41` and `m42`; else nil (the bench's
    /// `read-limit` moves what the gather moves).
    package static func sharedTemplate(_ view: FrameView, page: Int) -> Transform3D? {
        guard view.layout == .blocks, let slot = view.slot(page: page), slot.sharesTemplate else { return nil }
        return template(view, slot)
    }

    /// One block of `blocks` (8 lanes) as 8 rows of 16 Doubles at `out`: pairs of lanes
    /// widened from memory, pairs of fields interleaved, rows stored whole in address order
    /// (`kernel_gather_block`, in C, since the same shuffles written with SIMD2 initialisers
    /// came out as scalar conversions): 8 conversions, 8 shuffles and 8 stores a subview.
    /// Storing a row whole before the next took `gather` from 3.2 to 1.65× the frame at 1k
    /// subviews and 4.0 to 2.5× at 10k (default build; Intel cores since Ice Lake commit two
    /// stores a cycle when they go to one cache line, one when they alternate between lines).
    /// With AVX on the Xeon this beat the caTransform3D writer's 4×4 transposes on both
    /// halves of each group of 4 fields and 32-byte stores (a C loop of each at 1k: 3.2
    /// against 3.7 ns a subview); on AMD's Zen 3 those win, and `wide` (`widensWhole`) takes
    /// them (`kernel_gather_block_wide`, the same values). (Non-temporal stores, tried before
    /// the reorder, were slower: 3.9 → 5.0× at 10k, 2.5 → 3.0× at 100k, AVX2 build.)
    @inline(__always)
    static func gatherBlock(_ block: UnsafeRawPointer, into out: UnsafeMutableRawPointer, wide: Bool) {
        let (floats, doubles) = (block.assumingMemoryBound(to: Float.self), out.assumingMemoryBound(to: Double.self))
        if wide { kernel_gather_block_wide(floats, doubles) } else { kernel_gather_block(floats, doubles) }
    }

    /// Whether the gather from `blocks` converts 4 lanes at a time and stores 32 bytes
    /// (`kernel_gather_block_wide`), and the one from `float4x4` likewise
    /// (`kernel_widen_row16_wide`): with AVX on AMD's Zen 3 and later, where they were
    /// measured faster; elsewhere the 16-byte kernels, faster on Intel's cores. On an AMD
    /// EPYC (Zen 3), AVX2 build, 5 uniform scenarios, three runs of each binary in turn,
    /// `gather/simd` from `blocks` at 1k 2.23–3.00 (median 2.58) → 2.02–2.70 (2.34), at 10k
    /// 2.49–3.33 (2.75) → 2.46–3.00 (2.61); two runs each from `float4x4`, at 1k 2.27–2.85 →
    /// 1.90–2.44. Streaming gathers (`streams`) keep the 16-byte kernels, whose stores fill
    /// whole lines in order.
    package static let widensWhole: Bool = KERNEL_TARGET_AVX != 0 && kernel_cpu_is_amd_zen3_or_later() != 0

    /// Whether the gather from `blocks` writes its rows in phase with the destination
    /// (`kernel_gather_blocks_phased`, AVX chosen at run time, in every build): where the CPU
    /// has AVX and is AMD's Zen 2 or later (measured on a Zen 2 EPYC, see kernel_gather.h:
    /// C loops at 1k subviews, 2.4 ns a subview against 2.9 for the 16-byte kernel and 3.2
    /// for the wide one; Zen 3 and later not measured with it). Elsewhere `gatherBlock`'s
    /// kernels.
    package static let gathersInPhase: Bool = kernel_cpu_has_avx() != 0 && kernel_cpu_is_amd_zen2_or_later() != 0

    /// Whether the gather of a page that shares a template stores 32 bytes at a time, aligned
    /// to the destination (`kernel_gather_template_blocks_phased`, AVX chosen at run time, in
    /// every build), where the destination is at 0 or 16 mod 32: on any CPU with AVX. On this
    /// project's Xeon (Emerald Rapids) the 16-byte kernel's 8 stores a subview bound it, and 4
    /// aligned ones took `gather/simd` at 10k subviews from 2.44–2.72 to 2.22–2.50 (AVX2
    /// build) and from 2.15–2.46 to 2.08–2.24 (default build; one run each of one binary
    /// with and without them, five uniform scenarios); AMD's cores, where a 32-byte
    /// store that crosses a line costs two cycles (kernel_gather.h), not measured with it.
    package static let templatesInPhase: Bool = kernel_cpu_has_avx() != 0

    /// Whether the gather in phase converts from registers rather than from its stack scratch
    /// (`kernel_gather_blocks_phased`'s `registers`): on AMD's Zen 3 and later. On an AMD EPYC
    /// (Zen 5), C loops with the destination 64-byte aligned: 1.27 against 1.43 ns a subview
    /// at 1k and 2k (default build), 1.11 against 1.32 (AVX2 build), even at 10k (1.73,
    /// 1.92, bound by L2); on Zen 2 the scratch is the faster (see kernel_gather.h).
    package static let phaseConvertsInRegisters: Bool = kernel_cpu_is_amd_zen3_or_later() != 0

    /// A gather of at least this many bytes streams from `blocks` and `float4x4`
    /// (`streams(into:bytes:)`).
    package static let streamingBytes = 4 << 20

    /// Whether `gather` writes `bytes` at `out` with non-temporal stores: on x86, for a
    /// destination of 4 MiB or more (32,768 subviews), 16-byte aligned. Such a destination
    /// is twice this project's Xeon's 2 MB L2, where ordinary stores pay to read each line
    /// first and then write it back through a slow L3: on that machine `gather` from blocks
    /// took 8.0 ns a subview at 100k subviews and 6.7 with non-temporal stores (10.5 against
    /// 15.5 at 1M), while at 10k (1.3 MB, in L2) they were slower (6.5 against 4.4) and the
    /// crossing lay between 30k and 50k. The destination is then not in cache afterwards,
    /// as it would not have stayed in L2 anyway. Elsewhere, ordinary stores.
    @inline(__always)
    package static func streams(into out: UnsafeMutableRawPointer, bytes: Int) -> Bool {
        #if arch(x86_64) || arch(i386)
        return bytes >= streamingBytes && UInt(bitPattern: out) % 16 == 0
        #else
        return false
        #endif
    }

    /// The `count` alphas of the page at `slot` as Doubles at `out`.
    static func alphas(_ view: FrameView, _ slot: FrameStorage.PageSlot, into out: UnsafeMutableRawPointer) {
        let count = slot.count, full = count / Lanes.count
        switch view.layout {
        case .blocks:
            let source = UnsafeRawPointer(view.base + slot.matrixOffset)
            let blockBytes = Lanes.frameBlockFloats * 4, alpha = FrameComponent.alpha.rawValue * Lanes.count * 4
            for b in 0..<full {
                let v = source.load(fromByteOffset: b &* blockBytes &+ alpha, as: Lanes.Floats.self)
                out.storeBytes(of: SIMD8<Double>(v), toByteOffset: b &* 64, as: SIMD8<Double>.self)
            }
        case .float4x4:
            let source = UnsafeRawPointer(view.base + slot.alphaOffset)
            for b in 0..<full {
                let v = source.loadUnaligned(fromByteOffset: b &* 32, as: Lanes.Floats.self)
                out.storeBytes(of: SIMD8<Double>(v), toByteOffset: b &* 64, as: SIMD8<Double>.self)
            }
        case .caTransform3D:
            out.copyMemory(from: view.base + slot.alphaOffset, byteCount: count &* 8)
            return
        }
        for k in full * Lanes.count ..< count {
            out.storeBytes(of: FrameView.alpha(view.base, view.layout, slot, k), toByteOffset: k &* 8, as: Double.self)
        }
    }
}
