import CAnchor
import Foundation
import Testing

/// The C anchor's three output layouts agree: `float4x4` and `caTransform3D` hold, subview by
/// subview, exactly the fields and alpha that `blocks` holds (Double-widened for
/// `caTransform3D`), static subviews included; destinations are unaligned, the page's last
/// block writes only its subviews, and a page split into calls gives the same bytes.
@Suite struct AnchorLayoutTests {
    static let counts = Array(0...25)

    /// Every kind of page the anchor specializes on: one matrix with and without translation,
    /// and per-subview spin with each combination of scale, perspective and translation.
    static let pages: [anchor_page] = {
        var uniform = anchor_page()
        uniform.matrix = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)
        (uniform.f, uniform.g, uniform.alpha) = (2, -3, 0.5)
        uniform.scale = 1
        var still = uniform
        still.translates = 0
        uniform.translates = 1
        var pages = [still, uniform]
        for flags in 0..<8 {
            var spin = uniform
            spin.spins = 1
            (spin.base, spin.step) = (0.3, 0.01)
            var cosines = [Float](), sines = [Float]()
            for l in 0..<8 { cosines.append(Float(cos(0.01 * Double(l)))); sines.append(Float(sin(0.01 * Double(l)))) }
            spin.lane_cos = (cosines[0], cosines[1], cosines[2], cosines[3], cosines[4], cosines[5], cosines[6], cosines[7])
            spin.lane_sin = (sines[0], sines[1], sines[2], sines[3], sines[4], sines[5], sines[6], sines[7])
            let axis = [1.0, 2.0, 3.0].map { Float($0 / 14.0.squareRoot()) }
            (spin.x, spin.y, spin.z) = (axis[0], axis[1], axis[2])
            (spin.xx, spin.yy, spin.zz) = (axis[0] * axis[0], axis[1] * axis[1], axis[2] * axis[2])
            (spin.xy, spin.xz, spin.yz) = (axis[0] * axis[1], axis[0] * axis[2], axis[1] * axis[2])
            spin.scale = flags & 4 != 0 ? 0.8 : 1
            spin.perspective = flags & 2 != 0 ? 1 : 0
            spin.m34 = -0.002
            spin.translates = flags & 1 != 0 ? 1 : 0
            pages.append(spin)
        }
        return pages
    }()

    @Test(arguments: counts) func denseLayoutsHoldTheBlocksFields(count: Int) throws {
        for (p, page) in Self.pages.enumerated() {
            for staticEvery in [0, 3, 7] {
                let page = PageRun(page: page, count: count, staticEvery: staticEvery)
                // Floats are read widened to Double, exactly, so every comparison is exact.
                let blocks = page.run(.blocks)
                let floats = page.run(.float4x4), doubles = page.run(.caTransform3D)
                for k in 0..<count {
                    let isStatic = staticEvery != 0 && k % staticEvery == 1
                    for c in 0..<17 {
                        let expected = blocks.matrices[k / 8 * 136 + c * 8 + k % 8]
                        if isStatic { #expect(expected == ([0, 5, 10, 15, 16].contains(c) ? 1 : 0)) }
                        let float = c < 16 ? floats.matrices[16 * k + c] : floats.alphas[k]
                        let double = c < 16 ? doubles.matrices[16 * k + c] : doubles.alphas[k]
                        #expect(float == expected && double == expected, "page \(p) count \(count) subview \(k) field \(c)")
                    }
                }
            }
        }
    }

    @Test(arguments: counts) func aSplitPageGivesTheSameBytes(count: Int) {
        for page in Self.pages {
            let run = PageRun(page: page, count: count, staticEvery: 4)
            for layout in PageRun.Layout.allCases {
                let whole = run.run(layout)
                for split in 0...run.blocks {
                    #expect(run.run(layout, splitAt: split) == whole)
                }
            }
        }
    }

    /// Uniform pages of every kind the anchor splits on (`anchor_is_diagonal`,
    /// `anchor_is_posed`): general, the identity, a scale, a −0 off the diagonal (general),
    /// posed by −0 and by 3, still and translating. Every layout holds, bit for bit, the
    /// template's fields, `f·s.x + m41` and `g·s.y + m42` (+0 for an unposed page), and alpha.
    @Test(arguments: [0, 7, 8, 13]) func uniformPagesHoldTheirTemplateBitForBit(count: Int) {
        let identity: [Float] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        var matrices: [(String, [Float])] = [("general", (1...16).map(Float.init)), ("identity", identity)]
        matrices.append(("scale", [0.5, 0, 0, 0, 0, 0.25, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]))
        var negativeZero = identity
        negativeZero[1] = -0.0
        matrices.append(("-0 at m12", negativeZero))
        var posedByNegativeZero = identity, posed = identity
        (posedByNegativeZero[12], posed[12], posed[13]) = (-0.0, 3, -0.0)
        matrices += [("posed by -0", posedByNegativeZero), ("posed", posed)]
        for (name, m) in matrices {
            for translates in [0, 1] {
                var page = anchor_page()
                page.matrix = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8], m[9], m[10], m[11], m[12], m[13], m[14], m[15])
                (page.f, page.g, page.alpha, page.scale, page.translates) = (-0.0, 2, 0.5, 1, Int32(translates))
                let run = PageRun(page: page, count: count, staticEvery: 0)
                for layout in PageRun.Layout.allCases {
                    let out = run.run(layout)
                    for k in 0..<count {
                        let (b, l) = (k / 8, k % 8)
                        for c in 0..<17 {
                            var expected = c == 16 ? page.alpha : m[c]
                            if translates == 1 && (c == 12 || c == 13) {
                                let speed = run.speeds[16 * b + (c == 12 ? 0 : 8) + l]
                                expected = (c == 12 ? page.f : page.g) * speed + m[c]
                            }
                            let value = switch layout {
                            case .blocks: out.matrices[136 * b + 8 * c + l]
                            case .float4x4, .caTransform3D: c == 16 ? out.alphas[k] : out.matrices[16 * k + c]
                            }
                            #expect(Float(value).bitPattern == expected.bitPattern,
                                    "\(name), translates \(translates), \(layout), count \(count), subview \(k), field \(c): \(value) for \(expected)")
                        }
                    }
                }
            }
        }
    }

    @Test(arguments: counts) func theStoreLimitWritesTheIdentityInPlace(count: Int) {
        let run = PageRun(page: Self.pages[1], count: count, staticEvery: 0)
        for layout in PageRun.Layout.allCases {
            let limit = run.run(layout, limit: true)
            let identity: [Double] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
            for k in 0..<count {
                for c in 0..<16 {
                    let value = layout == .blocks ? limit.matrices[k / 8 * 136 + c * 8 + k % 8] : limit.matrices[16 * k + c]
                    #expect(value == identity[c])
                }
                #expect((layout == .blocks ? limit.matrices[k / 8 * 136 + 128 + k % 8] : limit.alphas[k]) == 1)
            }
        }
    }
}

