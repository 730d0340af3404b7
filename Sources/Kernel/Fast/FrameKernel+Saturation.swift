extension FrameKernel {
    /// Where Float overflowed a translation (`m41`, `m42` infinite) but the reference's
    /// Double `f·s_k.x` (`g·s_k.y`) is finite, stores Float's largest magnitude instead, so
    /// the frame is finite wherever the reference's is. Scalar: such frames are rare.
    @inline(never)
    static func saturateTranslations(_ s: PageConstants.Saturation, _ output: KernelOutputs, _ blocks: Range<Int>) {
        let subviews = blocks.lowerBound &* Lanes.count ..< Swift.min(blocks.upperBound &* Lanes.count, output.count)
        for k in subviews {
            for axis in 0..<2 {
                let (p, isDouble) = translation(output, subview: k, axis: axis)
                let value = isDouble ? p.load(as: Double.self) : Double(p.load(as: Float.self))
                guard value.isInfinite else { continue }
                let reference = s.factors[axis] * (s.speed[axis] + Double(k + 1) * s.variance[axis])
                guard reference.isFinite else { continue }
                let saturated = Float(saturating: reference)
                if isDouble { p.storeBytes(of: Double(saturated), as: Double.self) } else { p.storeBytes(of: saturated, as: Float.self) }
            }
        }
    }

    /// Where subview `k`'s `m41` (axis 0) or `m42` (axis 1) sits, and whether it is a Double.
    private static func translation(_ out: KernelOutputs, subview k: Int, axis: Int) -> (UnsafeMutableRawPointer, Bool) {
        let field = FrameComponent.m41.rawValue + axis
        switch out.layout {
        case .blocks:
            let floats = k / Lanes.count * Lanes.frameBlockFloats + field * Lanes.count + k % Lanes.count
            return (out.matrices + floats * 4, false)
        case .float4x4: return (out.matrices + k * 64 + field * 4, false)
        case .caTransform3D: return (out.matrices + k * 128 + field * 8, true)
        }
    }
}
