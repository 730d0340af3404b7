import Kernel

extension FrameBuffer {
    /// Writes page `page`'s first `count` alphas into `out` as Doubles. A block's alpha field
    /// is 8 consecutive Floats, so a whole block is one vector load, conversion and store;
    /// `bww_alpha` pays a whole C call, checks and reference counting included, per subview.
    func copyAlphas(page: Int, count: Int, into out: UnsafeMutablePointer<Double>) {
        withUnsafeBlocks(page: page) { blocks in
            guard let base = blocks.baseAddress else { return }
            let alpha = FrameComponent.alpha.rawValue * Lanes.count
            let whole = count / Lanes.count
            for block in 0..<whole {
                let floats = UnsafeRawPointer(base + block * Lanes.frameBlockFloats + alpha).loadUnaligned(as: Lanes.Floats.self)
                UnsafeMutableRawPointer(out + block * Lanes.count).storeBytes(of: Lanes.Doubles(floats), as: Lanes.Doubles.self)
            }
            for k in whole * Lanes.count..<count {
                out[k] = Double(base[Lanes.frameIndex(.alpha, subview: k)])
            }
        }
    }
}
