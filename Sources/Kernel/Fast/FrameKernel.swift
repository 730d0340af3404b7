/// The fast path's inner loops: one page (or a chunk of its blocks) into the frame. Each
/// block computes what varies per lane, hands it to the layout's `LayoutWriter`, and has its
/// static lanes patched. The serial reference is `ReferenceAnimator`.
enum FrameKernel {
    /// Blocks `blocks` of one page, in the outputs' layout. Inlined into the frame driver,
    /// since a call of its own is a fixed cost per page and frame.
    @inline(__always)
    static func run(_ k: PageConstants, _ input: KernelInputs, _ output: KernelOutputs, blocks: Range<Int>) {
        if let keyframes = k.laneKeyframes {
            KeyframeKernel.run(k, keyframes, input, output, blocks: blocks)
            return
        }
        switch output.layout {
        case .blocks: run(k, input, output, blocks, BlockWriter.self)
        case .float4x4: run(k, input, output, blocks, Float4x4Writer.self)
        case .caTransform3D: run(k, input, output, blocks, CATransform3DWriter.self)
        }
        if k.saturates, let saturation = k.saturation { saturateTranslations(saturation, output, blocks) }
    }

    @inline(__always)
    static func run<W: LayoutWriter>(_ k: PageConstants, _ input: KernelInputs, _ output: KernelOutputs,
                                     _ blocks: Range<Int>, _ writer: W.Type) {
        if k.spins, let spin = k.spin {
            // Each combination is its own specialization, so the loop has no flag tests; a Zoom
            // page (the only one that scales) never translates.
            assert(spin.scale == 1 || !k.translates, "a Zoom page never translates")
            // Speeds as a line (`SpeedLine`) where a block is computed in 8 lanes, not halves: the
            // loop then reads no speeds among its stores (docs/DESIGN.md, "Spin's speeds as a line").
            let line = !Lanes.Floats.narrowVectors && k.speedLine != nil
            switch (spin.scale != 1, spin.m34 != nil, k.translates, line) {
            case (false, false, false, _): spinning(k, spin, input, output, blocks, Flags<No, No, No, No>.self, W.self)
            case (false, false, true, false): spinning(k, spin, input, output, blocks, Flags<No, No, Yes, No>.self, W.self)
            case (false, false, true, true): spinning(k, spin, input, output, blocks, Flags<No, No, Yes, Yes>.self, W.self)
            case (false, true, false, _): spinning(k, spin, input, output, blocks, Flags<No, Yes, No, No>.self, W.self)
            case (false, true, true, false): spinning(k, spin, input, output, blocks, Flags<No, Yes, Yes, No>.self, W.self)
            case (false, true, true, true): spinning(k, spin, input, output, blocks, Flags<No, Yes, Yes, Yes>.self, W.self)
            case (true, false, _, _): spinning(k, spin, input, output, blocks, Flags<Yes, No, No, No>.self, W.self)
            case (true, true, _, _): spinning(k, spin, input, output, blocks, Flags<Yes, Yes, No, No>.self, W.self)
            }
        } else if k.translates {
            // Speeds as a line (`SpeedLine`): with AVX every page, with SSE2 only where registers
            // suffice (docs/DESIGN.md, "No load at all, with AVX").
            let line = (Lanes.Floats.avx || W.self == BlockWriter.self) && k.speedLine != nil
            switch (k.isDiagonal, line) {
            case (false, false): uniform(k, input, output, blocks, W.self, No.self, No.self)
            case (false, true): uniform(k, input, output, blocks, W.self, No.self, Yes.self)
            case (true, false): uniform(k, input, output, blocks, W.self, Yes.self, No.self)
            case (true, true): uniform(k, input, output, blocks, W.self, Yes.self, Yes.self)
            }
        } else {
            switch k.isDiagonal {
            case false: uniformScale(k, input, output, blocks, W.self, No.self)
            case true: uniformScale(k, input, output, blocks, W.self, Yes.self)
            }
        }
    }

