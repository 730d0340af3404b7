/// The forms of a `bench run` report on standard output.
enum ReportFormat: String, CaseIterable, Sendable {
    /// Aligned columns for a terminal.
    case text
    /// GitHub-flavoured tables for a pull request or a README.
    case markdown
    /// Every statistic and the build, for other tools.
    case json
    /// One row per scenario, size and implementation.
    case csv
    /// google/benchmark's JSON, for dashboards that read it (`GoogleBenchmarkExport`).
    case googleBenchmark = "google-benchmark"
}
