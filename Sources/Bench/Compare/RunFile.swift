import Foundation
import WalkthroughKernel

/// A run saved with `bench run --format json`, read back for `bench compare` and
/// `bench chart --input`. Only the keys those need are kept, but every key is checked as
/// the export writes it (`Report.json`); any problem is one line naming the file.
struct RunFile {
    struct Statistics {
        var min, p50, p90, p99, max: Double
    }

    struct Row {
        var scenario: String
        var impl: String
        var layout: String
        var subviews: Int
        var frames: Int
        var samples: Int
        var nsPerSubview: Statistics
    }

    let path: String
    let schemaVersion: Int
    let rows: [Row]
    private let os: String, cpu: String, cpuFeatures: String, cores: Int
    private let build: [String: String]

    /// The path as messages show it.
    var name: String { InputFile.shown(path) }

    /// The keys of the export (`Report.json`), each read and checked, its type and range
    /// too; what neither command uses (`date`, `options`, `ratios`, …) may be left out. Any
    /// other key is an error.
    static let requiredKeys = ["schemaVersion", "os", "cpu", "cpuFeatures", "cores", "build", "results"]
    static let optionalKeys = ["date", "toolchain", "commit", "uncommittedChanges", "arguments", "options", "ratios"]
    static let buildKeys = ["configuration", "swiftCompiler", "cCompiler", "swiftTargetFeatures", "targetFeatures"]
    /// `options` (`RunContext.writeOptions`): when present, every key, as every version of
    /// the schema has written them.
    static let optionKeys = ["files", "sizes", "positions", "filter", "impls", "layout", "budgetSeconds"]
    static let resultKeys = ["scenario", "impl", "layout", "subviews", "frames", "samples", "nsPerSubview"]
    static let derivedResultKeys = ["microsecondsPerFrame", "framesPerSecond"]
    /// In the order they must hold: min ≤ p50 ≤ p90 ≤ p99 ≤ max.
    static let statisticKeys = ["min", "p50", "p90", "p99", "max"]
    /// A `ratios` entry: its group, then a ratio column (`Report.ratioColumns`) or null.
    /// The columns may be left out: runs of this schema from before `gather/read-limit`
    /// lack that one.
    static let ratioGroupKeys = ["scenario", "subviews"]
    static let ratioColumnKeys = Report.ratioColumns.map(\.name)
    /// Counts beyond 2⁵³ are not whole numbers a JSON reader can tell apart.
    static let countRange = 1...9_007_199_254_740_991

    static func load(_ path: String) throws(BenchError) -> RunFile {
        let file = InputFile.shown(path)
        let read = try JSONReader.read(file: path) { (reader) throws(JSONReader.Problem) -> RunFile in
            // The version first, alone: a file of another schema is told as such, not as
            // whatever key it lacks.
            guard reader.peek() == .object else {
                throw JSONReader.Problem("", "not a run saved with bench run --format json (the file holds \(reader.found()), not an object)")
            }
            guard try reader.seekTopLevel("schemaVersion") else {
                throw JSONReader.Problem("", "no \"schemaVersion\"; not a run saved with bench run --format json by this version of bench")
            }
            let schema = try reader.wholeNumber("schemaVersion", in: 0...Int(Int32.max))
            guard schema == Report.schemaVersion else {
                throw JSONReader.Problem("", "schemaVersion \(schema); this bench reads version \(Report.schemaVersion)")
            }
            return try RunFile(path: path, reading: &reader)
        }
        do throws(JSONReader.Problem) {
            let run = try read.get()
            // Both readers need a result: compare has nothing in common with an empty run, and
            // chart drew an empty chart of one with status 0.
            guard !run.rows.isEmpty else { throw JSONReader.Problem("", "no results (\"results\" is empty): nothing to compare or draw") }
            return run
        } catch where error.isSyntax {
            throw BenchError("\(file): not a run saved with bench run --format json (\(error.what))")
        } catch where error.place.isEmpty {
            throw BenchError("\(file): \(error.what)")
        } catch {
            throw BenchError("\(file): malformed run: \(error)")
        }
    }

