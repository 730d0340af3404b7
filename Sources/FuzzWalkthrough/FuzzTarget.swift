import WalkthroughKernel

/// One fuzz input: parse it as a walkthrough file, and if it is one, render frames with the
/// reference and the fast path (one core and split) and compare them.
///
/// A finding is a crash, an error message that is not one short line, or a subview that
/// disagrees with the reference by `SubviewAgreement`'s rule, which `bench`'s agreement check
/// shares: beyond `ParityTolerance` inside the fast path's accuracy domain
/// (`AccuracyDomain`); outside it (Float overflow, angles past `VectorTrig.accurateRange`,
/// perspective distances under a point) only a frame that is not finite, or not a rotation,
/// where the reference's is (`OutsideTheDomain`).
enum FuzzTarget {
    /// Subviews above this are parsed but not animated, to keep iterations fast.
    static let animatedLimit = 4_096

    /// Longer error messages are findings: the longest the format gives (an unknown key
    /// with the allowed ones, two echoed strings of a staticTags error) stay under 400.
    static let longestMessage = 600

    /// Returns a description of the finding, or nil.
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        let walkthrough: Walkthrough
        do {
            walkthrough = try Walkthrough(json: text)
        } catch {
            // Every error is one short line, whatever the file holds (escaped newlines once
            // gave one line per escape).
            guard error.message == Echo.oneLine(error.message), error.message.unicodeScalars.count <= longestMessage else {
                return "an error that is not one short line: \(Echo.escaped(error.message, limit: 200))"
            }
            return nil
        }
        guard walkthrough.subviewCount <= animatedLimit else { return nil }
        var serial = WalkthroughAnimator(walkthrough)
        serial.threads = 1
        var split = WalkthroughAnimator(walkthrough)
        split.threads = 2
        split.parallelThreshold = 0
        let w = walkthrough.extent, n = Double(walkthrough.pages.count)
        // Scroll positions from the input's own numbers: page starts, window edges, bounces.
        let seed = Double(bytes.reduce(0) { ($0 &* 31) &+ Int($1) } & 0xFFFF) / 65_536
        for x in [0, -w * 0.3, w * (n - 1) * seed, w * (n - 1) + w * 0.7, w * (seed * 4 - 1), w * 2] {
            guard let reference = try? ReferenceAnimator.frame(walkthrough, scroll: x) else { continue }
            do {
                try serial.update(scroll: x)
                try split.update(scroll: x)
            } catch {
                return "the fast path rejected scroll \(x), which the reference accepted: \(error)"
            }
            if let finding = compare(serial.state(), reference, walkthrough, scroll: x) { return finding }
            for page in walkthrough.pages.indices where serial.positions[page].animated {
                // Bit patterns: NaN fields are equal to themselves here.
                let one = (try? serial.frame.gathered(page: page))?.map(\.bitPattern)
                let two = (try? split.frame.gathered(page: page))?.map(\.bitPattern)
                if one != two {
                    return "the parallel split differs from one core on page \(page) at scroll \(x)"
                }
            }
        }
        return nil
    }

    static func compare(_ fast: FrameState, _ reference: FrameState, _ walkthrough: Walkthrough, scroll x: Double) -> String? {
        guard fast.currentPage == reference.currentPage else { return "current page \(fast.currentPage) vs \(reference.currentPage)" }
        for (f, r) in zip(fast.pages, reference.pages) {
            guard f.offset == r.offset, f.animated == r.animated, (f.subviews == nil) == (r.subviews == nil) else {
                return "page \(r.index) window or offset differs at scroll \(x)"
            }
            let page = walkthrough.pages[r.index]
            let keyframes = KeyframeTolerance(ifKeyframed: page)
            for (k, (a, b)) in zip(f.subviews ?? [], r.subviews ?? []).enumerated() {
                if let why = SubviewAgreement.mismatch(a, b, page: page, subview: k, offset: r.offset, keyframes: keyframes) {
                    return "page \(r.index) subview \(k) at scroll \(x) (offset \(r.offset)): \(why)"
                }
            }
        }
        return nil
    }
}
