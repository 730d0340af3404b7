import Foundation
import Testing

/// `bench compare OLD.json NEW.json`: exit 0 clean, 2 on a regression, 1 on an error.
@Suite(.temporaryFolders) struct CompareTests {
    /// A real run (2 sizes × 2 implementations), saved once per test.
    func savedRun() throws -> [String: Any] {
        let run = try BenchProcess.run(["run", "--format", "json", "--filter", "^zoom$", "--sizes", "20,70",
                                        "--impls", "simd,limit", "--budget", "0.005", "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        return try BenchProcess.object(run.stdout)
    }

    /// `json` with every statistic of the results `which` selects multiplied by `factor` (all
    /// five, so that they stay in order, as the reader requires).
    func scaled(_ json: [String: Any], by factor: Double, where which: ([String: Any]) -> Bool) -> [String: Any] {
        var json = json
        json["results"] = (json["results"] as? [[String: Any]] ?? []).map { r in
            guard which(r), var ns = r["nsPerSubview"] as? [String: Double] else { return r }
            for key in ["min", "p50", "p90", "p99", "max"] { ns[key] = (ns[key] ?? 0) * factor }
            var r = r
            r["nsPerSubview"] = ns
            return r
        }
        return json
    }

    func write(_ json: [String: Any], _ name: String, in folder: URL, sorted: Bool = false) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try JSONSerialization.data(withJSONObject: json, options: sorted ? [.sortedKeys] : []).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A run saved as UTF-16 (an editor's "Unicode") says so, as a walkthrough file does.
    @Test func aUTF16RunSaysItsEncoding() throws {
        let path = try BenchProcess.temporaryFolder().appendingPathComponent("u16.json").path
        try #require(#"{"schemaVersion": 2}"#.data(using: .utf16)).write(to: URL(fileURLWithPath: path))
        let run = try BenchProcess.run(["compare", path, path])
        #expect(run.status == 1 && run.stderr.hasSuffix("(the file looks like UTF-16 or UTF-32: save it as UTF-8))\n"), "\(run.stderr)")
    }

    @Test func exitStatusesFollowTheVerdicts() throws {
        let folder = try BenchProcess.temporaryFolder()
        let base = try savedRun()
        let old = try write(base, "old.json", in: folder)
        let isSimd70 = { (r: [String: Any]) in r["impl"] as? String == "simd" && r["subviews"] as? Int == 70 }
        // (new run, threshold, exit status, verdict of simd at 70)
        let cases: [([String: Any], [String], Int32, String)] = [
            (base, [], 0, "ok"),
            (scaled(base, by: 1.08, where: isSimd70), [], 0, "ok"),
            (scaled(base, by: 1.5, where: isSimd70), [], 2, "REGRESSION"),
            (scaled(base, by: 1.5, where: isSimd70), ["--threshold", "60"], 0, "ok"),
            (scaled(base, by: 0.5, where: isSimd70), [], 0, "improvement"),
        ]
        for (n, (json, options, status, verdict)) in cases.enumerated() {
            let new = try write(json, "new\(n).json", in: folder)
            let run = try BenchProcess.run(["compare", old, new] + options)
            #expect(run.status == status && run.stderr.isEmpty, "case \(n): \(run.status) \(run.stderr)\n\(run.stdout)")
            let row = run.stdout.split(separator: "\n").first { $0.hasPrefix("zoom") && $0.contains(" 70 ") && $0.contains("simd ") }
            #expect(row?.hasSuffix(verdict) == true, "case \(n): \(row ?? "no row")\n\(run.stdout)")
            let others = run.stdout.split(separator: "\n").filter { $0.hasPrefix("zoom") && !($0.contains(" 70 ") && $0.contains("simd ")) }
            #expect(others.count == 3 && others.allSatisfy { $0.hasSuffix("ok") }, "case \(n): \(others)")
        }
    }

    @Test func regressionsComeFirstInMarkdown() throws {
        let folder = try BenchProcess.temporaryFolder()
        let base = try savedRun()
        let slower = scaled(scaled(base, by: 2, where: { $0["impl"] as? String == "limit" }), by: 0.5,
                            where: { $0["impl"] as? String == "simd" && $0["subviews"] as? Int == 20 })
        let run = try BenchProcess.run(["compare", try write(base, "old.json", in: folder), try write(slower, "new.json", in: folder),
                                        "--format", "markdown"])
        #expect(run.status == 2, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "**2 regression(s), 1 improvement(s), 1 within ±10% of 4 matched results**", "\(run.stdout)")
        let details = try #require(lines.firstIndex { $0.hasPrefix("<details>") }, "\(run.stdout)")
        let limitRows = lines.indices.filter { lines[$0].hasPrefix("| zoom") && lines[$0].contains("| limit ") }
        let simdRows = lines.indices.filter { lines[$0].hasPrefix("| zoom") && lines[$0].contains("| simd ") }
        #expect(limitRows.count == 2 && limitRows.allSatisfy { $0 < details }, "\(run.stdout)")
        #expect(simdRows.count == 2 && simdRows.allSatisfy { $0 > details }, "\(run.stdout)")
        #expect(lines.last == "</details>")
    }

    /// Names read from the runs are literal text in a markdown table: a `|` does not add a column and HTML is not
    /// markup (a scenario named `a|b<i>` once broke the table and rendered on GitHub).
    @Test func namesAreEscapedInMarkdown() throws {
        let folder = try BenchProcess.temporaryFolder()
        var base = try savedRun()
        base["results"] = (base["results"] as? [[String: Any]] ?? []).map { r in
            var r = r
            r["scenario"] = "a|b<i>"
            return r
        }
        let path = try write(base, "odd.json", in: folder)
        let run = try BenchProcess.run(["compare", path, path, "--format", "markdown"])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = run.stdout.split(separator: "\n").filter { $0.hasPrefix("| a") }
        #expect(rows.count == 4 && rows.allSatisfy { $0.hasPrefix(#"| a\|b&lt;i&gt;"#) }, "\(run.stdout)")
        let columns = { (line: Substring) in line.replacingOccurrences(of: #"\|"#, with: "").filter { $0 == "|" }.count }
        let header = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("| scenario") }, "\(run.stdout)")
        #expect(rows.allSatisfy { columns($0) == columns(header) }, "\(run.stdout)")
    }

    /// `bench chart --input` draws any run `bench compare` reads: times from just above 0 to
    /// 1e15 ns. A limit of 1e-300 ns made simd's ratio to it infinite, and the ratio axis's
    /// grid lines never ended (a hang that grew memory); 1e-10 ns made the reference's ratio
    /// 1e24, which trapped converting its label to Int (a stack trace).
    @Test(.disabled(if: ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil
                        || ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil,
                    "a sanitizer's shadow memory needs more address space than the limit"))
    func aChartOfExtremeRatiosIsDrawn() throws {
        let folder = try BenchProcess.temporaryFolder()
        let base = try savedRun()
        for (n, limit) in [1e-300, .leastNonzeroMagnitude, 1e-10, 1e-3].enumerated() {
            // simd and the reference at 9e14 ns, the limit at `limit`.
            var rows: [[String: Any]] = (base["results"] as? [[String: Any]] ?? []).map { r in
                let ns = r["impl"] as? String == "limit" ? limit : 9e14
                return r.merging(["nsPerSubview": ["min": ns, "p50": ns, "p90": ns, "p99": ns, "max": ns]]) { $1 }
            }
            rows += rows.filter { $0["impl"] as? String == "simd" }.map { $0.merging(["impl": "reference"]) { $1 } }
            var json = base
            json["results"] = rows
            let path = try write(json, "extreme\(n).json", in: folder)
            let output = folder.appendingPathComponent("extreme\(n).svg").path
            // A CPU-time and memory limit turn a hang into a failure.
            let chart = try BenchProcess.shell("ulimit -t 20; ulimit -v 4000000; exec \"$BENCH\" chart --input '\(path)' --output '\(output)'")
            #expect(chart.status == 0 && chart.stderr.isEmpty, "case \(n): limit \(limit) ns: \(chart.status) \(chart.stderr.prefix(300))")
        }
    }

    /// `compare`'s tables print a ratio of hand-written extreme times in a few characters:
    /// `%.2f` of 9e14 / 1e-300 was 320 digits, of 9e14 / 4.9e-324 "inf".
    @Test func extremeRatiosArePrintedShort() throws {
        let folder = try BenchProcess.temporaryFolder()
        let base = try savedRun()
        let old = try write(base, "old.json", in: folder)
        for (n, ns) in [1e-300, .leastNonzeroMagnitude].enumerated() {
            var json = base
            json["results"] = (base["results"] as? [[String: Any]] ?? []).map { r in
                r.merging(["nsPerSubview": ["min": ns, "p50": ns, "p90": ns, "p99": ns, "max": ns]]) { $1 }
            }
            let new = try write(json, "new\(n).json", in: folder)
            for format in ["text", "markdown"] {
                let run = try BenchProcess.run(["compare", new, old, "--format", format])
                let longest = run.stdout.split(separator: "\n").map(\.count).max() ?? 0
                #expect(run.status == 2 && longest < 200 && !run.stdout.contains("inf"),
                        "case \(n) \(format): \(run.status), longest line \(longest): \(run.stdout.prefix(400))")
            }
        }
    }

    @Test func errorsExitOne() throws {
        let folder = try BenchProcess.temporaryFolder()
        let base = try savedRun()
        let old = try write(base, "old.json", in: folder)
        var otherSchema = base
        otherSchema["schemaVersion"] = 1
        var noSchema = base
        noSchema.removeValue(forKey: "schemaVersion")
        var renamed = base
        renamed["results"] = (base["results"] as? [[String: Any]] ?? []).map { r in r.merging(["scenario": "other"]) { $1 } }
        var broken = base
        broken["results"] = [["scenario": "zoom"]]
        /// The first row with `value` at nsPerSubview's `key`.
        func statistic(_ key: String, _ value: Double) -> [String: Any] {
            var rows = base["results"] as? [[String: Any]] ?? []
            var stats = rows[0]["nsPerSubview"] as? [String: Any] ?? [:]
            stats[key] = value
            rows[0]["nsPerSubview"] = stats
            var run = base
            run["results"] = rows
            return run
        }
        let cases: [(String, String)] = [
            ("/nonexistent/run.json", "/nonexistent/run.json: cannot read the file"),
            (try write(otherSchema, "v1.json", in: folder), "v1.json: schemaVersion 1; this bench reads version 2"),
            (try write(noSchema, "none.json", in: folder), #"none.json: no "schemaVersion""#),
            (try write(renamed, "renamed.json", in: folder), "have no results in common"),
            (try write(broken, "broken.json", in: folder), "broken.json: malformed run: results[0].impl: missing"),
            (try BenchProcess.temporaryFile("not json", name: "text.json"), "text.json: not a run saved with bench run --format json"),
            (folder.path, "cannot read the file (it is a folder, not a file)"),
            // A time too large for Int once traps the report's number formatting.
            (try write(statistic("max", 1e19), "huge.json", in: folder),
             "huge.json: malformed run: results[0].nsPerSubview.max: must be a time in ns above 0 and below 1e15, got 1e+19"),
            (try write(statistic("min", 0), "zero.json", in: folder), "zero.json: malformed run: results[0].nsPerSubview.min: must be a time in ns above 0 and below 1e15, got 0"),
            (try write(statistic("p50", -3), "negative.json", in: folder), "results[0].nsPerSubview.p50: must be a time in ns above 0 and below 1e15, got -3"),
        ]
        for (new, message) in cases {
            let run = try BenchProcess.run(["compare", old, new])
            #expect(run.failedWithOneLine && run.stderr.contains(message), "\(new): \(run.stderr)")
        }
    }

    /// A run without results is refused by compare and chart alike: chart drew an empty
    /// chart of it with status 0 while compare called it an error.
    @Test func aRunWithoutResultsIsRefusedByBoth() throws {
        let folder = try BenchProcess.temporaryFolder()
        var empty = try savedRun()
        empty["results"] = [Any]()
        let path = try write(empty, "empty.json", in: folder), full = try write(try savedRun(), "full.json", in: folder)
        let message = #"empty.json: no results ("results" is empty): nothing to compare or draw"#
        let svg = folder.appendingPathComponent("chart.svg").path
        for arguments in [["compare", full, path], ["compare", path, full], ["chart", "--input", path, "--output", svg]] {
            let run = try BenchProcess.run(arguments)
            #expect(run.failedWithOneLine && run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: svg))
    }

    /// Run files are read strictly, and each error names the key, what it holds and what it
    /// must hold: `JSONDecoder` said "must be an object" of a string or an array and "not
    /// JSON" of valid JSON, kept the first of two keys and ignored unknown ones. Edits are
    /// made to the text of a real run, so that each file is that run but for the one defect.
    @Test func runFileErrorsNameTheKeyAndWhatItHolds() throws {
        let folder = try BenchProcess.temporaryFolder()
        // Written with sorted keys: a Dictionary's order changes from process to process, and
        // each edit below must hit the same key every time (`results[0]`'s `subviews`, after
        // `"results":[`, not a key of `options` or `ratios`).
        let old = try write(try savedRun(), "old.json", in: folder, sorted: true)
        let text = try String(contentsOfFile: old, encoding: .utf8)
        let results = try #require(text.range(of: #""results":["#))
        let first = try #require(text.range(of: #""subviews":"#, range: results.upperBound ..< text.endIndex))
        let cases: [(String, String)] = [
            (text.replacingOccurrences(of: #""schemaVersion":2"#, with: #""schemaVersion":"2""#),
             #"malformed run: schemaVersion: must be a whole number from 0 to 2147483647, got the string "2""#),
            (text.replacingOccurrences(of: #""schemaVersion":2"#, with: #""schemaVersion":2.5"#),
             "malformed run: schemaVersion: must be a whole number from 0 to 2147483647, got 2.5"),
            (text.replacingOccurrences(of: #""cores":"#, with: #""cores":"2","coresWas":"#),
             #"malformed run: cores: must be a whole number from 1 to 1000000, got the string "2""#),
            (text.replacingOccurrences(of: #""results":["#, with: #""results":{},"resultsWas":["#),
             "malformed run: results: must be an array, got an object"),
            (text.replacingCharacters(in: first, with: #""subviews":1.5,"subviewsWas":"#),
             "malformed run: results[0].subviews: must be a whole number from 1 to 9007199254740991, got 1.5"),
            (text.replacingCharacters(in: first, with: #""subviews":1e20,"subviewsWas":"#),
             "malformed run: results[0].subviews: must be a whole number from 1 to 9007199254740991, got 1e20"),
            (text.replacingOccurrences(of: #""min":"#, with: #""min":1e999,"minWas":"#),
             "malformed run: results[0].nsPerSubview.min: must be a time in ns above 0 and below 1e15, got 1e999"),
            // Unknown and duplicate keys, wherever they are.
            (text.replacingOccurrences(of: #""min":"#, with: #""min":1,"min":"#), "malformed run: results[0].nsPerSubview.min: duplicate key"),
            (text.replacingOccurrences(of: #""cpu":"#, with: #""cpu":"elsewhere","cpu":"#), "malformed run: cpu: duplicate key"),
            (text.replacingOccurrences(of: #""files":"#, with: #""files":[],"files":"#), "malformed run: options.files: duplicate key"),
            (text.replacingCharacters(in: first, with: #""subviewz":1,"subviews":"#),
             #"malformed run: results[0].subviewz: unknown key "subviewz"; allowed keys: scenario, impl, layout"#),
            (text.replacingOccurrences(of: #""cpu":"#, with: #""cpuModel":"x","cpu":"#), #"malformed run: cpuModel: unknown key "cpuModel""#),
            (text.replacingOccurrences(of: #""configuration":"#, with: #""configurationWas":"x","configuration":"#),
             #"malformed run: build.configurationWas: unknown key "configurationWas""#),
            // In the results only: `options` holds a layout too, which must be there as well.
            (String(text[..<results.upperBound]) + text[results.upperBound...].replacingOccurrences(of: #""layout":"blocks","#, with: ""),
             "malformed run: results[0].layout: missing"),
            (text.replacingOccurrences(of: #""layout":"blocks","#, with: ""), "malformed run: options.layout: missing"),
            ("[1]", "not a run saved with bench run --format json (the file holds an array, not an object)"),
        ]
        for (n, (edited, message)) in cases.enumerated() {
            #expect(edited != text, "case \(n): the edit did not apply")
            let path = folder.appendingPathComponent("case\(n).json").path
            try edited.write(toFile: path, atomically: false, encoding: .utf8)
            let run = try BenchProcess.run(["compare", old, path])
            #expect(run.failedWithOneLine && run.stderr.hasPrefix("bench: \(path): \(message)"), "case \(n): \(run.stderr)")
        }
        // An escaped NUL is JSON: a scenario of that name is read (and has nothing in common).
        let nul = folder.appendingPathComponent("nul.json").path
        try text.replacingOccurrences(of: #""scenario":"zoom""#, with: #""scenario":"zo\u0000om""#).write(toFile: nul, atomically: false, encoding: .utf8)
        let run = try BenchProcess.run(["compare", old, nul])
        #expect(run.failedWithOneLine && run.stderr.contains("have no results in common"), "\(run.stderr)")
    }

    /// A run saved outside a git checkout holds `"commit": null` and `"uncommittedChanges":
    /// null`, and may hold a null options object and a null derived number; each is read.
    /// (The reader stepped over a null and then over the comma after it: "not JSON at line
    /// 10, column 28: expected a value" for every run saved outside a checkout.)
    @Test func nullsOfARunSavedOutsideACheckoutAreRead() throws {
        let folder = try BenchProcess.temporaryFolder()
        let saved = try BenchProcess.run(["run", "--format", "json", "--filter", "^zoom$", "--sizes", "20",
                                          "--impls", "simd", "--budget", "0.005", "--quiet"], directory: folder)
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(saved.stdout.contains(#""commit": null"#) && saved.stdout.contains(#""uncommittedChanges": null"#))
        let nulls = saved.stdout
            .replacing(/"options": \{[^\n]*\},\n/, with: "\"options\": null,\n", maxReplacements: 1)
            .replacing(/"framesPerSecond": [0-9.e+-]+/, with: #""framesPerSecond": null"#, maxReplacements: 1)
        #expect(nulls.contains(#""options": null"#) && nulls.contains(#""framesPerSecond": null"#))
        for (n, text) in [saved.stdout, nulls].enumerated() {
            let path = folder.appendingPathComponent("run\(n).json").path
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            let run = try BenchProcess.run(["compare", path, path])
            #expect(run.status == 0 && run.stderr.isEmpty, "case \(n): \(run.stderr)")
            let chart = try BenchProcess.run(["chart", "--input", path, "--output", folder.appendingPathComponent("chart\(n).svg").path])
            #expect(chart.status == 0, "case \(n): \(chart.stderr)")
        }
    }

    /// Two runs from different machines or builds are compared, with a warning first.
    @Test func anotherMachineIsNamedAtTheTop() throws {
        let folder = try BenchProcess.temporaryFolder()
        let base = try savedRun()
        var elsewhere = base
        elsewhere["cpu"] = "Apple M2 Pro"
        let run = try BenchProcess.run(["compare", try write(elsewhere, "old.json", in: folder), try write(base, "new.json", in: folder)])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix(#"warning: OLD was measured on another machine or build (cpu "Apple M2 Pro", now"#), "\(run.stdout)")
    }
}
