import Foundation
import Testing
@testable import Bench

/// A saved run (`bench run --format json`) is read as strictly as docs/PERFORMANCE.md says,
/// by `bench compare` and `bench chart --input` alike: the keys neither command uses
/// (`options`, `ratios`, the derived numbers) are checked too, not only stepped over, and
/// the five statistics must be in order. Before, `"ratios":[{"simd/limit":"x"}]`,
/// `"options":{"sizes":"x"}`, a negative `framesPerSecond` or a `p50` below `min` were read
/// with exit 0. What the export writes is still read, whatever it measured.
@Suite(.temporaryFolders) struct SavedRunTests {
    static let quick = ["--budget", "0.005", "--quiet"]

    /// `bench run --format json` as it writes it (not re-serialized, so that the edits
    /// below hit the export's own text).
    func savedText(_ arguments: [String], in folder: URL) throws -> String {
        let run = try BenchProcess.run(["run", "--format", "json"] + arguments + Self.quick, directory: folder)
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout
    }

    /// `text` with the first match of `pattern` after the first `marker` replaced.
    func edit(_ text: String, after marker: String = "", _ pattern: String, _ replacement: String) throws -> String {
        let start = marker.isEmpty ? text.startIndex : try #require(text.range(of: marker)).lowerBound
        let regex = try Regex(pattern)
        let match = try #require(text[start...].firstMatch(of: regex), "no \(pattern) after \(marker)")
        return text.replacingCharacters(in: match.range, with: replacement)
    }

