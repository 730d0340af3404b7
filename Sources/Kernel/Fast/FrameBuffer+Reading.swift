// Reading a frame for consumers: one subview as a Core Animation transform, a page
// gathered into the array-of-structs layout that `CALayer.transform` takes, and the raw
// streams for clients that read struct-of-arrays themselves.

extension FrameBuffer {
    /// Subview `k` of page `page` as a Double `Transform3D`.
    /// - Precondition: `page` and `k` in range (checked; a trap names them).
    public func transform(page: Int, subview k: Int) -> Transform3D {
        let i = index(page: page, subview: k)
        var fields = [Double](repeating: 0, count: 16)
        for c in 0..<16 { fields[c] = Double(storage.base[c * streamLength + i]) }
        return Transform3D(fields: fields)
    }

    /// Subview `k`'s alpha.
    public func alpha(page: Int, subview k: Int) -> Double {
        Double(stream(.alpha)[index(page: page, subview: k)])
    }

    /// Writes page `page` as 16 Doubles per subview, Core Animation field order
    /// (`m11 m12 … m44`), into `destination`, which must hold `16 × count` values.
    /// - Throws: a page out of range or a short buffer.
    public func gather(page: Int, into destination: UnsafeMutableBufferPointer<Double>) throws(WalkthroughError) {
        guard pages.indices.contains(page) else {
            throw WalkthroughError("page \(page) is out of range; the walkthrough has \(pages.count) pages")
        }
        let layout = pages[page]
        guard destination.count >= 16 * layout.count, let out = destination.baseAddress else {
            if layout.count == 0 { return }
            throw WalkthroughError(
                "buffer of \(destination.count) doubles is too short for page \(page): needs \(16 * layout.count)")
        }
        for c in 0..<16 {
            let source = storage.base + c * streamLength + layout.start
            for k in 0..<layout.count { out[16 * k + c] = Double(source[k]) }
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

    /// Calls `body` with component `c` of page `page`: `count` Floats (the segment's
    /// padding lanes follow them). The pointer is valid only inside `body`.
    public func withStream<R>(_ c: FrameComponent, page: Int,
                              _ body: (UnsafeBufferPointer<Float>) throws -> R) rethrows -> R {
        precondition(pages.indices.contains(page), "page \(page) out of range 0..<\(pages.count)")
        let layout = pages[page]
        return try withExtendedLifetime(storage) {
            try body(UnsafeBufferPointer(start: stream(c) + layout.start, count: layout.count))
        }
    }

    private func index(page: Int, subview k: Int) -> Int {
        precondition(pages.indices.contains(page), "page \(page) out of range 0..<\(pages.count)")
        precondition((0..<pages[page].count).contains(k), "subview \(k) out of range on page \(page)")
        return pages[page].start + k
    }
}
