import WalkthroughKernel

/// A command line after its subcommand: `--name value` options, `--flag` flags and
/// positional words. Unknown options, missing values and an option given twice (its first
/// value would go unused) are errors, never ignored. `--` ends the options: every word
/// after it is positional (a file named `-q.json`).
struct Arguments {
    /// The word after which no word is an option.
    static let endOfOptions = "--"

    private(set) var positional: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    /// - Parameters:
    ///   - options: the names (without `--`) that take a value.
    ///   - flags: the names that take none.
    ///   - shortNames: one-letter forms (`-o`) of some of them.
    init(_ words: [String], options: Set<String>, flags allowedFlags: Set<String> = [],
         shortNames: [Character: String] = [:]) throws(BenchError) {
        var i = 0
        while i < words.count {
            let word = words[i]
            if word == Arguments.endOfOptions {
                positional += words[(i + 1)...]
                break
            }
            // `-o`: a letter after one dash (`-5`, `-.5` and `-` stay words of their own).
            let short = word.count == 2 && word.first == "-" && word.last!.isLetter ? word.last! : nil
            if let short, shortNames[short] == nil {
                let known = shortNames.keys.sorted().map { "-\($0)" }.joined(separator: ", ")
                throw BenchError("unknown option \(Echo.quoted(word))" + (known.isEmpty ? "" : "; known short options: \(known)"))
            }
            // `-qv`, `-output`: letters after one dash are an option mistyped, never a file.
            if word.count > 2, word.first == "-", !word.hasPrefix("--"), word.dropFirst().first!.isLetter {
                throw Arguments.unknownDashWord(word, names: options.union(allowedFlags), flags: allowedFlags, shortNames: shortNames)
            }
            if (word.hasPrefix("--") && word.count > 2) || short != nil {
                var name = short.flatMap { shortNames[$0] } ?? String(word.dropFirst(2))
                var inline: String?
                if short == nil, let eq = name.firstIndex(of: "=") {
                    inline = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
                if options.contains(name) {
                    guard values[name] == nil else { throw BenchError("option --\(name) is given twice") }
                    if let inline {
                        values[name] = inline
                    } else {
                        guard i + 1 < words.count else { throw BenchError("option --\(name) needs a value") }
                        // `--output --frames 3`, `--output -q`: the value was left out. (Negative
                        // numbers, `--scroll -20`, are values.)
                        let next = words[i + 1]
                        if next == Arguments.endOfOptions {
                            throw BenchError("option --\(name) needs a value, got \(next), which ends the options")
                        }
                        if Arguments.isOption(next) {
                            throw BenchError("option --\(name) needs a value, got the option \(Echo.escaped(next))"
                                             + (next.hasPrefix("--") ? "" : " (--\(name)=VALUE takes a value that begins with -)"))
                        }
                        values[name] = next
                        i += 1
                    }
                } else if allowedFlags.contains(name) {
                    guard inline == nil else { throw BenchError("flag --\(name) takes no value") }
                    guard flags.insert(name).inserted else { throw BenchError("flag --\(name) is given twice") }
                } else {
                    let names = options.union(allowedFlags).sorted()
                    if let guess = Suggestion.closest(to: name, among: names) {
                        throw BenchError("unknown option \(Echo.quoted(word)); did you mean --\(guess)?")
                    }
                    let known = names.map { "--\($0)" }.joined(separator: ", ")
                    throw BenchError("unknown option \(Echo.quoted(word))" + (known.isEmpty ? "" : "; known options: \(known)"))
                }
            } else {
                positional.append(word)
            }
            i += 1
        }
    }

    /// Whether `word`, given where a value belongs, is an option instead: `--anything`, or
    /// one dash and short forms (`-q`, `-qv`, `-h`; those of every command, so that `render
    /// --output -q` does not write a file named `-q`). `-20`, `-1e3`, `-.5`, `-` and `-own`
    /// (a `--filter` pattern) are values.
    static func isOption(_ word: String) -> Bool {
        if word.hasPrefix("--") { return true }
        guard word.count >= 2, word.first == "-" else { return false }
        return word.dropFirst().allSatisfy { $0 == "h" || OptionSpec.shortNames.values.contains($0) }
    }

    /// The error for one dash and letters (`-qv`, `-output`, `-xyz`): what was meant when
    /// it can be told, else the short options there are.
    private static func unknownDashWord(_ word: String, names: Set<String>, flags: Set<String>,
                                        shortNames: [Character: String]) -> BenchError {
        let letters = Array(word.dropFirst())
        let quoted = Echo.quoted(word)
        // `-qv`: short options, each known, run together.
        if letters.allSatisfy({ shortNames[$0] != nil || $0 == "h" }) {
            let each = letters.map { "-\($0)" }
            let list = each.dropLast().joined(separator: ", ") + " and " + each.last!
            let kind = letters.allSatisfy { shortNames[$0].map(flags.contains) ?? false } ? "flags" : "options"
            return BenchError("unknown option \(quoted); \(list) are separate \(kind): write \(each.joined(separator: " "))")
        }
        // `-o=FILE`: a short option's value with `=`, which only the long form takes.
        if letters.count > 2, letters[1] == "=", let long = shortNames[letters[0]] {
            let value = String(letters.dropFirst(2))
            return BenchError("unknown option \(quoted); a short option takes its value as the next word: write "
                              + "-\(letters[0]) \(Echo.escaped(value)) or --\(long)=\(Echo.escaped(value))")
        }
        // `-output`: a long option with one dash.
        let rest = String(letters)
        let sorted = names.sorted()
        if let name = names.contains(rest) ? rest : Suggestion.closest(to: rest, among: sorted) {
            return BenchError("unknown option \(quoted); did you mean --\(name)?")
        }
        let known = shortNames.keys.sorted().map { "-\($0)" }.joined(separator: ", ")
        return BenchError("unknown option \(quoted)" + (known.isEmpty ? "" : "; known short options: \(known)")
                          + "; put a file named so after --")
    }

    /// Parses `words` with the options and flags of `spec`.
    init(_ words: [String], _ spec: CommandSpec) throws(BenchError) {
        try self.init(words, options: spec.valueOptions, flags: spec.flags, shortNames: spec.shortNames)
    }

    /// The options and flags given (names without `--`).
    var given: Set<String> { flags.union(values.keys) }

    func value(_ name: String) -> String? { values[name] }

    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// A finite Double option, written in decimal.
    func double(_ name: String) throws(BenchError) -> Double? {
        guard let text = values[name] else { return nil }
        guard let d = Arguments.decimal(text), d.isFinite else {
            throw BenchError("option --\(name) needs a finite decimal number, got \(Echo.quoted(text))")
        }
        return d
    }

    /// `text` as a number when it is written in decimal (`-12`, `0.5`, `.5`, `3e-4`), else
    /// nil: `Double(_:)` alone also reads hexadecimal (`0x10` is 16), `inf` and `nan`.
    static func decimal(_ text: String) -> Double? {
        var rest = Substring(text)
        func digits() -> Int {
            let run = rest.prefix { $0.isASCII && $0.isNumber }
            rest = rest.dropFirst(run.count)
            return run.count
        }
        if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
        var mantissa = digits()
        if rest.first == "." {
            rest = rest.dropFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return nil }
        if rest.first == "e" || rest.first == "E" {
            rest = rest.dropFirst()
            if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
            guard digits() > 0 else { return nil }
        }
        return rest.isEmpty ? Double(text) : nil
    }

    /// A whole-number option within `range`, or `defaultValue` when absent.
    func integer(_ name: String, in range: ClosedRange<Int>, default defaultValue: Int) throws(BenchError) -> Int {
        guard let text = values[name] else { return defaultValue }
        guard let n = Int(text), range.contains(n) else {
            throw BenchError("option --\(name) needs a whole number from \(range.lowerBound) to \(range.upperBound), got \(Echo.quoted(text))")
        }
        return n
    }

    /// One of `allowed`, or `defaultValue` when absent.
    func choice(_ name: String, _ allowed: [String], default defaultValue: String) throws(BenchError) -> String {
        let v = values[name] ?? defaultValue
        guard allowed.contains(v) else {
            throw BenchError("option --\(name) must be one of \(allowed.joined(separator: ", ")), got \(Echo.quoted(v))")
        }
        return v
    }
}

/// A failure reported on one line of standard error, with exit status 1.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
