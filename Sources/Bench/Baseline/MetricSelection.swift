import WalkthroughKernel

/// Which metrics `bench baseline` records or checks (`--metrics`). Instruction counts need
/// valgrind, which macOS and many CI runners lack; the timing ratios need nothing, so a team
/// can still gate on them there.
enum MetricSelection: String, CaseIterable, Sendable {
    /// The timing ratios against the in-run anchors (`simd/c/…`, `simd/limit/…`).
    case ratios
    /// Everything callgrind counts.
    case instructions
    case all

    func includes(_ kind: Metric.Kind) -> Bool {
        switch self {
        case .all: return true
        case .ratios: return kind == .ratio
        case .instructions: return kind != .ratio
        }
    }

    /// Whether any of the chosen metrics is counted by callgrind.
    var needsValgrind: Bool { Metric.Kind.allCases.contains { $0 != .ratio && includes($0) } }

    /// Checked before anything is measured: without valgrind, the one way forward is named.
    func requireTools() throws(BenchError) {
        guard needsValgrind, InstructionCounter.which("valgrind") == nil else { return }
        throw BenchError("valgrind is not installed, and instruction counts need it (apt-get install valgrind, or "
                         + "scripts/baseline-gate.sh); without it, gate on the timing ratios alone with --metrics ratios")
    }
}
