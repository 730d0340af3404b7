/// A timeline as the key that shares sources among a page's subviews (`LaneTimelines`,
/// `LaneTableSizes`): equal when the timelines are, hashed through a 64-bit digest of every
/// field made once per subview. `Timeline`'s synthesized hash fed each keyframe's fields
/// and its easing's name through the hasher, the most of building an own-timelines plan
/// after the easing fits (docs/DESIGN.md, "Set-up"). Equal timelines have equal digests
/// (−0 is taken as +0, as `==` does); a collision only costs a comparison of timelines.
struct TimelineKey: Hashable {
    let timeline: Timeline
    let digest: UInt64

    init(_ timeline: Timeline) {
        self.timeline = timeline
        var d = Digest()
        d.add(timeline.translation)
        d.add(timeline.scale)
        d.add(timeline.rotation)
        d.add(timeline.alpha)
        d.add(timeline.axis.x)
        d.add(timeline.axis.y)
        d.add(timeline.axis.z)
        d.add(timeline.stagger)
        digest = d.value
    }

    static func == (a: TimelineKey, b: TimelineKey) -> Bool {
        a.digest == b.digest && a.timeline == b.timeline
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }

    /// A word-at-a-time mix, from a per-process seed (`Hasher`'s): made-up files cannot aim
    /// for collisions without knowing it.
    struct Digest {
        private(set) var value = Digest.seed

        static let seed: UInt64 = {
            var hasher = Hasher()
            hasher.combine(0x41 as UInt64)
            return UInt64(UInt(bitPattern: hasher.finalize()))
        }()

        /// A multiply and a shift, no rotation: BMI2 builds made the rotation a `rorx` of
        /// the seed in memory, which valgrind 3.19 (the gate's) cannot decode.
        @inline(__always)
        mutating func add(_ word: UInt64) {
            let mixed = (value ^ word) &* 0x9E37_79B9_7F4A_7C15
            value = mixed ^ mixed >> 29
        }

        @inline(__always)
        mutating func add(_ x: Double) { add((x + 0).bitPattern) }

        @inline(__always)
        mutating func add(_ easing: Easing) {
            switch easing.curve {
            case .linear: add(1 as UInt64)
            case .hold: add(2 as UInt64)
            case .bezier(let c):
                add(3 as UInt64)
                add(c.x)
                add(c.y)
                add(c.z)
                add(c.w)
            }
        }

        mutating func add(_ track: [Keyframe<SIMD2<Double>>]?) {
            guard let track else { return add(0 as UInt64) }
            add(UInt64(track.count) &+ 1)
            for k in track {
                add(k.at)
                add(k.value.x)
                add(k.value.y)
                add(k.easing)
            }
        }

        mutating func add(_ track: [Keyframe<Double>]?) {
            guard let track else { return add(0 as UInt64) }
            add(UInt64(track.count) &+ 1)
            for k in track {
                add(k.at)
                add(k.value)
                add(k.easing)
            }
        }
    }
}
