@testable import WalkthroughKernel
import Testing

/// The file reader asks a `MemoryProbe` (the C interface's `bww_create`) before it
/// allocates the pages and each page's subviews; a refusal is an error that says so
/// (`refusedBytes`), naming the page and key, and without a probe nothing changes.
@Suite struct MemoryProbeTests {
    /// A probe that refuses allocations of exactly `size` bytes.
    static func refusing(_ size: Int) -> MemoryProbe { MemoryProbe { $0 != size } }

    static let file = #"{"width": 100, "pages": [{"subviewCount": 3}, {"subviews": [{"tag": 1}, {}]}, {"subviewCount": 1000}]}"#

    @Test func refusedSubviewsAreOutOfMemory() throws {
        let bytes = 1000 * MemoryLayout<Subview>.stride
        let error = try #require(throws: WalkthroughError.self) {
            try Walkthrough(json: Self.file, memory: Self.refusing(bytes))
        }
        #expect(error.refusedBytes == bytes, "\(error)")
        #expect(error.message == "page 2: key \"subviewCount\": cannot allocate \(bytes) bytes for 1000 subviews")
    }

    @Test func refusedSubviewListIsOutOfMemory() throws {
        let bytes = 2 * MemoryLayout<Subview>.stride
        let error = try #require(throws: WalkthroughError.self) {
            try Walkthrough(json: Self.file, memory: Self.refusing(bytes))
        }
        #expect(error.refusedBytes == bytes, "\(error)")
        #expect(error.message == "page 1: key \"subviews\": cannot allocate \(bytes) bytes for 2 subviews")
    }

    @Test func refusedPagesAreOutOfMemory() throws {
        let bytes = 3 * MemoryLayout<Page>.stride
        let error = try #require(throws: WalkthroughError.self) {
            try Walkthrough(json: Self.file, memory: Self.refusing(bytes))
        }
        #expect(error.refusedBytes == bytes, "\(error)")
        #expect(error.message == "walkthrough: key \"pages\": cannot allocate \(bytes) bytes for 3 pages")
    }

    /// Asked once per array, with each array's size, and once for a chunk of memory for the
    /// small allocations (this file's take less than one); a probe that grants all changes
    /// nothing.
    @Test func grantedProbeReadsTheSameWalkthrough() throws {
        let asked = AskedSizes()
        let probed = try Walkthrough(json: Self.file, memory: MemoryProbe { asked.append($0) })
        #expect(probed == (try Walkthrough(json: Self.file)))
        #expect(asked.sizes == [3 * MemoryLayout<Page>.stride, WalkthroughBudget.workingChunk, 3 * MemoryLayout<Subview>.stride,
                                2 * MemoryLayout<Subview>.stride, 1000 * MemoryLayout<Subview>.stride])
        #expect(MemoryLayout<Subview>.stride == 56, "the header's Memory section says 56 bytes a subview")
    }

    /// Bytes parsed where they are (`bww_create`) ask for the same arrays as the text and
    /// never for a copy; only a bad file with ill-formed UTF-8 asks for its repaired copy (3
    /// bytes a byte), and a refusal there is out of memory; a bad well-formed file asks nothing
    /// more and gives the text's error.
    @Test func bytesInPlaceAskForACopyOnlyToPlaceAnErrorInIllFormedText() throws {
        func load(_ bytes: [UInt8], _ probe: MemoryProbe) throws(WalkthroughError) -> Walkthrough {
            try bytes.withUnsafeBufferPointer { (bytes) throws(WalkthroughError) in try Walkthrough(utf8: bytes, memory: probe) }
        }
        let asked = AskedSizes()
        #expect(try load(Array(Self.file.utf8), MemoryProbe { asked.append($0) }) == (try Walkthrough(json: Self.file)))
        #expect(asked.sizes == [3 * MemoryLayout<Page>.stride, WalkthroughBudget.workingChunk, 3 * MemoryLayout<Subview>.stride,
                                2 * MemoryLayout<Subview>.stride, 1000 * MemoryLayout<Subview>.stride])

        let bad = Array(#"{"width": 0, "pages": ["é"]}"#.utf8)
        let badAsked = AskedSizes()
        let inPlace = try #require(throws: WalkthroughError.self) { try load(bad, MemoryProbe { badAsked.append($0) }) }
        #expect(inPlace == (try #require(throws: WalkthroughError.self) {
            try Walkthrough(json: String(decoding: bad, as: UTF8.self))
        }))
        #expect(!badAsked.sizes.contains(3 * bad.count), "\(badAsked.sizes)")

        let illFormed = Array(#"{"width": "#.utf8) + [0xFF] + Array(#", "pages": []}"#.utf8)
        let repaired = try #require(throws: WalkthroughError.self) { try load(illFormed, MemoryProbe { _ in true }) }
        #expect(repaired == (try #require(throws: WalkthroughError.self) {
            try Walkthrough(json: String(decoding: illFormed, as: UTF8.self))
        }))
        let refused = try #require(throws: WalkthroughError.self) {
            try load(illFormed, Self.refusing(3 * illFormed.count))
        }
        #expect(refused.refusedBytes == 3 * illFormed.count, "\(refused)")
        #expect(refused.message == "cannot allocate \(3 * illFormed.count) bytes for a copy of the text with its ill-formed UTF-8 replaced")
    }

    /// A file of many small timelines asks for a chunk again each time their allocations
    /// (bounded per page, timeline, track and keyframe) would use the last one up, so none
    /// of them is made without memory asked for: a file of 300,000 own timelines ended the
    /// process under address-space limits from 90 to 170 MB.
    @Test func smallAllocationsAreAskedForChunkByChunk() throws {
        let count = 5_000
        let subviews = (0..<count).map { #"{"timeline": {"rotation": [{"at": 0, "value": \#($0)}, {"at": 1, "value": 0}]}}"# }
        let file = #"{"width": 100, "pages": [{"subviews": ["# + subviews.joined(separator: ", ") + "]}]}"
        let asked = AskedSizes()
        _ = try Walkthrough(json: file, memory: MemoryProbe { asked.append($0) })
        let chunks = asked.sizes.filter { $0 == WalkthroughBudget.workingChunk }.count
        let small = WalkthroughBudget.pageBytes
            + count * (WalkthroughBudget.timelineBytes + WalkthroughBudget.trackBytes + 2 * WalkthroughBudget.keyframeBytes)
        #expect(chunks == (small + WalkthroughBudget.workingChunk - 1) / WalkthroughBudget.workingChunk, "\(chunks) chunks for \(small) bytes")
        // Refused on the third chunk: out of memory, naming the subview whose timeline asked.
        let chunksAsked = AskedSizes()
        let error = try #require(throws: WalkthroughError.self) {
            try Walkthrough(json: file, memory: MemoryProbe { bytes in
                guard bytes == WalkthroughBudget.workingChunk else { return true }
                _ = chunksAsked.append(bytes)
                return chunksAsked.sizes.count < 3
            })
        }
        #expect(error.refusedBytes == WalkthroughBudget.workingChunk, "\(error)")
        #expect(error.message.hasPrefix("page 0, subview ") && error.message.contains("cannot allocate 1048576 bytes for reading"), "\(error)")
    }

    /// Other errors keep `refusedBytes` nil, and limits are checked before memory.
    @Test func otherErrorsAreNotOutOfMemory() throws {
        let tooMany = #"{"width": 100, "pages": [{"subviewCount": 4194305}]}"#
        let error = try #require(throws: WalkthroughError.self) {
            try Walkthrough(json: tooMany, memory: MemoryProbe { $0 < 1 << 20 })
        }
        #expect(error.refusedBytes == nil && error.message.contains("limit"), "\(error)")
    }

    @Test func systemProbeGrantsSmallFiles() {
        #expect(throws: Never.self) {
            try Walkthrough(json: #"{"width": 1, "pages": [{"subviewCount": 3}]}"#, memory: .system)
        }
    }
}

/// The sizes a probe was asked, in order (the reader asks from one thread).
final class AskedSizes: @unchecked Sendable {
    private(set) var sizes: [Int] = []
    func append(_ bytes: Int) -> Bool {
        sizes.append(bytes)
        return true
    }
}
