import Foundation
import WalkthroughKernel
import Testing

@Suite(.temporaryFolders) struct EvalCommandTests {
    static let small = """
        { "width": 100, "pages": [
            { "animationType": "Linear", "speed": [0, 1], "speedVariance": [0, 2], "staticTags": "5",
              "animateAlpha": true, "subviews": [ {"tag": 5}, {}, {"tag": 2} ] },
            { "animationType": "Zoom", "subviewCount": 2,
              "rotation": { "axis": [0, 0, 1], "angle": 1.5, "angleVariance": 0.5, "perspective": 400 } },
            { "subviewCount": 1 }, { "subviewCount": 1 } ] }
        """

    @Test(arguments: ["reference", "simd"])
    func evalPrintsOneFrame(impl: String) throws {
        let path = try BenchProcess.temporaryFile(Self.small)
        let run = try BenchProcess.run(["eval", path, "--scroll", "50", "--impl", impl])
        #expect(run.status == 0 && run.stderr.isEmpty)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(json["currentPage"] as? Int == 0)
        let pages = try #require(json["pages"] as? [[String: Any]])
        #expect(pages.map { $0["index"] as? Int } == [0, 1, 2, 3])
        #expect(pages.map { $0["offset"] as? Double } == [1.5, 0.5, -0.5, -1.5])
        #expect(pages.map { $0["animated"] as? Bool } == [true, true, true, true])
        let subviews = try #require(pages[0]["subviews"] as? [[String: Any]])
        #expect(subviews.map { $0["tag"] as? Int } == [5, 0, 2])
        #expect(subviews.map { $0["static"] as? Bool } == [true, false, false])
        let second = try #require(subviews[1]["transform"] as? [Double])
        #expect(second.count == 16)
        #expect((second[13] - (-50 * 5)).magnitude < 1e-3)  // Linear at o = 1.5, s = (0, 5)
        #expect(((subviews[1]["alpha"] as? Double ?? 0) - 0.5).magnitude < 1e-6)
        #expect(subviews[0]["transform"] as? [Double] == Transform3D.identity.fields)
    }

    /// A vertical walkthrough scrolls by contentOffset.y: the help said only contentOffset.x.
    @Test func scrollHelpNamesBothAxes() throws {
        let run = try BenchProcess.run(["eval", "--help"])
        let line = run.stdout.split(separator: "\n").first { $0.hasPrefix("  --scroll X") }
        #expect(run.status == 0 && line?.contains("contentOffset.x") == true && line?.contains("contentOffset.y top to bottom") == true, "\(run.stdout)")
    }

    @Test func pagesOutsideTheWindowHaveNoSubviews() throws {
        let path = try BenchProcess.temporaryFile(Self.small)
        let run = try BenchProcess.run(["eval", path, "--scroll", "200"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let pages = try #require(json["pages"] as? [[String: Any]])
        #expect(pages[0]["animated"] as? Bool == false && pages[0]["subviews"] == nil)
        #expect(pages[0]["offset"] as? Double == -0.0 + 3)
        #expect(json["currentPage"] as? Int == 2)
    }

    @Test(arguments: ["reference", "simd"])
    func aWalkthroughWithNoPages(impl: String) throws {
        let path = try BenchProcess.temporaryFile(#"{"width": 320, "pages": []}"#)
        let run = try BenchProcess.run(["eval", path, "--scroll", "-50", "--impl", impl])
        #expect(run.status == 0 && run.stderr.isEmpty)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(json["currentPage"] as? Int == 0 && (json["pages"] as? [Any])?.isEmpty == true)
    }

    @Test(arguments: [
        (#"{"width": 100, "pages": [{"animationType": "linear"}]}"#, "page 0: key \"animationType\""),
        (#"{"width": 100, "pages": [{"staticTags": "1,,2"}]}"#, "page 0: key \"staticTags\""),
        (#"{"width": 0, "pages": []}"#, "key \"width\""),
        (#"{"width": 1}"#, "key \"pages\": missing"),
        (#"{"width": 100, "pages": [{}, {"speed": [1.7e308, 0], "subviewCount": 1}]}"#, "JSON cannot represent"),
        ("{\"width\": 100, \"pages\": [", "invalid JSON"),
        ("\u{FF}\u{FE} not json", "invalid JSON"),
        (#"{"width": 100, "pages": [{"subviewCount": -1}]}"#, "subviewCount"),
        (#"{"width": 100, "pages": [{"rotation": {"axis": [0, 0, 0]}}]}"#, "axis"),
        (#"{"width": 100, "pages": [{"rotation": {"axis": [0, 0, 1], "perspective": -1}}]}"#, "perspective"),
    ])
    func badFilesExitOneWithOneLine(json: String, fragment: String) throws {
        let path = try BenchProcess.temporaryFile(json)
        for impl in ["reference", "simd"] {
            let run = try BenchProcess.run(["eval", path, "--scroll", "0", "--impl", impl])
            #expect(run.status == 1)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.split(separator: "\n").count == 1)
            #expect(run.stderr.contains(fragment), "\(run.stderr)")
        }
    }

    @Test(arguments: [
        ["eval"], ["eval", "/nonexistent/file.json", "--scroll", "0"], ["eval", "x.json"],
        ["eval", "x.json", "--scroll", "nan"], ["eval", "x.json", "--scroll", "1", "--impl", "gpu"],
        ["eval", "x.json", "--scroll"], ["eval", "x.json", "--scrol", "1"], ["frobnicate"],
    ])
    func badArgumentsExitOneWithOneLine(arguments: [String]) throws {
        let run = try BenchProcess.run(arguments)
        #expect(run.status == 1 && run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("bench: "))
    }
}
