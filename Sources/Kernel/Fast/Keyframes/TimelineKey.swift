/// A timeline as the key that shares sources, hashed through a 64-bit digest made once (−0 as +0, as `==` does), since
/// `Timeline`'s synthesized hash cost the most after the easing fits (docs/DESIGN.md, "Set-up, the build alone").
struct TimelineKey: Hashable {
    let timeline: Timeline
    let digest: UInt64

    init(_ timeline: Timeline) {
        self.timeline = timeline
        var d = Digest()
        let xy: (inout Digest, SIMD2<Double>) -> Void = { $0.add($1.x); $0.add($1.y) }
        d.add(timeline.translation, xy)
        d.add(timeline.scale, xy)
        d.add(timeline.rotation) { $0.add($1) }
        d.add(timeline.alpha) { $0.add($1) }
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

        @inline(__always)
        mutating func add<V>(_ track: [Keyframe<V>]?, _ addValue: (inout Digest, V) -> Void) {
            guard let track else { return add(0 as UInt64) }
            add(UInt64(track.count) &+ 1)
            for k in track {
                add(k.at)
                addValue(&self, k.value)
                add(k.easing)
            }
        }
    }
}
