import WalkthroughKernel

/// A command line after its subcommand: `--name value` options, `--flag` flags and
/// positional words. Unknown options, missing values and an option given twice (its first
/// value would go unused) are errors, never ignored.
struct Arguments {
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
            // `-o`: a letter after one dash (`-5` and `-` stay words of their own).
            let short = word.count == 2 && word.first == "-" && word.last!.isLetter ? word.last! : nil
            if let short, shortNames[short] == nil {
                let known = shortNames.keys.sorted().map { "-\($0)" }.joined(separator: ", ")
                throw BenchError("unknown option \(Echo.quoted(word))" + (known.isEmpty ? "" : "; known short options: \(known)"))
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
                        values[name] = words[i + 1]
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