    /// A uniform page's fields: with `Diagonal` (`PageConstants.isDiagonal`) its 10 zeros
    /// as constants, stored from one register, so that the loop's vectors fit the registers
    /// (docs/DESIGN.md, "Uniform pages in registers").
    @inline(__always)
    static func fields<Diagonal: Flag>(_ m: SIMD16<Float>, _: Diagonal.Type) -> SIMD16<Float> {
        guard Diagonal.value else { return m }
        return SIMD16(m[0], 0, 0, 0, 0, m[5], 0, 0, 0, 0, m[10], 0, m[12], m[13], 0, m[15])
    }

    /// One matrix per page (no rotation, or one angle for the whole page); translating
    /// pages add `f·s_k.x`, `g·s_k.y` to its `m41`, `m42` (`BlockTranslation`).
    @inline(never)
    static func uniform<W: LayoutWriter, Diagonal: Flag, Line: Flag>(
        _ k: PageConstants, _ input: KernelInputs, _ output: KernelOutputs, _ blocks: Range<Int>,
        _: W.Type, _: Diagonal.Type, _: Line.Type
    ) {
        let translation = BlockTranslation<Line>(k, input)
        if W.self == BlockWriter.self && !Diagonal.value {
            let page = SpreadBlocks<Line>(spread: SpreadTemplate(k.matrix, alpha: k.alpha), translation: translation)
            // Its loop loads nothing but the static masks (and speeds without a line): grouped.
            page.run(blocks, input, output, Yes.self, FullPatch.self)
            return
        }
        let page = TranslatedBlocks<W, Line>(template: W.template(fields(k.matrix, Diagonal.self), alpha: k.alpha),
                                                     translation: translation)
        // Every AVX loop of a translating page loads nothing but its static masks: grouped.
        let grouped = Lanes.Floats.avx || Diagonal.value
        // The patch of fewer fields with AVX only (docs/DESIGN.md, "Fixed cost per frame").
        if Lanes.Floats.avx && Diagonal.value && W.self == BlockWriter.self {
            runDiagonal(page, k, input, output, blocks)
        } else if grouped {
            page.run(blocks, input, output, Yes.self, FullPatch.self)
        } else {
            page.run(blocks, input, output, No.self, FullPatch.self)
        }
    }

    /// A Zoom page without per-subview spin: the same matrix for every subview.
    @inline(never)
    static func uniformScale<W: LayoutWriter, Diagonal: Flag>(_ k: PageConstants, _ input: KernelInputs,
                                                              _ output: KernelOutputs, _ blocks: Range<Int>,
                                                              _: W.Type, _: Diagonal.Type) {
        if W.self == BlockWriter.self && !Diagonal.value {
            let page = SpreadBlocks<No>(spread: SpreadTemplate(k.matrix, alpha: k.alpha), translation: nil)
            page.run(blocks, input, output, Yes.self, FullPatch.self)
            return
        }
        let page = TemplateBlocks<W>(template: W.template(fields(k.matrix, Diagonal.self), alpha: k.alpha))
        if Lanes.Floats.avx && Diagonal.value && W.self == BlockWriter.self {
            runDiagonal(page, k, input, output, blocks)
        } else {
            page.run(blocks, input, output, Diagonal.self, FullPatch.self)
        }
    }

    /// A diagonal page's grouped loop in `blocks` with AVX, whose static lanes take only the
    /// fields the identity does not share with the page (`TranslationPatch`, `DiagonalPatch`;
    /// docs/DESIGN.md, "Store order and the static patch").
    @inline(__always)
    static func runDiagonal<Page: UniformBlocks>(_ page: Page, _ k: PageConstants, _ input: KernelInputs,
                                                 _ output: KernelOutputs, _ blocks: Range<Int>) {
        if PageConstants.hasUnitDiagonal(k.matrix) {
            page.run(blocks, input, output, Yes.self, TranslationPatch.self)
        } else {
            page.run(blocks, input, output, Yes.self, DiagonalPatch.self)
        }
    }
}
