/// The fast path's inner loops: one page (or a chunk of its blocks) into the frame buffer.
///
/// Each block of `Lanes.count` subviews loads its speeds, computes the 16 fields and alpha
/// in lanes (`uniform` for one matrix per page, `spinning` for per-subview angles), stores
/// 17 vectors, then patches its static lanes. The serial reference is `ReferenceAnimator`.
enum FrameKernel {
    /// Blocks `blocks` of one page.
    static func run(_ k: PageConstants, _ input: KernelInputs, _ output: KernelOutputs, blocks: Range<Int>) {
        if let spin = k.spin {
            // Each combination is its own specialization, so the loop has no flag tests.
            switch (spin.scale != 1, spin.m34 != nil, k.translates) {
            case (false, false, false): spinning(k, spin, input, output, blocks, Flags<No, No, No>.self)
            case (false, false, true): spinning(k, spin, input, output, blocks, Flags<No, No, Yes>.self)
            case (false, true, false): spinning(k, spin, input, output, blocks, Flags<No, Yes, No>.self)
            case (false, true, true): spinning(k, spin, input, output, blocks, Flags<No, Yes, Yes>.self)
            case (true, false, false): spinning(k, spin, input, output, blocks, Flags<Yes, No, No>.self)
            case (true, false, true): spinning(k, spin, input, output, blocks, Flags<Yes, No, Yes>.self)
            case (true, true, false): spinning(k, spin, input, output, blocks, Flags<Yes, Yes, No>.self)
            case (true, true, true): spinning(k, spin, input, output, blocks, Flags<Yes, Yes, Yes>.self)
            }
        } else if k.translates {
            uniform(k, input, output, blocks)
        } else {
            uniformScale(k, input, output, blocks)
        }
        if let saturation = k.saturation { saturateTranslations(saturation, output, blocks) }
    }

    /// Where Float overflowed a translation (`m41`, `m42` infinite) but the reference's
    /// Double `f·s_k.x` (`g·s_k.y`) is finite, stores Float's largest magnitude instead:
    /// the fast path gives a finite frame wherever the reference does, and an infinite one
    /// where it does too. Only for pages whose translations can overflow, so the usual
    /// loops carry no clamp; scalar, since such frames are rare.
    @inline(never)
    static func saturateTranslations(_ s: PageConstants.Saturation, _ output: KernelOutputs, _ blocks: Range<Int>) {
        for i in blocks {
            for (c, axis) in [(FrameComponent.m41.rawValue, 0), (FrameComponent.m42.rawValue, 1)] {
                let lanes = output.base + i &* Lanes.frameBlockFloats + c &* Lanes.count
                for l in 0..<Lanes.count where lanes[l].isInfinite {
                    let k = Double(i &* Lanes.count &+ l &+ 1)  // k + 1 of the page's subview
                    let reference = s.factors[axis] * (s.speed[axis] + k * s.variance[axis])
                    if reference.isFinite { lanes[l] = Float(saturating: reference) }
                }
            }
        }
    }

    /// One matrix per page (no rotation, or one angle for the whole page); translating
    /// pages add `f·s_k.x`, `g·s_k.y` to row 4.
    @inline(never)
    static func uniform(_ k: PageConstants, _ input: KernelInputs, _ output: KernelOutputs, _ blocks: Range<Int>) {
        let f = Lanes.Floats(repeating: k.f), g = Lanes.Floats(repeating: k.g)
        var lanes = LaneMatrix(broadcast: k.matrix, alpha: k.alpha)
        var i = blocks.lowerBound  // not `for i in blocks`: its iterator checks the bounds twice a block
        while i < blocks.upperBound {
            // `+ 0` turns −0 into +0, as the reference's additions do.
            lanes.m41 = f * input.speedX(i) + 0
            lanes.m42 = g * input.speedY(i) + 0
            store(lanes, input, output, i)
            i &+= 1
        }
    }

    /// A Zoom page without per-subview spin: the same matrix for every subview.
    @inline(never)
    static func uniformScale(_ k: PageConstants, _ input: KernelInputs, _ output: KernelOutputs, _ blocks: Range<Int>) {
        let lanes = LaneMatrix(broadcast: k.matrix, alpha: k.alpha)
        var i = blocks.lowerBound
        while i < blocks.upperBound {
            store(lanes, input, output, i)
            i &+= 1
        }
    }

    /// Stores a block, then puts the identity and alpha 1 into its static lanes, if any.
    /// Static subviews are rare, so patching their lanes one by one beats selecting in
    /// every lane of every block (measured: 1/3 of blocks with one static lane, 1.5x).
    @inline(__always)
    static func store(_ lanes: LaneMatrix, _ input: KernelInputs, _ output: KernelOutputs, _ i: Int) {
        lanes.store(output, i)
        var statics = input.staticLanes[i]
        while statics != 0 {
            output.storeIdentity(at: i &* Lanes.count &+ statics.trailingZeroBitCount)
            statics &= statics - 1
        }
    }
}

/// The frame blocks of one page (or chunk): field `c` of block `i` at
/// `base + i·136 + c·8` (see `Lanes`). One base register and constant offsets.
package struct KernelOutputs {
    /// The page's (or chunk's) first frame block.
    package let base: UnsafeMutablePointer<Float>

    init(base: UnsafeMutablePointer<Float>) {
        self.base = base
    }

    @inline(__always)
    func store(_ c: Int, _ i: Int, _ v: Lanes.Floats) {
        (base + i &* Lanes.frameBlockFloats).storeBlock(c, v)
    }

    /// Identity and alpha 1 for the subview at index `k` (page-relative): 17 scalar stores.
    @inline(__always)
    func storeIdentity(at k: Int) {
        let (block, l) = UInt(bitPattern: k).quotientAndRemainder(dividingBy: UInt(Lanes.count))  // k ≥ 0: shifts
        let offset: Int = Int(bitPattern: block) &* Lanes.frameBlockFloats &+ Int(bitPattern: l)
        let lane = base + offset
        // Field by field in memory order: going back to the ones after the zeros was 4–5%
        // slower on statics-heavy pages (storyboard), for the same instructions.
        let identity = SIMD16<Float>(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)
        for c in 0..<16 { lane[c &* Lanes.count] = identity[c] }
        lane[FrameComponent.alpha.rawValue &* Lanes.count] = 1
    }
}
