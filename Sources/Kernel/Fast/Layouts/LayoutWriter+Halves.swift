// Dense layouts from a block in the blocks layout: where registers hold 4 Floats the spin
// computes half a block at a time into a scratch block (`spinHalves`), then the block is
// transposed into the dense layout four fields at a time. Transposing the half blocks as
// they came out of the arithmetic spilled (105 instructions a subview against 24 in blocks).

extension BlockWriter {
    @inline(__always)
    static func storeBlock(copying source: UnsafeRawPointer, _ out: KernelOutputs, block i: Int) {
        (out.matrices + i &* (Lanes.frameBlockFloats &* 4)).copyMemory(from: source, byteCount: Lanes.frameBlockFloats &* 4)
    }
}

extension Float4x4Writer {
    @inline(__always)
    static func storeBlock(copying source: UnsafeRawPointer, _ out: KernelOutputs, block i: Int) {
        let base = out.matrices + i &* (Lanes.count &* 64)
        for row in 0..<4 {
            func field(_ c: Int) -> Lanes.Floats { source.load(fromByteOffset: (4 &* row &+ c) &* 32, as: Lanes.Floats.self) }
            storeRow(LaneRows(field(0), field(1), field(2), field(3)), row, out, block: i, at: base)
        }
        storeAlpha(source.load(fromByteOffset: 16 &* 32, as: Lanes.Floats.self), out, block: i)
    }
}

extension CATransform3DWriter {
    @inline(__always)
    static func storeBlock(copying source: UnsafeRawPointer, _ out: KernelOutputs, block i: Int) {
        let base = out.matrices + i &* (Lanes.count &* 128), n = out.lanes(inBlock: i)
        for row in 0..<4 {
            func field(_ c: Int) -> Lanes.Floats { source.load(fromByteOffset: (4 &* row &+ c) &* 32, as: Lanes.Floats.self) }
            storeRow(LaneRows(field(0), field(1), field(2), field(3)), row, lanes: n, at: base)
        }
        storeAlpha(source.load(fromByteOffset: 16 &* 32, as: Lanes.Floats.self), out, block: i)
    }
}