    /// Reads the whole file, its schema already checked.
    private init(path: String, reading reader: inout JSONReader) throws(JSONReader.Problem) {
        typealias Problem = JSONReader.Problem
        var os = "", cpu = "", cpuFeatures = "", cores = 0, build: [String: String] = [:], rows: [Row] = []
        reader.seekStart()
        try reader.object("", required: RunFile.requiredKeys, optional: RunFile.optionalKeys) { (reader, key, at) throws(Problem) in
            switch key {
            case "schemaVersion": _ = try reader.wholeNumber(at, in: 1...Int(Int32.max))
            case "os": os = try reader.string(at)
            case "cpu": cpu = try reader.string(at)
            case "cpuFeatures": cpuFeatures = try reader.string(at)
            case "cores": cores = try reader.wholeNumber(at, in: 1...1_000_000)
            case "build": build = try reader.stringObject(at, required: RunFile.buildKeys, optional: MachineCheck.optionalKeys)
            case "results":
                try reader.array(at) { (reader, _, at) throws(Problem) in rows.append(try Row(reading: &reader, at)) }
            case "date", "toolchain", "commit":
                if !reader.null() { _ = try reader.string(at) }
            case "uncommittedChanges":
                try reader.skip(.bool, orNull: true, at, expected: "true, false or null")
            case "arguments":
                try reader.array(at) { (reader, _, at) throws(Problem) in _ = try reader.string(at) }
            case "options":
                guard !reader.null() else { return }
                guard reader.peek() == .object else { throw reader.mismatch(at, "an object or null") }
                try RunFile.readOptions(&reader, at)
            default:  // ratios: derived from the results, which are read instead
                try reader.array(at) { (reader, _, at) throws(Problem) in try RunFile.readRatios(&reader, at) }
            }
        }
        self.path = path
        schemaVersion = Report.schemaVersion
        (self.os, self.cpu, self.cpuFeatures, self.cores, self.build, self.rows) = (os, cpu, cpuFeatures, cores, build, rows)
    }

    /// `options`, the values the run was made with (`RunContext.writeOptions`): checked,
    /// not kept.
    private static func readOptions(_ reader: inout JSONReader, _ place: String) throws(JSONReader.Problem) {
        typealias Problem = JSONReader.Problem
        try reader.object(place, required: optionKeys) { (reader, key, at) throws(Problem) in
            switch key {
            case "files", "impls":
                try reader.array(at) { (reader, _, at) throws(Problem) in _ = try reader.string(at) }
            case "sizes":  // null for a run of files, which have their own sizes
                guard !reader.null() else { return }
                guard reader.peek() == .array else { throw reader.mismatch(at, "an array of subview counts or null") }
                try reader.array(at) { (reader, _, at) throws(Problem) in _ = try reader.wholeNumber(at, in: countRange) }
            case "positions":  // null for a run of the built-in scenarios
                guard !reader.null() else { return }
                guard reader.peek() == .number else { throw reader.mismatch(at, "a whole number from \(countRange.lowerBound) to \(countRange.upperBound) or null") }
                _ = try reader.wholeNumber(at, in: countRange)
            case "filter":
                if !reader.null() { _ = try reader.string(at) }
            case "layout":
                _ = try reader.string(at)
            default:  // budgetSeconds
                _ = try reader.nonNegativeNumber(at)
            }
        }
    }

    /// One `ratios` entry: a scenario and size, and the ratios of minimums measured there
    /// (`Report.ratioColumns`), each a finite number ≥ 0 or null where it was not measured.
    /// Checked, not kept: `compare` and `chart` take the ratios from the results.
    private static func readRatios(_ reader: inout JSONReader, _ place: String) throws(JSONReader.Problem) {
        try reader.object(place, required: ratioGroupKeys, optional: ratioColumnKeys) { (reader, key, at) throws(JSONReader.Problem) in
            switch key {
            case "scenario": _ = try reader.string(at)
            case "subviews": _ = try reader.wholeNumber(at, in: countRange)
            default: _ = try reader.nonNegativeNumber(at, orNull: true)
            }
        }
    }

    /// The machine and build, as a baseline records them (`MachineCheck`).
    var buildPairs: [String: String] {
        build.merging(["os": os, "cpu": cpu, "cpuFeatures": cpuFeatures, "cores": String(cores)]) { _, machine in machine }
    }

