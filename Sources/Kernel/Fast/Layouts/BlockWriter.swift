/// `FrameLayout.blocks`: 17 vector stores per block, fields in `FrameComponent` order, one
/// base register and constant offsets (`Lanes`).
enum BlockWriter: LayoutWriter {
    typealias Template = LaneMatrix

    @inline(__always)
    static func template(_ fields: SIMD16<Float>, alpha: Float) -> LaneMatrix {
        LaneMatrix(broadcast: fields, alpha: alpha)
    }

    /// A uniform page that is not diagonal, from its `SpreadTemplate` (dense layouts transpose templates instead).
    @inline(__always)
    static func store(_ t: SpreadTemplate, m41: Lanes.Floats?, m42: Lanes.Floats?, _ out: KernelOutputs, block i: Int) {
        t.store(into: out.matrices + i &* (Lanes.frameBlockFloats &* 4), m41: m41, m42: m42)
        #if GATE_MUTATION_EXTRA_STORE
        // The regression gate's own test, as in `store(_:_:block:)` below.
        let zero = out.count >> 62
        (out.matrices + i &* (Lanes.frameBlockFloats &* 4)).storeBytes(
            of: Lanes.Floats(repeating: t.alpha), toByteOffset: (16 &+ zero) &* 32, as: Lanes.Floats.self)
        #endif
    }

    @inline(__always)
    static func storeTranslated(_ t: LaneMatrix, m41: Lanes.Floats, m42: Lanes.Floats, _ out: KernelOutputs, block i: Int) {
        store(t.translated(m41, m42), out, block: i)
    }

    /// The template's fields with their halves in address order (`storeInOrder`); only here,
    /// since the translating pages ran no faster in order and spilled registers.
    @inline(__always)
    static func storeTemplate(_ t: LaneMatrix, _ out: KernelOutputs, block i: Int) {
        store(t, out, block: i, inOrder: true)
    }

    @inline(__always)
    static func store(_ m: LaneMatrix, _ out: KernelOutputs, block i: Int) {
        store(m, out, block: i, inOrder: false)
    }

    @inline(__always)
    private static func store(_ m: LaneMatrix, _ out: KernelOutputs, block i: Int, inOrder: Bool) {
        let b = out.matrices + i &* (Lanes.frameBlockFloats &* 4)
        @inline(__always) func put(_ c: Int, _ v: Lanes.Floats) {
            if inOrder {
                b.storeInOrder(v, toByteOffset: c &* 32)
            } else {
                b.storeBytes(of: v, toByteOffset: c &* 32, as: Lanes.Floats.self)
            }
        }
        #if GATE_MUTATION_EXTRA_STORE
        // Never in a normal build: the regression gate's own test (scripts/gate-sensitivity.sh)
        // stores alpha twice; `zero` is 0 but unknown to the optimiser, so both stores stay.
        let zero = out.count >> 62
        put(16 &+ zero, m.alpha)
        #endif
        put(0, m.m11); put(1, m.m12); put(2, m.m13); put(3, m.m14)
        put(4, m.m21); put(5, m.m22); put(6, m.m23); put(7, m.m24)
        put(8, m.m31); put(9, m.m32); put(10, m.m33); put(11, m.m34)
        put(12, m.m41); put(13, m.m42); put(14, m.m43); put(15, m.m44)
        #if GATE_MUTATION_SUBVIEW_MULTIPLY
        // Never in a normal build: the gate's own test multiplies alpha by a 1 the optimiser cannot see.
        put(16, m.alpha * Lanes.Floats(repeating: Float(1 &+ (out.count >> 62))))
        #else
        put(16, m.alpha)
        #endif
    }

    /// Subview `k`'s field `m11`; field `c` is `Lanes.count·c` Floats on.
    @inline(__always)
    private static func lane(_ out: KernelOutputs, subview k: Int) -> UnsafeMutablePointer<Float> {
        let (block, l) = UInt(bitPattern: k).quotientAndRemainder(dividingBy: UInt(Lanes.count))  // k ≥ 0: shifts
        let offset: Int = Int(bitPattern: block) &* Lanes.frameBlockFloats &+ Int(bitPattern: l)
        return out.matrices.assumingMemoryBound(to: Float.self) + offset
    }

    /// `m41`, `m42` and alpha of the identity, as 3 scalar stores
    /// (docs/DESIGN.md, "Store order and the static patch").
    @inline(__always)
    static func storeTranslationIdentity(_ out: KernelOutputs, subview k: Int) {
        let lane = lane(out, subview: k)
        lane[FrameComponent.m41.rawValue &* Lanes.count] = 0
        lane[FrameComponent.m42.rawValue &* Lanes.count] = 0
        lane[FrameComponent.alpha.rawValue &* Lanes.count] = 1
    }

    /// The diagonal, `m41`, `m42` and alpha of the identity, as 7 scalar stores.
    @inline(__always)
    static func storeDiagonalIdentity(_ out: KernelOutputs, subview k: Int) {
        let lane = lane(out, subview: k)
        func put(_ c: FrameComponent, _ value: Float) { lane[c.rawValue &* Lanes.count] = value }
        put(.m11, 1); put(.m22, 1); put(.m33, 1); put(.m41, 0); put(.m42, 0); put(.m44, 1); put(.alpha, 1)  // memory order
    }

    /// The identity and alpha 1 as 17 scalar stores, in memory order
    /// (docs/DESIGN.md, "Store order and the static patch").
    @inline(__always)
    static func storeIdentity(_ out: KernelOutputs, subview k: Int) {
        let lane = lane(out, subview: k)
        let identity = SIMD16<Float>(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)
        for c in 0..<16 { lane[c &* Lanes.count] = identity[c] }
        lane[FrameComponent.alpha.rawValue &* Lanes.count] = 1
    }
}
