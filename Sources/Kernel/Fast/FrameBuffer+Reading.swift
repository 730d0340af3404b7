// Reading a frame out: one subview, a page gathered into CATransform3D's layout, alphas in
// bulk, and the raw bytes. None of them allocates, except `gathered`.

extension FrameBuffer {
    /// Subview `k` of page `page` as a Double `Transform3D`.
    /// - Precondition: `page` and `k` in range (checked; a trap names them).
    @inlinable @inline(__always)
    public func transform(page: Int, subview k: Int) -> Transform3D {
        FrameView.transform(storage.base, storage.layout, storage.slot(page: page, subview: k), k)
    }

    /// Subview `k`'s alpha.
    /// - Precondition: `page` and `k` in range (checked; a trap names them).
    @inlinable @inline(__always)
    public func alpha(page: Int, subview k: Int) -> Double {
        FrameView.alpha(storage.base, storage.layout, storage.slot(page: page, subview: k), k)
    }

    /// Writes page `page`'s alphas, one Double per subview, into `destination`, which must
    /// hold the page's subview count.
    /// - Throws: a page out of range or a short buffer.
    public func alphas(page: Int, into destination: UnsafeMutableBufferPointer<Double>) throws(WalkthroughError) {
        let count = try checkDestination(page: page, destination.count, perSubview: 1, what: "alphas")
        guard count > 0, let out = destination.baseAddress else { return }
        withExtendedLifetime(storage) { FrameReader.alphas(view, view.slots[page], into: UnsafeMutableRawPointer(out)) }
    }

    /// Writes page `page` as 16 Doubles per subview, Core Animation field order
    /// (`CATransform3D`'s memory layout), into `destination`, which must hold `16 × count`
    /// values. In the `sse2` and `avx` strategies a page of 32,768 subviews or more into a
    /// 16-byte-aligned destination bypasses the caches (non-temporal stores, fenced before
    /// the return). The values are the same in every strategy.
    /// - Throws: a page out of range or a short buffer.
    public func gather(page: Int, into destination: UnsafeMutableBufferPointer<Double>) throws(WalkthroughError) {
        let count = try checkDestination(page: page, destination.count, perSubview: 16, what: "doubles")
        guard count > 0, let out = destination.baseAddress else { return }
        withExtendedLifetime(storage) { FrameReader.gather(view, view.slots[page], into: UnsafeMutableRawPointer(out), strategy: view.strategy) }
    }

    /// Page `page` as 16 Doubles per subview (see `gather(page:into:)`), in a new array,
    /// written through the cache whatever its size.
    /// - Throws: a page out of range.
    public func gathered(page: Int) throws(WalkthroughError) -> [Double] {
        // Any capacity: a new array. Written once, through the cache (the caller reads it next), with no zero fill.
        let count = try 16 * checkDestination(page: page, .max, perSubview: 16, what: "doubles")
        return [Double](unsafeUninitializedCapacity: count) { buffer, initialized in
            if count > 0, let out = buffer.baseAddress {
                withExtendedLifetime(storage) {
                    FrameReader.gather(view, view.slots[page], into: UnsafeMutableRawPointer(out), strategy: view.strategy,
                                       intoNewArray: true)
                }
            }
            initialized = count
        }
    }

    /// Calls `body` with page `page`'s blocks (layout `blocks` only): `paddedCount / 8`
    /// blocks of 136 Floats, field `c` of subview `k` at `Lanes.frameIndex(c, subview: k)`.
    /// Lanes past the page's count are padding. The pointer is valid only inside `body`.
    /// - Precondition: the `blocks` layout, and `page` in range.
    public func withUnsafeBlocks<R>(page: Int, _ body: (UnsafeBufferPointer<Float>) throws -> R) rethrows -> R {
        precondition(layout == .blocks, "withUnsafeBlocks reads the blocks layout; this frame is \(layout)")
        precondition(pages.indices.contains(page), "page \(page) out of range 0..<\(pages.count)")
        let floats = pages[page].blocks * Lanes.frameBlockFloats
        return try withExtendedLifetime(storage) {
            let start = (storage.base + geometry.matrixOffset(page: page)).assumingMemoryBound(to: Float.self)
            return try body(UnsafeBufferPointer(start: start, count: floats))
        }
    }

    /// Calls `body` with page `page`'s bytes in the frame's layout: its matrices (the
    /// blocks in `blocks`, `matrixStride` bytes per subview in the dense layouts) and its
    /// alphas (empty in `blocks`). Valid only inside `body`.
    /// - Precondition: `page` in range.
    public func withUnsafeBytes<R>(page: Int,
                                   _ body: (_ matrices: UnsafeRawBufferPointer, _ alphas: UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        precondition(pages.indices.contains(page), "page \(page) out of range 0..<\(pages.count)")
        let entries = layout == .blocks ? pages[page].paddedCount : pages[page].count
        return try withExtendedLifetime(storage) {
            try body(UnsafeRawBufferPointer(start: storage.base + geometry.matrixOffset(page: page),
                                            count: entries * layout.matrixStride),
                     UnsafeRawBufferPointer(start: storage.base + geometry.alphaOffset(page: page),
                                            count: entries * layout.alphaStride))
        }
    }

    /// The page's subview count, after checking the page and that `capacity` holds `perSubview` values a subview.
    private func checkDestination(page: Int, _ capacity: Int, perSubview: Int, what: String) throws(WalkthroughError) -> Int {
        guard pages.indices.contains(page) else {
            throw WalkthroughError.pageOutOfRange(page, pageCount: pages.count)
        }
        let count = pages[page].count
        guard capacity >= perSubview * count else {
            throw WalkthroughError("buffer of \(capacity) \(what) is too short for page \(page): needs \(perSubview * count)")
        }
        return count
    }
}
