/// A frame's bytes seen through plain pointers, with readers that check their indices and answer nil instead
/// of trapping, with no reference counting (the C interface's per-subview calls, the bulk readers). Valid
/// while the frame buffer it came from keeps its storage (a write to a shared frame moves it).
@usableFromInline
package struct FrameView: @unchecked Sendable {
    // Sendable: it only reads the frame; the writer's exclusivity rules keep reads and writes apart.
    @usableFromInline let base: UnsafeRawPointer
    @usableFromInline let layout: FrameLayout
    @usableFromInline let pageCount: Int
    @usableFromInline let slots: UnsafePointer<FrameStorage.PageSlot>
    /// The plan's static-lane masks (`FrameStorage.statics`).
    let statics: UnsafePointer<UInt8>
    /// The frame's run-time kernels (`FrameStorage.strategy`).
    let strategy: KernelStrategy

    @usableFromInline
    init(_ storage: FrameStorage) {
        (base, layout, pageCount, slots) = (UnsafeRawPointer(storage.base), storage.layout, storage.pageCount,
                                            UnsafePointer(storage.slots))
        (statics, strategy) = (storage.statics, storage.strategy)
    }

    /// Page `page`'s slot, or nil when `page` is out of range.
    @inlinable @inline(__always)
    func slot(page: Int) -> FrameStorage.PageSlot? {
        UInt(bitPattern: page) < UInt(bitPattern: pageCount) ? slots[page] : nil
    }

    /// Page `page`'s first matrix value (its first block in the `blocks` layout), or nil when `page` is out of range.
    @inlinable @inline(__always)
    package func matrices(page: Int) -> UnsafePointer<Float>? {
        slot(page: page).map { (base + $0.matrixOffset).assumingMemoryBound(to: Float.self) }
    }

    /// Page `page`'s slot when it has a subview `k`, else nil: two compares.
    @inlinable @inline(__always)
    func slot(page: Int, subview k: Int) -> FrameStorage.PageSlot? {
        guard let slot = slot(page: page), UInt(bitPattern: k) < UInt(bitPattern: slot.count) else { return nil }
        return slot
    }

    /// Subview `k`'s transform, or nil when `page` or `k` is out of range: two compares and its loads.
    @inlinable @inline(__always)
    package func transform(page: Int, subview k: Int) -> Transform3D? {
        slot(page: page, subview: k).map { FrameView.transform(base, layout, $0, k) }
    }

    /// Subview `k`'s alpha, or nil when `page` or `k` is out of range: two compares and one load.
    @inlinable @inline(__always)
    package func alpha(page: Int, subview k: Int) -> Double? {
        slot(page: page, subview: k).map { FrameView.alpha(base, layout, $0, k) }
    }

    /// Subview `k`'s alpha in `slot` (in range).
    @inlinable @inline(__always)
    static func alpha(_ base: UnsafeRawPointer, _ layout: FrameLayout, _ slot: FrameStorage.PageSlot, _ k: Int) -> Double {
        switch layout {
        case .blocks:
            let lane: Int = (k &>> 3) &* Lanes.frameBlockFloats &+ (k & 7)
            let floats = lane &+ FrameComponent.alpha.rawValue &* 8
            return Double(base.load(fromByteOffset: slot.matrixOffset &+ floats &* 4, as: Float.self))
        case .float4x4:
            return Double(base.load(fromByteOffset: slot.alphaOffset &+ k &* 4, as: Float.self))
        case .caTransform3D:
            return base.load(fromByteOffset: slot.alphaOffset &+ k &* 8, as: Double.self)
        }
    }
}

extension FrameView {
    /// Writes page `page` as 16 Doubles per subview (`FrameBuffer.gather(page:into:)`) into `out` (`readPage`).
    package func gather(page: Int, into out: UnsafeMutablePointer<Double>?, capacity: UInt) -> Bool {
        readPage(page, out, capacity, doubles: 16) { FrameReader.gather(self, $0, into: $1, strategy: strategy) }
    }

    /// Writes page `page`'s alphas as Doubles (`FrameBuffer.alphas(page:into:)`) into `out` (`readPage`).
    package func alphas(page: Int, into out: UnsafeMutablePointer<Double>?, capacity: UInt) -> Bool {
        readPage(page, out, capacity, doubles: 1) { FrameReader.alphas(self, $0, into: $1) }
    }

    /// Runs `body` on page `page` and `out`, which holds `capacity` Doubles; false, writing nothing, when the
    /// page is out of range, `out` holds fewer than `doubles` a subview, or is nil for a page with subviews.
    @inline(__always)
    private func readPage(_ page: Int, _ out: UnsafeMutablePointer<Double>?, _ capacity: UInt, doubles: Int,
                          _ body: (FrameStorage.PageSlot, UnsafeMutableRawPointer) -> Void) -> Bool {
        guard let slot = slot(page: page), capacity >= UInt(doubles &* slot.count) else { return false }
        guard slot.count > 0, let out else { return slot.count == 0 }
        body(slot, UnsafeMutableRawPointer(out))
        return true
    }

    /// Subview `k`'s transform in `slot` (in range) as Doubles.
    @inlinable @inline(__always)
    static func transform(_ base: UnsafeRawPointer, _ layout: FrameLayout, _ slot: FrameStorage.PageSlot, _ k: Int) -> Transform3D {
        switch layout {
        case .blocks:
            // Field c of the subview sits c·8 Floats after its lane's first field.
            let lane: Int = (k &>> 3) &* Lanes.frameBlockFloats &+ (k & 7)
            let f = (base + slot.matrixOffset).assumingMemoryBound(to: Float.self) + lane
            func d(_ c: Int) -> Double { Double(f[c &* 8]) }
            return Transform3D(m11: d(0), m12: d(1), m13: d(2), m14: d(3), m21: d(4), m22: d(5), m23: d(6), m24: d(7),
                               m31: d(8), m32: d(9), m33: d(10), m34: d(11), m41: d(12), m42: d(13), m43: d(14), m44: d(15))
        case .float4x4:
            let p = base + slot.matrixOffset + k &* 64
            // Row by row: SIMD16's own conversion is a generic call, SIMD4's is inlined.
            func row(_ r: Int) -> SIMD4<Double> { SIMD4<Double>(p.loadUnaligned(fromByteOffset: r &* 16, as: SIMD4<Float>.self)) }
            return Transform3D(rows: row(0), row(1), row(2), row(3))
        case .caTransform3D:
            return (base + slot.matrixOffset + k &* 128).loadUnaligned(as: Transform3D.self)
        }
    }
}

extension FrameBuffer {
    /// The frame's bytes through plain pointers (see `FrameView` for how long it stays valid).
    package var view: FrameView { FrameView(storage) }
}
