import CAnchor
import Kernel

/// One way to compute a scenario's frames. `run(frames:)` renders that many frames,
/// cycling through the scenario's scroll positions; it is what the sampler times.
class Implementation {
    let name: String
    let walkthrough: Walkthrough
    let scrolls: [Double]
    var next = 0

    init(name: String, walkthrough: Walkthrough, scrolls: [Double]) {
        (self.name, self.walkthrough, self.scrolls) = (name, walkthrough, scrolls)
    }

    final func run(frames: Int) {
        for _ in 0..<frames {
            render(scroll: scrolls[next])
            next = next + 1 == scrolls.count ? 0 : next + 1
        }
    }

    func render(scroll x: Double) { fatalError("subclass") }

    /// The last frame as `FrameState`, for the agreement check; nil for `limit`.
    func state() -> FrameState? { nil }

    static let names = ["reference", "simd", "simd-parallel", "c", "limit"]

    static func make(_ name: String, _ walkthrough: Walkthrough, _ scrolls: [Double], plan: AnimationPlan) -> Implementation {
        switch name {
        case "reference": return ReferenceImplementation(name: name, walkthrough: walkthrough, scrolls: scrolls)
        case "simd": return SIMDImplementation(name: name, plan: plan, scrolls: scrolls, parallel: false)
        case "simd-parallel": return SIMDImplementation(name: name, plan: plan, scrolls: scrolls, parallel: true)
        case "c": return CImplementation(name: name, plan: plan, scrolls: scrolls, limit: false)
        default: return CImplementation(name: name, plan: plan, scrolls: scrolls, limit: true)
        }
    }
}

/// The scalar literal port, array of structs, Double.
final class ReferenceImplementation: Implementation {
    var last: FrameState?

    override func render(scroll x: Double) {
        last = try? ReferenceAnimator.frame(walkthrough, scroll: x)
    }

    override func state() -> FrameState? { last }
}

/// `WalkthroughAnimator.update(scroll:)`: on one core, or always split across all cores.
final class SIMDImplementation: Implementation {
    var animator: WalkthroughAnimator

    init(name: String, plan: AnimationPlan, scrolls: [Double], parallel: Bool) {
        animator = WalkthroughAnimator(plan: plan)
        if parallel {
            animator.parallelThreshold = 0
        } else {
            animator.threads = 1
        }
        super.init(name: name, walkthrough: plan.walkthrough, scrolls: scrolls)
    }

    override func render(scroll x: Double) {
        try? animator.update(scroll: x)
    }

    override func state() -> FrameState? { animator.state() }
}

/// The C anchor (same math, same blocks) or the store limit (same bytes, no math), with the
/// same per-frame work around them: offsets, window, per-page constants.
final class CImplementation: Implementation {
    let plan: AnimationPlan
    let limit: Bool
    var frame: FrameBuffer
    var offsets: [Double]
    var animated: [Bool]
    var currentPage = 0

    init(name: String, plan: AnimationPlan, scrolls: [Double], limit: Bool) {
        self.plan = plan
        self.limit = limit
        frame = FrameBuffer(for: plan)
        offsets = Array(repeating: .nan, count: plan.pages.count)
        animated = Array(repeating: false, count: plan.pages.count)
        super.init(name: name, walkthrough: plan.walkthrough, scrolls: scrolls)
    }

    override func render(scroll x: Double) {
        currentPage = (try? walkthrough.currentPage(scroll: x)) ?? 0  // as WalkthroughAnimator does
        for (i, layout) in plan.pages.enumerated() {
            let o = walkthrough.offset(ofPage: i, scroll: x)
            offsets[i] = o
            animated[i] = Walkthrough.isInWindow(o)
            guard animated[i] else { continue }
            if limit {
                frame.withUnsafeMutableBlocks(page: i) { anchor_store_limit($0.baseAddress, layout.blocks, 1) }
                continue
            }
            var page = CImplementation.anchorPage(PageConstants(layout, offset: o))
            plan.withUnsafeInputs(page: i) { inputs in
                var cInputs = anchor_inputs(speeds: inputs.speeds, statics: inputs.statics)
                frame.withUnsafeMutableBlocks(page: i) { anchor_page_frame(&page, &cInputs, $0.baseAddress, layout.blocks) }
            }
        }
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

    override func state() -> FrameState? {
        guard !limit else { return nil }
        return frame.state(of: walkthrough, currentPage: currentPage, offsets: offsets, animated: animated)
    }
}
