import CAnchor
import Kernel

/// The C anchor as a page kernel: the same math in C over the same blocks, called by the
/// same frame driver as the Swift kernel, with the page constants converted to its struct.
/// Only the `blocks` layout can be wired until `KernelOutputs` carries a layout (issue 14);
/// the C side writes all three (`anchor_outputs`).
struct CAnchorKernel: PageKernel {
    func evaluate(_ k: PageConstants, _ inputs: KernelInputs, _ output: KernelOutputs, blocks: Range<Int>) {
        var page = CAnchorKernel.anchorPage(k)
        var cInputs = anchor_inputs(speeds: inputs.speeds, static_lanes: inputs.staticLanes)
        var cOutputs = anchorOutputs(output)
        anchor_page_frame(&page, &cInputs, &cOutputs, blocks.lowerBound, blocks.upperBound)
    }

    /// The page's constants in the anchor's struct; vectors go over as their bytes.
    static func anchorPage(_ k: PageConstants) -> anchor_page {
        var page = anchor_page()
        page.matrix = unsafeBitCast(k.matrix, to: type(of: page.matrix))
        page.translates = k.translates ? 1 : 0
        (page.f, page.g, page.alpha) = (k.f, k.g, k.alpha)
        page.scale = 1
        if let spin = k.spin {
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

/// The store limit as a page kernel: the same bytes into the same blocks with no math.
struct StoreLimitKernel: PageKernel {
    func evaluate(_ k: PageConstants, _ inputs: KernelInputs, _ output: KernelOutputs, blocks: Range<Int>) {
        var cOutputs = anchorOutputs(output)
        anchor_store_limit(&cOutputs, blocks.lowerBound, blocks.upperBound)
    }
}

/// The blocks layout at `output`'s first block (`count` is unused there: whole blocks).
private func anchorOutputs(_ output: KernelOutputs) -> anchor_outputs {
    anchor_outputs(layout: ANCHOR_LAYOUT_BLOCKS, matrices: UnsafeMutableRawPointer(output.base), alphas: nil, count: 0)
}
