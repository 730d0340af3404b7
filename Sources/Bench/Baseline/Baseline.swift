import Foundation
import WalkthroughKernel

/// What `bench baseline update` writes and `check` reads: the build it measured and its
/// metrics, as JSON: written through `Encodable`, read through `JSONReader`.
///
/// Reading is strict (`JSONReader`), because a lax reader makes a blind gate: a wrong type
/// (`"threshold": false`), a missing, unknown or duplicate key (in `build` too, whose keys
/// say which machine and build `--strict-machine` compares with), a value ≤ 0, a negative
/// threshold, two metrics of one name, or no metrics at all (the gate would check nothing)
/// is an error naming the file, where in it, and what.
struct Baseline: Encodable {
    var build: [String: String]
    var metrics: [Metric]

    init(build: BuildInfo, metrics: [Metric]) {
        self.build = Dictionary(build.pairs) { first, _ in first }
        self.metrics = metrics
    }

    /// Reads the file's one object.
    init(reading reader: inout JSONReader) throws(JSONReader.Problem) {
        var build: [String: String] = [:], metrics: [Metric] = []
        try reader.object("", required: ["build", "metrics"]) { (reader, key, at) throws(JSONReader.Problem) in
            if key == "build" {
                try reader.object(at, required: MachineCheck.requiredKeys, optional: MachineCheck.optionalKeys) {
                    (reader, key, at) throws(JSONReader.Problem) in build[key] = try reader.nonEmptyString(at)
                }
            } else {
                try reader.array(at) { (reader, _, at) throws(JSONReader.Problem) in
                    metrics.append(try Metric(reading: &reader, at))
                }
            }
        }
        (self.build, self.metrics) = (build, metrics)
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
        let file = InputFile.shown(path)
        if InputFile.missing(path) {
            // The default path is relative: outside the package root it names nothing there.
            let hint = path.hasPrefix("/") ? "record one with `bench baseline update`"
                : "it is relative to \(Echo.escaped(FileManager.default.currentDirectoryPath, limit: OutputFile.pathLimit)): "
                + "run from the package root, name another with --path, or record one with `bench baseline update`"
            throw BenchError("\(file): cannot read the baseline (missing? \(hint))")
        }
        let read = try JSONReader.read(file: path) { (reader) throws(JSONReader.Problem) in try Baseline(reading: &reader) }
        let baseline: Baseline
        do throws(JSONReader.Problem) {
            baseline = try read.get()
        } catch {
            throw BenchError("\(file): malformed baseline: \(error)")
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
