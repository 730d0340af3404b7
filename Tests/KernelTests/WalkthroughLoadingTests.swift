import Foundation
import Testing
import WalkthroughKernel
import KernelTestSupport

/// `Walkthrough(json:)` from bytes (`Data`, `[UInt8]`, any sequence) and
/// `Walkthrough(contentsOfFile:)`: the same walkthrough as from the text, and bad files
/// as one-line errors that name the path.
@Suite struct WalkthroughLoadingTests {
    static let text = WalkthroughFileTests.example

    /// A fresh folder under the system's temporary folder, removed after `body`.
    private func inFolder(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("walkthrough-loading-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder.path)
    }

    @Test func bytesLoadAsTheText() throws {
        let expected = try Walkthrough(json: Self.text)
        #expect(try Walkthrough(json: Data(Self.text.utf8)) == expected)
        #expect(try Walkthrough(json: Array(Self.text.utf8)) == expected)
        #expect(try Walkthrough(json: Self.text.utf8) == expected)
        #expect(try Walkthrough(json: Array(Self.text.utf8)[...]) == expected)
        // A sequence without contiguous storage.
        #expect(try Walkthrough(json: AnySequence(Self.text.utf8)) == expected)
    }

    @Test func badBytesAreTheTextsErrors() {
        #expect(throws: Self.error(of: "")) { try Walkthrough(json: Data()) }
        let bad = #"{"width": 0, "pages": []}"#
        #expect(throws: Self.error(of: bad)) { try Walkthrough(json: Data(bad.utf8)) }
        // Ill-formed UTF-8 (0xFF) where a value starts: an error, as U+FFFD would be.
        let illFormed: [UInt8] = Array(#"{"width": "#.utf8) + [0xFF] + Array(#", "pages": []}"#.utf8)
        #expect(throws: Self.error(of: String(decoding: illFormed, as: UTF8.self))) { try Walkthrough(json: illFormed) }
    }

    /// Bytes are parsed where they are (`init(utf8:)`), not from their repaired `String`:
    /// seeded files with ill-formed and well-formed non-ASCII bytes put anywhere, inside
    /// strings and out, give what the repaired text gives, walkthrough or error.
    @Test func bytesParsedInPlaceAgreeWithTheRepairedText() {
        let pieces: [[UInt8]] = [[0xFF], [0x80], [0xC0, 0x80], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xED, 0xA0, 0x80],
                                 Array("é".utf8), Array("😀".utf8), [0xC3]]
        let texts = [Self.text, #"{"width": 100, "direction": "rightToLeft", "pages": [{"staticTags": "1, 2", "subviews": [{"tag": 1}]}]}"#]
        for seed: UInt64 in 1...400 {
            var rng = SeededGenerator(seed: seed)
            var bytes = Array(texts[Int(seed) % texts.count].utf8)
            for _ in 0..<Int.random(in: 0...2, using: &rng) {
                let at = Int.random(in: 0...bytes.count, using: &rng)
                bytes.insert(contentsOf: pieces.randomElement(using: &rng)!, at: at)
            }
            let inPlace = Result { () throws(WalkthroughError) in try Walkthrough(json: bytes) }
            let repaired = Result { () throws(WalkthroughError) in try Walkthrough(json: String(decoding: bytes, as: UTF8.self)) }
            switch (inPlace, repaired) {
            case let (.success(a), .success(b)): #expect(a == b, "seed \(seed)")
            case let (.failure(a), .failure(b)): #expect(a == b, "seed \(seed)")
            default: Issue.record("seed \(seed): in place \(inPlace), repaired \(repaired)")
            }
        }
    }

    @Test func fileLoadsAsTheText() throws {
        try inFolder { folder in
            let path = folder + "/walkthrough.json"
            try Data(Self.text.utf8).write(to: URL(fileURLWithPath: path))
            #expect(try Walkthrough(contentsOfFile: path) == Walkthrough(json: Self.text))
            #expect(try Walkthrough(contentsOfFile: URL(fileURLWithPath: path).path) == Walkthrough(json: Self.text))
        }
    }

    @Test func missingFileNamesThePath() throws {
        try inFolder { folder in
            let path = folder + "/no such walkthrough.json"
            #expect(throws: WalkthroughError("\(path): cannot read the file (it does not exist)")) {
                try Walkthrough(contentsOfFile: path)
            }
        }
    }

    @Test func badFilesAreOneLineErrorsThatNameThePath() throws {
        try inFolder { folder in
            #expect(throws: WalkthroughError("\(folder): cannot read the file (it is a folder, not a file)")) {
                try Walkthrough(contentsOfFile: folder)
            }
            let fifo = folder + "/fifo"
            #expect(mkfifo(fifo, 0o600) == 0)
            #expect(throws: WalkthroughError("\(fifo): cannot read the file (it is a FIFO, not a file)")) {
                try Walkthrough(contentsOfFile: fifo)
            }
            let empty = folder + "/empty.json"
            #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
            #expect(throws: WalkthroughError("\(empty): \(Self.error(of: "").message)")) {
                try Walkthrough(contentsOfFile: empty)
            }
            let invalid = folder + "/invalid.json"
            let text = "{\"width\": 375,\n \"pages\": [ {\"speed\": [0, 1, 2]} ] }"
            try Data(text.utf8).write(to: URL(fileURLWithPath: invalid))
            #expect(throws: WalkthroughError("\(invalid): \(Self.error(of: text).message)")) {
                try Walkthrough(contentsOfFile: invalid)
            }
            // A newline in the path is escaped: the message stays one line.
            let odd = folder + "/line\nbreak.json"
            do throws(WalkthroughError) {
                _ = try Walkthrough(contentsOfFile: odd)
                Issue.record("a missing file loaded")
            } catch {
                #expect(!error.message.contains("\n") && error.message.contains(#"line\nbreak.json"#))
                #expect(error.message.hasSuffix("cannot read the file (it does not exist)"))
            }
            #expect(throws: WalkthroughError("cannot read the file: the path is empty")) {
                try Walkthrough(contentsOfFile: "")
            }
        }
    }

    /// A file longer than the C interface's BWW_MAX_JSON_LENGTH (1 GiB) is refused before
    /// anything is allocated or read (a sparse file: it takes no disk space).
    @Test func filesOverOneGiBAreRefused() throws {
        try inFolder { folder in
            let path = folder + "/huge.json"
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            #expect(truncate(path, off_t(1 << 30) + 1) == 0)
            #expect(throws: WalkthroughError("\(path): cannot read the file (it holds 1073741825 bytes; a walkthrough file may hold at most 1073741824 (1 GiB))")) {
                try Walkthrough(contentsOfFile: path)
            }
        }
    }

    @Test(.enabled(if: geteuid() != 0, "root reads every file, whatever its mode"))
    func unreadableFileGivesTheSystemsReason() throws {
        try inFolder { folder in
            let path = folder + "/locked.json"
            try Data(Self.text.utf8).write(to: URL(fileURLWithPath: path))
            #expect(chmod(path, 0) == 0)
            #expect(throws: WalkthroughError("\(path): cannot read the file (permission denied)")) {
                try Walkthrough(contentsOfFile: path)
            }
        }
    }

    /// The error `init(json:)` throws for `text`.
    static func error(of text: String) -> WalkthroughError {
        do {
            _ = try Walkthrough(json: text)
            return WalkthroughError("no error")
        } catch {
            return error
        }
    }
}
