/// What a grouped uniform page stores over a static lane after its blocks (`UniformBlocks.run`): the identity
/// and alpha 1, as few fields as the page allows; a type, so each loop is its own specialization with no test.
protocol StaticPatch {
    /// The identity and alpha 1 for subview `k`, over fields that hold the page's template.
    static func store<W: LayoutWriter>(_: W.Type, _ out: KernelOutputs, subview k: Int)
}

/// Every field (`LayoutWriter.storeIdentity`).
enum FullPatch: StaticPatch {
    @inline(__always)
    static func store<W: LayoutWriter>(_: W.Type, _ out: KernelOutputs, subview k: Int) { W.storeIdentity(out, subview: k) }
}

/// A diagonal page's (`PageConstants.isDiagonal`): its 10 zeros are the identity's already.
enum DiagonalPatch: StaticPatch {
    @inline(__always) static func store<W: LayoutWriter>(_: W.Type, _ out: KernelOutputs, subview k: Int) {
        W.storeDiagonalIdentity(out, subview: k)
    }
}

/// An identity-but-translation page's (`PageConstants.hasUnitDiagonal`): only `m41`, `m42` and alpha differ.
enum TranslationPatch: StaticPatch {
    @inline(__always) static func store<W: LayoutWriter>(_: W.Type, _ out: KernelOutputs, subview k: Int) {
        W.storeTranslationIdentity(out, subview: k)
    }
}
