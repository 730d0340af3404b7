import Foundation

/// One number the regression gate watches. All metrics are "lower is better".
struct Metric: Equatable {
    enum Kind: String {
        /// Instructions per subview per frame in `WalkthroughAnimator.update`, counted by
        /// callgrind: exact and repeatable for a given binary.
        case instructions
        /// A ratio of minimum times measured in one run (`simd/c`, `simd/limit`): machine
        /// drift cancels, noise does not entirely.
        case ratio
    }

    var name: String
    var kind: Kind
    var value: Double
    /// Relative change above which a rise is a regression (and a fall an improvement).
    var threshold: Double

    /// Documented defaults (README, "Performance regression gate").
    static func defaultThreshold(_ kind: Kind) -> Double {
        kind == .instructions ? 0.03 : 0.15
    }
}

/// What `bench baseline update` writes: the build it measured and its metrics.
struct Baseline {
    var build: BuildInfo
    var metrics: [Metric]

    func json() -> String {
        var w = JSONWriter()
        w.raw("{\"build\": ")
        w.stringObject(build.pairs)
        w.raw(",\n \"metrics\": [")
        for (n, m) in metrics.enumerated() {
            w.raw(n == 0 ? "\n  " : ",\n  ")
            w.raw("{\"name\": ")
            w.string(m.name)
            w.raw(", \"kind\": ")
            w.string(m.kind.rawValue)
            w.raw(", \"value\": \(m.value), \"threshold\": \(m.threshold)}")
        }
        w.raw("\n ]}\n")
        return w.text
    }

    /// Reads a baseline file; any problem is an error naming the file.
    static func load(_ path: String) throws(BenchError) -> (build: [String: String], metrics: [Metric]) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BenchError("\(path): cannot read the baseline (missing? record one with `bench baseline update`)")
        }
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let items = root["metrics"] as? [[String: Any]] else {
            throw BenchError("\(path): not a baseline file (expected {\"build\": …, \"metrics\": […]})")
        }
        var metrics: [Metric] = []
        for (n, item) in items.enumerated() {
            guard let name = item["name"] as? String, let kind = (item["kind"] as? String).flatMap(Metric.Kind.init),
                  let value = item["value"] as? Double, value.isFinite, value > 0,
                  let threshold = item["threshold"] as? Double, threshold.isFinite, threshold >= 0 else {
                throw BenchError("\(path): metric \(n) is malformed (needs name, kind instructions|ratio, value > 0, threshold ≥ 0)")
            }
            metrics.append(Metric(name: name, kind: kind, value: value, threshold: threshold))
        }
        return (root["build"] as? [String: String] ?? [:], metrics)
    }
}
