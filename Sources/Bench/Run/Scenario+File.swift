import Foundation
import Kernel

extension Scenario {
    /// Scroll positions a walkthrough file is rendered at: evenly spaced from its first page
    /// to its last, both included, so that every page and every transition between two
    /// pages is in the frames.
    static let filePositions = 120

    /// Whether `bench profile` reads its argument as a walkthrough file, not a scenario name.
    static func isFile(_ argument: String) -> Bool {
        argument.hasSuffix(".json") || argument.contains("/")
    }

    /// The walkthrough in the file at `path`, named after the file, at its own subview
    /// count (`make` ignores the size it is given): how an app's own walkthrough runs, tens
    /// of subviews over a few pages, where the work of a frame around the per-subview loop
    /// is most of it.
    static func file(_ path: String) throws(BenchError) -> Scenario {
        let walkthrough = try WalkthroughFile.load(path)
        let last = Double(max(walkthrough.pages.count - 1, 0)) * walkthrough.width
        let n = filePositions
        let scrolls = (0..<n).map { last * Double($0) / Double(n - 1) }
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return Scenario(name: name, summary: "\(name) at its own size, scrolled from the first page to the last") { _ in
            (walkthrough, scrolls)
        }
    }
}
