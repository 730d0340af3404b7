import Foundation
import Kernel

/// A run saved with `bench run --format json`, read back for `bench compare` and
/// `bench chart --input`. Only the keys those need are read; any problem is one line
/// naming the file.
struct RunFile {
    struct Statistics: Decodable {
        var min, p50, p90, p99, max: Double
    }

    struct Row: Decodable {
        var scenario: String
        var impl: String
        /// Absent in exports of schema 1.
        var layout: String?
        var subviews: Int
        var frames: Int
        var samples: Int
        var nsPerSubview: Statistics

        /// What `bench run` never writes: a count below 1, or a time that is not a positive
        /// number below 10¹⁵ ns (a ratio of such would be infinite or meaningless).
        var problem: String? {
            for (key, count) in [("subviews", subviews), ("frames", frames), ("samples", samples)] where count < 1 {
                return "\(key): \(count); must be 1 or more"
            }
            let s = nsPerSubview
            for (key, x) in [("min", s.min), ("p50", s.p50), ("p90", s.p90), ("p99", s.p99), ("max", s.max)]
            where !(x > 0 && x < 1e15) {
                return "nsPerSubview.\(key): \(x); must be a time in ns above 0 and below 1e15"
            }
            return nil
        }
    }

    private struct Document: Decodable {
        var schemaVersion: Int
        var os: String
        var cpu: String
        var cpuFeatures: String
        var cores: Int
        var build: [String: String]
        var results: [Row]
    }

    let path: String
    let schemaVersion: Int
    let rows: [Row]
    private let document: Document

    /// The path as messages show it.
    var name: String { Echo.escaped(path, limit: OutputFile.pathLimit) }

    static func load(_ path: String) throws(BenchError) -> RunFile {
        let file = Echo.escaped(path, limit: OutputFile.pathLimit)
        let data = try InputFile.read(path)
        // The version first, alone: a file of another schema is told as such, not as
        // whatever key it lacks.
        struct Version: Decodable { var schemaVersion: Int? }
        let version: Version
        do { version = try JSONDecoder().decode(Version.self, from: data) } catch {
            throw BenchError("\(file): not a run saved with bench run --format json (\(DecodingProblem(error)))")
        }
        guard let schema = version.schemaVersion else {
            throw BenchError("\(file): no \"schemaVersion\"; not a run saved with bench run --format json by this version of bench")
        }
        guard schema == Report.schemaVersion else {
            throw BenchError("\(file): schemaVersion \(schema); this bench reads version \(Report.schemaVersion)")
        }
        do {
            let document = try JSONDecoder().decode(Document.self, from: data)
            for (n, row) in document.results.enumerated() {
                if let problem = row.problem { throw BenchError("\(file): malformed run: results[\(n)].\(problem)") }
            }
            return RunFile(path: path, schemaVersion: schema, rows: document.results, document: document)
        } catch let error as BenchError {
            throw error
        } catch {
            throw BenchError("\(file): malformed run: \(DecodingProblem(error))")
        }
    }

    /// The machine and build, as a baseline records them (`MachineCheck`).
    var buildPairs: [String: String] {
        document.build.merging(["os": document.os, "cpu": document.cpu, "cpuFeatures": document.cpuFeatures,
                                "cores": String(document.cores)]) { _, machine in machine }
    }

    /// The run as a report, for drawing it.
    var report: Report {
        get throws(BenchError) {
            let b = document.build
            let build = BuildInfo(configuration: b["configuration"] ?? "?", swiftCompiler: b["swiftCompiler"] ?? "?",
                                  cCompiler: b["cCompiler"] ?? "?", swiftTargetFeatures: b["swiftTargetFeatures"] ?? "?",
                                  cTargetFeatures: b["targetFeatures"] ?? "?", strategy: b["strategy"] ?? "?",
                                  strategySelection: "recorded", os: document.os, cpu: document.cpu,
                                  cpuFeatures: document.cpuFeatures, cores: document.cores)
            var results: [Result] = []
            for (n, row) in rows.enumerated() {
                guard let impl = ImplementationKind(rawValue: row.impl) else {
                    throw BenchError("\(name): results[\(n)].impl: unknown implementation \(Echo.quoted(row.impl))")
                }
                let layout = FrameLayout(rawValue: row.layout ?? FrameLayout.blocks.rawValue) ?? .blocks
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
