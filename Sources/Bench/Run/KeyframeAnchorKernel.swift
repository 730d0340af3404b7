import CAnchor
import Kernel

/// The C anchor with keyframes (`Sources/CAnchor/keyframes.c`): pages whose lanes read
/// timelines at different times go to `kf_lanes_frame`, pages with a shared keyframed pose
/// (a page matrix with its own translation row) to `kf_uniform_frame`, every other page to
/// `CAnchorKernel`. Called by the same frame driver as the Swift kernel.
struct CKeyframeAnchorKernel: PageKernel {
    let anchor = CAnchorKernel()

    func evaluate(_ k: PageConstants, _ inputs: KernelInputs, _ output: KernelOutputs, blocks: Range<Int>) {
        let keyframed = k.laneKeyframes != nil || k.matrix[12] != 0 || k.matrix[13] != 0
        // keyframes.c writes blocks only; the bench keeps `c` out of other layouts for such
        // walkthroughs (`ImplementationKind.writes(_:for:)`).
        precondition(!keyframed || output.layout == .blocks, "the C keyframe anchor writes the blocks layout only")
        let out = output.matrices.assumingMemoryBound(to: Float.self)
        var cInputs = kf_inputs(speeds: inputs.speeds, static_lanes: inputs.staticLanes)
        if let lanes = k.laneKeyframes, let keyframes = inputs.keyframes {
            var page = CKeyframeAnchorKernel.page(k, offset: lanes.offset, planar: lanes.planar)
            let t = keyframes.tables.takeUnretainedValue()
            var tables = kf_tables(lane_source: t.laneSource, shifts: t.shifts, axes: t.axes, track_ranges: t.trackRanges,
                                   times: t.timeTable,
                                   values: UnsafeRawPointer(t.valueTable).assumingMemoryBound(to: Double.self),
                                   easings: UnsafeRawPointer(t.easingTable).assumingMemoryBound(to: Float.self),
                                   tracks: Int32(t.trackMask))
            kf_lanes_frame(&page, &tables, &cInputs, out, blocks.lowerBound, blocks.upperBound)
        } else if k.matrix[12] != 0 || k.matrix[13] != 0 {
            var page = CKeyframeAnchorKernel.page(k, offset: 0, planar: false)
            kf_uniform_frame(&page, &cInputs, out, blocks.lowerBound, blocks.upperBound)
        } else {
            anchor.evaluate(k, inputs, output, blocks: blocks)
        }
    }

    static func page(_ k: PageConstants, offset: Double, planar: Bool) -> kf_page {
        var page = kf_page()
        withUnsafeMutableBytes(of: &page.matrix) { raw in
            for c in 0..<16 { raw.storeBytes(of: k.matrix[c], toByteOffset: c * 4, as: Float.self) }
        }
        (page.f, page.g, page.alpha, page.offset, page.planar) = (k.f, k.g, k.alpha, offset, planar ? 1 : 0)
        page.scale = 1
        if let spin = k.spin {
            page.spins = 1
            (page.base, page.step) = (spin.base, spin.step)
            (page.xx, page.yy, page.zz, page.xy, page.xz, page.yz) = (spin.xx, spin.yy, spin.zz, spin.xy, spin.xz, spin.yz)
            (page.x, page.y, page.z, page.scale, page.m34) = (spin.x, spin.y, spin.z, spin.scale, spin.m34 ?? 0)
        }
        return page
    }
}
