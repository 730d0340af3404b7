import Foundation
import Testing
@testable import Bench

/// The gate's exact counts: callgrind's totals read by event name, divided per subview or
/// per frame, on the walkthroughs `CountedCase` names.
@Suite struct GateCountTests {
    static let totals = """
        ==7== Events    : Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
        ==7== Collected : 289624 53754 148056 97 4393 34064 67 7
        ==7== I   refs:      289,624
        """

    /// Callgrind leaves trailing zero counts off: the event is there, its count is 0.
    @Test func totalsAreReadByEventName() throws {
        let events = try #require(CallgrindEvents(stderr: Self.totals))
        #expect(events["Ir"] == 289_624 && events["Dw"] == 148_056 && events["DLmr"] == 7 && events["DLmw"] == 0)
        #expect(events["Bc"] == nil)
    }

    /// A run that did not end as a complete one gives no counts, not wrong ones.
    @Test(arguments: [
        "",
        "==7== Events    : Ir Dw\n",
        "==7== Collected : 10 20\n",
        "==7== Events    : Ir Dw\n==7== Collected : 10 2x\n",
        "==7== Events    : Ir Dw\n==7== Collected : 10 20 30\n",
        "==7== Events    : Ir Dw\n==7== Collected : -10 20\n",
    ])
    func incompleteTotalsGiveNothing(stderr: String) {
        #expect(CallgrindEvents(stderr: stderr) == nil)
    }

    @Test func countsAreDividedPerSubviewOrPerFrame() {
        let large = CountedCase(name: "linear", target: ["linear", "--size", "4000"], frames: 8, unit: .subview)
        let writes = large.metric(.writes, count: 160_000, subviews: 4_000)
        #expect(writes.name == "writes/linear" && writes.kind == .writes && writes.value == 5)
        let app = CountedCase(name: "readme", target: ["readme.json"], frames: 120, unit: .frame)
        let instructions = app.metric(.instructions, count: 240_000, subviews: 7)
        #expect(instructions.name == "instructions-per-frame/readme" && instructions.value == 2_000)
        #expect(instructions.threshold == 0.015 && writes.threshold == 0.03)  // a frame's count, a subview's
    }

    /// The README's examples and the storyboard at about 40 subviews are counted per frame,
    /// from files that exist.
    @Test func appSizedWalkthroughsAreCountedPerFrame() {
        let perFrame = CountedCase.all.filter { $0.unit == .frame }
        #expect(perFrame.map(\.name) == ["readme-parallax", "readme-rotation", "storyboard-40"])
        for counted in perFrame where counted.target.count == 1 {
            #expect(FileManager.default.fileExists(atPath: counted.target[0]), "\(counted.target)")
        }
    }

    /// The keyframe scenarios are counted, over whole cycles of their positions where a
    /// frame's cost varies with the position (a part of the cycle would count its cheap half).
    @Test func keyframeScenariosAreCountedOverWholeCycles() throws {
        let perSubview = CountedCase.all.filter { $0.unit == .subview }
        #expect(perSubview.map(\.name).contains("keyframes-own") && perSubview.map(\.name).contains("keyframes-stagger"))
        for counted in perSubview {
            let scenario = try #require(Scenario.builtIn.first { $0.name == counted.target[0] }, "\(counted.name)")
            if scenario.costVariesWithPosition {
                #expect(counted.frames % Scenario.spread.count == 0, "\(counted.name): \(counted.frames) frames")
            }
        }
    }

    /// `bench profile FILE.json` renders the file at its own size, every page in turn.
    @Test func profileRendersAWalkthroughFileAtItsOwnSize() throws {
        let path = BenchProcess.packageRoot.appendingPathComponent("Benchmarks/Scenarios/readme-parallax.json").path
        let run = try BenchProcess.run(["profile", path, "--frames", "3"])
        #expect(run.status == 0 && run.stdout == "simd rendered 3 frames of readme-parallax.json at 7 subviews\n", "\(run.stdout) \(run.stderr)")
        let scenario = try Scenario.file(path, positions: Scenario.defaultPositions)
        let (walkthrough, scrolls) = try scenario.make(1)
        #expect(scrolls.count == Scenario.defaultPositions && scrolls.first == 0)
        #expect(scrolls.last == Double(walkthrough.pages.count - 1) * walkthrough.width)
    }

    /// A threshold given for one kind of count applies to that kind only.
    @Test func writesHaveTheirOwnThreshold() throws {
        let baseline = [Metric(name: "writes/a", kind: .writes, value: 10, threshold: 0.03),
                        Metric(name: "instructions/a", kind: .instructions, value: 10, threshold: 0.03)]
        let current = [Metric(name: "writes/a", kind: .writes, value: 10.4, threshold: 0.03),
                       Metric(name: "instructions/a", kind: .instructions, value: 10.4, threshold: 0.03)]
        let loose = try Comparison(baseline: baseline, current: current, overrides: [.writes: 0.05])
        #expect(loose.rows.map(\.verdict) == [.ok, .regression])
    }
}
