@testable import WalkthroughKernel
import KernelTestSupport
import Testing

/// Right-to-left and top-to-bottom walkthroughs (SEMANTICS.md, "Paging directions"): the
/// reference's offsets and mirror by hand, the mirror identity on every kind of page, and the
/// fast path (which mirrors the plan once) against the reference in every layout.
@Suite struct PagingDirectionTests {
    /// Three Linear pages 100 points wide, subview speeds s_0 = (1, 3) and s_1 = (1, 4).
    static func linearPages(_ direction: PagingDirection, height: Double? = nil) throws -> Walkthrough {
        let page = Page(speed: SIMD2(1, 2), speedVariance: SIMD2(0, 1), subviews: [Subview(tag: 1), Subview(tag: 2)])
        return try Walkthrough(width: 100, height: height, direction: direction, pages: [page, page, page])
    }

    @Test func aRightToLeftPageAtRestEnteringAndLeaving() throws {
        let w = try Self.linearPages(.rightToLeft)
        // At rest on page 0: x = (n − 1)·W = 200, x' = 0.
        #expect(w.scrollPosition(showingPage: 0) == 200 && w.scrollPosition(showingPage: 2) == 0)
        let restPage = try w.currentPage(scroll: 200)
        #expect(restPage == 0 && w.offset(ofPage: 0, scroll: 200) == 1 && w.offset(ofPage: 1, scroll: 200) == 0)
        let rest = try ReferenceAnimator.frame(w, scroll: 200)
        #expect(rest.pages[0].subviews?[0].transform == .identity)
        // Scrolled 50 points towards page 1 (x = 150, x' = 50): page 0 leaves at o = 1.5,
        // page 1 enters at o = 0.5. Linear: 100·(1 − o)·s_k, then m41 negated.
        let frame = try ReferenceAnimator.frame(w, scroll: 150)
        #expect(frame.currentPage == 0)
        #expect(frame.pages[0].offset == 1.5 && frame.pages[1].offset == 0.5)
        let leaving = try #require(frame.pages[0].subviews?[1].transform)  // s_1 = (1, 4), 100·(−0.5)
        #expect(leaving.m41 == 50 && leaving.m42 == -200)
        let entering = try #require(frame.pages[1].subviews?[0].transform)  // s_0 = (1, 3), 100·0.5
        #expect(entering.m41 == -50 && entering.m42 == 150)
        // Past the last page (x' = 250): current page clamps to 2.
        #expect(try w.currentPage(scroll: -50) == 2)
    }

    @Test func aVerticalWalkthroughReadsItsOffsetsFromY() throws {
        let w = try Self.linearPages(.topToBottom, height: 400)
        #expect(w.extent == 400 && w.scrollPosition(showingPage: 2) == 800)
        let current = try w.currentPage(scroll: 200), later = try w.currentPage(scroll: 600)
        #expect(w.offset(ofPage: 1, scroll: 200) == 0.5 && current == 0 && later == 1)
        let frame = try ReferenceAnimator.frame(w, scroll: 200)  // page 1 at o = 0.5: as written, not mirrored
        let t = try #require(frame.pages[1].subviews?[0].transform)
        #expect(t.m41 == 50 && t.m42 == 150)
    }

    /// Right to left at `x` is left to right at `(n − 1)·W − x` mirrored, `F·M·F` with
    /// `F = diag(−1, 1, 1, 1)`: every animation type, a rotation with perspective and
    /// per-subview angles, a keyframe timeline with stagger; the reference's mirror exactly
    /// against the product, and the fast path's page, offsets and fields against the
    /// reference (within the parity tolerance).
    static let flip = Transform3D.scale(-1, 1, 1)

