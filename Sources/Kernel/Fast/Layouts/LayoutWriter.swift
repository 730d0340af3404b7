/// How a kernel's lanes reach memory in one `FrameLayout`: the kernels are generic over it,
/// so each layout gets its own loop with no layout test inside.
protocol LayoutWriter {
    /// A page's constant fields, precomputed in the form this writer stores fastest.
    associatedtype Template

    /// The template of a page whose non-static subviews all get `fields` and `alpha`.
    static func template(_ fields: SIMD16<Float>, alpha: Float) -> Template

    /// Block `i`: the template's fields in every lane, except `m41`, `m42`.
    static func storeTranslated(_ t: Template, m41: Lanes.Floats, m42: Lanes.Floats, _ out: KernelOutputs, block i: Int)

    /// Block `i`: the template in every lane.
    static func storeTemplate(_ t: Template, _ out: KernelOutputs, block i: Int)

    /// Block `i`: every field and alpha per lane.
    static func store(_ m: LaneMatrix, _ out: KernelOutputs, block i: Int)

    /// The identity and alpha 1 for the page's subview `k` (a static subview).
    static func storeIdentity(_ out: KernelOutputs, subview k: Int)

    /// The same where the subview's fields already hold the identity's but for `m41`, `m42`
    /// and alpha (`PageConstants.hasUnitDiagonal`): only those three in `blocks`.
    static func storeTranslationIdentity(_ out: KernelOutputs, subview k: Int)

    /// The same where the subview's fields off the diagonal already hold +0
    /// (`PageConstants.isDiagonal`): the diagonal, `m41`, `m42` and alpha in `blocks`.
    static func storeDiagonalIdentity(_ out: KernelOutputs, subview k: Int)

    /// Lanes `4h ..< 4h + 4` of block `i` (those on the page), where registers hold 4
    /// Floats: how the half-block spin reaches every layout (`LayoutWriter+Halves.swift`).
    static func storeHalf(_ f: LaneFields<SIMD4<Float>>, _ out: KernelOutputs, block i: Int, half h: Int)
}

extension LayoutWriter {
    /// A dense layout's identity is one contiguous row: nothing to leave out.
    @inline(__always)
    static func storeTranslationIdentity(_ out: KernelOutputs, subview k: Int) { storeIdentity(out, subview: k) }

    @inline(__always)
    static func storeDiagonalIdentity(_ out: KernelOutputs, subview k: Int) { storeIdentity(out, subview: k) }

    /// Puts the identity and alpha 1 into block `i`'s static lanes, if any, after the block
    /// is stored (docs/DESIGN.md, "Static subviews").
    @inline(__always)
    static func patchStatics(_ input: KernelInputs, _ out: KernelOutputs, block i: Int) {
        patchStatics(input.staticLanes[i], out, blocksFrom: i)
    }

    /// `patchStatics` for blocks `i ..< i + 8`, whose masks are read as one word after all
    /// eight are stored (docs/DESIGN.md, "Loads among the stores"), with `Patch`'s stores.
    @inline(__always)
    static func patchStatics<Patch: StaticPatch>(_ input: KernelInputs, _ out: KernelOutputs, eightBlocksFrom i: Int,
                                                 _: Patch.Type) {
        patchStatics(word(input, i), out, blocksFrom: i, Patch.self)
    }

    /// The same for the `count` (1 … 8) blocks from `i`: the word masked to their bytes. Reads
    /// past the page's last mask (`PlanStorage` pads the plan's), but uses only the page's own.
    @inline(__always)
    static func patchStatics<Patch: StaticPatch>(_ input: KernelInputs, _ out: KernelOutputs, blocksFrom i: Int, count: Int,
                                                 _: Patch.Type) {
        patchStatics(word(input, i) & (UInt64.max &>> (64 &- 8 &* UInt64(truncatingIfNeeded: count))), out, blocksFrom: i,
                     Patch.self)
    }

    /// The masks of blocks `i … i + 7` as one word, block `i`'s in the low byte.
    @inline(__always)
    private static func word(_ input: KernelInputs, _ i: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(input.staticLanes).loadUnaligned(fromByteOffset: i, as: UInt64.self))
    }

    /// The static lanes of `word`'s blocks from `i` (bit `8j + l`: lane `l` of block `i + j`):
    /// one block's mask, or eight as a `UInt64`.
    @inline(__always)
    private static func patchStatics<Word: FixedWidthInteger, Patch: StaticPatch>(_ word: Word, _ out: KernelOutputs,
                                                                                  blocksFrom i: Int, _: Patch.Type = FullPatch.self) {
        var statics = word
        while statics != 0 {
            let k = i &* Lanes.count &+ statics.trailingZeroBitCount
            Patch.store(Self.self, out, subview: k)
            statics &= statics &- 1
        }
    }
}
