import Kernel

/// `bench eval FILE --scroll X [--impl reference|simd]`: one frame as JSON on standard output.
enum EvalCommand {
    static let usage = "usage: bench eval FILE --scroll X [--impl reference|simd]"

    static func run(_ words: [String]) throws(BenchError) -> String {
        let args = try Arguments(words, options: ["scroll", "impl"])
        guard args.positional.count == 1 else { throw BenchError(usage) }
        guard let x = try args.double("scroll") else { throw BenchError("missing --scroll X; \(usage)") }
        let impl = try args.choice("impl", default: ImplementationKind.reference, allowed: [.reference, .simd])
        let walkthrough = try WalkthroughFile.load(args.positional[0])
        let frame: FrameState
        do {
            frame = impl == .reference
                ? try ReferenceAnimator.frame(walkthrough, scroll: x)
                : try WalkthroughAnimator.state(walkthrough, scroll: x)
        } catch {
            throw BenchError(error.message)
        }
        return try render(frame)
    }

    /// The document of SEMANTICS.md ("bench eval"), one subview a line.
    static func render(_ frame: FrameState) throws(BenchError) -> String {
        var w = JSONWriter()
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
                }
                w.raw(subviews.isEmpty ? "] }" : " ] }")
            } else {
                w.raw(" }")
            }
        }
        w.raw(frame.pages.isEmpty ? "] }\n" : " ] }\n")
        return w.text
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