    /// The run as a report, for drawing it.
    var report: Report {
        get throws(BenchError) {
            let b = build
            let build = BuildInfo(configuration: b["configuration"] ?? "?", swiftCompiler: b["swiftCompiler"] ?? "?",
                                  cCompiler: b["cCompiler"] ?? "?", swiftTargetFeatures: b["swiftTargetFeatures"] ?? "?",
                                  cTargetFeatures: b["targetFeatures"] ?? "?", strategy: b["strategy"] ?? "?",
                                  strategySelection: "recorded", os: os, cpu: cpu,
                                  cpuFeatures: cpuFeatures, cores: cores)
            var results: [Result] = []
            for (n, row) in rows.enumerated() {
                guard let impl = ImplementationKind(rawValue: row.impl) else {
                    throw BenchError("\(name): results[\(n)].impl: unknown implementation \(Echo.quoted(row.impl))")
                }
                guard let layout = FrameLayout(rawValue: row.layout) else {
                    throw BenchError("\(name): results[\(n)].layout: unknown layout \(Echo.quoted(row.layout))")
                }
                var stats = Bench.Statistics([])
                let s = row.nsPerSubview
                (stats.min, stats.p50, stats.p90, stats.p99, stats.max, stats.count) = (s.min, s.p50, s.p90, s.p99, s.max, row.samples)
                results.append(Result(scenario: row.scenario, impl: impl, layout: layout, subviews: row.subviews,
                                      frames: row.frames, nsPerSubview: stats))
            }
            return Report(build: build, results: results)
        }
    }
}

extension RunFile.Row {
    /// One result: its keys once each, counts of 1 or more, times in ns above 0 and below
    /// 10¹⁵ (a ratio of other times would be infinite or meaningless) and in order, min ≤
    /// p50 ≤ p90 ≤ p99 ≤ max (they are order statistics of one set of samples).
    init(reading reader: inout JSONReader, _ place: String) throws(JSONReader.Problem) {
        typealias Problem = JSONReader.Problem
        var scenario = "", impl = "", layout = "", counts = [0, 0, 0]
        var stats = RunFile.Statistics(min: 0, p50: 0, p90: 0, p99: 0, max: 0)
        try reader.object(place, required: RunFile.resultKeys, optional: RunFile.derivedResultKeys) { (reader, key, at) throws(Problem) in
            switch key {
            case "scenario": scenario = try reader.string(at)
            case "impl": impl = try reader.string(at)
            case "layout": layout = try reader.string(at)
            case "subviews": counts[0] = try reader.wholeNumber(at, in: RunFile.countRange)
            case "frames": counts[1] = try reader.wholeNumber(at, in: RunFile.countRange)
            case "samples": counts[2] = try reader.wholeNumber(at, in: RunFile.countRange)
            case "nsPerSubview":
                var read: [String: (value: Double, text: String)] = [:]
                try reader.object(at, required: RunFile.statisticKeys) { (reader, key, at) throws(Problem) in
                    let (x, text) = try reader.number(at)
                    guard x > 0 && x < 1e15 else { throw Problem(at, "must be a time in ns above 0 and below 1e15, got \(text)") }
                    read[key] = (x, text)
                }
                let ordered = RunFile.statisticKeys.map { (key: $0, value: read[$0]?.value ?? 0, text: read[$0]?.text ?? "") }
                for (below, this) in zip(ordered, ordered.dropFirst()) where this.value < below.value {
                    throw Problem(JSONReader.member(at, this.key),
                                  "must be at least \(below.key) (\(below.text)), got \(this.text); the statistics run min ≤ p50 ≤ p90 ≤ p99 ≤ max")
                }
                (stats.min, stats.p50, stats.p90, stats.p99, stats.max) = (ordered[0].value, ordered[1].value, ordered[2].value,
                                                                          ordered[3].value, ordered[4].value)
            default:  // derived from nsPerSubview and subviews: a number ≥ 0, or null where it was not finite
                _ = try reader.nonNegativeNumber(at, orNull: true)
            }
        }
        self.init(scenario: scenario, impl: impl, layout: layout, subviews: counts[0], frames: counts[1], samples: counts[2],
                  nsPerSubview: stats)
    }
}
