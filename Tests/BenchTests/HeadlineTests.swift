import Foundation
import Testing
import WalkthroughKernel
@testable import Bench

/// `bench run`'s headlines (issue 45, items 1 and 2): one line a scenario and size with
/// `simd`'s time a subview and a frame, its spread, frames per second and the ratios in
/// words; ratios that mean nothing where they were measured named as such, with the reason;
/// the tables only with `--verbose`.
@Suite(.temporaryFolders) struct HeadlineTests {
    /// A result of `impl` whose samples are `ns` (ns per subview per frame), `framesPerSample`
    /// frames each.
    static func result(_ impl: ImplementationKind, _ ns: [Double], subviews: Int, fileSubviews: Int? = nil,
                       framesPerSample: Int = 10, scenario: String = "linear") -> Result {
        Result(scenario: scenario, impl: impl, layout: .blocks, subviews: subviews, fileSubviews: fileSubviews,
               frames: framesPerSample * ns.count, nsPerSubview: Statistics(ns))
    }

    /// A group's headline body.
    static func body(_ rows: [Result]) -> String {
        Headline(scenario: rows[0].scenario, subviews: rows[0].subviews, rows: rows).body
    }

    /// At 10,000 subviews every ratio means something, and each is said in words.
    @Test func ratiosAreSaidInWords() {
        let n = 10_000
        let storeBound = Self.body([Self.result(.reference, [40, 44, 50], subviews: n), Self.result(.simd, [1.2, 1.25, 1.5], subviews: n),
                                    Self.result(.c, [1.19, 1.3], subviews: n), Self.result(.limit, [1.15, 1.2], subviews: n)])
        // simd: 1.25 ns median, 12.5 µs a frame, 80,000 frames/s; (min … p90) 12.0 … 15.0 µs.
        #expect(storeBound.hasPrefix("simd 1.250 ns/subview, 12.50 µs/frame (12.00 … 15.00 µs), 80,000 frames/s; "), "\(storeBound)")
        #expect(storeBound.contains("33.3× faster than the reference"), "\(storeBound)")
        #expect(storeBound.contains("on par with C (1.01×)"), "\(storeBound)")
        #expect(storeBound.contains("at the store limit (1.04×): store-bound"), "\(storeBound)")
        let computeBound = Self.body([Self.result(.simd, [3.0], subviews: n), Self.result(.c, [4.5], subviews: n),
                                      Self.result(.limit, [1.0], subviews: n)])
        #expect(computeBound.contains("1.50× faster than C") && computeBound.contains("3.00× the store limit: compute-bound"), "\(computeBound)")
    }

    /// `simd-parallel` forces the split at every size: below the library's threshold (read
    /// from the kernel, not written here) its headline and the legend say so.
    @Test func theForcedSplitSaysSo() {
        let rows = [Self.result(.simd, [1.2], subviews: 1_000), Self.result(.simdParallel, [1.8], subviews: 1_000)]
        #expect(Self.body(rows).contains("split across cores: 1.50× slower than simd (forced: the library would not split here)"), "\(Self.body(rows))")
        let large = WalkthroughAnimator.defaultParallelThreshold * 2
        let split = Self.body([Self.result(.simd, [1.2], subviews: large), Self.result(.simdParallel, [0.6], subviews: large)])
        #expect(split.contains("split across cores: 2.00× faster than simd") && !split.contains("forced"), "\(split)")
        let legend = Headline.legend(Report(build: .current(), results: rows), markdown: false)
        #expect(legend.contains("at every size") && legend.contains(Report.grouped(WalkthroughAnimator.defaultParallelThreshold)), "\(legend)")
    }

