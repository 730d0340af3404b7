import WalkthroughKernel

/// One number the regression gate watches. All metrics are "lower is better".
struct Metric: Equatable, Encodable {
    enum Kind: String, Encodable, CaseIterable {
        /// Instructions in `WalkthroughAnimator.update` per subview per frame (large
        /// walkthroughs) or per frame (app-sized ones), counted by callgrind: exact and
        /// repeatable for a given binary.
        case instructions
        /// Data writes (callgrind's `Dw`: store instructions, whatever their width) in
        /// `WalkthroughAnimator.update`, per subview per frame or per frame: exact like the
        /// instructions, and what moves when a store is added to the store-bound loop (where
        /// one more store costs time out of proportion to its one instruction).
        case writes
        /// A ratio of minimum times measured in one run (`simd/c`, `simd/limit`): machine
        /// drift cancels, noise does not entirely.
        case ratio
    }

    var name: String
    var kind: Kind
    var value: Double
    /// Relative change above which a rise is a regression (and a fall an improvement).
    var threshold: Double

    init(name: String, kind: Kind, value: Double, threshold: Double) {
        (self.name, self.kind, self.value, self.threshold) = (name, kind, value, threshold)
    }

    /// A metric just measured, with its name's and kind's default threshold.
    init(name: String, kind: Kind, value: Double) {
        self.init(name: name, kind: kind, value: value, threshold: Metric.defaultThreshold(kind, name: name))
    }

    /// Strict: every key once with its type (`"value": true` is not a number), no other
    /// key, a name of the grammar `Name` reads with the kind it names, a value > 0 and a
    /// valid threshold.
    init(reading reader: inout JSONReader, _ place: String) throws(JSONReader.Problem) {
        typealias Problem = JSONReader.Problem
        var name = "", kind = Kind.ratio, value = 0.0, threshold = 0.0
        try reader.object(place, required: ["name", "kind", "value", "threshold"]) { (reader, key, at) throws(Problem) in
            switch key {
            case "name":
                name = try reader.string(at)
                guard !name.isEmpty else { throw Problem(at, "must not be empty") }
            case "kind":
                let text = try reader.string(at)
                guard let k = Kind(rawValue: text) else {
                    throw Problem(at, "must be \(Kind.allCases.map(\.rawValue).joined(separator: ", ")), got \(Echo.quoted(text))")
                }
                kind = k
            case "value":
                let number = try reader.number(at)
                guard number.value.isFinite, number.value > 0 else { throw Problem(at, "must be a number > 0, got \(number.text)") }
                value = number.value
            default:
                let number = try reader.number(at)
                guard Metric.isValidThreshold(number.value) else { throw Problem(at, Metric.thresholdRule + ", got \(number.text)") }
                threshold = number.value
            }
        }
        // After the whole object, so that a wrong value says so first, whatever the name.
        guard let parsed = Name(name) else {
            throw Problem(JSONReader.member(place, "name"), "\(Name.rule), got \(Echo.quoted(name, limit: 80))")
        }
        guard parsed.kind == kind else {
            throw Problem(JSONReader.member(place, "kind"),
                          "must be \(Echo.quoted(parsed.kind.rawValue)) for the metric \(Echo.quoted(name, limit: 80)), got \(Echo.quoted(kind.rawValue))")
        }
        self.init(name: name, kind: kind, value: value, threshold: threshold)
    }

    /// What a metric's name says: its family (`instructions/`, `writes-per-frame/`,
    /// `simd/limit/`: what is measured, and so the kind), the scenario or walkthrough file,
    /// and for a ratio the subviews it was measured at (`simd/c/storyboard/988`). Every
    /// name `bench baseline update` writes reads as one (`CountedCase.metricName`,
    /// `BaselineCommand.measureRatios`), and `check` refuses any other before measuring:
    /// a typo such as `instructions/` was found only after 16 s of callgrind.
    struct Name: Equatable {
        var family: String
        var kind: Kind
        var scenario: String
        /// The subviews of a ratio (the window's average, `Suite.averageAnimatedSubviews`:
        /// 988 for the storyboard at 1,000); nil for a count.
        var subviews: Int?

        /// The counts' families (`CountedCase`): per subview and per frame, of each kind.
        static let countFamilies: [(family: String, kind: Kind)] = [Kind.instructions, .writes].flatMap { kind in
            [CountedCase.Unit.subview, .frame].map { (CountedCase.family(kind, $0), kind) }
        }
        /// The ratios' families: the ratio columns of `simd` to an anchor (`simd/c/`, `simd/limit/`).
        static let ratioFamilies = Report.ratioColumns.filter { $0.a == .simd }.map { "\($0.name)/" }

