import Foundation
import WalkthroughKernel

/// One walkthrough the gate renders under callgrind (`bench profile`), and what its counts
/// are divided by: each case gives an `instructions` and a `writes` metric.
///
/// Two kinds of case, because the two costs of a frame show at different sizes:
/// - **per subview**, at 4,000 subviews: the per-subview loop is nearly all of a frame, and
///   a change to it moves the count by what it costs a subview. A fixed cost per frame
///   hides here (100 instructions a frame are +0.3%).
/// - **per frame**, on walkthroughs of the size apps ship (tens of subviews over a few
///   pages): the work around the loop — page offsets, each page's constants in Double, the
///   kernel's setup — is most of a frame, so a fixed per-frame cost shows in full. On a
///   shared machine such a cost was +8–9% of the time at 1,000 subviews and invisible to
///   the per-subview count (issue 17).
struct CountedCase {
    enum Unit {
        /// Divided by frames × subviews in the window: `instructions/NAME`, `writes/NAME`.
        case subview
        /// Divided by frames: `instructions-per-frame/NAME`, `writes-per-frame/NAME`.
        case frame
    }

    /// The metrics' name after the kind.
    let name: String
    /// `bench profile`'s arguments before `--frames`: a scenario and `--size`, or a file.
    let target: [String]
    let frames: Int
    let unit: Unit

    /// What `bench baseline` counts.
    static let all: [CountedCase] = ["linear", "zoom", "rotate3d", "rotate3d-spin", "storyboard"].map {
        CountedCase(name: $0, target: [$0, "--size", "4000"], frames: 8, unit: .subview)
    } + ["keyframes-stagger", "keyframes-own"].map {
        // Whole cycles of the 16 positions (`Scenario.spread`): a frame's cost varies with them.
        CountedCase(name: $0, target: [$0, "--size", "4000"], frames: Scenario.spread.count, unit: .subview)
    } + [
        // The README's two examples, 10 subviews each over three pages, scrolled through
        // (`Scenario.file`), and the storyboard scenario with about 40 subviews in the window.
        file("readme-parallax"),
        file("readme-rotation"),
        CountedCase(name: "storyboard-40", target: ["storyboard", "--size", "40"], frames: 120, unit: .frame),
    ]

    /// `Benchmarks/Scenarios/NAME.json` counted per frame, over one pass through its scroll
    /// positions.
    static func file(_ name: String) -> CountedCase {
        CountedCase(name: name, path: ScenarioFiles.path("\(name).json"))
    }

    /// The start of the names of a count of `kind` in `unit`: `instructions/`,
    /// `writes-per-frame/`.
    static func family(_ kind: Metric.Kind, _ unit: Unit) -> String {
        "\(kind.rawValue)\(unit == .subview ? "" : "-per-frame")/"
    }

    /// The name of this case's metric of `kind`: `instructions/linear`,
    /// `writes-per-frame/readme-parallax`.
    func metricName(_ kind: Metric.Kind) -> String {
        CountedCase.family(kind, unit) + name
    }

    /// The metric of `kind` for this case, from a run's total `count` over `subviews` in the
    /// window (per frame, as `bench profile` reports them).
    func metric(_ kind: Metric.Kind, count: Double, subviews: Double) -> Metric {
        let perFrame = count / Double(frames)
        return Metric(name: metricName(kind), kind: kind, value: unit == .subview ? perFrame / subviews : perFrame)
    }
}

extension CountedCase {
    /// A user's walkthrough file (`bench baseline update|check FILE`), counted as the
    /// README's examples are: per frame, over one pass through its scroll positions, so
    /// that its metrics are `instructions-per-frame/FILE` and `writes-per-frame/FILE`. On a
    /// file of the size apps ship, the work around the per-subview loop is most of a
    /// frame, and a cost a subview or a frame shows in these counts in full.
    init(file scenario: Scenario) throws(BenchError) {
        guard let path = scenario.file else { throw BenchError("\(Echo.quoted(scenario.name)) is not a walkthrough file") }
        self.init(name: scenario.name, path: path)
    }

    private init(name: String, path: String) {
        // Absolute: callgrind runs the copy of `bench` elsewhere.
        self.init(name: name, target: [URL(fileURLWithPath: path).path], frames: Scenario.defaultPositions, unit: .frame)
    }
}
