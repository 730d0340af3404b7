import Foundation
import Testing
@testable import Bench

/// What an exported run says about itself: schema, date, machine, build, commit, options.
@Suite(.temporaryFolders) struct ExportTests {
    static let arguments = ["run", "--format", "json", "--filter", "^zoom$", "--sizes", "20", "--budget", "0.005",
                            "--impls", "simd,limit", "--layout", "float4x4", "--quiet"]

    @Test func jsonCarriesItsMetadata() throws {
        let before = Date()
        let run = try BenchProcess.run(Self.arguments, directory: BenchProcess.packageRoot)
        #expect(run.status == 0, "\(run.stderr)")
        let json = try BenchProcess.object(run.stdout)
        #expect(json["schemaVersion"] as? Int == Report.schemaVersion)
        let date = try #require(json["date"] as? String)
        let parsed = try #require(ISO8601DateFormatter().date(from: date), "\(date)")
        #expect(date.hasSuffix("Z") && parsed.timeIntervalSince(before) > -2 && parsed.timeIntervalSinceNow < 2, "\(date)")
        for key in ["os", "cpu", "toolchain"] {
            #expect((json[key] as? String)?.isEmpty == false, "\(key): \(String(describing: json[key]))")
        }
        #expect((json["toolchain"] as? String)?.hasPrefix("Swift 6") == true)
        // A number, not a string.
        #expect(json["cores"] as? Int == ProcessInfo.processInfo.activeProcessorCount && !(json["cores"] is String))
        let build = try #require(json["build"] as? [String: String])
        #expect(build["configuration"] == BenchProcess.configuration, "\(build)")
        for key in ["swiftTargetFeatures", "targetFeatures", "swiftCompiler", "cCompiler"] {
            #expect(build[key]?.isEmpty == false, "\(key)")
        }
        #expect(json["arguments"] as? [String] == Self.arguments)
        let options = try #require(json["options"] as? [String: Any])
        #expect(options["sizes"] as? [Int] == [20] && options["filter"] as? String == "^zoom$", "\(options)")
        #expect(options["impls"] as? [String] == ["simd", "limit"] && options["layout"] as? String == "float4x4", "\(options)")
        #expect(options["budgetSeconds"] as? Double == 0.005 && options["files"] as? [String] == [], "\(options)")
        // Unit-named keys, and the layout of every result.
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.count == 2 && results.allSatisfy {
            $0["nsPerSubview"] is [String: Double] && $0["microsecondsPerFrame"] is Double && $0["layout"] as? String == "float4x4"
        })
    }

    /// The commit of the git checkout `bench` runs in, and null outside one.
    @Test func commitIsTheCheckoutsOrNull() throws {
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", BenchProcess.packageRoot.path, "rev-parse", "HEAD"]
        let pipe = Pipe()
        git.standardOutput = pipe
        git.standardError = FileHandle.nullDevice
        try git.run()
        let head = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        git.waitUntilExit()
        let inside = try BenchProcess.object(try BenchProcess.run(Self.arguments, directory: BenchProcess.packageRoot).stdout)
        if git.terminationStatus == 0 {
            #expect(inside["commit"] as? String == head && inside["uncommittedChanges"] is Bool, "\(String(describing: inside["commit"]))")
        } else {
            #expect(inside["commit"] is NSNull)  // a copy of the package without its .git
        }
        let outside = try BenchProcess.object(try BenchProcess.run(Self.arguments, directory: try BenchProcess.temporaryFolder()).stdout)
        #expect(outside["commit"] is NSNull && outside["uncommittedChanges"] is NSNull, "\(String(describing: outside["commit"]))")
    }

    @Test func csvStartsWithAPlainHeader() throws {
        let file = try BenchProcess.smallWalkthrough(name: "a,b \"c\".json")
        let run = try BenchProcess.run(["run", file, "--format", "csv", "--impls", "simd", "--budget", "0.005", "--positions", "4", "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.first == "scenario,impl,layout,subviews,frames,samples,min,p50,p90,p99,max,us_per_frame,fps")
        // A name with a comma and quotes is one quoted field.
        #expect(lines.count == 2 && lines[1].hasPrefix(#""a,b ""c"".json",simd,blocks,"#), "\(lines)")
    }
}
