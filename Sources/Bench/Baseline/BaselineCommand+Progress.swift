import WalkthroughKernel

/// The progress lines of `bench baseline update|check` on standard error (`-q` silences
/// them): one as each callgrind count starts, then `bench run`'s lines for each run of the
/// ratio suite, prefixed with the run.
extension BaselineCommand {
    /// Receives one progress line, without its newline.
    typealias Progress = (String) -> Void

    /// `ratios, run 2 of 3: [4/14] zoom 10,000 subviews … ~3 s left; 1 more run of ~6 s`:
    /// `bench run`'s `line` in run `run` (from 0) of `count`, and the runs after it, each as
    /// long as the first (`runSeconds`, nil until it has ended).
    static func ratioProgress(_ line: String, run: Int, of count: Int, runSeconds: Double?) -> String {
        let after = count - run - 1, runs = after == 1 ? "run" : "runs"
        let rest = after == 0 ? "" : "; \(after) more \(runs)" + (runSeconds.map { " of ~\(ProgressEstimate.duration($0))" } ?? "")
        return "ratios, run \(run + 1) of \(count): \(line)\(rest)"
    }
}

/// `[3/10] counting readme-parallax with callgrind … ~12 s left`: the time left is the mean
/// of the counts already done times the counts left (none is predicted before the first
/// ends; the cases cost about the same, a few seconds each under valgrind).
struct CountingProgress {
    let count: Int
    private var started: [Double] = []

    init(count: Int) { self.count = count }

    /// Marks the next count, of `name`, as started now and returns its line.
    mutating func start(_ name: String) -> String {
        started.append(Sampler.now() / 1e9)
        let n = started.count, line = "[\(n)/\(count)] counting \(Echo.escaped(name)) with callgrind"
        guard n > 1 else { return line }
        let mean = (started[n - 1] - started[0]) / Double(n - 1)
        return line + " … ~\(ProgressEstimate.duration(mean * Double(count - n + 1))) left"
    }
}
