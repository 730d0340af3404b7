import WalkthroughKernel
import Testing

/// Strings echoed in error messages: escaped like JSON, cut at 60 characters.
@Suite struct EchoTests {
    @Test(arguments: [
        ("plain", #""plain""#),
        ("a\nb\r\t", #""a\nb\r\t""#),
        ("q\"uote\\", #""q\"uote\\""#),
        ("\u{0}\u{1B}\u{7F}\u{85}", #""\u0000\u001b\u007f\u0085""#),
        ("line\u{2028}para\u{2029}rtl\u{202E}zw\u{200B}", #""line\u2028para\u2029rtl\u202ezw\u200b""#),
        ("tag\u{E0001}", #""tag\udb40\udc01""#),
        ("é😀", #""é😀""#),
    ])
    func escapes(text: String, quoted: String) {
        #expect(Echo.quoted(text) == quoted)
    }

    @Test func longTextIsCut() {
        let exact = String(repeating: "x", count: Echo.limit)
        #expect(Echo.quoted(exact) == "\"" + exact + "\"")
        #expect(Echo.quoted(exact + "y") == "\"" + exact + "…\"")
        // An escape is not split: 59 characters and a six-character escape do not fit in 60.
        #expect(Echo.escaped(String(repeating: "x", count: 59) + "\u{0}") == String(repeating: "x", count: 59) + "…")
        // One character of a million combining marks is cut too (the cut is by scalars).
        let zalgo = "a" + String(repeating: "\u{301}", count: 1_000_000)
        #expect(zalgo.count == 1 && Echo.escaped(zalgo).unicodeScalars.count == Echo.limit + 1)
        #expect(Echo.escaped("abcdef", limit: 3) == "abc…")
    }

    @Test func oneLineEscapesOnlyWhatBreaksALine() {
        #expect(Echo.oneLine("key \"a\": x\ny\u{0}") == #"key "a": x\ny\u0000"#)
    }
}
