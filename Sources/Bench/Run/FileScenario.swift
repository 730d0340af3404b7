import Foundation
import WalkthroughKernel

extension Scenario {
    /// The scroll positions a walkthrough file is measured at when `--positions` is not given.
    static let defaultPositions = 120

    /// A user's walkthrough file as a scenario named after the file (`readme-parallax.json`),
    /// measured as it is: at its own subview count, scrolled from the first page to the last
    /// through `positions` evenly spaced positions, a sample a short stretch of them
    /// (`Sampler.scrollSampleNanoseconds`), so that the statistics spread over the
    /// positions as the frames of a real scroll do.
    ///
    /// The file is read here, before anything is measured: a bad file is an error at once.
    static func file(_ path: String, positions: Int) throws(BenchError) -> Scenario {
        let walkthrough = try WalkthroughFile.load(path)
        let file = InputFile.shown(path)
        let scrolls = scrollPositions(walkthrough, count: positions)
        guard scrolls.allSatisfy(\.isFinite) else { throw BenchError("\(file): the last page's scroll position is not a finite number") }
        let subviews = Suite.averageAnimatedSubviews(walkthrough, scrolls)
        guard subviews > 0 else { throw BenchError("\(file): fewer than one subview in the window on average over the scroll positions; nothing to measure") }
        let pages = walkthrough.pages.count
        return Scenario(name: fileName(path), summary: "\(pages) page\(pages == 1 ? "" : "s"), \(positions) scroll positions",
                        ownSize: subviews, file: path,
                        fileSubviews: walkthrough.pages.reduce(0) { $0 + $1.subviews.count }) { _ in (walkthrough, scrolls) }
    }

    /// `count` positions from the first page at rest to the last, evenly spaced (right to
    /// left from (n − 1)·W down to 0): the first page's alone for a walkthrough of one page
    /// (or none).
    static func scrollPositions(_ w: Walkthrough, count: Int) -> [Double] {
        guard !w.pages.isEmpty else { return [0] }
        let first = w.scrollPosition(showingPage: 0), last = w.scrollPosition(showingPage: w.pages.count - 1)
        guard count > 1 else { return [first] }
        return (0..<count).map { first + (last - first) * Double($0) / Double(count - 1) }
    }

    /// The scenario's name: the file's last path component, as metric names carry it;
    /// `stdin` for standard input.
    static func fileName(_ path: String) -> String {
        path == InputFile.standardInput ? "stdin" : URL(fileURLWithPath: path).lastPathComponent
    }

    /// The scenarios of `paths`, in order; two files of one name would give two scenarios
    /// (and metrics) of one name, so that is an error.
    static func files(_ paths: [String], positions: Int) throws(BenchError) -> [Scenario] {
        try InputFile.requireStandardInputOnce(paths)
        var seen: [String: String] = [:]
        for path in paths {
            let name = fileName(path)
            if let other = seen[name] {
                throw BenchError("\(InputFile.shown(other)) and \(InputFile.shown(path)) "
                                 + "are both named \(Echo.quoted(name)); scenarios are named after their files, so rename one")
            }
            seen[name] = path
        }
        var scenarios: [Scenario] = []
        for path in paths { scenarios.append(try file(path, positions: positions)) }
        return scenarios
    }
}