    /// Every file the export writes loads in both commands: the built-in scenarios with
    /// every implementation (every ratio column a number), a run of two implementations (most
    /// ratio columns null), and a walkthrough file's run (`sizes` null, `positions` a number).
    @Test func freshRunsAreRead() throws {
        let folder = try BenchProcess.temporaryFolder()
        let file = try BenchProcess.smallWalkthrough()
        let runs = [
            ("every implementation", ["--filter", "^zoom$", "--sizes", "20,70"]),
            ("two implementations", ["--filter", "^rotate3d-spin$", "--sizes", "20", "--impls", "simd,limit"]),
            ("a walkthrough file", [file, "--positions", "8"]),
        ]
        for (n, (what, arguments)) in runs.enumerated() {
            let text = try savedText(arguments, in: folder)
            let path = folder.appendingPathComponent("fresh\(n).json").path
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            let compare = try BenchProcess.run(["compare", path, path])
            #expect(compare.status == 0 && compare.stderr.isEmpty, "\(what): compare: \(compare.status) \(compare.stderr)")
            let chart = try BenchProcess.run(["chart", "--input", path, "--output", folder.appendingPathComponent("fresh\(n).svg").path])
            #expect(chart.status == 0 && chart.stderr.isEmpty, "\(what): chart: \(chart.status) \(chart.stderr)")
            // The export's own values pass the reader's ranges: a ratio written, a rate, order.
            if n == 0 { #expect(text.contains(#""ref/simd": "#) && !text.contains(#""ref/simd": null"#), "\(what): \(text)") }
        }
    }

    /// Each defect, edited into a real run, is one line naming the file, the key path, what
    /// it holds and what it must hold, from `compare` and from `chart --input`.
    @Test func valuesOfTheWrongTypeOrRangeAreErrors() throws {
        let folder = try BenchProcess.temporaryFolder()
        let text = try savedText(["--filter", "^zoom$", "--sizes", "20", "--impls", "simd,limit"], in: folder)
        let good = folder.appendingPathComponent("good.json").path
        try text.write(toFile: good, atomically: false, encoding: .utf8)
        let number = "[0-9.e+-]+"
        let counts = "from 1 to 9007199254740991"
        let cases: [(String, String)] = [
            // ratios: the review's case, a value of the wrong type, an unknown or missing key.
            (try edit(text, #""ratios": \[[\s\S]*\]\}"#, #""ratios":[{"simd/limit":"x"}]}"#),
             #"ratios[0].simd/limit: must be a finite number ≥ 0 or null, got the string "x""#),
            (try edit(text, after: #""ratios""#, #""simd/limit": [^,}]+"#, #""simd/limit": -1"#),
             "ratios[0].simd/limit: must be a finite number ≥ 0 or null, got -1"),
            (try edit(text, after: #""ratios""#, #""simd/c": [^,}]+"#, #""simd/c": 1e999"#),
             "ratios[0].simd/c: must be a finite number ≥ 0 or null, got 1e999"),
            (try edit(text, after: #""ratios""#, #""simd/limit": "#, #""simd/limt": 1, "simd/limit": "#),
             #"ratios[0].simd/limt: unknown key "simd/limt"; allowed keys: scenario, subviews, simd/c, simd/limit"#),
            (try edit(text, after: #""ratios""#, #""subviews": \d+, "#, ""), "ratios[0].subviews: missing"),
            (try edit(text, after: #""ratios""#, #""subviews": \d+"#, #""subviews": 0"#),
             "ratios[0].subviews: must be a whole number \(counts), got 0"),
            (try edit(text, after: #""ratios""#, #""scenario": "zoom""#, #""scenario": 7"#), "ratios[0].scenario: must be a string, got 7"),
            (try edit(text, #""ratios": \["#, #""ratios": {"x": 1}, "ratiosWas": ["#), "ratios: must be an array, got an object"),
            (try edit(text, #""ratios": \["#, #""ratios": ["x", "#), #"ratios[0]: must be an object, got the string "x""#),
            // options: every key, each of its type and range.
            (try edit(text, #""sizes": \[[^\]]*\]"#, #""sizes": "x""#), #"options.sizes: must be an array of subview counts or null, got the string "x""#),
            (try edit(text, #""sizes": \[[^\]]*\]"#, #""sizes": [20, 0]"#), "options.sizes[1]: must be a whole number \(counts), got 0"),
            (try edit(text, #""positions": null"#, #""positions": "8""#),
             #"options.positions: must be a whole number \#(counts) or null, got the string "8""#),
            (try edit(text, #""budgetSeconds": [0-9.e+-]+"#, #""budgetSeconds": -0.5"#), "options.budgetSeconds: must be a finite number ≥ 0, got -0.5"),
            (try edit(text, #""impls": \["#, #""impls": [1, "#), "options.impls[0]: must be a string, got 1"),
            (try edit(text, #""files": \[\]"#, #""files": "zoom""#), #"options.files: must be an array, got the string "zoom""#),
            (try edit(text, #""layout": "blocks", "budgetSeconds""#, #""layout": 4, "budgetSeconds""#), "options.layout: must be a string, got 4"),
            (try edit(text, #""filter": "\^zoom\$""#, #""filter": true"#), "options.filter: must be a string, got true"),
            (try edit(text, #""filter": "\^zoom\$", "#, ""), "options.filter: missing"),
            (try edit(text, #""budgetSeconds""#, #""threads": 2, "budgetSeconds""#), #"options.threads: unknown key "threads"; allowed keys: files, sizes"#),
            (try edit(text, #""options": \{[^\n]*\},\n"#, "\"options\": [],\n"), "options: must be an object or null, got an array"),
            // The derived numbers of a result: finite and ≥ 0, or null.
            (try edit(text, #""microsecondsPerFrame": [0-9.e+-]+"#, #""microsecondsPerFrame": -5"#),
             "results[0].microsecondsPerFrame: must be a finite number ≥ 0 or null, got -5"),
            (try edit(text, #""framesPerSecond": [0-9.e+-]+"#, #""framesPerSecond": -1e6"#),
             "results[0].framesPerSecond: must be a finite number ≥ 0 or null, got -1e6"),
            (try edit(text, #""framesPerSecond": [0-9.e+-]+"#, #""framesPerSecond": "fast""#),
             #"results[0].framesPerSecond: must be a finite number ≥ 0 or null, got the string "fast""#),
            (try edit(text, #""framesPerSecond": [0-9.e+-]+"#, #""framesPerSecond": 1e999"#),
             "results[0].framesPerSecond: must be a finite number ≥ 0 or null, got 1e999"),
            // The statistics in order: min ≤ p50 ≤ p90 ≤ p99 ≤ max.
            (try edit(text, "\"min\": \(number)", #""min": 9e14"#), "results[0].nsPerSubview.p50: must be at least min (9e14), got "),
            (try edit(text, "\"max\": \(number)", #""max": 1e-9"#), "results[0].nsPerSubview.max: must be at least p99 ("),
            (try edit(text, "\"p90\": \(number)", #""p90": 1e-9"#), "results[0].nsPerSubview.p90: must be at least p50 ("),
        ]
        for (n, (edited, message)) in cases.enumerated() {
            #expect(edited != text, "case \(n): the edit did not apply")
            let path = folder.appendingPathComponent("case\(n).json").path
            try edited.write(toFile: path, atomically: false, encoding: .utf8)
            let compare = try BenchProcess.run(["compare", good, path])
            #expect(compare.failedWithOneLine && compare.stderr.hasPrefix("bench: \(path): malformed run: \(message)"),
                    "case \(n) (\(message)): compare: \(compare.status) \(compare.stderr)")
            let chart = try BenchProcess.run(["chart", "--input", path, "--output", folder.appendingPathComponent("case\(n).svg").path])
            #expect(chart.failedWithOneLine && chart.stderr.hasPrefix("bench: \(path): malformed run: \(message)"),
                    "case \(n) (\(message)): chart: \(chart.status) \(chart.stderr)")
        }
    }

    /// What the export writes as null where a value was not finite or not measured, and
    /// statistics that are all equal, are read.
    @Test func nullsAndEqualStatisticsAreRead() throws {
        let folder = try BenchProcess.temporaryFolder()
        let text = try savedText(["--filter", "^zoom$", "--sizes", "20", "--impls", "simd,limit"], in: folder)
        var edited = try edit(text, #""microsecondsPerFrame": [0-9.e+-]+"#, #""microsecondsPerFrame": null"#)
        edited = try edit(edited, after: #""ratios""#, #""simd/limit": [^,}]+"#, #""simd/limit": null"#)
        edited = try edit(edited, #""nsPerSubview": \{[^}]*\}"#, #""nsPerSubview": {"min": 2, "p50": 2, "p90": 2, "p99": 2, "max": 2}"#)
        edited = try edit(edited, #""positions": null"#, #""positions": 8"#)
        edited = try edit(edited, #""framesPerSecond": [0-9.e+-]+"#, #""framesPerSecond": 0"#)
        let path = folder.appendingPathComponent("nulls.json").path
        try edited.write(toFile: path, atomically: false, encoding: .utf8)
        let run = try BenchProcess.run(["compare", path, path])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
    }
}
