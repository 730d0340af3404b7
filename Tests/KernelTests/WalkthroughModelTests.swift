import WalkthroughKernel
import KernelTestSupport
import Testing

@Suite struct WalkthroughModelTests {
    let walkthrough = try! Walkthrough(width: 100, pages: [Page(), Page(), Page()])

    @Test func offsetsAtRest() {
        // At rest on page 1: page 1 sees 1, page 2 sees 0, page 0 sees 2.
        #expect(walkthrough.offset(ofPage: 1, scroll: 100) == 1)
        #expect(walkthrough.offset(ofPage: 2, scroll: 100) == 0)
        #expect(walkthrough.offset(ofPage: 0, scroll: 100) == 2)
    }

    @Test(arguments: [(-2.0, false), ((-2.0).nextUp, true), (0.0, true), (1.0, true),
                      ((2.0).nextDown, true), (2.0, false), (Double.nan, false), (-.infinity, false)])
    func windowIsStrict(offset: Double, animated: Bool) {
        #expect(Walkthrough.isInWindow(offset) == animated)
    }

    @Test func windowEdgesFromScrollPositions() throws {
        // Page 0 at x = 100 sees exactly 2: not animated; a hair before, it is.
        let frame = try ReferenceAnimator.frame(walkthrough, scroll: 100)
        #expect(frame.pages[0].offset == 2 && !frame.pages[0].animated && frame.pages[0].subviews == nil)
        #expect(frame.pages[1].animated && frame.pages[2].animated)
        let before = try ReferenceAnimator.frame(walkthrough, scroll: 99.5)
        #expect(before.pages[0].animated)
    }

    @Test(arguments: [(0.0, 0), (99.9, 0), (100, 1), (250, 2), (1e9, 2), (-0.5, 0), (-350, 0), (.greatestFiniteMagnitude, 2)])
    func currentPageClamps(scroll: Double, page: Int) throws {
        #expect(try walkthrough.currentPage(scroll: scroll) == page)
    }

