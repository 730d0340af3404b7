import Foundation
import WalkthroughKernel
import Testing

/// docs/FORMAT.md's examples, all of them: each ```json block carries a marker that says
/// what it is (`<!-- test: walkthrough NAME -->` loads, `<!-- test: eval NAME ARGS -->` is
/// what `bench eval NAME ARGS` prints), and each row of an error table fails with its message.
@Suite(.temporaryFolders) struct FormatDocTests {
    struct Block {
        var marker: [String]
        var text: String
        var line: Int
    }

    struct Row {
        var example: String
        var message: String
        var line: Int
    }

    struct Document {
        var blocks: [Block] = []
        var fileErrors: [Row] = []
        var commandErrors: [Row] = []
        var unmarked: [Int] = []
    }

    static func load() throws -> Document {
        let path = BenchProcess.packageRoot.appendingPathComponent("docs/FORMAT.md").path
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var doc = Document()
        var table: WritableKeyPath<Document, [Row]>?
        var i = 0
        while i < lines.count {
            let line = lines[i]
            if line.hasPrefix("```json") {
                let start = i
                var body: [String] = []
                i += 1
                while i < lines.count && !lines[i].hasPrefix("```") { body.append(lines[i]); i += 1 }
                let previous = start > 0 ? lines[start - 1] : ""
                if previous.hasPrefix("<!-- test: "), previous.hasSuffix(" -->") {
                    let words = previous.dropFirst("<!-- test: ".count).dropLast(" -->".count).split(separator: " ").map(String.init)
                    doc.blocks.append(Block(marker: words, text: body.joined(separator: "\n"), line: start + 1))
                } else {
                    doc.unmarked.append(start + 1)
                }
            } else if line == "| file | error |" {
                table = \.fileErrors
                i += 1  // the separator
            } else if line == "| command | error |" {
                table = \.commandErrors
                i += 1
            } else if let current = table {
                if line.hasPrefix("| ") && line.hasSuffix(" |") {
                    let cells = line.dropFirst(2).dropLast(2).components(separatedBy: " | ")
                    doc[keyPath: current].append(Row(example: code(cells.first ?? ""), message: code(cells.last ?? ""), line: i + 1))
                } else {
                    table = nil
                }
            }
            i += 1
        }
        return doc
    }

    /// The text of the code span in `cell` (after any words before it).
    static func code(_ cell: String) -> String {
        guard let first = cell.firstIndex(of: "`"), let last = cell.lastIndex(of: "`"), first < last else { return cell }
        return String(cell[cell.index(after: first)..<last])
    }

    @Test func everyExampleIsMarkedAndFound() throws {
        let doc = try Self.load()
        #expect(doc.unmarked.isEmpty, "```json blocks without a test marker at lines \(doc.unmarked)")
        #expect(doc.blocks.allSatisfy { ["walkthrough", "eval"].contains($0.marker.first) }, "\(doc.blocks.map(\.marker))")
        // As many as the document has today: a parser that stopped finding them fails here.
        #expect(doc.blocks.filter { $0.marker.first == "walkthrough" }.count >= 4)
        #expect(doc.blocks.filter { $0.marker.first == "eval" }.count >= 2)
        #expect(doc.fileErrors.count >= 50 && doc.commandErrors.count >= 7, "\(doc.fileErrors.count) \(doc.commandErrors.count)")
    }

    @Test func walkthroughExamplesLoad() throws {
        for block in try Self.load().blocks where block.marker.first == "walkthrough" {
            do {
                _ = try Walkthrough(json: block.text)
            } catch {
                Issue.record("docs/FORMAT.md line \(block.line): \(error.message)")
            }
        }
    }

    @Test func fileErrorsAreTheDocumentedOnes() throws {
        for row in try Self.load().fileErrors {
            do {
                _ = try Walkthrough(json: row.example)
                Issue.record("docs/FORMAT.md line \(row.line): \(row.example) loaded; documented: \(row.message)")
            } catch {
                #expect(error.message == row.message, "docs/FORMAT.md line \(row.line): \(row.example)")
            }
        }
    }

    /// The walkthrough examples, written to a folder under their names.
    func folder(_ doc: Document) throws -> URL {
        let folder = try BenchProcess.temporaryFolder()
        for block in doc.blocks where block.marker.first == "walkthrough" && block.marker.count == 2 {
            try block.text.write(to: folder.appendingPathComponent(block.marker[1]), atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test func evalExamplesAreWhatEvalPrints() throws {
        let doc = try Self.load()
        let folder = try folder(doc)
        for block in doc.blocks where block.marker.first == "eval" {
            let run = try BenchProcess.run(block.marker, directory: folder)
            #expect(run.status == 0 && run.stdout == block.text + "\n",
                    "docs/FORMAT.md line \(block.line): bench \(block.marker.joined(separator: " ")): \(run.stderr)\n\(run.stdout)")
        }
    }

    @Test func commandErrorsAreWhatBenchSays() throws {
        let doc = try Self.load()
        let folder = try folder(doc)
        for row in doc.commandErrors {
            let words = row.example.split(separator: " ").map(String.init)
            #expect(words.first == "bench", "docs/FORMAT.md line \(row.line)")
            let run = try BenchProcess.run(Array(words.dropFirst()), directory: folder)
            #expect(run.failedWithOneLine && run.stderr == "bench: \(row.message)\n",
                    "docs/FORMAT.md line \(row.line): \(row.example): \(run.stderr)")
        }
    }
}
