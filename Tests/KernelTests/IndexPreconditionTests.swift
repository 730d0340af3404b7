import Testing
@testable import WalkthroughKernel

/// Indices out of range trap, as an `Array`'s do (docs/ROBUSTNESS.md), where they once gave an
/// offset past the frame (`matrixOffset(page:subview:)`) or a scroll position of no page.
struct IndexPreconditionTests {
    static let json = #"{"width": 100, "pages": [{"subviewCount": 2}, {"subviewCount": 9}]}"#

    @Test(arguments: [FrameLayout.blocks, .float4x4, .caTransform3D])
    func offsetsInRangeStayInTheFrame(layout: FrameLayout) throws {
        let geometry = WalkthroughAnimator(try Walkthrough(json: Self.json), layout: layout).frame.geometry
        for (page, count) in [(0, 2), (1, 9)] {
            for k in 0..<count {
                let offset = geometry.matrixOffset(page: page, subview: k)
                #expect(offset >= 0 && offset < geometry.alphaOffset,
                        "\(layout) page \(page) subview \(k): \(offset)")
            }
        }
    }

    #if os(macOS) || os(Linux) || os(Windows)  // where exit tests run
    @Test(arguments: [(0, 2), (0, -1), (1, 9), (2, 0), (-1, 0)])
    func outOfRangeSubviewOffsetsTrap(page: Int, subview: Int) async {
        await #expect(processExitsWith: .failure, "page \(page), subview \(subview)") { [page, subview] in
            let geometry = WalkthroughAnimator(try Walkthrough(json: IndexPreconditionTests.json), layout: .caTransform3D).frame.geometry
            _ = geometry.matrixOffset(page: page, subview: subview)
        }
    }

    @Test(arguments: [-1, 2])
    func scrollPositionsOfNoPageTrap(page: Int) async {
        await #expect(processExitsWith: .failure, "page \(page)") { [page] in
            _ = try Walkthrough(json: IndexPreconditionTests.json).scrollPosition(showingPage: page)
        }
    }
    #endif
}