    @Test(arguments: AnimationType.allCases)
    func rightToLeftIsTheMirrorOfLeftToRight(type: AnimationType) throws {
        let seed = 0xD1E0 &+ UInt64(AnimationType.allCases.firstIndex(of: type)!)
        var rng = SeededGenerator(seed: seed)
        var spin = RandomWalkthrough.page(count: 13, type: type, using: &rng)
        spin.rotation = try Rotation(axis: SIMD3(0.3, -1, 0.5), angle: 0.7, angleVariance: 0.05, perspective: 500)
        let timed = RandomTimeline.timed(RandomWalkthrough.page(count: 11, type: type, using: &rng), pageTimeline: true,
                                         own: 0, using: &rng)
        let pages = [RandomWalkthrough.page(count: 9, type: type, using: &rng), spin, timed]
        let ltr = try Walkthrough(width: 320, pages: pages)
        let rtl = try Walkthrough(width: 320, direction: .rightToLeft, pages: pages)
        var fast = WalkthroughAnimator(rtl)
        for x in [-100.0, 0, 150, 320, 480, 640, 700, 1000] {
            let mirror = 640 - x
            let a = try ReferenceAnimator.frame(rtl, scroll: x), b = try ReferenceAnimator.frame(ltr, scroll: mirror)
            try fast.update(scroll: x)
            let f = fast.state()
            #expect(a.currentPage == b.currentPage && f.currentPage == a.currentPage, "seed \(seed) \(type) x \(x)")
            for i in pages.indices {
                // The same window both ways, so that the mirror below compares every subview.
                #expect(a.pages[i].offset == b.pages[i].offset && a.pages[i].animated == b.pages[i].animated
                            && f.pages[i].offset == a.pages[i].offset && f.pages[i].animated == a.pages[i].animated,
                        "seed \(seed) \(type) x \(x) page \(i)")
                let tolerance = KeyframeTolerance(pages[i])
                for (k, (r, l)) in zip(a.pages[i].subviews ?? [], b.pages[i].subviews ?? []).enumerated() {
                    // The contract's `F·M·F` as a product, not as `mirroredLeftRight`'s sign changes.
                    #expect(r.transform == Self.flip.concatenating(l.transform).concatenating(Self.flip) && r.alpha == l.alpha,
                            "seed \(seed) \(type) x \(x) page \(i) subview \(k)")
                    if let s = f.pages[i].subviews?[k], let why = tolerance.mismatch(s, r) {
                        Issue.record("seed \(seed) \(type) x \(x) page \(i) subview \(k), fast path: \(why)")
                    }
                }
            }
        }
    }

    /// The fast path against the reference in both new directions and every layout: static
    /// subviews, counts that are not whole blocks, own timelines, and the threaded split bit
    /// for bit the same as one core.
    @Test(arguments: [PagingDirection.rightToLeft, .topToBottom], FrameLayout.allCases)
    func theFastPathMatchesTheReference(direction: PagingDirection, layout: FrameLayout) throws {
        let seed = 0xD1E1 &+ UInt64(FrameLayout.allCases.firstIndex(of: layout)!) &+ (direction == .rightToLeft ? 0 : 16)
        var rng = SeededGenerator(seed: seed)
        let counts = [0, 1, 7, 9, 23, 301]
        let pages = counts.enumerated().map { i, count in
            let page = RandomWalkthrough.page(count: count, type: AnimationType.allCases[i % 4], using: &rng)
            return i == 4 ? RandomTimeline.timed(page, pageTimeline: false, own: 0.5, using: &rng) : page
        }
        let w = try Walkthrough(width: 375, height: 667, direction: direction, pages: pages)
        var serial = WalkthroughAnimator(w, layout: layout)
        serial.threads = 1
        var parallel = WalkthroughAnimator(w, layout: layout)
        (parallel.threads, parallel.parallelThreshold) = (3, 1)
        let extent = w.extent, last = Double(pages.count - 1) * extent
        for x in [-extent, 0, 0.3 * extent, extent, 2.5 * extent, last - 10, last, last + extent] {
            try serial.update(scroll: x)
            try parallel.update(scroll: x)
            let fast = serial.state(), reference = try ReferenceAnimator.frame(w, scroll: x)
            #expect(fast.currentPage == reference.currentPage, "seed \(seed) \(direction) \(layout) x \(x)")
            for (f, r) in zip(fast.pages, reference.pages) {
                #expect(f.offset == r.offset && f.animated == r.animated, "seed \(seed) \(direction) \(layout) x \(x) page \(f.index)")
                let tolerance = KeyframeTolerance(pages[f.index])
                for (k, (a, b)) in zip(f.subviews ?? [], r.subviews ?? []).enumerated() {
                    if let why = tolerance.mismatch(a, b) {
                        Issue.record("seed \(seed) \(direction) \(layout) x \(x) page \(f.index) subview \(k): \(why)")
                    }
                }
                #expect(serial.frame.bytes(page: f.index) == parallel.frame.bytes(page: f.index),
                        "seed \(seed) \(direction) \(layout) x \(x) page \(f.index): the split differs from one core")
            }
        }
    }

    @Test func theMasterStartsOnPageZeroAndNavigatesByPageNumber() throws {
        var master = WalkthroughMaster(try Self.linearPages(.rightToLeft))
        #expect(master.scrollPosition == 200 && master.currentPage == 0)
        #expect(master.next() == [.nextButtonPressed, .pageDidChange(1)] && master.scrollPosition == 100)
        #expect(try master.goToPage(2) == [.pageDidChange(2)] && master.scrollPosition == 0)
        #expect(master.next() == [])
        #expect(master.previous() == [.prevButtonPressed, .pageDidChange(1)] && master.scrollPosition == 100)
        #expect(try master.scrollPosition(showingPage: 0) == 200)
        #expect(throws: WalkthroughError.self) { try master.scrollPosition(showingPage: 3) }
        let vertical = WalkthroughMaster(try Self.linearPages(.topToBottom, height: 50))
        let third = try vertical.scrollPosition(showingPage: 2)
        #expect(vertical.scrollPosition == 0 && third == 100)
    }

    /// Files: the keys, their errors (one line, naming the key, listing the directions).
    @Test func filesReadTheDirectionAndHeightStrictly() throws {
        let w = try Walkthrough(json: #"{ "direction": "rightToLeft", "width": 375, "height": 667, "pages": [ {}, {} ] }"#)
        #expect(w.direction == .rightToLeft && w.height == 667 && w.extent == 375)
        let bad: [(String, String)] = [
            (#"{ "direction": "up", "width": 1, "pages": [] }"#, "allowed values: leftToRight, rightToLeft, topToBottom"),
            (#"{ "direction": 1, "width": 1, "pages": [] }"#, #"key "direction""#),
            (#"{ "direction": "topToBottom", "width": 1, "pages": [] }"#, #"key "height": missing"#),
            (#"{ "width": 1, "height": 0, "pages": [] }"#, #"key "height": must be a finite number > 0"#),
            (#"{ "width": 1, "height": -3, "direction": "topToBottom", "pages": [] }"#, #"key "height""#),
            (#"{ "width": 1, "height": 1e308, "direction": "topToBottom", "pages": [{}, {}] }"#, "total height"),
        ]
        for (text, expected) in bad {
            do {
                _ = try Walkthrough(json: text)
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.message.contains(expected) && !error.message.contains("\n"), "\(text): \(error.message)")
            }
        }
    }
}
