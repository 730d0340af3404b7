import Foundation
import Kernel

/// Reads a walkthrough file from disk; every failure is a `BenchError` naming the file.
enum WalkthroughFile {
    static func load(_ path: String) throws(BenchError) -> Walkthrough {
        let text: String
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            text = String(decoding: data, as: UTF8.self)
        } catch {
            throw BenchError("\(path): cannot read the file (\(error.localizedDescription))")
        }
        do {
            return try Walkthrough(json: text)
        } catch {
            throw BenchError("\(path): \(error.message)")
        }
    }
}
