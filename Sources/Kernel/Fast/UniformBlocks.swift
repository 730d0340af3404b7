/// The block loop of a uniform page (`FrameKernel.uniform`, `uniformScale`): what a block
/// stores (`store(block:_:)`), and `run`. Generic structs rather than closures, so that
/// each kernel's loop is one specialization with nothing called.
protocol UniformBlocks {
    associatedtype Writer: LayoutWriter
    /// Block `i` into `output`, every lane as if none were static.
    func store(block i: Int, _ output: KernelOutputs)
}

extension UniformBlocks {
    /// `run`, where the grouped loop patches a static lane with `Patch`'s stores (the
    /// ungrouped loop always with `FullPatch`); a type, so that the loop tests nothing.
    @inline(__always)
    func run<Grouped: Flag, Patch: StaticPatch>(_ blocks: Range<Int>, _ input: KernelInputs, _ output: KernelOutputs,
                                                _: Grouped.Type, _: Patch.Type) {
        var i = blocks.lowerBound  // not `for i in blocks`: its iterator checks the bounds twice a block
        // Groups of whole blocks only, so that a dense layout's writer tests no lane count.
        let whole = output.wholeBlocks()
        let wholeEnd = Writer.self == BlockWriter.self ? blocks.upperBound : Swift.min(blocks.upperBound, output.fullBlocks)
        while Grouped.value && wholeEnd &- i >= 8 {
            var j = i
            while j < i &+ 8 {
                store(block: j, whole)
                j &+= 1
            }
            Writer.patchStatics(input, output, eightBlocksFrom: i, Patch.self)
            i &+= 8
        }
        if Grouped.value {
            let first = i
            while i < blocks.upperBound {
                store(block: i, output)
                i &+= 1
            }
            if i > first {
                Writer.patchStatics(input, output, blocksFrom: first, count: i &- first, Patch.self)
            }
        } else {
            // Whole blocks first, as the groups, so that their writer tests no lane count.
            while i < wholeEnd {
                store(block: i, whole)
                Writer.patchStatics(input, output, block: i)
                i &+= 1
            }
            while i < blocks.upperBound {
                store(block: i, output)
                Writer.patchStatics(input, output, block: i)
                i &+= 1
            }
        }
    }
}

/// A page whose every subview gets the template (`uniformScale`).
struct TemplateBlocks<W: LayoutWriter>: UniformBlocks {
    typealias Writer = W
    let template: W.Template

    @inline(__always)
    func store(block i: Int, _ output: KernelOutputs) { W.storeTemplate(template, output, block: i) }
}

/// A page in `blocks` whose every subview gets a `SpreadTemplate`, with each block's `m41`,
/// `m42` from `translation` when given (no broadcast template beside it).
struct SpreadBlocks<Line: Flag>: UniformBlocks {
    typealias Writer = BlockWriter
    let spread: SpreadTemplate
    let translation: BlockTranslation<Line>?

    @inline(__always)
    func store(block i: Int, _ output: KernelOutputs) {
        if let translation {
            let (m41, m42) = translation.rows(block: i)
            BlockWriter.store(spread, m41: m41, m42: m42, output, block: i)
        } else {
            BlockWriter.store(spread, m41: nil, m42: nil, output, block: i)
        }
    }
}

/// A translating page (`uniform`): the template with its block's `m41`, `m42`
/// (`BlockTranslation`).
struct TranslatedBlocks<W: LayoutWriter, Line: Flag>: UniformBlocks {
    typealias Writer = W
    let template: W.Template
    let translation: BlockTranslation<Line>

    @inline(__always)
    func store(block i: Int, _ output: KernelOutputs) {
        let (m41, m42) = translation.rows(block: i)
        W.storeTranslated(template, m41: m41, m42: m42, output, block: i)
    }
}

/// A translating page's `m41 + f·s_k.x` and `m42 + g·s_k.y` a block, the speeds from the
/// plan, or with `Line` from the page's `SpeedLine` (which the caller has checked it has),
/// `m41` folded into the line's base.
struct BlockTranslation<Line: Flag> {
    let speeds: UnsafePointer<Float>
    /// `f` and `g`, or with `Line` `f·speed.x + m41` and `g·speed.y + m42`.
    let f: Lanes.Floats, g: Lanes.Floats
    /// With `Line`, `f·variance.x` and `g·variance.y`.
    let fStep: Lanes.Floats, gStep: Lanes.Floats
    /// The page's `m41`, `m42`: +0, or a keyframed pose's (adding +0 turns −0 into +0, as
    /// the reference's additions do).
    let m41: Lanes.Floats, m42: Lanes.Floats

    @inline(__always)
    init(_ k: PageConstants, _ input: KernelInputs) {
        speeds = input.speeds
        (m41, m42) = (Lanes.Floats(repeating: k.matrix[12]), Lanes.Floats(repeating: k.matrix[13]))
        if Line.value, let line = k.speedLine {
            (f, g) = (Lanes.Floats(repeating: k.f * line.speed.x + k.matrix[12]),
                      Lanes.Floats(repeating: k.g * line.speed.y + k.matrix[13]))
            (fStep, gStep) = (Lanes.Floats(repeating: k.f * line.variance.x), Lanes.Floats(repeating: k.g * line.variance.y))
        } else {
            (f, g) = (Lanes.Floats(repeating: k.f), Lanes.Floats(repeating: k.g))
            (fStep, gStep) = (.zero, .zero)
        }
    }

    /// Block `i`'s `m41` and `m42`.
    @inline(__always)
    func rows(block i: Int) -> (Lanes.Floats, Lanes.Floats) {
        if Line.value {
            let n = SpeedLine.laneNumbers(block: i)
            return (.madd(n, fStep, f), .madd(n, gStep, g))
        }
        let x = f * speeds.block(2 &* i, as: Lanes.Floats.self), y = g * speeds.block(2 &* i &+ 1, as: Lanes.Floats.self)
        return (x + m41, y + m42)
    }
}
