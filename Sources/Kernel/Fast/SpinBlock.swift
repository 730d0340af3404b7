/// A block's spin lanes: 8 at once (`SpinEight`), or two halves (`SpinHalves`) where registers hold 4 Floats.
protocol SpinBlock {
    associatedtype Angles
    /// Table lane `j`'s block angle spread over the lanes (`SpinLanes.angles`).
    func angles(_ table: UnsafePointer<SinCosTable>, _ j: Int) -> Angles
    /// `a` turned by step `j` (`SpinSteps`).
    func turned(_ a: Angles, _ steps: SpinSteps, _ j: Int) -> Angles
    /// Block `i`'s fields at angles `a`, stored and patched.
    func store<F: SpinFlags, W: LayoutWriter>(_ a: Angles, block i: Int, _ input: KernelInputs, _ output: KernelOutputs,
                                              _ flags: F.Type, _ writer: W.Type)
}

/// A block's 8 lanes, with the page's `SpeedLine` as constants where it has one (`SpinFlags.line`):
/// `f·speed + 0` and `f·variance` per axis, zeros without.
struct SpinEight: SpinBlock {
    typealias V = Lanes.Floats
    let lanes: SpinLanes<V>
    let fLine, gLine, fStep, gStep: V

    @inline(__always)
    init(_ k: PageConstants, _ spin: PageConstants.Spin) {
        lanes = SpinLanes(k, spin, lanes: 0)
        let line = k.speedLine
        (fLine, gLine) = (V(repeating: k.f * (line?.speed.x ?? 0) + 0), V(repeating: k.g * (line?.speed.y ?? 0) + 0))
        (fStep, gStep) = (V(repeating: k.f * (line?.variance.x ?? 0)), V(repeating: k.g * (line?.variance.y ?? 0)))
    }

    @inline(__always)
    func angles(_ table: UnsafePointer<SinCosTable>, _ j: Int) -> (sin: V, cos: V) {
        let (sb, cb) = table.angle(j, as: V.self)
        return lanes.angles(sb, cb)
    }

    @inline(__always)
    func turned(_ a: (sin: V, cos: V), _ steps: SpinSteps, _ j: Int) -> (sin: V, cos: V) {
        let (cj, sj) = steps.step(j, as: V.self)
        return SpinLanes<V>.turned(a.sin, a.cos, cos: cj, sin: sj)
    }

    /// With `F.line`, lanes numbered `n = k + 1` move by `n·(f·variance) + (f·speed + 0)`, a few
    /// ulps from the plan's `f·s_k + 0` (`SpeedLine`'s conditions).
    @inline(__always)
    func store<F: SpinFlags, W: LayoutWriter>(_ a: (sin: V, cos: V), block i: Int, _ input: KernelInputs,
                                              _ output: KernelOutputs, _ flags: F.Type, _ writer: W.Type) {
        // Before the rotation in 8 lanes, after it in halves: fewer instructions each (docs/DESIGN.md, "Spin's speeds as a line").
        let t: (V, V)
        if F.line {
            let n = SpeedLine.laneNumbers(block: i)
            t = (V.madd(n, fStep, fLine), V.madd(n, gStep, gLine))
        } else {
            t = lanes.translation(input.speedX(i), input.speedY(i))
        }
        W.store(lanes.fields(a.sin, a.cos, F.self) { t }, output, block: i)
        W.patchStatics(input, output, block: i)
    }
}

/// Where registers hold 4 Floats: each half block is computed and stored before the next, so
/// that the page's constants keep their registers.
struct SpinHalves: SpinBlock {
    typealias H = SpinLanes<SIMD4<Float>>
    typealias A = (sin: SIMD4<Float>, cos: SIMD4<Float>)
    let low: H, high: H

    @inline(__always)
    init(_ k: PageConstants, _ spin: PageConstants.Spin) { (low, high) = (H(k, spin, lanes: 0), H(k, spin, lanes: 4)) }

    @inline(__always)
    func angles(_ table: UnsafePointer<SinCosTable>, _ j: Int) -> (A, A) {
        let (sb, cb) = table.angle(j, as: SIMD4<Float>.self)
        return (low.angles(sb, cb), high.angles(sb, cb))
    }

    @inline(__always)
    func turned(_ a: (A, A), _ steps: SpinSteps, _ j: Int) -> (A, A) {
        let (cj, sj) = steps.step(j, as: SIMD4<Float>.self)
        return (H.turned(a.0.sin, a.0.cos, cos: cj, sin: sj), H.turned(a.1.sin, a.1.cos, cos: cj, sin: sj))
    }

    @inline(__always)
    func store<F: SpinFlags, W: LayoutWriter>(_ a: (A, A), block i: Int,
                                              _ input: KernelInputs, _ output: KernelOutputs, _ flags: F.Type, _ writer: W.Type) {
        // Never `F.line` here: the dispatch takes the line only where a block is computed in 8 lanes.
        let (sx, sy) = input.halfSpeeds(i, 0)
        W.storeHalf(low.fields(a.0.sin, a.0.cos, F.self) { low.translation(sx, sy) }, output, block: i, half: 0)
        let (sx1, sy1) = input.halfSpeeds(i, 1)
        W.storeHalf(high.fields(a.1.sin, a.1.cos, F.self) { high.translation(sx1, sy1) }, output, block: i, half: 1)
        W.patchStatics(input, output, block: i)
    }
}
