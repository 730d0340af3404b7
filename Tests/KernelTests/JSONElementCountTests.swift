@testable import WalkthroughKernel
import KernelTestSupport
import Testing

/// `JSONScanner.elementCount` in validated text counts by structure alone (commas at the array's own level,
/// outside strings): the same counts as the element-by-element walk at every array of texts whose strings hold
/// brackets, commas, quotes and backslashes, nested at random.
@Suite struct JSONElementCountTests {
    static func value(_ depth: Int, using rng: inout SeededGenerator) -> String {
        let space = [" ", "", "\n\t", "  \r\n"].randomElement(using: &rng)!
        switch Int.random(in: 0..<(depth < 4 ? 7 : 4), using: &rng) {
        case 0: return "-12.5e+3"
        case 1: return ["true", "false", "null"].randomElement(using: &rng)!
        case 2: return #""a, [b] {c} \"d\" \\""#
        case 3: return [#""x\\""#, #""],\"[""#, #""ü{""#].randomElement(using: &rng)!
        case 4, 5:
            let n = Int.random(in: 0...4, using: &rng)
            return "[" + space + (0..<n).map { _ in value(depth + 1, using: &rng) }.joined(separator: space + "," + space) + space + "]"
        default:
            let n = Int.random(in: 0...3, using: &rng)
            return "{" + (0..<n).map { i in #""k\#(i)]," : "# + value(depth + 1, using: &rng) }.joined(separator: ",") + "}"
        }
    }

    /// The positions of the arrays in the value at `scanner`, in file order.
    static func arrays(_ scanner: inout JSONScanner, into positions: inout [Int]) throws(WalkthroughError) {
        switch scanner.peek() {
        case .array?:
            positions.append(scanner.index)
            try scanner.forEachElement(depth: 0) { (s, _) throws(WalkthroughError) in try arrays(&s, into: &positions) }
        case .object?:
            try scanner.forEachMember(depth: 0) { (s, _) throws(WalkthroughError) in try arrays(&s, into: &positions) }
        default:
            try scanner.skipValue(depth: 0)
        }
    }

    @Test func validatedCountsAreTheWalksCounts() throws {
        let seed: UInt64 = 0xC0A7
        var rng = SeededGenerator(seed: seed)
        for n in 0..<300 {
            let count = Int.random(in: 0...6, using: &rng)
            let text = "[" + (0..<count).map { _ in Self.value(1, using: &rng) }.joined(separator: " , ") + " ]"
            let bytes = Array(text.utf8)
            try bytes.withUnsafeBufferPointer { buffer in
                var plain = JSONScanner(bytes: buffer)
                var checked = plain
                try checked.validate()
                #expect(checked.validated && !plain.validated, "seed \(seed) case \(n)")
                #expect(try plain.elementCount() == count, "seed \(seed) case \(n): \(text)")
                // Every array, the top one and those nested in it, where the scanner's own walk finds them.
                var walker = JSONScanner(bytes: buffer), arrays: [Int] = []
                try Self.arrays(&walker, into: &arrays)
                #expect(arrays.first == 0, "seed \(seed) case \(n)")
                for at in arrays {
                    (plain.index, checked.index) = (at, at)
                    #expect(try checked.elementCount() == (try plain.elementCount()), "seed \(seed) case \(n) at \(at): \(text)")
                }
            }
        }
    }
}
