import CAnchor
import WalkthroughKernel

/// The C anchor as a page kernel: the same math in C over the same blocks, called by the
/// same frame driver as the Swift kernel, with the page constants converted to its struct.
/// It writes every layout (`anchor_outputs`), as the Swift kernel does.
struct CAnchorKernel: PageKernel {
    @inline(__always)
    func evaluate(_ k: PageConstants, _ inputs: KernelInputs, _ output: KernelOutputs, blocks: Range<Int>) {
        var page = CAnchorKernel.anchorPage(k)
        var cInputs = anchor_inputs(speeds: inputs.speeds, static_lanes: inputs.staticLanes)
        var cOutputs = anchorOutputs(output)
        anchor_page_frame(&page, &cInputs, &cOutputs, blocks.lowerBound, blocks.upperBound)
    }

    /// The page's constants in the anchor's struct; vectors go over as their bytes.
    ///
    /// This conversion is the anchor's fixed cost a page, which Swift's kernel does not
    /// have, so it is kept lean: `spin` (a `sin`/`cos` and a lane table, worked out on each
    /// use) only for a spinning page. Asked of every page, it and the optional it returns
    /// took 85 of the anchor's 535 extra instructions a frame on `readme-parallax.json`.
    @inline(__always)
    static func anchorPage(_ k: PageConstants) -> anchor_page {
        var page = anchor_page()
        page.matrix = unsafeBitCast(k.matrix, to: type(of: page.matrix))
        page.translates = k.translates ? 1 : 0
        (page.f, page.g, page.alpha) = (k.f, k.g, k.alpha)
        page.scale = 1
        if let line = k.speedLine {
            page.line = 1
            page.line_speed = (line.speed.x, line.speed.y)
            page.line_variance = (line.variance.x, line.variance.y)
        }
        if k.spins, let spin = k.spin {
            page.spins = 1
            (page.base, page.step) = (spin.base, spin.step)
            page.lane_cos = unsafeBitCast(spin.laneCos, to: type(of: page.lane_cos))
            page.lane_sin = unsafeBitCast(spin.laneSin, to: type(of: page.lane_sin))
            (page.xx, page.yy, page.zz, page.xy, page.xz, page.yz) = (spin.xx, spin.yy, spin.zz, spin.xy, spin.xz, spin.yz)
            (page.x, page.y, page.z, page.scale) = (spin.x, spin.y, spin.z, spin.scale)
            page.perspective = spin.m34 == nil ? 0 : 1
            page.m34 = spin.m34 ?? 0
        }
        return page
    }
}

/// The store limit as a page kernel: the same bytes at the same places with no math, in
/// the run's layout (C, `-O3`): whole blocks in `blocks`, only the page's subviews in a
/// dense layout. It writes into memory of its own (`LimitMemory`), fixed and 64-byte
/// aligned, not into the animator's frame, so that a change to the frame's memory
/// (alignment, padding, placement) moves `simd/limit` (docs/DESIGN.md, "Fixed yardsticks").
struct StoreLimitKernel: PageKernel {
    let memory: LimitMemory
    /// It stores constants: no keyframe segments to keep.
    var usesSegmentCache: Bool { false }

    func evaluate(_ k: PageConstants, _ inputs: KernelInputs, _ output: KernelOutputs, blocks: Range<Int>) {
        var cOutputs = anchorOutputs(memory.outputs(output))
        anchor_store_limit(&cOutputs, blocks.lowerBound, blocks.upperBound)
    }
}

/// A frame's bytes of the limit's own: as many as the animator's frame, 64-byte aligned,
/// allocated once. Each page's outputs sit at the offset they have in the frame, which the
/// frame's base (`frameBase`, set once the animator exists) gives.
final class LimitMemory: @unchecked Sendable {
    // Sendable: written only by the limit's frames, which run one at a time.
    let base: UnsafeMutableRawPointer
    let byteCount: Int
    var frameBase: UnsafeRawPointer?

    init(byteCount: Int) {
        self.byteCount = byteCount
        base = .allocate(byteCount: max(byteCount, 1), alignment: 64)
        base.initializeMemory(as: UInt8.self, repeating: 0, count: max(byteCount, 1))
    }

    /// `output` moved from the frame to this memory; `output` itself if it is not in the
    /// frame (never out of bounds).
    @inline(__always)
    func outputs(_ output: KernelOutputs) -> KernelOutputs {
        guard let frameBase else { return output }
        let matrices = UnsafeRawPointer(output.matrices) - frameBase, alphas = UnsafeRawPointer(output.alphas) - frameBase
        guard matrices >= 0, alphas >= 0, matrices <= byteCount, alphas <= byteCount else { return output }
        return KernelOutputs(layout: output.layout, matrices: base + matrices, alphas: base + alphas, count: output.count,
                             strategy: output.strategy)
    }

    deinit { base.deallocate() }
}

/// Where the anchor writes: the same page, layout and subview count as the Swift kernel.
func anchorOutputs(_ output: KernelOutputs) -> anchor_outputs {
    anchor_outputs(layout: anchorLayout(output.layout), matrices: output.matrices, alphas: output.alphas, count: output.count)
}

/// `layout` as the anchor names it.
func anchorLayout(_ layout: FrameLayout) -> anchor_layout {
    switch layout {
    case .blocks: return ANCHOR_LAYOUT_BLOCKS
    case .float4x4: return ANCHOR_LAYOUT_FLOAT4X4
    case .caTransform3D: return ANCHOR_LAYOUT_CATRANSFORM3D
    }
}
