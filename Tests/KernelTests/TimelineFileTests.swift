import WalkthroughKernel
import Testing

/// `timeline` in walkthrough files: the contract's example, and every error it lists, with
/// the message that names page, subview and key path.
@Suite struct TimelineFileTests {
    static let example = """
        { "width": 375,
          "pages": [
            { "animationType": "Linear", "speed": [0, 1], "subviewCount": 2000,
              "timeline": {
                "stagger": 0.002,
                "axis": [0, 0, 1],
                "translation": [ {"at": 0, "value": [0, 200], "easing": "easeOut"},
                                 {"at": 1, "value": [0, 0]} ],
                "rotation":    [ {"at": 0.5, "value": 0, "easing": [0.34, 1.56, 0.64, 1]},
                                 {"at": 1.5, "value": 3.14159} ],
                "alpha":       [ {"at": 0, "value": 0}, {"at": 0.6, "value": 1, "easing": "hold"},
                                 {"at": 1.8, "value": 0} ] } },
            { "subviews": [ {"tag": 1, "timeline": {
                "scale": [ {"at": 0, "value": [0.5, 0.5], "easing": "easeInOut"},
                           {"at": 1, "value": [1, 1]} ] } }, {} ] }
          ]
        }
        """

    @Test func semanticsExampleLoads() throws {
        let w = try Walkthrough(json: Self.example)
        let t = try #require(w.pages[0].timeline)
        #expect(t.stagger == 0.002 && t.axis == SIMD3(0, 0, 1) && t.scale == nil)
        #expect(t.translation == [Keyframe(at: 0, value: SIMD2(0, 200), easing: .easeOut), Keyframe(at: 1, value: SIMD2(0, 0))])
        #expect(t.rotation == [Keyframe(at: 0.5, value: 0, easing: try Easing(bezier: 0.34, 1.56, 0.64, 1)),
                               Keyframe(at: 1.5, value: 3.14159)])
        #expect(t.alpha?.map(\.easing) == [.linear, .hold, .linear])
        let own = try #require(w.pages[1].subviews[0].timeline)
        #expect(own.scale?.first?.easing == .easeInOut && own.stagger == 0 && w.pages[1].timeline == nil)
        #expect(w.pages[1].subviews[1].timeline == nil)
        #expect(try Walkthrough(json: #"{"width": 1, "pages": [{"subviews": [{"timeline": {}}]}]}"#).pages[0].subviews[0].timeline?.isNeutral == true)
    }

    static func page(_ timeline: String) -> String { #"{"width": 1, "pages": [{}, {"timeline": "# + timeline + "}]}" }
    static func subview(_ timeline: String) -> String {
        #"{"width": 1, "pages": [{}, {"subviews": [{}, {}, {"timeline": "# + timeline + "}]}]}"
    }
    static let two = #"[{"at": 0, "value": 1}, {"at": 1, "value": 2}]"#

    @Test(arguments: [
        (page(#"{"position": []}"#),
         #"page 1: key "timeline": unknown key "position"; allowed keys: translation, scale, rotation, alpha, axis, stagger"#),
        (subview(#"{"stagger": 0.1}"#),
         #"page 1, subview 2: key "timeline": unknown key "stagger"; allowed keys: translation, scale, rotation, alpha, axis"#),
        (page("[]"), #"page 1: key "timeline": must be an object, got an array"#),
        (page(#"{"rotation": []}"#), #"page 1: key "timeline.rotation": must have at least one keyframe"#),
        (page(#"{"alpha": ["# + Array(repeating: #"{"at": 0, "value": 1}"#, count: 65).joined(separator: ",") + "]}"),
         #"page 1: key "timeline.alpha": has 65 keyframes; at most 64 are allowed"#),
        (subview(#"{"rotation": [{"at": 0, "value": 1}, {"at": 1, "value": 2}, {"at": 2, "value": 2}, {"at": 2, "value": 3}]}"#),
         #"page 1, subview 2: key "timeline.rotation[3].at": must be greater than the previous keyframe's 2.0, got 2.0"#),
        (page(#"{"alpha": [{"at": 0}]}"#), #"page 1: key "timeline.alpha[0].value": missing; a keyframe needs "at" and "value""#),
        (page(#"{"alpha": [{"value": 0}]}"#), #"page 1: key "timeline.alpha[0].at": missing; a keyframe needs "at" and "value""#),
        (page(#"{"alpha": [{"at": 0, "value": 0, "ease": "hold"}]}"#),
         #"page 1: key "timeline.alpha[0]": unknown key "ease"; allowed keys: at, value, easing"#),
        (page(#"{"alpha": [3]}"#), #"page 1: key "timeline.alpha[0]": must be a keyframe object {"at", "value", "easing"}, got a number"#),
        (page(#"{"alpha": [{"at": 2e6, "value": 0}]}"#),
         #"page 1: key "timeline.alpha[0].at": must be a finite number within ±1e6, got 2000000.0"#),
        (page(#"{"alpha": [{"at": 1e999, "value": 0}]}"#), #"page 1: key "timeline.alpha[0].at": number out of range (not finite)"#),
        (page(#"{"translation": [{"at": 0, "value": [0, 2e30]}]}"#),
         #"page 1: key "timeline.translation[0].value": must be finite within ±1e30, got 2e+30"#),
        (page(#"{"rotation": [{"at": 0, "value": -2e6}]}"#),
         #"page 1: key "timeline.rotation[0].value": must be finite within ±1e6, got -2000000.0"#),
        (page(#"{"scale": [{"at": 0, "value": 1}]}"#), #"page 1: key "timeline.scale[0].value": must be an array, got a number"#),
        (page(#"{"scale": [{"at": 0, "value": [1, 2, 3]}]}"#),
         #"page 1: key "timeline.scale[0].value": must be an array of 2 numbers, got 3 elements"#),
        (page(#"{"rotation": [{"at": 0, "value": [1]}]}"#), #"page 1: key "timeline.rotation[0].value": must be a number, got an array"#),
        (page(#"{"alpha": [{"at": 0, "value": 0, "easing": "EaseIn"}]}"#),
         #"page 1: key "timeline.alpha[0].easing": unknown easing "EaseIn"; allowed values: linear, easeIn, easeOut, easeInOut, hold or [x1, y1, x2, y2]"#),
        (page(#"{"alpha": [{"at": 0, "value": 0, "easing": [1.5, 0, 0.5, 1]}]}"#),
         #"page 1: key "timeline.alpha[0].easing": Bézier x1 must be within [0, 1], got 1.5"#),
        (page(#"{"alpha": [{"at": 0, "value": 0, "easing": [0.5, 0, -0.1, 1]}]}"#),
         #"page 1: key "timeline.alpha[0].easing": Bézier x2 must be within [0, 1], got -0.1"#),
        (page(#"{"alpha": [{"at": 0, "value": 0, "easing": [0.5, 0, 0.5]}]}"#),
         #"page 1: key "timeline.alpha[0].easing": must be an array of 4 numbers, got 3 elements"#),
        (page(#"{"alpha": [{"at": 0, "value": 0, "easing": [0.5, 1001, 0.5, 1]}]}"#),
         #"page 1: key "timeline.alpha[0].easing": Bézier y1 must be a finite number within ±1000, got 1001.0"#),
        (page(#"{"alpha": [{"at": 0, "value": 0, "easing": 1}]}"#),
         #"page 1: key "timeline.alpha[0].easing": must be an easing name or [x1, y1, x2, y2], got a number"#),
        (page(#"{"axis": [0, 0, 0]}"#), #"page 1: key "timeline.axis": must not be zero"#),
        (subview(#"{"axis": [0, 0]}"#), #"page 1, subview 2: key "timeline.axis": must be an array of 3 numbers, got 2 elements"#),
        (page(#"{"stagger": 1001}"#), #"page 1: key "timeline.stagger": must be a finite number within ±1000, got 1001.0"#),
        (page(#"{"stagger": "0.1"}"#), #"page 1: key "timeline.stagger": must be a number, got a string"#),
        (page(#"{"translation": {}}"#), #"page 1: key "timeline.translation": must be an array, got an object"#),
    ])
    func timelineErrors(json: String, message: String) {
        #expect(throws: WalkthroughError(message)) { try Walkthrough(json: json) }
    }

    @Test func easingNamesAreCaseSensitiveAndEveryKeyframesEasingIsChecked() {
        // The last keyframe's easing is unused, and still checked.
        #expect(throws: WalkthroughError.self) {
            try Walkthrough(json: Self.page(#"{"alpha": [{"at": 0, "value": 0}, {"at": 1, "value": 1, "easing": "Linear"}]}"#))
        }
        #expect(throws: Never.self) { try Walkthrough(json: Self.page(#"{"alpha": "# + Self.two + "}")) }
    }

    @Test func modelRulesHoldWithoutAFile() {
        #expect(throws: WalkthroughError("keyframe alpha[1].at must be greater than the previous keyframe's 1.0, got 0.5")) {
            try Timeline(alpha: [Keyframe(at: 1, value: 0), Keyframe(at: 0.5, value: 1)])
        }
        #expect(throws: WalkthroughError("timeline axis must not be zero")) { try Timeline(axis: .zero) }
        #expect(throws: WalkthroughError("easing Bézier x1 must be within [0, 1], got nan")) { try Easing(bezier: .nan, 0, 1, 1) }
    }
}
