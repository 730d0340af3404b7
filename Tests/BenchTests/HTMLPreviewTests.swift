import Foundation
import WalkthroughKernel
import Testing
@testable import Bench

/// `bench render --format html`: one self-contained page carrying the kernel's frames.
@Suite(.temporaryFolders) struct HTMLPreviewTests {
    static let rotation = BenchProcess.packageRoot.appendingPathComponent("Benchmarks/Scenarios/readme-rotation.json").path

    func render(_ extra: [String]) throws -> (BenchProcess, String, String) {
        let out = try BenchProcess.temporaryFolder().appendingPathComponent("preview.html").path
        let run = try BenchProcess.run(["render", Self.rotation, "--format", "html", "--output", out] + extra)
        let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        return (run, text, out)
    }

    /// The data block between the page's JSON script tags, parsed.
    func data(_ html: String) throws -> [String: Any] {
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"walkthrough\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8))
        return try #require(json as? [String: Any])
    }

    @Test func aPageIsSelfContainedAndCarriesTheFrames() throws {
        let (run, html, _) = try render([])
        #expect(run.status == 0 && run.stdout.hasPrefix("wrote 376 frames to "), "\(run.stdout) \(run.stderr)")
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</html>\n"))
        // Nothing fetched: no address, no external script, style or image.
        #expect(!html.contains("http://") && !html.contains("https://"))
        #expect(!html.contains("src=") && !html.contains("<link") && !html.contains("@import") && !html.contains("url("))
        #expect(html.components(separatedBy: "<script").count - 1 == 2 && html.components(separatedBy: "</script>").count - 1 == 2)
        #expect(html.contains("matrix3d(") && html.contains("scroll-snap-type"))
        let d = try data(html)
        let frames = try #require(d["frames"] as? [[Any]])
        #expect(frames.count == 376 && d["from"] as? Double == 0 && d["to"] as? Double == 750 && d["step"] as? Double == 2)
        // Frame 100 (x = 200): the kernel's caTransform3D for page 2 subview 0, to five digits.
        let at = frames[100]
        #expect(at[0] as? Double == 200 && at[1] as? Int == 0)
        let walkthrough = try WalkthroughFile.load(Self.rotation)
        var animator = WalkthroughAnimator(walkthrough, layout: .caTransform3D)
        try animator.update(scroll: 200)
        let pages = try #require(at[2] as? [[Any]])
        #expect(pages.map { $0[0] as? Int } == [0, 1, 2])
        for page in pages {
            let i = try #require(page[0] as? Int)
            #expect(page[1] as? Double == animator.positions[i].offset)
            let views = try #require(page[2] as? [[Double]])
            for (k, fields) in views.enumerated() {
                let expected = animator.frame.transform(page: i, subview: k).fields + [animator.frame.alpha(page: i, subview: k)]
                #expect(fields.count == 17)
                for (f, (got, want)) in zip(fields, expected).enumerated() {
                    let allowed = (12...14).contains(f) ? 0.005 : max(abs(want) * 1e-4, 1e-9)
                    #expect(abs(got - want) <= allowed, "page \(i) subview \(k) field \(f): \(got) vs \(want)")
                }
            }
        }
    }

    /// --step, --from and --to: the frames from one to the other every step points, the last at --to.
    @Test func stepFromAndToPlaceTheFrames() throws {
        let (run, html, _) = try render(["--step", "100", "--from", "750", "--to", "0"])
        #expect(run.status == 0, "\(run.stderr)")
        let frames = try #require(try data(html)["frames"] as? [[Any]])
        #expect(frames.map { $0[0] as? Double } == [750, 650, 550, 450, 350, 250, 150, 50, 0])
    }

    /// A right-to-left walkthrough: page 0 on the right, where the page starts.
    @Test func pagesSitAtTheirScrollPositions() throws {
        let path = try BenchProcess.temporaryFile(#"{"width": 100, "direction": "rightToLeft", "pages": [{"subviewCount": 2}, {"subviewCount": 1}]}"#)
        let out = path + ".html"
        let run = try BenchProcess.run(["render", path, "--format", "html", "--output", out])
        #expect(run.status == 0, "\(run.stderr)")
        let d = try data(try String(contentsOfFile: out, encoding: .utf8))
        let pages = try #require(d["pages"] as? [[String: Any]])
        #expect(pages.map { $0["position"] as? Double } == [100, 0] && d["from"] as? Double == 100 && d["to"] as? Double == 0)
    }

    @Test func numbersAreShort() {
        #expect(HTMLPreview.significant(0.123456789) == "0.12346" && HTMLPreview.significant(6e-17) == "0")
        #expect(HTMLPreview.significant(-0.0017320508) == "-0.0017321")
        #expect(HTMLPreview.fixed(-260.0) == "-260" && HTMLPreview.fixed(12.5) == "12.5" && HTMLPreview.fixed(-0.001) == "0")
    }

    @Test(arguments: [
        (["--format", "pdf"], #"option --format must be one of svg, html, got "pdf""#),
        (["--format", "html", "--frames", "3"], "--frames applies to --format svg"),
        (["--step", "3"], "--step applies to --format html"),
        (["--format", "html", "--step", "0"], #"option --step needs a number of points > 0, got "0""#),
        (["--format", "html", "--step", "-1"], "option --step needs a number of points > 0"),
        (["--format", "html", "--step", "nan"], "option --step needs a finite decimal number"),
        (["--format", "html", "--step", "0.001"], "--step 0.001 gives 750,001 frames from 0 to 750, more than 100,000; raise --step"),
        (["--format", "html", "--from", "-1e300", "--to", "1e300", "--step", "1e299"],
         "scrolling from -1e+300 to 1e+300 covers 5.33e+297 pages; an html preview covers at most 10,000: narrow --from/--to"),
        (["--format", "html", "--from", "0", "--to", "2.4e7"],
         "scrolling from 0 to 24000000 covers 64,000 pages; an html preview covers at most 10,000: narrow --from/--to"),
        (["--format", "html", "--from", "-1e308", "--to", "1e308"], "covers 5.33e+305 pages; an html preview covers at most 10,000"),
    ])
    func badOptionsAreOneLineErrors(extra: [String], message: String) throws {
        let out = try BenchProcess.temporaryFolder().appendingPathComponent("preview.html").path
        let run = try BenchProcess.run(["render", Self.rotation, "--output", out] + extra)
        #expect(run.failedWithOneLine && run.stderr.contains(message), "\(extra): \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out), "\(extra) wrote its output")
    }

    /// `bench help render` states the page's limits, which the errors above enforce.
    @Test func theHelpStatesTheLimits() throws {
        let help = try BenchProcess.run(["help", "render"])
        let text = help.stdout.replacingOccurrences(of: "\n", with: " ")
        #expect(help.status == 0 && text.contains("at most 10,000 pages of scrolling, in at most 100,000 frames and 10,000,000 numbers"),
                "\(help.stdout)")
        #expect(HTMLPreview.count(65_534.2) == "65,535" && HTMLPreview.count(2e20) == "2e+20" && HTMLPreview.count(.infinity) == "over 1e308")
    }

    /// Too many subviews for a page: refused before any frame is computed.
    @Test func aHugePageIsRefused() throws {
        let path = try BenchProcess.temporaryFile(#"{"width": 100, "pages": [{"subviewCount": 5000}, {"subviewCount": 5000}]}"#)
        let run = try BenchProcess.run(["render", path, "--format", "html", "--output", path + ".html", "--step", "0.01"])
        #expect(run.failedWithOneLine && run.stderr.contains("numbers"), "\(run.stderr)")
    }
}
