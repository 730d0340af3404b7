/// "Did you mean …?" for a misspelt command or option: the known name closest to what was
/// typed, when it is close enough to be what was meant. Without it a typo (`--trheshold`)
/// was answered with the whole list of names to read through.
enum Suggestion {
    /// The candidate `word` most likely misspells, or nil: the unique one it is a prefix of
    /// (`--thresh`), else the nearest by edit distance (a swap of two neighbours counts as
    /// one edit, so `rnu` is one from `run`) when that is at most 1 for names up to 4
    /// characters and 2 for longer ones, and no other candidate is as near.
    static func closest(to word: String, among candidates: [String]) -> String? {
        guard !word.isEmpty else { return nil }
        let prefixed = candidates.filter { $0.hasPrefix(word) && $0 != word }
        if word.count >= 3, prefixed.count == 1 { return prefixed[0] }
        let scored = candidates.map { ($0, distance(word, $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let allowed = max(word.count, best.0.count) <= 4 ? 1 : 2
        guard best.1 <= allowed, scored.filter({ $0.1 == best.1 }).count == 1 else { return nil }
        return best.0
    }

    /// `"; did you mean X?"` after an error's first clause, or nothing.
    static func clause(_ word: String, among candidates: [String], display: (String) -> String = { $0 }) -> String {
        closest(to: word, among: candidates).map { "; did you mean \(display($0))?" } ?? ""
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// adjacent characters, each one edit.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
