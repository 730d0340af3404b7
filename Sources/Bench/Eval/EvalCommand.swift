import WalkthroughKernel

/// `bench eval FILE --scroll X [--impl simd|reference]`: one frame as JSON on standard output,
/// computed by the fast path an app uses unless `--impl reference` asks for the scalar port
/// (the frame a user checks should be the one the library gives them).
enum EvalCommand {
    static let spec = CommandSpec(
        name: "eval", usage: ["FILE --scroll X [options]"],
        summary: "Prints one frame of a walkthrough file as JSON.",
        details: [
            "Every page's offset, and the transform and alpha of every subview in the window (docs/FORMAT.md).","Any error is one line on standard error with exit status 1, and nothing on standard output."],
        options: [
            .option("scroll", "X", "the scroll position in points: contentOffset.x, or contentOffset.y top to bottom (required)", default: "none"),
            .option("impl", "simd|reference", "which implementation computes the frame: the fast path or the scalar port",
                    default: "simd"),
        ])

    /// Prints the frame through `output`, in pieces of about a megabyte: a frame of 4
    /// million subviews is 1.5 GB of JSON, which as one string (and its growth) took 3.3 GB.
    static func run(_ words: [String], output: (String) throws(BenchError) -> Void) throws(BenchError) {
        let args = try Arguments(words, spec)
        guard args.positional.count == 1 else { throw BenchError(spec.usageLine) }
        guard let x = try args.double("scroll") else { throw BenchError("missing --scroll X; \(spec.usageLine)") }
        let impl = try args.choice("impl", default: ImplementationKind.simd, allowed: [.simd, .reference])
        let walkthrough = try WalkthroughFile.load(args.positional[0])
        let frame: FrameState
        do {
            frame = impl == .reference
                ? try ReferenceAnimator.frame(walkthrough, scroll: x)
                : try WalkthroughAnimator.state(walkthrough, scroll: x)
        } catch {
            throw BenchError(error.message)
        }
        // Every number is checked before the first piece goes out: an error never leaves a
        // partial document on standard output.
        try check(frame)
        try render(frame, output: output)
    }

    /// The document docs/FORMAT.md describes ("`bench eval`: one frame as JSON"), one subview a line.
    static func render(_ frame: FrameState, output: (String) throws(BenchError) -> Void) throws(BenchError) {
        var w = JSONWriter()
        func flush(whenLargerThan bytes: Int) throws(BenchError) {
            guard w.text.utf8.count > bytes else { return }
            try output(w.text)
            w = JSONWriter()
        }
        w.raw("{ \"currentPage\": ")
        w.integer(frame.currentPage)
        w.raw(",\n  \"pages\": [")
        for (n, page) in frame.pages.enumerated() {
            w.raw(n == 0 ? "\n" : ",\n")
            w.raw("    { \"index\": ")
            w.integer(page.index)
            w.raw(", \"offset\": ")
            try w.number(page.offset, what: "page \(page.index) offset")
            w.raw(", \"animated\": ")
            w.bool(page.animated)
            if let subviews = page.subviews {
                w.raw(",\n      \"subviews\": [")
                for (k, s) in subviews.enumerated() {
                    w.raw(k == 0 ? "\n" : ",\n")
                    try write(s, page: page.index, subview: k, into: &w)
                    try flush(whenLargerThan: 1 << 20)
                }
                w.raw(subviews.isEmpty ? "] }" : " ] }")
            } else {
                w.raw(" }")
            }
            try flush(whenLargerThan: 1 << 20)
        }
        w.raw(frame.pages.isEmpty ? "] }\n" : " ] }\n")
        try flush(whenLargerThan: 0)
    }

    /// Throws for the first number that JSON cannot represent, with the message the writer
    /// would give.
    static func check(_ frame: FrameState) throws(BenchError) {
        for page in frame.pages {
            try JSONWriter.check(page.offset, what: "page \(page.index) offset")
            for (k, s) in (page.subviews ?? []).enumerated() {
                try JSONWriter.check(s.alpha, what: "page \(page.index) subview \(k) alpha")
                for (i, field) in s.transform.fields.enumerated() {
                    try JSONWriter.check(field, what: "page \(page.index) subview \(k) transform field \(i)")
                }
            }
        }
    }

    private static func write(_ s: SubviewState, page: Int, subview k: Int,
                              into w: inout JSONWriter) throws(BenchError) {
        w.raw("        { \"tag\": ")
        w.integer(s.tag)
        w.raw(", \"static\": ")
        w.bool(s.isStatic)
        w.raw(", \"alpha\": ")
        try w.number(s.alpha, what: "page \(page) subview \(k) alpha")
        w.raw(", \"transform\": [")
        for (i, field) in s.transform.fields.enumerated() {
            if i > 0 { w.raw(",") }
            try w.number(field, what: "page \(page) subview \(k) transform field \(i)")
        }
        w.raw("] }")
    }
}
