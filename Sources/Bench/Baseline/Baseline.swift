import Foundation
import Kernel

/// What `bench baseline update` writes and `check` reads: the build it measured and its
/// metrics, as JSON through `Codable`.
///
/// Reading is strict, because a lax reader makes a blind gate: a wrong type
/// (`"threshold": false`), a missing or unknown key, a value ≤ 0, a negative threshold, two
/// metrics of one name, or no metrics at all (the gate would check nothing) is an error
/// naming the file, where in it, and what.
struct Baseline: Codable {
    var build: [String: String]
    var metrics: [Metric]

    init(build: BuildInfo, metrics: [Metric]) {
        self.build = Dictionary(build.pairs) { first, _ in first }
        self.metrics = metrics
    }

    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.allCases.map(\.stringValue))
        let c = try decoder.container(keyedBy: CodingKeys.self)
        build = try c.decode([String: String].self, forKey: .build)
        metrics = try c.decode([Metric].self, forKey: .metrics)
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case build, metrics
    }

    /// The file's text: sorted keys, one key a line.
    func encoded() throws(BenchError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
        } catch {
            throw BenchError("cannot encode the baseline: \(Echo.oneLine(String(describing: error)))")
        }
    }

    /// Reads and checks a baseline file; any problem is one line naming the file.
    static func load(_ path: String) throws(BenchError) -> Baseline {
        let file = Echo.escaped(path, limit: OutputFile.pathLimit)
        if InputFile.missing(path) {
            throw BenchError("\(file): cannot read the baseline (missing? record one with `bench baseline update`)")
        }
        let data = try InputFile.read(path)
        let baseline: Baseline
        do {
            baseline = try JSONDecoder().decode(Baseline.self, from: data)
        } catch {
            throw BenchError("\(file): malformed baseline: \(DecodingProblem(error))")
        }
        guard !baseline.metrics.isEmpty else {
            throw BenchError("\(file): malformed baseline: \"metrics\" is empty; a gate without metrics checks nothing")
        }
        var names = Set<String>()
        for metric in baseline.metrics where !names.insert(metric.name).inserted {
            throw BenchError("\(file): malformed baseline: metric \(Echo.quoted(metric.name)) appears twice")
        }
        return baseline
    }
}