    /// A walkthrough file of 10 subviews, 7 in the window on average: the title gives both;
    /// `c` and `limit` at that size are named not meaningful (fixed cost); the reference's
    /// samples (1 frame) and simd's (14) cover different stretches of the scroll, so its
    /// ratio is of medians (5×), not of minimums (1.4×); a limit slower than what it bounds
    /// (1.2 against 1.0 here) is not read as "below the store limit" at that size.
    @Test func aSmallFileSaysWhatItsRatiosMean() {
        let rows = [Self.result(.reference, [14, 50, 52], subviews: 7, fileSubviews: 10, framesPerSample: 1, scenario: "team.json"),
                    Self.result(.simd, [10, 10, 10.4], subviews: 7, fileSubviews: 10, framesPerSample: 14, scenario: "team.json"),
                    Self.result(.c, [9, 9.5], subviews: 7, fileSubviews: 10, framesPerSample: 14, scenario: "team.json"),
                    Self.result(.limit, [12, 12], subviews: 7, fileSubviews: 10, framesPerSample: 14, scenario: "team.json")]
        let headline = Headline(scenario: "team.json", subviews: 7, rows: rows)
        #expect(headline.title == "team.json, 10 subviews (7 in the window on average)")
        // A built-in scenario's size in the singular and the plural.
        #expect(Headline(scenario: "linear", subviews: 1, rows: [Self.result(.simd, [90], subviews: 1)]).title == "linear, 1 subview")
        #expect(Headline(scenario: "linear", subviews: 1_000, rows: [Self.result(.simd, [1], subviews: 1_000)]).title
                == "linear, 1,000 subviews")
        #expect(headline.body.hasPrefix("simd 10.00 ns/subview, 70.00 ns/frame (70.00 … 72.80 ns)"), "\(headline.body)")
        #expect(headline.body.contains("5.00× faster than the reference (medians: the minimums are of different stretches of the scroll, 1 frame a sample against 14)"),
                "\(headline.body)")
        #expect(headline.body.contains("vs C and the store limit: not meaningful at 7 subviews a frame, where the frame's fixed cost outweighs"),
                "\(headline.body)")
        #expect(!headline.body.contains("on par") && !headline.body.contains("store-bound"), "\(headline.body)")
        // --verbose: the summary's ratios carry the mark of their reason, which a footnote gives.
        var report = Report(build: .current(), results: rows)
        report.verbose = true
        let tables = report.render(.text)
        #expect(tables.contains(" 1.11† ") && tables.contains(" 1.40‡ "), "\(tables)")
        #expect(tables.contains("\n† not meaningful: fewer than 500 subviews a frame") && tables.contains("\n‡ not meaningful: minimums of samples of different lengths"),
                "\(tables)")
        // From 500 subviews a limit slower than simd is the fast path's stores beating its plain loop.
        let n = 100_000
        let belowLimit = Self.body([Self.result(.simd, [1.0], subviews: n), Self.result(.limit, [1.3], subviews: n)])
        #expect(belowLimit.contains("below the store limit (0.77×): store-bound, with fewer or better stores than its plain loop"), "\(belowLimit)")
    }

    /// The legend's ratios sentence names the anchors measured and ends with a full stop; with
    /// none (`--impls simd`) there is no sentence, where it was left unfinished before.
    @Test func theLegendSaysOnlyTheRatiosMeasured() {
        func legend(_ impls: [ImplementationKind]) -> String {
            Headline.legend(Report(build: .current(), results: impls.map { Self.result($0, [1], subviews: 1_000) }), markdown: false)
        }
        #expect(!legend([.simd]).contains("Ratios are"), "\(legend([.simd]))")
        let c = legend([.simd, .c])
        #expect(c.contains("(the machine's drift cancels): C: the same math in C -O3 through the same frame driver.\n"), "\(c)")
        let all = legend([.reference, .simd, .c, .limit])
        #expect(all.contains("time over simd's; C: the same math") && all.contains("frame driver; the store limit:")
                && all.contains("(arithmetic does).\n"), "\(all)")
    }

    /// End to end: the headline and legend lead, the tables need `--verbose` (or `-v`).
    @Test func theTablesNeedVerbose() throws {
        let words = ["run", "--filter", "^linear$", "--sizes", "20", "--budget", "0.005", "-q"]
        let plain = try BenchProcess.run(words)
        #expect(plain.status == 0 && plain.stderr.isEmpty, "\(plain.stderr)")
        #expect(plain.stdout.contains("\nlinear, 20 subviews  simd ") && plain.stdout.contains("\nlegend:\n"), "\(plain.stdout)")
        #expect(!plain.stdout.contains("all statistics, ns per subview") && !plain.stdout.contains("simd/limit"), "\(plain.stdout)")
        for flag in ["--verbose", "-v"] {
            let verbose = try BenchProcess.run(words + [flag])
            #expect(verbose.stdout.contains("\nlinear, 20 subviews  simd ") && verbose.stdout.contains("all statistics, ns per subview"), "\(flag): \(verbose.stdout)")
        }
    }

    /// End to end on a file: its subviews (16) and the window's average.
    @Test func aFileReportsItsSubviewsAndTheWindowsAverage() throws {
        let file = try BenchProcess.smallWalkthrough()
        let run = try BenchProcess.run(["run", file, "--budget", "0.005", "--positions", "4", "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\nsmall.json, 16 subviews (") && run.stdout.contains(" in the window on average)  simd "), "\(run.stdout)")
        #expect(run.stdout.contains("not meaningful at"), "\(run.stdout)")
    }

    /// Frames per second are whole numbers with grouped digits; one that is not finite or
    /// past Int's range is printed, not converted (Int(x) traps from 2⁶³).
    @Test func framesPerSecondNeverTrap() {
        #expect(Report.whole(661_375.66) == "661,376" && Report.whole(5.6) == "6", "\(Report.whole(661_375.66)) \(Report.whole(5.6))")
        #expect(Report.whole(.infinity) == "-" && Report.whole(.nan) == "-", "\(Report.whole(.infinity))")
        #expect(Report.whole(1e300) == "1e+300", "\(Report.whole(1e300))")
    }
}
