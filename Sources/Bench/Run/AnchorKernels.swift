import CAnchor
import Kernel

/// The C anchor as a page kernel: the same math in C over the same blocks, called by the
/// same frame driver as the Swift kernel, with the page constants converted to its struct.
/// It writes the `blocks` layout only (`ImplementationKind.writes(_:)`).
struct CAnchorKernel: PageKernel {
    func evaluate(_ k: PageConstants, _ inputs: KernelInputs, _ output: KernelOutputs, blocks: Range<Int>) {
        var page = CAnchorKernel.anchorPage(k)
        var cInputs = anchor_inputs(speeds: inputs.speeds, static_lanes: inputs.staticLanes)
        anchor_page_frame(&page, &cInputs, output.matrices.assumingMemoryBound(to: Float.self), blocks.lowerBound, blocks.upperBound)
    }

    static func anchorPage(_ k: PageConstants) -> anchor_page {
        var page = anchor_page()
        withUnsafeMutableBytes(of: &page.matrix) { raw in
            for c in 0..<16 { raw.storeBytes(of: k.matrix[c], toByteOffset: c * 4, as: Float.self) }
        }
        page.translates = k.translates ? 1 : 0
        (page.f, page.g, page.alpha) = (k.f, k.g, k.alpha)
        page.scale = 1
        if let spin = k.spin {
            page.spins = 1
            (page.base, page.step) = (spin.base, spin.step)
            withUnsafeMutableBytes(of: &page.lane_cos) { raw in
                for l in 0..<Lanes.count { raw.storeBytes(of: spin.laneCos[l], toByteOffset: l * 4, as: Float.self) }
            }
            withUnsafeMutableBytes(of: &page.lane_sin) { raw in
                for l in 0..<Lanes.count { raw.storeBytes(of: spin.laneSin[l], toByteOffset: l * 4, as: Float.self) }
            }
            (page.xx, page.yy, page.zz, page.xy, page.xz, page.yz) = (spin.xx, spin.yy, spin.zz, spin.xy, spin.xz, spin.yz)
            (page.x, page.y, page.z, page.scale) = (spin.x, spin.y, spin.z, spin.scale)
            page.perspective = spin.m34 == nil ? 0 : 1
            page.m34 = spin.m34 ?? 0
        }
        return page
    }
}

/// The store limit as a page kernel: the same bytes into the same places with no math. In
/// `blocks`, the blocks (C, `-O3`); in a dense layout, the subviews' matrices and alphas of
/// those blocks, as Floats or Doubles. (It once stored whole blocks in every layout: past
/// the end of a dense frame whose page did not fill its last block.)
struct StoreLimitKernel: PageKernel {
    func evaluate(_ k: PageConstants, _ inputs: KernelInputs, _ output: KernelOutputs, blocks: Range<Int>) {
        let layout = output.layout
        guard layout != .blocks else {
            anchor_store_limit((output.matrices + blocks.lowerBound * Lanes.frameBlockFloats * 4).assumingMemoryBound(to: Float.self), blocks.count, 1)
            return
        }
        let first = blocks.lowerBound * Lanes.count, end = Swift.min(blocks.upperBound * Lanes.count, output.count)
        guard first < end else { return }
        let matrices = output.matrices + first * layout.matrixStride, alphas = output.alphas + first * layout.alphaStride
        if layout == .float4x4 {
            matrices.initializeMemory(as: Float.self, repeating: 1, count: (end - first) * 16)
            alphas.initializeMemory(as: Float.self, repeating: 1, count: end - first)
        } else {
            matrices.initializeMemory(as: Double.self, repeating: 1, count: (end - first) * 16)
            alphas.initializeMemory(as: Double.self, repeating: 1, count: end - first)
        }
    }
}
