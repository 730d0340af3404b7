import WalkthroughKernel
import Testing

@Suite struct WalkthroughFileTests {
    static let example = """
        { "width": 375,
          "pages": [
            { "animationType": "Curve", "speed": [0, 1], "speedVariance": [0, 2],
              "staticTags": "1, 3", "animateAlpha": true,
              "subviews": [ {"tag": 1}, {"tag": 0, "frame": [20, 40, 200, 60]}, {} ],
              "rotation": { "axis": [1, 1, 1], "angle": 6.283185307179586,
                            "angleVariance": 0, "perspective": 500 } },
            { "subviewCount": 5000 }
          ] }
        """

    @Test func semanticsExampleLoads() throws {
        let w = try Walkthrough(json: Self.example)
        #expect(w.width == 375 && w.pages.count == 2)
        let p = w.pages[0]
        #expect(p.animationType == .curve && p.speed == SIMD2(0, 1) && p.speedVariance == SIMD2(0, 2))
        #expect(p.staticTags == [1, 3] && p.animateAlpha)
        #expect(p.subviews == [Subview(tag: 1), Subview(tag: 0, frame: PageRect(x: 20, y: 40, width: 200, height: 60)), Subview()])
        #expect(p.rotation == (try Rotation(axis: SIMD3(1, 1, 1), angle: 6.283185307179586, perspective: 500)))
        let q = w.pages[1]
        #expect(q.subviews.count == 5000 && q.animationType == .linear && q.speed == .zero)
        #expect(q.staticTags.isEmpty && !q.animateAlpha && q.rotation == nil)
    }

