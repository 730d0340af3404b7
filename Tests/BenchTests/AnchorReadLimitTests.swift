import CAnchor
import WalkthroughKernel
import Testing

/// `anchor_read_limit` (the bench's `read-limit`) moves what `gather` moves: every one of a
/// page's 16 × count destination Doubles written, nothing before or after them, and each
/// written from the page's own bytes: in `caTransform3D` a copy; in `float4x4` and `blocks`
/// each 32-byte piece of the matrices (a subview's half row, or a field's 8 lanes) at both
/// of its places; a partial last block's lanes widened. Destinations at every 8-byte phase
/// of a 32-byte boundary; for a page that shares a template, its translations only.
@Suite struct AnchorReadLimitTests {
    static let counts = Array(0...25) + [63, 64, 65, 1001]
    /// A value no source element widens to, nor moves to (its bits are no pair of them).
    static let untouched = -123.25
    /// Floats in a block of the `blocks` layout (17 fields of 8 lanes).
    static let blockFloats = Int(ANCHOR_BLOCK_FLOATS)

    @Test(arguments: counts) func writesEachDestinationSlotFromThePage(count: Int) {
        let layouts = [ANCHOR_LAYOUT_BLOCKS, ANCHOR_LAYOUT_FLOAT4X4, ANCHOR_LAYOUT_CATRANSFORM3D]
        for layout in layouts {
            for offset in 0..<4 {
                let seed = "layout \(layout.rawValue) count \(count) offset \(offset)"
                let (written, source) = Self.run(layout, count: count, offset: offset)
                #expect(written.prefix(2).allSatisfy { $0 == Self.untouched }, "wrote before the destination: \(seed)")
                #expect(written.suffix(2).allSatisfy { $0 == Self.untouched }, "wrote past the destination: \(seed)")
                let out = Array(written.dropFirst(2).dropLast(2))
                #expect(out == Self.expected(layout, source, count: count), "\(seed)")
            }
        }
    }

    /// With a template (blocks), fields 12 and 13 moved from the page and every other field's
    /// pieces from the template's row c / 4; nothing outside the destination.
    @Test(arguments: counts) func aTemplatePageReadsOnlyItsTranslations(count: Int) {
        let template = (0..<16).map { Double($0) * 0.25 - 7 }
        for offset in 0..<4 {
            let seed = "count \(count) offset \(offset)"
            let (written, source) = Self.run(ANCHOR_LAYOUT_BLOCKS, count: count, offset: offset, template: template)
            #expect(written.prefix(2).allSatisfy { $0 == Self.untouched }, "wrote before the destination: \(seed)")
            #expect(written.suffix(2).allSatisfy { $0 == Self.untouched }, "wrote past the destination: \(seed)")
            var expected = Self.expected(ANCHOR_LAYOUT_BLOCKS, source, count: count)
            for b in 0..<count / 8 {
                for c in 0..<16 where c != 12 && c != 13 {
                    let row = Array(template[4 * (c / 4) ..< 4 * (c / 4) + 4])
                    expected.replaceSubrange(b * 128 + 8 * c ..< b * 128 + 8 * c + 8, with: row + row)
                }
            }
            #expect(Array(written.dropFirst(2).dropLast(2)) == expected, "\(seed)")
        }
    }

    /// The page's matrix bytes in `layout` (distinct Floats, or Doubles in `caTransform3D`),
    /// and what the limit wrote: the destination with two guard Doubles either side, the
    /// guard before it `offset` Doubles past a 32-byte boundary (the destination at
    /// 16 + 8·offset mod 32).
    static func run(_ layout: anchor_layout, count: Int, offset: Int,
                    template: [Double]? = nil) -> (written: [Double], source: [Float]) {
        let floats = layout == ANCHOR_LAYOUT_BLOCKS ? (count + 7) / 8 * blockFloats : 16 * count
        // caTransform3D's source is Doubles: two Floats' room each.
        let source = (0..<(layout == ANCHOR_LAYOUT_CATRANSFORM3D ? 2 * floats : floats)).map { Float($0) * 0.5 + 1 }
        let total = 16 * count + 4 + offset
        let buffer = UnsafeMutablePointer<Double>.allocate(capacity: total + 4)
        defer { buffer.deallocate() }
        // Aligned to 32 bytes, then `offset` Doubles off.
        let aligned = UnsafeMutablePointer<Double>(bitPattern: (UInt(bitPattern: buffer) + 31) & ~31)! + offset
        aligned.initialize(repeating: untouched, count: 16 * count + 4)
        let doubles = layout == ANCHOR_LAYOUT_CATRANSFORM3D ? source.prefix(16 * count).map(Double.init) : []
        source.withUnsafeBytes { floatBytes in
            doubles.withUnsafeBytes { doubleBytes in
                let matrices = layout == ANCHOR_LAYOUT_CATRANSFORM3D ? doubleBytes.baseAddress : floatBytes.baseAddress
                if let template {
                    template.withUnsafeBufferPointer {
                        anchor_read_limit(layout, matrices, count, aligned + 2, $0.baseAddress)
                    }
                } else {
                    anchor_read_limit(layout, matrices, count, aligned + 2, nil)
                }
            }
        }
        return (Array(UnsafeBufferPointer(start: aligned, count: 16 * count + 4)), source)
    }

    /// What the limit must write, as Doubles (moved pieces read back as the Doubles they
    /// make).
    static func expected(_ layout: anchor_layout, _ source: [Float], count: Int) -> [Double] {
        func piece(_ start: Int) -> [Double] {  // 8 Floats' bytes as 4 Doubles
            source[start..<start + 8].withUnsafeBytes { Array($0.bindMemory(to: Double.self)) }
        }
        var out: [Double] = []
        switch layout {
        case ANCHOR_LAYOUT_CATRANSFORM3D:
            out = source.prefix(16 * count).map(Double.init)
        case ANCHOR_LAYOUT_FLOAT4X4:
            for k in 0..<count { out += piece(16 * k) + piece(16 * k) + piece(16 * k + 8) + piece(16 * k + 8) }
        default:
            let full = count / 8
            for b in 0..<full {
                for c in 0..<16 { out += piece(b * blockFloats + 8 * c) + piece(b * blockFloats + 8 * c) }
            }
            for k in full * 8..<count {
                let lane = k / 8 * blockFloats + k % 8
                for c in 0..<16 { out.append(Double(source[lane + 8 * c])) }
            }
        }
        return out
    }
}