    @Test func currentPageRejectsNonFiniteScroll() {
        #expect(throws: WalkthroughError("scroll position must be finite, got nan")) {
            try walkthrough.currentPage(scroll: .nan)
        }
    }

    @Test func widthMustBePositiveAndFinite() {
        for width in [0, -1, Double.infinity, .nan] {
            #expect(throws: WalkthroughError.self) { try Walkthrough(width: width, pages: []) }
        }
    }

    /// The master scrolls to `W·p`, and at the last page the offset adds `W` to that: a
    /// width whose pages side by side pass the largest Double is refused (it made
    /// `scrollPosition` infinite, and every offset at the last page); up to there, every
    /// page is reached and its offsets are finite.
    @Test func thePagesTotalWidthIsFinite() throws {
        #expect(throws: WalkthroughError.self) { try Walkthrough(width: 1e308, pages: [Page(), Page()]) }
        #expect(throws: WalkthroughError.self) {
            try Walkthrough(width: .greatestFiniteMagnitude / 65_535, pages: Array(repeating: Page(), count: 65_536))
        }
        let width = 5e307  // × 3 pages = 1.5e308
        let walkthrough = try Walkthrough(width: width, pages: [Page(), Page(), Page()])
        var master = WalkthroughMaster(walkthrough)
        #expect(try master.goToPage(2) == [.pageDidChange(2)])
        #expect(master.scrollPosition == 2 * width && master.currentPage == 2)
        let offsets = (0..<3).map { walkthrough.offset(ofPage: $0, scroll: master.scrollPosition) }
        #expect(offsets.allSatisfy { $0.isFinite }, "\(offsets)")
        #expect(try Walkthrough(width: 1e308, pages: [Page()]).pages.count == 1)
    }

    /// A file's keyframes are limited in all (the file reader admits each track; a file at
    /// the limit is Tests/CInterface/keyframe_limit.c, 40 MB). A walkthrough built in Swift
    /// is not limited: 65,536 subviews sharing one 64-keyframe track hold twice the limit
    /// written out, and the model holds the track once.
    @Test func keyframesAreLimitedInFiles() throws {
        let track = (0..<64).map { Keyframe(at: Double($0), value: Double($0)) }
        let own = Subview(timeline: try Timeline(rotation: track))
        let page = Page(subviews: Array(repeating: own, count: 2 * Walkthrough.maximumKeyframeCount / 64))
        #expect(try Walkthrough(width: 1, pages: [page]).subviewCount == 65_536)
        var budget = try WalkthroughBudget(pageCount: 1)
        try budget.admit(keyframes: Walkthrough.maximumKeyframeCount - 1)
        #expect(throws: WalkthroughError("1 keyframe would exceed the limit of 2097152 per walkthrough (earlier tracks hold 2097152)")) {
            try budget.admit(keyframes: 1)
            try budget.admit(keyframes: 1)
        }
        #expect(budget.keyframes == Walkthrough.maximumKeyframeCount)
        // A timeline counts 4 besides its keyframes, tracks or not (an `axis` alone).
        budget = try WalkthroughBudget(pageCount: 1)
        try budget.admit(keyframes: Walkthrough.maximumKeyframeCount - 5)
        try budget.admitTimeline()
        #expect(budget.keyframes == Walkthrough.maximumKeyframeCount - 1)
        #expect(throws: WalkthroughError.self) { try budget.admitTimeline() }
        budget = try WalkthroughBudget(pageCount: 1)
        #expect(throws: WalkthroughError.self) { try budget.admit(keyframes: .max) }  // no overflow
        try budget.admit(keyframes: 64)
        #expect(budget.keyframes == 64)  // a refused track takes nothing
    }

    /// Public helpers that take a subview index accept any (the formula is in Double), and
    /// the reference's track value has an answer for an empty track.
    @Test func helpersTakeAnyIndex() throws {
        let page = Page(speed: SIMD2(1, 2), speedVariance: SIMD2(3, 4))
        // By hand: `speed + (k + 1)·speedVariance`; at ±2⁶³ the 1 and 2 are below an ulp.
        #expect(page.speed(ofSubview: 2) == SIMD2(10, 14))
        #expect(page.speed(ofSubview: .max) == SIMD2(0x1.8p64, 0x1p65))
        #expect(page.speed(ofSubview: .min) == SIMD2(-0x1.8p64, -0x1p65))
        let rotation = try Rotation(axis: SIMD3(0, 0, 1), angle: 1, angleVariance: 0.5)
        // `(angle + (k + 1)·angleVariance)·(1 − o)`.
        #expect(rotation.angle(ofSubview: 2, offset: 0.5) == 1.25)
        #expect(rotation.angle(ofSubview: .max, offset: 0) == 0x1p62)
        #expect(TimelineReference.value([Keyframe<Double>](), at: 0).isNaN)
        #expect(TimelineReference.value([Keyframe<SIMD2<Double>>](), at: 1).x.isNaN)
    }

    @Test func navigationAtBothEnds() throws {
        var master = WalkthroughMaster(walkthrough)
        #expect(master.previous() == [])  // no page before the first: nothing happens
        #expect(master.currentPage == 0)
        #expect(master.next() == [.nextButtonPressed, .pageDidChange(1)])
        #expect(master.next() == [.nextButtonPressed, .pageDidChange(2)])
        #expect(master.scrollPosition == 200)
        #expect(master.next() == [])  // no page after the last
        #expect(master.previous() == [.prevButtonPressed, .pageDidChange(1)])
        #expect(master.close() == [.closeButtonPressed])
        #expect(try master.goToPage(0) == [.pageDidChange(0)])
        #expect(throws: WalkthroughError.self) { try master.goToPage(3) }
        #expect(throws: WalkthroughError.self) { try master.goToPage(-1) }
        try master.scroll(to: -40)  // a bounce before the first page
        #expect(master.currentPage == 0 && master.scrollDidSettle() == [.pageDidChange(0)])
        #expect(throws: WalkthroughError.self) { try master.scroll(to: .infinity) }
        #expect(master.scrollPosition == -40)
    }

    @Test func emptyWalkthroughNavigatesNowhere() throws {
        var master = WalkthroughMaster(try Walkthrough(width: 10, pages: []))
        #expect(master.next() == [] && master.previous() == [] && master.currentPage == 0)
    }

    @Test(arguments: ["Linear", "Curve", "Zoom", "InOut"])
    func animationTypesParse(name: String) throws {
        #expect(try AnimationType(parsing: name).rawValue == name)
    }

    @Test(arguments: ["linear", "Bounce", "", " Linear"])
    func badAnimationTypes(name: String) {
        #expect(throws: WalkthroughError(
            "unknown animationType \"\(name)\"; allowed values: Linear, Curve, Zoom, InOut")) {
            try AnimationType(parsing: name)
        }
    }

    @Test func staticTagsParse() throws {
        #expect(try StaticTags(parsing: "1,3,9") == [1, 3, 9])
        #expect(try StaticTags(parsing: " 1, 2 ") == [1, 2])
        #expect(try StaticTags(parsing: "-4") == [-4])
        #expect(try StaticTags(parsing: "") == [])
        #expect(try StaticTags(parsing: "  ") == [])
        #expect(try StaticTags(parsing: "\t007 ,-0, 2,2") == [7, 0, 2])
        #expect(try StaticTags(parsing: "\(Int.min),\(Int.max)") == [Int.min, Int.max])
        // Every tag of a long list, in a random order (seed 7).
        var rng = SeededGenerator(seed: 7)
        let many = (0..<5_000).map { _ in Int.random(in: -1_000_000_000_000...1_000_000_000_000, using: &rng) }
        #expect(try StaticTags(parsing: many.map(String.init).joined(separator: ", ")) == StaticTags(many), "seed 7")
    }

    /// A number outside `Int` is told apart from a non-number.
    @Test(arguments: ["99999999999999999999", "9223372036854775808", "-9223372036854775809"])
    func staticTagsOutsideInt(list: String) {
        do {
            _ = try StaticTags(parsing: "1, " + list)
            Issue.record("\(list): no error")
        } catch {
            #expect(error.problem == "malformed staticTags \"1, \(list)\": \" \(list)\" is outside the integers from "
                    + "-9223372036854775808 to 9223372036854775807", "\(list)")
        }
    }

    @Test(arguments: ["1,,2", "a", "1;2", "1,", ",1", "1 2", "+1", "99999999999999999999", "-", "1-", "--1", "1,\u{301}2", "é"])
    func badStaticTags(list: String) {
        #expect(throws: WalkthroughError.self) { try StaticTags(parsing: list) }
        do { _ = try StaticTags(parsing: list) } catch {
            #expect(error.message.hasPrefix("malformed staticTags \"\(list)\""))
        }
    }

    @Test func pageCountIsLimited() throws {
        #expect(try Walkthrough(width: 1, pages: Array(repeating: Page(), count: 65_536)).pages.count == 65_536)
        #expect(throws: WalkthroughError("65537 pages exceed the limit of 65536 per walkthrough")) {
            try Walkthrough(width: 1, pages: Array(repeating: Page(), count: 65_537))
        }
    }

    /// The budget counts each page's subviews rounded up to whole lanes, the padding the
    /// fast path allocates: 4,194,304 pages of one subview would take 32 million slots.
    @Test func budgetCountsPaddedLanes() throws {
        var budget = try WalkthroughBudget(pageCount: 2)
        try budget.admit(subviews: 1)
        #expect(budget.slots == 8)
        #expect(throws: WalkthroughError(
            "4194297 subviews would exceed the limit of 4194304 per walkthrough (earlier pages take 8, each page's count rounded up to a multiple of 8)")) {
            try budget.admit(subviews: 4_194_297)
        }
        #expect(budget.slots == 8)  // a refused page takes nothing
        try budget.admit(subviews: 4_194_296)
        #expect(budget.slots == Walkthrough.maximumSubviewCount)
        #expect(throws: WalkthroughError.self) { try budget.admit(subviews: 1) }
        var fresh = try WalkthroughBudget(pageCount: 1)
        #expect(throws: WalkthroughError.self) { try fresh.admit(subviews: .max) }  // no overflow
    }

    /// The model's initializers hold the rules; their errors name the value (the file key) so
    /// that the file reader can tell them as `page 2, rotation: key "axis": …`.
    @Test func ruleErrorsNameTheirKey() {
        let cases: [(() throws(WalkthroughError) -> Void, String, String)] = [
            ({ () throws(WalkthroughError) in _ = try Walkthrough(width: 0, pages: []) }, "width", "must be a finite number > 0, got 0.0"),
            ({ () throws(WalkthroughError) in _ = try Rotation(axis: .zero, angle: 1) }, "axis", "must not be zero"),
            ({ () throws(WalkthroughError) in _ = try Rotation(axis: SIMD3(0, 0, 1), angle: 1, perspective: 0) }, "perspective",
             "must be a finite distance > 0, got 0.0"),
            ({ () throws(WalkthroughError) in _ = try AnimationType(parsing: "Bounce") }, "animationType",
             #"unknown animationType "Bounce"; allowed values: Linear, Curve, Zoom, InOut"#),
            ({ () throws(WalkthroughError) in _ = try StaticTags(parsing: "x") }, "staticTags",
             #"malformed staticTags "x": "x" is not an integer; expected a comma-separated list such as "1, 3, 9""#),
        ]
        for (n, (body, key, problem)) in cases.enumerated() {
            do {
                try body()
                Issue.record("case \(n): no error")
            } catch {
                #expect(error.key == key && error.problem == problem, "case \(n): \(error.message)")
            }
        }
    }

    @Test func rotationValidation() {
        #expect(throws: WalkthroughError("rotation axis must not be zero")) {
            try Rotation(axis: .zero, angle: 1)
        }
        #expect(throws: WalkthroughError("perspective must be a finite distance > 0, got -5.0")) {
            try Rotation(axis: SIMD3(0, 0, 1), angle: 1, perspective: -5)
        }
        #expect(throws: WalkthroughError.self) { try Rotation(axis: SIMD3(.nan, 0, 1), angle: 1) }
        // A distance below about 5.56e-309 passes `d > 0` but gives m34 = −∞; 5.6e-309 (subnormal too) does not.
        #expect(throws: WalkthroughError("perspective must be a distance whose m34 = −1/d is finite, got 1e-320")) {
            try Rotation(axis: SIMD3(0, 0, 1), angle: 1, perspective: 1e-300 / 1e20)  // subnormal literals warn
        }
        #expect((try? Rotation(axis: SIMD3(0, 0, 1), angle: 1, perspective: 5.6e-300 / 1e9))?.m34.isFinite == true)
    }
}
