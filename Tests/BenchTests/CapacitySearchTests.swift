import WalkthroughKernel
import Testing
@testable import Bench

/// `CapacitySearch` on frame times of a known model (no clock): the largest size that fits
/// within its precision, the smallest that does not, every size measured once.
@Suite struct CapacitySearchTests {
    /// A probe whose median frame takes `nanoseconds(size)`, as if `size` subviews were in the window.
    static func probe(_ size: Int, _ nanoseconds: (Int) -> Double) -> CapacityProbe {
        CapacityProbe(size: size, subviews: size, nsPerSubview: Statistics([nanoseconds(size) / Double(size)]))
    }

    /// 2 ns a subview, 4 from 50,000 (a cache's edge): 1,667 µs fits 416,666 subviews, 833 µs 208,333.
    @Test(arguments: [(1_666.7, 416_666), (833.3, 208_333), (50.0, 25_000)])
    func findsTheLargestSizeThatFits(microseconds: Double, exact: Int) throws {
        let cost = { (n: Int) in Double(n) * (n < 50_000 ? 2 : 4) }
        let exactFit = cost(exact) <= microseconds * 1000 ? exact : exact - 1
        var search = CapacitySearch()
        var measured: [Int] = []
        let (fit, miss) = try search.capacity(within: microseconds) { size in
            measured.append(size)
            return Self.probe(size, cost)
        }
        let low = try #require(fit), high = try #require(miss)
        #expect(low.medianMicroseconds <= microseconds && high.medianMicroseconds > microseconds)
        #expect(low.size <= exactFit && exactFit < high.size && high.size - low.size <= max(1, low.size / 32), "\(low.size) \(high.size)")
        #expect(Set(measured).count == measured.count, "a size measured twice: \(measured)")
    }

    /// A second budget reuses the sizes the first measured: only the bisection is new.
    @Test func aSecondBudgetReusesTheProbes() throws {
        let cost = { (n: Int) in Double(n) * 2 }
        var search = CapacitySearch()
        var measured = 0
        let measure = { (size: Int) -> CapacityProbe? in measured += 1; return Self.probe(size, cost) }
        _ = try search.capacity(within: 1_666.7, measure: measure)
        let first = measured
        _ = try search.capacity(within: 833.3, measure: measure)
        #expect(measured - first <= 6 && search.probes.count == measured, "\(first), then \(measured - first) more")
    }

    @Test func aFrameThatFitsAtTheLimitIsReportedAsTheLimit() throws {
        var search = CapacitySearch()
        search.limit = 100_000
        let (fit, miss) = try search.capacity(within: 1_000) { Self.probe($0) { Double($0) * 0.001 } }
        #expect(fit?.size == 100_000 && miss == nil)
    }

    /// A size the scenario cannot build ends the doubling: the answer is at least the last
    /// size built, as at the limit.
    @Test func aSizeThatCannotBeBuiltIsTheLimit() throws {
        var search = CapacitySearch()
        let (fit, miss) = try search.capacity(within: 1_000) { $0 > 40_000 ? nil : Self.probe($0) { Double($0) * 0.001 } }
        #expect(fit?.size == 32_000 && miss == nil)
    }

    @Test func noSizeFitsATinyBudget() throws {
        var search = CapacitySearch()
        let (fit, miss) = try search.capacity(within: 0.001) { Self.probe($0) { _ in 1_000 } }
        #expect(fit == nil && miss?.size == 1)
    }
}
