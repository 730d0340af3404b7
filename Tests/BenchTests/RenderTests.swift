import Foundation
import WalkthroughKernel
import Testing
@testable import Bench
#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite(.temporaryFolders) struct RenderTests {
    let frame = PageRect(x: 0, y: 0, width: 100, height: 50)

    @Test func translationMovesEveryCorner() throws {
        let corners = try #require(FilmstripGeometry.corners(of: frame, transform: .translation(10, 20, 0)))
        #expect(corners == [SIMD2(10, 20), SIMD2(110, 20), SIMD2(110, 70), SIMD2(10, 70)])
    }

    @Test func scaleIsAboutTheCentre() throws {
        let corners = try #require(FilmstripGeometry.corners(of: frame, transform: .scale(0.5, 0.5, 1)))
        #expect(corners[0] == SIMD2(25, 12.5) && corners[2] == SIMD2(75, 37.5))
    }

    @Test func perspectiveRotationAboutY() throws {
        // 60° about y, m34 = −1/500, written out by hand (row vectors):
        //   row 1 = [c, 0, −s, −s·p], row 2 = [0, 1, 0, 0], row 3 = [s, 0, c, c·p], row 4 = [0, 0, 0, 1]
        // The top-left corner is (−50, −25, 0) from the centre: x' = −50c, y' = −25,
        // w = −50·(−s·p) + 1, drawn at (x'/w, y'/w) + (50, 25).
        let (c, s, p) = (0.5, 3.0.squareRoot() / 2, -1.0 / 500)
        let m = Transform3D(m11: c, m12: 0, m13: -s, m14: -s * p, m21: 0, m22: 1, m23: 0, m24: 0,
                            m31: s, m32: 0, m33: c, m34: c * p, m41: 0, m42: 0, m43: 0, m44: 1)
        let corners = try #require(FilmstripGeometry.corners(of: frame, transform: m))
        let w = 1 - 50 * s / 500
        #expect(abs(w - 0.9133974596215562) < 1e-15)
        #expect(abs(corners[0].x - (-25 / w + 50)) < 1e-12 && abs(corners[0].y - (-25 / w + 25)) < 1e-12)
        #expect(abs(corners[0].x - 22.6296589325329) < 1e-9 && abs(corners[0].y - (-2.3703410674670984)) < 1e-9)
        // The right edge leans away from the viewer: it is drawn shorter than the left one.
        let right = corners[2].y - corners[1].y, left = corners[3].y - corners[0].y
        #expect(right < 50 && left > 50)
        // The same matrix from the engine's builders.
        let built = Transform3D.rotation(.pi / 3, 0, 1, 0).concatenating(.perspective(distance: 500))
        for (x, y) in zip(built.fields, m.fields) { #expect(abs(x - y) < 1e-15) }
    }

    @Test func cornersBehindTheViewerAreNotDrawn() {
        // 600 points toward a viewer who stands at 500: w = 1 − 600/500 < 0.
        let m = Transform3D.translation(0, 0, 600).concatenating(.perspective(distance: 500))
        #expect(m.m44 < 0)
        #expect(FilmstripGeometry.corners(of: frame, transform: m) == nil)
    }

    /// Right to left, page 0 starts the strip and page 1 enters from the left; top to
    /// bottom, page 1 enters from below: each page at its scroll position in the panel.
    @Test(arguments: [PagingDirection.rightToLeft, .topToBottom])
    func pagesSitWhereTheirDirectionPutsThem(direction: PagingDirection) throws {
        // One subview a page, a frame 20 points from each edge of a 100 × 200 page.
        let page = Page(subviews: [Subview(frame: PageRect(x: 20, y: 20, width: 60, height: 160))])
        let w = try Walkthrough(width: 100, height: 200, direction: direction, pages: [page, page])
        let halfway = (w.scrollPosition(showingPage: 0) + w.scrollPosition(showingPage: 1)) / 2
        let svg = try Filmstrip(walkthrough: w, scrolls: [w.scrollPosition(showingPage: 0), halfway]).svg()
        // Panel 1 (the second) starts at x = 16 + 240 + 16 = 272, scale 2.4: halfway, page 0
        // is half a page right of (right to left) or above (top to bottom) the viewport.
        let polygons = svg.components(separatedBy: "<polygon points=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(polygons.count == 4, "\(direction): \(polygons.count) polygons")  // both pages in each panel
        let corners = polygons.map { $0.split(separator: " ").map { $0.split(separator: ",").map { Double($0)! } } }
        guard corners.count == 4 else { return }
        let (page0, page1) = (corners[2][0], corners[3][0])  // each subview's top-left corner, panel 1
        if direction == .rightToLeft {
            #expect(page0[0] == 272 + (50 + 20) * 2.4 && page1[0] == 272 + (-50 + 20) * 2.4, "\(page0) \(page1)")
        } else {
            #expect(page0[1] == 16 + (-100 + 20) * 2.4 && page1[1] == 16 + (100 + 20) * 2.4, "\(page0) \(page1)")
        }
    }

    /// A drawing whose page height, scale or extent overflows a Double is refused in one line that says which, in
    /// both formats, and writes nothing (it once wrote `height="0"`, or `inf` into the page's JSON, with status 0).
    @Test(arguments: [(#"{"width":375,"pages":[{"subviews":[{"frame":[0,1e308,10,1e308]}]}]}"#,
                       "page 0 subview 0: its frame's y + height overflows"),
                      (#"{"width":1e308,"pages":[{"subviewCount":1}]}"#, "its page height (16:9 of its width, 1e+308) overflows"),
                      (#"{"width":1e-10,"height":1e300,"pages":[{"subviewCount":1}]}"#,
                       "its page height (1e+300) overflows when scaled to a 240-point panel"),
                      (#"{"width":5e-324,"pages":[{"subviewCount":8}]}"#,
                       "its width (5e-324) is too small to scale to a 240-point panel")])
    func geometryThatOverflowsIsRefused(file: String, why: String) throws {
        let path = try BenchProcess.temporaryFile(file)
        for format in ["svg", "html"] {
            let out = path + "." + format
            let run = try BenchProcess.run(["render", path, "--format", format, "--output", out])
            #expect(run.status == 1 && run.stderr == "bench: the walkthrough cannot be drawn: \(why)\n",
                    "\(file) \(format): \(run.status) \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out), "\(file) \(format): wrote \(out)")
        }
    }

    @Test func filmstripIsWellFormedAndLabelled() throws {
        let path = try BenchProcess.temporaryFile(String(decoding: FileManager.default.contents(atPath: ScenarioFiles.path("readme-rotation.json")) ?? Data(), as: UTF8.self))
        let out = path + ".svg"
        let run = try BenchProcess.run(["render", path, "--output", out, "--frames", "3", "--from", "0", "--to", "375"])
        #expect(run.status == 0, "\(run.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(XMLParser(data: data).parse())
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("x = 0.00") && text.contains("x = 187.50") && text.contains("x = 375.00"))
        #expect(text.contains("p0 1.00  p1 0.00  p2 -1.00"))
        #expect(text.components(separatedBy: "<clipPath").count - 1 == 3)
    }

    /// Scroll positions whose span overflows a Double are still spaced evenly between them
    /// (the span once made every position NaN, an error about a non-finite scroll).
    @Test func anOverflowingSpanIsSpacedEvenly() throws {
        let out = try BenchProcess.temporaryFolder().appendingPathComponent("span.svg").path
        let run = try BenchProcess.run(["render", Self.parallax, "--output", out, "--frames", "3", "--from", "1e308", "--to", "-1e308"])
        #expect(run.status == 0, "\(run.stderr)")
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: out)), as: UTF8.self)
        #expect(text.contains("x = 0.00<") && text.contains("x = 1e+308<") && text.contains("x = -1e+308<"), "\(text)")
    }

    /// A panel's label is two decimals up to 10⁹ and six significant digits beyond: `%.2f`
    /// of -1e308 was 309 digits.
    @Test func largeScrollPositionsAreLabelledShort() throws {
        #expect(Filmstrip.label(375) == "375.00" && Filmstrip.label(-187.5) == "-187.50" && Filmstrip.label(999_999_999.5) == "999999999.50")
        #expect(Filmstrip.label(1e9) == "1e+09" && Filmstrip.label(-1e308) == "-1e+308" && Filmstrip.label(24_123_456_789) == "2.41235e+10")
        let out = try BenchProcess.temporaryFolder().appendingPathComponent("wide.svg").path
        let run = try BenchProcess.run(["render", Self.parallax, "-o", out, "--frames", "64", "--from", "-1e308", "--to", "1e308"])
        #expect(run.status == 0, "\(run.stderr)")
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: out)), as: UTF8.self)
        let labels = text.split(separator: "\n").filter { $0.contains(">x = ") }
        #expect(labels.count == 64 && labels.allSatisfy { $0.count < 100 }, "\(labels.max { $0.count < $1.count } ?? "")")
    }

    /// A page of more subviews than are drawn: the first 2,000 are, and the report says so.
    @Test func crowdedPagesAreDrawnInPartAndSaySo() throws {
        let path = try BenchProcess.temporaryFile(#"{"width": 100, "pages": [{"subviewCount": 2001}, {"subviewCount": 5}]}"#)
        let out = path + ".svg"
        let run = try BenchProcess.run(["render", path, "--output", out, "--frames", "1"])
        #expect(run.status == 0 && run.stdout.hasSuffix(" (page 0: the first 2000 of 2001 subviews drawn)\n"), "\(run.stdout)")
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: out)), as: UTF8.self)
        #expect(text.components(separatedBy: "<polygon").count - 1 == 2_005, "polygons drawn")
    }

    @Test(arguments: [["render"], ["render", "x.json"], ["render", "/nonexistent.json", "--output", "/tmp/x.svg"],
                      ["render", RenderTests.parallax, "--output", "/tmp/x.svg", "--frames", "0"]])
    func badArgumentsExitOne(arguments: [String]) throws {
        let run = try BenchProcess.run(arguments)
        #expect(run.status == 1 && run.stdout.isEmpty && run.stderr.hasPrefix("bench: "), "\(run.stderr)")
    }

    /// An existing scenario by absolute path: the --frames 0 case fails on its count, not on
    /// a missing file when the tests run from another folder.
    static let parallax = BenchProcess.packageRoot.appendingPathComponent("Benchmarks/Scenarios/readme-parallax.json").path

    @Test func zeroFramesIsTheErrorNotTheFile() throws {
        #expect(FileManager.default.fileExists(atPath: Self.parallax))
        let run = try BenchProcess.run(["render", Self.parallax, "--output", "/tmp/x.svg", "--frames", "0"])
        #expect(run.failedWithOneLine && run.stderr.contains("--frames needs a whole number from 1 to 64"), "\(run.stderr)")
    }
}
