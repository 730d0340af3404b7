import WalkthroughKernel

/// The parity check of a whole frame that the layout and spin suites share.
public enum FrameParity {
    /// The first subview where `fast` strays from `reference` beyond `ParityTolerance`, as
    /// `page P subview K: why`, or nil.
    public static func mismatch(_ fast: FrameState, _ reference: FrameState) -> String? {
        for (f, r) in zip(fast.pages, reference.pages) {
            for (k, (a, b)) in zip(f.subviews ?? [], r.subviews ?? []).enumerated() {
                if let why = ParityTolerance.mismatch(a, b) { return "page \(f.index) subview \(k): \(why)" }
            }
        }
        return nil
    }
}
