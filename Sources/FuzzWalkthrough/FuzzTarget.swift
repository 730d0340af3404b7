import WalkthroughKernel

/// One fuzz input: parse it as a walkthrough file, and if it is one, render frames with the
/// reference and the fast path (one core and split) and compare them.
///
/// A finding is a crash, an error message that is not one short line, or a disagreement beyond `ParityTolerance` inside the fast path's
/// accuracy domain (`AccuracyDomain`): outside it (Float overflow, angles past
/// `VectorTrig.accurateRange`, perspective distances under a point) only crashes count.
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
            // Keyframed subviews get the keyframe allowance (the usual one plus what the
            // eased fraction's bound and the magnitudes in play add, `KeyframeTolerance`);
            // their upper 3×3 holds the pose's scale, so the rotation check outside the
            // domain does not apply to them.
            let keyframes = page.timeline != nil || page.subviews.contains { $0.timeline != nil } ? KeyframeTolerance(page) : nil
            for (k, (a, b)) in zip(f.subviews ?? [], r.subviews ?? []).enumerated() {
                let place = "page \(r.index) subview \(k) at scroll \(x) (offset \(r.offset))"
                let timed = !page.isStatic(subview: k) && page.timeline(ofSubview: k) != nil
                if AccuracyDomain.contains(page, subview: k, offset: r.offset, reference: b) {
                    let why = timed ? keyframes?.mismatch(a, b) : ParityTolerance.mismatch(a, b)
                    if let why { return "\(place): \(why)" }
                } else if timed {
                    continue
                } else if let why = OutsideTheDomain.violation(a, b, page: page, offset: r.offset) {
                    return "\(place), outside the accuracy domain: \(why)"
                }
            }
        }
        return nil
    }
}

/// What the fast path promises outside the accuracy domain: where the reference is finite,
/// a finite frame whose upper 3×3 part is a rotation times the page's scale.
enum OutsideTheDomain {
    static func violation(_ a: SubviewState, _ b: SubviewState, page: Page, offset o: Double) -> String? {
        guard b.transform.fields.allSatisfy({ $0.isFinite }), b.alpha.isFinite else { return nil }
        guard a.transform.fields.allSatisfy({ $0.isFinite }), a.alpha.isFinite else {
            return "not finite where the reference is: \(a.transform)"
        }
        let scale = page.animationType == .zoom && !a.isStatic ? PageAnimation.mirrored(o) : 1
        // Float's rounding of a huge Zoom scale (beyond 1e30) is no rotation error.
        guard scale.magnitude <= 1e30 else { return nil }
        let error = ParityTolerance.rotationError(a.transform, scale: scale)
        return error <= ParityTolerance.rotationTolerance ? nil : "upper 3×3 is not a rotation times \(scale) (error \(error))"
    }
}

/// Where the Float fast path promises `ParityTolerance`: every reference field within
/// ±1e30 (Float's range, with room for the products), the angle within
/// `VectorTrig.accurateRange`, and a perspective distance of at least one point (a distance
/// `d` scales Float rounding in the perspective fields by `1/d`).
enum AccuracyDomain {
    static func contains(_ page: Page, subview k: Int, offset o: Double, reference b: SubviewState) -> Bool {
        guard b.transform.fields.allSatisfy({ $0.isFinite && $0.magnitude <= 1e30 }) else { return false }
        let s = page.speed(ofSubview: k)
        guard s.x.magnitude <= 1e30, s.y.magnitude <= 1e30 else { return false }
        if let r = page.rotation {
            guard (r.perspective ?? 1) >= 1, r.angle(ofSubview: k, offset: o).magnitude <= VectorTrig.accurateRange,
                  (r.angle * (1 - o)).magnitude <= VectorTrig.accurateRange else { return false }
        }
        return true
    }
}