    @Test func defaultsAndEmptyPages() throws {
        let w = try Walkthrough(json: #"{"width": 1, "pages": [{}]}"#)
        #expect(w.pages == [Page()])
        #expect(try Walkthrough(json: #"{"width": 2, "pages": []}"#).pages.isEmpty)
    }

    /// Every error docs/FORMAT.md lists, with the message that names page and key.
    @Test(arguments: [
        (#"{"pages": []}"#, #"walkthrough: key "width": missing; a walkthrough needs a page width > 0"#),
        (#"{"width": 2}"#, #"walkthrough: key "pages": missing; a walkthrough needs a list of pages (it may be empty)"#),
        (#"{"width": 0, "pages": []}"#, #"walkthrough: key "width": must be a finite number > 0, got 0.0"#),
        (#"{"width": -3, "pages": []}"#, #"walkthrough: key "width": must be a finite number > 0, got -3.0"#),
        (#"{"width": "375"}"#, #"walkthrough: key "width": must be a number, got a string"#),
        (#"{"width": 1e999}"#, #"walkthrough: key "width": number out of range (not finite)"#),
        (#"{"width": 1, "colour": 2}"#, #"walkthrough: unknown key "colour"; allowed keys: width, height, direction, pages"#),
        (#"{"width": 1, "pages": {}}"#, #"walkthrough: key "pages": must be an array, got an object"#),
        (#"{"width": 1, "pages": [3]}"#, #"page 0: must be an object, got a number"#),
        (#"{"width": 1, "pages": [{}, {"animationType": "linear"}]}"#,
         #"page 1: key "animationType": unknown animationType "linear"; allowed values: Linear, Curve, Zoom, InOut"#),
        (#"{"width": 1, "pages": [{"animationType": "Bounce"}]}"#,
         #"page 0: key "animationType": unknown animationType "Bounce"; allowed values: Linear, Curve, Zoom, InOut"#),
        (#"{"width": 1, "pages": [{"animationType": 1}]}"#, #"page 0: key "animationType": must be a string, got a number"#),
        (#"{"width": 1, "pages": [{"staticTags": "1,,2"}]}"#,
         #"page 0: key "staticTags": malformed staticTags "1,,2": "" is not an integer; expected a comma-separated list such as "1, 3, 9""#),
        (#"{"width": 1, "pages": [{"staticTags": "1;2"}]}"#,
         #"page 0: key "staticTags": malformed staticTags "1;2": "1;2" is not an integer; expected a comma-separated list such as "1, 3, 9""#),
        (#"{"width": 1, "pages": [{"staticTags": [1]}]}"#, #"page 0: key "staticTags": must be a string, got an array"#),
        (#"{"width": 1, "pages": [{"speed": [1]}]}"#, #"page 0: key "speed": must be an array of 2 numbers, got 1 elements"#),
        (#"{"width": 1, "pages": [{"speed": [1, "2"]}]}"#, #"page 0: key "speed": must be a number, got a string"#),
        (#"{"width": 1, "pages": [{"speedVariance": [1, 2, 3]}]}"#,
         #"page 0: key "speedVariance": must be an array of 2 numbers, got 3 elements"#),
        (#"{"width": 1, "pages": [{"speed": [1e400, 0]}]}"#, #"page 0: key "speed": number out of range (not finite)"#),
        (#"{"width": 1, "pages": [{"animateAlpha": 1}]}"#, #"page 0: key "animateAlpha": must be a boolean, got a number"#),
        (#"{"width": 1, "pages": [{"spead": [0, 1]}]}"#,
         #"page 0: unknown key "spead"; allowed keys: animationType, speed, speedVariance, staticTags, animateAlpha, subviews, subviewCount, rotation, timeline"#),
        (#"{"width": 1, "pages": [{"subviewCount": -1}]}"#, #"page 0: key "subviewCount": must be a whole number from 0 to 9007199254740991, got -1"#),
        (#"{"width": 1, "pages": [{"subviewCount": 1.5}]}"#, #"page 0: key "subviewCount": must be a whole number from 0 to 9007199254740991, got 1.5"#),
        (#"{"width": 1, "pages": [{"subviewCount": 100000000}]}"#,
         #"page 0: key "subviewCount": 100000000 subviews would exceed the limit of 4194304 per walkthrough"#),
        (#"{"width": 1, "pages": [{"subviewCount": 4194305}]}"#,
         #"page 0: key "subviewCount": 4194305 subviews would exceed the limit of 4194304 per walkthrough"#),
        (#"{"width": 1, "pages": [{"subviewCount": 1}, {"subviewCount": 4194304}]}"#,
         #"page 1: key "subviewCount": 4194304 subviews would exceed the limit of 4194304 per walkthrough (earlier pages take 8, each page's count rounded up to a multiple of 8)"#),
        // Pages are padded to 8 lanes, and the padding counts: 1 + 4194297 subviews take 8 + 4194304 slots.
        (#"{"width": 1, "pages": [{"subviews": [{}]}, {"subviewCount": 4194297}]}"#,
         #"page 1: key "subviewCount": 4194297 subviews would exceed the limit of 4194304 per walkthrough (earlier pages take 8, each page's count rounded up to a multiple of 8)"#),
        (#"{"width": 1, "pages": [{"subviewCount": 1e300}]}"#, #"page 0: key "subviewCount": must be a whole number from 0 to 9007199254740991, got 1e300"#),
        (#"{"width": 1, "pages": [{"subviews": [{"tag": 9007199254740993}]}]}"#,
         #"page 0, subview 0: key "tag": must be an integer from -9007199254740991 to 9007199254740991, got 9007199254740993"#),
        (#"{"width": 1, "pages": [{"subviewCount": 9007199254740993}]}"#,
         #"page 0: key "subviewCount": must be a whole number from 0 to 9007199254740991, got 9007199254740993"#),
        (#"{"width": 1, "pages": [{"subviewCount": 1, "subviews": []}]}"#,
         #"page 0: key "subviewCount": a page has either "subviews" or "subviewCount", not both"#),
        (#"{"width": 1, "pages": [{"subviews": [{"tag": "a"}]}]}"#, #"page 0, subview 0: key "tag": must be a number, got a string"#),
        (#"{"width": 1, "pages": [{"subviews": [{}, {"frame": [1, 2, 3]}]}]}"#,
         #"page 0, subview 1: key "frame": must be an array of 4 numbers, got 3 elements"#),
        (#"{"width": 1, "pages": [{"subviews": [{"name": "x"}]}]}"#, #"page 0, subview 0: unknown key "name"; allowed keys: tag, frame, timeline"#),
        (#"{"width": 1, "pages": [{"rotation": {"axis": [0, 0, 0], "angle": 1}}]}"#,
         #"page 0, rotation: key "axis": must not be zero"#),
        (#"{"width": 1, "pages": [{"rotation": {"angle": 1}}]}"#,
         #"page 0, rotation: key "axis": missing; a rotation needs a non-zero axis [x, y, z]"#),
        (#"{"width": 1, "pages": [{"rotation": {"axis": [0, 0, 1], "perspective": 0}}]}"#,
         #"page 0, rotation: key "perspective": must be a finite distance > 0, got 0.0"#),
        (#"{"width": 1, "pages": [{"rotation": {"axis": [0, 0, 1], "perspective": -500}}]}"#,
         #"page 0, rotation: key "perspective": must be a finite distance > 0, got -500.0"#),
        (#"{"width": 1, "pages": [{"rotation": {"axis": [0, 0, 1], "spin": 1}}]}"#,
         #"page 0, rotation: unknown key "spin"; allowed keys: axis, angle, angleVariance, perspective"#),
        (#"{"width": 1, "pages": [{"rotation": true}]}"#, #"page 0, rotation: must be an object, got a boolean"#),
        ("\u{FEFF}{\"width\": 1, \"pages\": []}", "invalid JSON at line 1, column 1: expected a value (the file starts with a UTF-8 "
            + "byte order mark, which JSON does not allow: save it without)"),
    ])
    func fileErrors(json: String, message: String) {
        #expect(throws: WalkthroughError(message)) { try Walkthrough(json: json) }
    }

    @Test(arguments: [
        ("", "invalid JSON at the end of the input: expected a value"),
        ("{\"width\": 1", "invalid JSON at the end of the input: expected ',' or '}'"),
        ("{\"width\": 1,\n \"pages\": [}", "invalid JSON at line 2, column 12: expected a value"),
        ("not json", "invalid JSON at line 1, column 1: expected a value"),
        ("{\"width\": 01}", "invalid JSON at line 1, column 12: expected ',' or '}'"),
        ("{\"width\": 1, \"width\": 2}", "invalid JSON at line 1, column 14: duplicate key \"width\""),
        ("{\"width\": 1} x", "invalid JSON at line 1, column 14: unexpected text after the JSON document"),
        ("{\"width\": 1}\u{0}", "invalid JSON at line 1, column 13: unexpected text after the JSON document "
            + "(a NUL byte: does the length count the string's terminator?)"),
        ("\"\\ud800\"", "invalid JSON at line 1, column 8: unpaired surrogate"),
        (String(repeating: "[", count: 100), "invalid JSON at line 1, column 65: nesting deeper than 64 levels"),
    ])
    func syntaxErrors(json: String, message: String) {
        #expect(throws: WalkthroughError(message)) { try Walkthrough(json: json) }
    }

    /// A file saved as UTF-16 or UTF-32, with or without a byte order mark, fails at its first
    /// bytes with a hint; a UTF-8 file whose first key is not ASCII gets none.
    @Test(arguments: [
        (Array("{}".utf16), true, "utf-16le, no mark"), ([0xFEFF] + Array("{}".utf16), true, "utf-16le"),
        (Array("{}".utf16), false, "utf-16be, no mark"), ([0xFEFF] + Array("{}".utf16), false, "utf-16be"),
    ])
    func utf16FilesSayWhy(units: [UInt16], littleEndian: Bool, name: String) {
        let bytes = units.flatMap { littleEndian ? [UInt8($0 & 0xFF), UInt8($0 >> 8)] : [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(throws: WalkthroughError.self, "\(name)") { try Walkthrough(json: bytes) }
        do { _ = try Walkthrough(json: bytes) } catch {
            #expect(error.message.hasSuffix("(the file looks like UTF-16 or UTF-32: save it as UTF-8)"),
                    "\(name): \(error.message)")
        }
    }

    @Test func utf32AndPlainErrorsAtTheStart() {
        let utf32: [UInt8] = [0xFF, 0xFE, 0, 0, 0x7B, 0, 0, 0, 0x7D, 0, 0, 0]
        #expect(throws: WalkthroughError("invalid JSON at line 1, column 1: expected a value "
            + "(the file looks like UTF-16 or UTF-32: save it as UTF-8)")) { try Walkthrough(json: utf32) }
        #expect(throws: WalkthroughError("invalid JSON at line 1, column 2: expected a string key")) {
            try Walkthrough(json: Array("{\u{E9}}".utf8))
        }
    }

    @Test func stringsWithEscapesAndNonASCII() throws {
        let w = try Walkthrough(json: #"{"width": 2, "pages": [{"staticTags": "1,\u0020 2", "animationType": "In\u004Fut"}]}"#)
        #expect(w.pages[0].staticTags == [1, 2] && w.pages[0].animationType == .inOut)
        #expect(throws: WalkthroughError.self) { try Walkthrough(json: "{\"width\": 2, \"pages\": [{\"animationType\": \"Zoom\u{E9}\"}]}") }
    }

    /// Strings from the file are echoed escaped and cut to 60 characters: every error is one line.
    @Test(arguments: [
        (#"{"width":320,"pages":[{"a\nb":1}]}"#,
         #"page 0: unknown key "a\nb"; allowed keys: animationType, speed, speedVariance, staticTags, animateAlpha, subviews, subviewCount, rotation, timeline"#),
        (#"{"width": 1, "pages": [], "x\u2028\u0000y": 1}"#, #"walkthrough: unknown key "x\u2028\u0000y"; allowed keys: width, height, direction, pages"#),
        (#"{"width": 1, "pages": [{"animationType": "Zoom\r\n\u001b[2J"}]}"#,
         #"page 0: key "animationType": unknown animationType "Zoom\r\n\u001b[2J"; allowed values: Linear, Curve, Zoom, InOut"#),
        (#"{"width": 1, "pages": [{"staticTags": "1,\n2"}]}"#,
         #"page 0: key "staticTags": malformed staticTags "1,\n2": "\n2" is not an integer; expected a comma-separated list such as "1, 3, 9""#),
        (#"{"width": 1, "pages": [{"animationType": "\ud83d\ude00\u202e"}]}"#,
         #"page 0: key "animationType": unknown animationType "😀\u202e"; allowed values: Linear, Curve, Zoom, InOut"#),
        (#"{"width": 1, "w\u0069dth": 2}"#, #"invalid JSON at line 1, column 14: duplicate key "width""#),
        ("{\"width\": 1, \"pages\": [], \"" + String(repeating: "k", count: 100) + "\": 1}",
         "walkthrough: unknown key \"" + String(repeating: "k", count: 60) + "…\"; allowed keys: width, height, direction, pages"),
    ])
    func echoedStringsAreEscapedAndShort(json: String, message: String) {
        #expect(throws: WalkthroughError(message)) { try Walkthrough(json: json) }
    }

    @Test func aMillionEscapedNewlinesGiveOneShortLine() {
        let json = #"{"width": 1, "pages": [{"staticTags": ""# + String(repeating: #"\n"#, count: 1_000_000) + #""}]}"#
        do {
            _ = try Walkthrough(json: json)
            Issue.record("accepted a staticTags of a million newlines")
        } catch {
            #expect(!error.message.contains("\n") && error.message.count < 250, "\(error.message.prefix(300))")
            #expect(error.message.hasPrefix(#"page 0: key "staticTags": malformed staticTags "\n\n"#))
        }
    }

    /// Parsing is linear: eight times the escapes take about eight times as long (64 times
    /// when quadratic, as the old parser was: it copied the decoded text at every escape, and
    /// 2 million escapes took 44 s). Scaling against itself, not against a plain string, so a
    /// build that slows escapes by a constant (TSan instruments them 2.5× more than plain
    /// bytes) still passes; the minimum of each over rounds that time both, so that a busy
    /// stretch of the machine slows both sides alike.
    @Test func escapesParseInLinearTime() {
        func file(escapes: Int) -> String {
            #"{"width": 1, "pages": [{"animationType": ""# + String(repeating: #"\n"#, count: escapes) + #""}]}"#
        }
        func seconds(_ text: String) -> Double {
            let elapsed = ContinuousClock().measure { _ = try? Walkthrough(json: text) }
            return Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)
        }
        let texts = (file(escapes: 50_000), file(escapes: 400_000))
        let rounds = (0..<5).map { _ in (seconds(texts.0), seconds(texts.1)) }
        let (small, large) = (rounds.map(\.0).min()!, rounds.map(\.1).min()!)
        #expect(large / small < 24, "50,000 escapes: \(small) s, 400,000: \(large) s, ratio \(large / small)")
    }

    @Test func pagesAreLimited() throws {
        func file(pages: Int) -> String {
            #"{"width": 1, "pages": ["# + Array(repeating: "{}", count: pages).joined(separator: ",") + "]}"
        }
        #expect(try Walkthrough(json: file(pages: Walkthrough.maximumPageCount)).pages.count == 65_536)
        #expect(throws: WalkthroughError(#"walkthrough: key "pages": 65537 pages exceed the limit of 65536 per walkthrough"#)) {
            try Walkthrough(json: file(pages: Walkthrough.maximumPageCount + 1))
        }
    }

    @Test func notAnObjectAtTheTop() {
        #expect(throws: WalkthroughError("walkthrough: must be an object, got an array")) { try Walkthrough(json: "[]") }
    }
}