        /// `must be KIND/SCENARIO with KIND one of instructions, … (instructions/linear), or
        /// simd/c/SCENARIO/SUBVIEWS or simd/limit/SCENARIO/SUBVIEWS (simd/c/zoom/1000)`.
        static let rule = "must be KIND/SCENARIO with KIND one of "
            + countFamilies.map { String($0.family.dropLast()) }.joined(separator: ", ") + " (instructions/linear), or "
            + ratioFamilies.map { "\($0)SCENARIO/SUBVIEWS" }.joined(separator: " or ") + " (simd/c/zoom/1000)"

        init?(_ name: String) {
            if let count = Name.countFamilies.first(where: { name.hasPrefix($0.family) }) {
                let scenario = String(name.dropFirst(count.family.count))
                guard !scenario.isEmpty else { return nil }
                (family, kind, self.scenario, subviews) = (count.family, count.kind, scenario, nil)
            } else if let ratio = Name.ratioFamilies.first(where: { name.hasPrefix($0) }) {
                let rest = name.dropFirst(ratio.count)
                guard let slash = rest.lastIndex(of: "/") else { return nil }
                let scenario = String(rest[..<slash]), digits = rest[rest.index(after: slash)...]
                // Whole subviews as `String(Int)` writes them: no sign, no leading zero.
                guard !scenario.isEmpty, !digits.isEmpty, digits.count <= 16, digits.first != "0",
                      digits.allSatisfy({ ("0"..."9").contains($0) }), let n = Int(digits) else { return nil }
                (family, kind, self.scenario, subviews) = (ratio, .ratio, scenario, n)
            } else {
                return nil
            }
        }
    }

    /// Documented defaults (docs/REGRESSION-GATE.md). Counts are exact, so their threshold
    /// is the smallest change worth a look (per frame, `perFrameThreshold`); the ratios' is
    /// chosen from their measured drift (docs/REGRESSION-GATE.md says how,
    /// `scripts/gate-drift.sh` measures it).
    ///
    /// `simd/limit/…` of a compute-bound scenario gets a wider one (`limitRatioThreshold`)
    /// than `simd/c/…`: on the shared machines the compute-bound kernels, Swift and C alike,
    /// switch between two speeds up to 1.56x apart for seconds to minutes at a time while the
    /// store limit keeps its speed, so a ratio of compute to stores moves by that much with
    /// no code change, while `simd/c` does not. A store-bound scenario's (`storeBound`: at
    /// the store limit, where the ratio holds still) gets `storeBoundLimitThreshold`, which
    /// a change to the frame's memory passes (docs/DESIGN.md, "The gate and the frame's memory").
    static func defaultThreshold(_ kind: Kind, name: String) -> Double {
        switch kind {
        case .instructions, .writes: name.contains("-per-frame/") ? perFrameThreshold : 0.03
        case .ratio:
            if !name.hasPrefix("simd/limit/") { 0.08 }
            else if storeBound.contains(name.split(separator: "/").dropFirst(2).first.map(String.init) ?? "") {
                storeBoundLimitThreshold
            } else { limitRatioThreshold }
        }
    }

    /// The threshold of a count per frame (`instructions-per-frame/…`, `writes-per-frame/…`:
    /// the app-sized walkthroughs and a user's files). These counts are exact and the same
    /// from run to run, and on a walkthrough of ten subviews a cost a subview is a small
    /// share of a frame: one vector multiply a block (`GATE_MUTATION_SUBVIEW_MULTIPLY`)
    /// adds 2.1% instructions and 1.6% writes a frame to `Benchmarks/Gate/onboarding.json`,
    /// which 3% let pass; 1.5%, not 1%, leaves room for the 0.9% two machines' libraries
    /// were seen to differ by (docs/REGRESSION-GATE.md).
    static let perFrameThreshold = 0.015

    /// The default threshold of a compute-bound `simd/limit/…`: a coarse guard, above the
    /// largest gap seen between the two speeds (1.56x).
    static let limitRatioThreshold = 0.6

    /// The built-in scenarios whose `simd` runs at the store limit (the uniform pages).
    static let storeBound: Set<String> = ["linear", "curve", "zoom", "inout", "rotate3d"]

    /// The threshold of a store-bound `simd/limit/…`: above its largest drift with no code
    /// change (+11.9% under load, 40 checks), below what a frame 4 bytes off its alignment
    /// costs (+19% to +36%).
    static let storeBoundLimitThreshold = 0.15

    /// The rule for a threshold, in a baseline file or on the command line.
    static func isValidThreshold(_ threshold: Double) -> Bool {
        threshold.isFinite && threshold >= 0
    }

    static let thresholdRule = "must be a relative change ≥ 0 (0.03 is 3%)"
}
