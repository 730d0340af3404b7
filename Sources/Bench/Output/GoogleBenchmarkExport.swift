import Foundation

/// `bench run --format google-benchmark`: a run in google/benchmark's JSON form
/// (`--benchmark_format=json`), for dashboards that read that form as it is
/// (github-action-benchmark's `googlecpp` tool charts `real_time` per `name`).
///
/// One `"iteration"` entry a result, named `SCENARIO/IMPL/SUBVIEWS` (`/LAYOUT` after it for a
/// layout other than `blocks`); an iteration is a frame, so `iterations` is the frames
/// rendered while timing and `real_time` the time of a frame at the median sample (p50 ns
/// per subview × subviews) in ns. `bench` measures wall time only: `cpu_time` repeats it.
/// What google/benchmark calls user counters (extra numbers of an entry) carry the report's
/// own units: `subviews`, `ns_per_subview` (p50), `ns_per_subview_min`, `frames_per_second`.
struct GoogleBenchmarkExport {
    let report: Report

    /// An entry's name: a dashboard's series, the same from run to run.
    static func name(_ r: Result) -> String {
        "\(r.scenario)/\(r.impl.name)/\(r.subviews)" + (r.layout == .blocks ? "" : "/\(r.layout.rawValue)")
    }

    /// ns per frame at the median sample: what `real_time` and `cpu_time` hold.
    static func nanosecondsPerFrame(_ r: Result) -> Double { r.nsPerSubview.p50 * Double(r.subviews) }

    func render() -> String {
        var w = JSONWriter()
        let build = report.build
        w.raw("{\n \"context\": {\"date\": ")
        w.string(report.run?.date ?? ISO8601DateFormatter().string(from: Date()))
        w.raw(", \"host_name\": ")
        w.string(ProcessInfo.processInfo.hostName)
        w.raw(", \"executable\": ")
        w.string(CommandLine.arguments.first ?? "bench")
        w.raw(", \"num_cpus\": \(build.cores), \"library_build_type\": ")
        w.string(build.configuration)
        w.raw(", \"cpu\": ")
        w.string(build.cpu)
        w.raw(", \"os\": ")
        w.string(build.os)
        w.raw(", \"toolchain\": ")
        w.string(build.toolchain)
        w.raw(", \"commit\": ")
        if let commit = report.run?.commit { w.string(commit) } else { w.raw("null") }
        w.raw("},\n \"benchmarks\": [")
        // A family is a scenario, an implementation and a layout; its instances, the sizes.
        var families: [String: (index: Int, instances: Int)] = [:]
        for (n, r) in report.results.enumerated() {
            let key = "\(r.scenario)\u{0}\(r.impl.name)\u{0}\(r.layout.rawValue)"
            let family = families[key] ?? (families.count, 0)
            families[key] = (family.index, family.instances + 1)
            let time = Report.jsonNumber(GoogleBenchmarkExport.nanosecondsPerFrame(r))
            w.raw(n == 0 ? "\n  {\"name\": " : ",\n  {\"name\": ")
            w.string(GoogleBenchmarkExport.name(r))
            w.raw(", \"family_index\": \(family.index), \"per_family_instance_index\": \(family.instances), \"run_name\": ")
            w.string(GoogleBenchmarkExport.name(r))
            w.raw(", \"run_type\": \"iteration\", \"repetitions\": 1, \"repetition_index\": 0, \"threads\": 1")
            w.raw(", \"iterations\": \(r.frames), \"real_time\": \(time), \"cpu_time\": \(time), \"time_unit\": \"ns\"")
            w.raw(", \"subviews\": \(r.subviews), \"ns_per_subview\": \(Report.jsonNumber(r.nsPerSubview.p50))")
            w.raw(", \"ns_per_subview_min\": \(Report.jsonNumber(r.nsPerSubview.min))")
            w.raw(", \"frames_per_second\": \(Report.jsonNumber(r.framesPerSecond))}")
        }
        w.raw("\n ]\n}\n")
        return w.text
    }
}