/// One page's inputs for the anchor, and its outputs in each layout.
struct PageRun {
    var page: anchor_page
    let count: Int
    var blocks: Int { (count + 7) / 8 }
    /// Per block: 8 x then 8 y speeds, all distinct, so that lanes cannot be confused.
    let speeds: [Float]
    let statics: [UInt8]

    /// Subviews `k` with `k % staticEvery == 1` are static (none for 0).
    init(page: anchor_page, count: Int, staticEvery: Int) {
        self.page = page
        self.count = count
        let blocks = (count + 7) / 8
        speeds = (0..<(16 * blocks)).map { Float($0) * 0.25 + 1 }
        statics = (0..<blocks).map { b in
            (0..<8).reduce(UInt8(0)) { mask, l in
                let k = 8 * b + l
                return k < count && staticEvery != 0 && k % staticEvery == 1 ? mask | 1 << l : mask
            }
        }
    }

    /// What one run wrote: every matrix element and alpha, widened to Double.
    struct Output: Equatable {
        var matrices: [Double], alphas: [Double]
    }

    /// Runs the anchor (or the store limit) into fresh memory, calling it for blocks
    /// `0..<splitAt` and `splitAt..<blocks` apart, with the destinations one element (4 or 8
    /// bytes) off any vector alignment and guard values around them that must survive.
    func run(_ layout: Layout, splitAt: Int = 0, limit: Bool = false) -> Output {
        let elements = layout == .blocks ? 136 * blocks : 16 * count
        let size = layout == .caTransform3D ? 8 : 4, guardBytes = 64
        let matrixBytes = elements * size, alphaBytes = (layout == .blocks ? 0 : count) * size
        let raw = UnsafeMutableRawPointer.allocate(byteCount: matrixBytes + alphaBytes + 4 * guardBytes, alignment: 64)
        defer { raw.deallocate() }
        raw.initializeMemory(as: UInt8.self, repeating: 0xA5, count: matrixBytes + alphaBytes + 4 * guardBytes)
        let matrices = raw + guardBytes + size, alphas = matrices + matrixBytes + guardBytes
        var outputs = anchor_outputs(layout: layout.c, matrices: matrices, alphas: layout == .blocks ? nil : alphas,
                                     count: count)
        var page = page
        speeds.withUnsafeBufferPointer { speeds in
            statics.withUnsafeBufferPointer { statics in
                var inputs = anchor_inputs(speeds: speeds.baseAddress, static_lanes: statics.baseAddress)
                for range in [0..<splitAt, splitAt..<blocks] {
                    if limit { anchor_store_limit(&outputs, range.lowerBound, range.upperBound) }
                    else { anchor_page_frame(&page, &inputs, &outputs, range.lowerBound, range.upperBound) }
                }
            }
        }
        let bytes = UnsafeRawBufferPointer(start: raw, count: matrixBytes + alphaBytes + 4 * guardBytes)
        let untouched = Array(bytes[0..<(guardBytes + size)]) + Array(bytes[(guardBytes + size + matrixBytes)..<(alphas - raw)])
            + Array(bytes[(alphas - raw + alphaBytes)...])
        #expect(untouched.allSatisfy { $0 == 0xA5 }, "\(layout) wrote outside its \(count) subviews")
        func read(_ p: UnsafeMutableRawPointer, _ n: Int) -> [Double] {
            (0..<n).map { i in
                size == 8 ? p.loadUnaligned(fromByteOffset: 8 * i, as: Double.self)
                    : Double(p.loadUnaligned(fromByteOffset: 4 * i, as: Float.self))
            }
        }
        return Output(matrices: read(matrices, elements), alphas: read(alphas, alphaBytes / size))
    }

    enum Layout: CaseIterable {
        case blocks, float4x4, caTransform3D
        var c: anchor_layout {
            switch self {
            case .blocks: return ANCHOR_LAYOUT_BLOCKS
            case .float4x4: return ANCHOR_LAYOUT_FLOAT4X4
            case .caTransform3D: return ANCHOR_LAYOUT_CATRANSFORM3D
            }
        }
    }
}
