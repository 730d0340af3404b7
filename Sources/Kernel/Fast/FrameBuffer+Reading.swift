// Reading a frame for consumers: one subview as a Core Animation transform, a page
// gathered into the array-of-structs layout that `CALayer.transform` takes, and the raw
// blocks for clients that read the SIMD layout themselves.

extension FrameBuffer {
    /// Subview `k` of page `page` as a Double `Transform3D`.
    /// - Precondition: `page` and `k` in range (checked; a trap names them).
    public func transform(page: Int, subview k: Int) -> Transform3D {
        checkIndex(page: page, subview: k)
        // Field c of the subview sits c·8 Floats after its lane's first field.
        let f = blocks(page: page) + k / Lanes.count * Lanes.frameBlockFloats + k % Lanes.count
        func d(_ c: Int) -> Double { Double(f[c &* Lanes.count]) }
        return Transform3D(m11: d(0), m12: d(1), m13: d(2), m14: d(3), m21: d(4), m22: d(5), m23: d(6), m24: d(7),
                           m31: d(8), m32: d(9), m33: d(10), m34: d(11), m41: d(12), m42: d(13), m43: d(14), m44: d(15))
    }

    /// Subview `k`'s alpha.
    public func alpha(page: Int, subview k: Int) -> Double {
        checkIndex(page: page, subview: k)
        return Double(blocks(page: page)[Lanes.frameIndex(.alpha, subview: k)])
    }

    /// Writes page `page` as 16 Doubles per subview, Core Animation field order
    /// (`m11 m12 … m44`), into `destination`, which must hold `16 × count` values.
    /// - Throws: a page out of range or a short buffer.
    public func gather(page: Int, into destination: UnsafeMutableBufferPointer<Double>) throws(WalkthroughError) {
        guard pages.indices.contains(page) else {
            throw WalkthroughError("page \(page) is out of range; the walkthrough has \(pages.count) pages")
        }
        let count = pages[page].count
        guard count > 0 else { return }
        guard destination.count >= 16 * count, let out = destination.baseAddress else {
            throw WalkthroughError(
                "buffer of \(destination.count) doubles is too short for page \(page): needs \(16 * count)")
        }
        let blocks = blocks(page: page)
        for k in 0..<count {
            let lane = blocks + k / Lanes.count * Lanes.frameBlockFloats + k % Lanes.count
            for c in 0..<16 { out[16 * k + c] = Double(lane[c * Lanes.count]) }
        }
    }

    /// Page `page` as 16 Doubles per subview (see `gather(page:into:)`).
    public func gathered(page: Int) throws(WalkthroughError) -> [Double] {
        guard pages.indices.contains(page) else {
            throw WalkthroughError("page \(page) is out of range; the walkthrough has \(pages.count) pages")
        }
        var result = [Double](repeating: 0, count: 16 * pages[page].count)
        try result.withUnsafeMutableBufferPointer { (buffer) throws(WalkthroughError) in
            try gather(page: page, into: buffer)
        }
        return result
    }

    /// Calls `body` with page `page`'s blocks: `paddedCount / 8` blocks of 136 Floats, field
    /// `c` of subview `k` at `Lanes.frameIndex(c, subview: k)`. Lanes past `count` are
    /// padding. The pointer is valid only inside `body`.
    public func withUnsafeBlocks<R>(page: Int, _ body: (UnsafeBufferPointer<Float>) throws -> R) rethrows -> R {
        precondition(pages.indices.contains(page), "page \(page) out of range 0..<\(pages.count)")
        let floats = pages[page].blocks * Lanes.frameBlockFloats
        return try withExtendedLifetime(storage) {
            try body(UnsafeBufferPointer(start: blocks(page: page), count: floats))
        }
    }

    private func checkIndex(page: Int, subview k: Int) {
        precondition(pages.indices.contains(page), "page \(page) out of range 0..<\(pages.count)")
        precondition((0..<pages[page].count).contains(k), "subview \(k) out of range on page \(page)")
    }
}
