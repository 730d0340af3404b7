/// One option of a command: its name, whether it takes a value, what it means and its
/// default. The parser (`Arguments`) and the help (`CommandSpec.help`) both read this, so
/// an option cannot be accepted without being documented, or documented without being
/// accepted.
struct OptionSpec: Sendable {
    /// The name without `--`.
    let name: String
    /// The value's placeholder in the help (`SECONDS`, `text|markdown`); nil for a flag.
    let value: String?
    /// One line: what the option does.
    let meaning: String
    /// One line: what happens without it.
    let defaultText: String

    /// An option that takes a value.
    static func option(_ name: String, _ value: String, _ meaning: String, default defaultText: String) -> OptionSpec {
        OptionSpec(name: name, value: value, meaning: meaning, defaultText: defaultText)
    }

    /// An option that takes one of `E`'s names: the placeholder lists them (`text|markdown`),
    /// or for more than four, the meaning does after a `NAME` placeholder.
    static func choice<E: RawRepresentable & CaseIterable>(_ name: String, _ type: E.Type, _ meaning: String,
                                                           default defaultValue: E) -> OptionSpec where E.RawValue == String {
        let names = E.allCases.map(\.rawValue)
        guard names.count > 4 else {
            return OptionSpec(name: name, value: names.joined(separator: "|"), meaning: meaning, defaultText: defaultValue.rawValue)
        }
        return OptionSpec(name: name, value: "NAME", meaning: "\(meaning): \(names.joined(separator: ", "))",
                          defaultText: defaultValue.rawValue)
    }

    /// A flag: present or not.
    static func flag(_ name: String, _ meaning: String, default defaultText: String = "off") -> OptionSpec {
        OptionSpec(name: name, value: nil, meaning: meaning, defaultText: defaultText)
    }

    /// The one-letter form (`-o`), the same for every command that has the option, as
    /// swift-argument-parser's users expect: `-o` for `--output`, `-q` for `--quiet`, `-v`
    /// for `--verbose`. A command that gains one of these options gains its short form.
    var short: Character? { OptionSpec.shortNames[name] }

    static let shortNames: [String: Character] = ["output": "o", "quiet": "q", "verbose": "v"]

    /// `-o, --name VALUE`, `--name VALUE`, or `--name` for a flag.
    var synopsis: String { (short.map { "-\($0), " } ?? "") + "--\(name)" + (value.map { " \($0)" } ?? "") }
}

/// A command's whole command line: usage lines, a summary and the option table. `bench
/// COMMAND --help` prints it; `Arguments(words, spec)` parses with it.
struct CommandSpec: Sendable {
    /// `run`, `baseline check`: the words after `bench`.
    let name: String
    /// What follows `bench NAME` in each usage line (`[FILE…] [options]`).
    let usage: [String]
    /// One line for `bench --help`.
    let summary: String
    /// Lines after the usage: positional arguments, exit statuses, where output goes.
    var details: [String] = []
    let options: [OptionSpec]

    var valueOptions: Set<String> { Set(options.filter { $0.value != nil }.map(\.name)) }
    var flags: Set<String> { Set(options.filter { $0.value == nil }.map(\.name)) }
    /// The one-letter forms of this command's options, to their names.
    var shortNames: [Character: String] {
        Dictionary(options.compactMap { o in o.short.map { ($0, o.name) } }) { first, _ in first }
    }

    /// The widest synopsis column of a help page.
    static let synopsisColumn = 38

    /// The words that ask for help instead of running.
    static let helpWords: Set<String> = ["--help", "-h"]

    /// Whether `words` ask for help: `--help` or `-h` as a word of their own, not as the
    /// value of an option (`--output -h`, which the parser refuses as a missing value) nor
    /// after `--` (a file named `-h`).
    func wantsHelp(_ words: [String]) -> Bool {
        var i = 0
        while i < words.count {
            let word = words[i]
            if word == Arguments.endOfOptions { return false }
            if CommandSpec.helpWords.contains(word) { return true }
            if word.hasPrefix("--"), !word.contains("="), valueOptions.contains(String(word.dropFirst(2))) { i += 1 }
            if word.count == 2, word.first == "-", let name = shortNames[word.last!], valueOptions.contains(name) { i += 1 }
            i += 1
        }
        return false
    }

    /// The usage line as errors quote it.
    var usageLine: String {
        "usage: " + usage.map { "bench \(name) \($0)" }.joined(separator: ", or ")
    }

    /// The help page: usage lines, summary, details, then one line an option with its
    /// meaning and default.
    var help: String {
        var lines = usage.enumerated().map { n, u in (n == 0 ? "usage: " : "       ") + "bench \(name) \(u)" }
        lines += ["", summary]
        if !details.isEmpty { lines += [""] + details }
        let rows = options.map { ($0.synopsis, "\($0.meaning) (default: \($0.defaultText))") }
            + [("-h, --help", "print this help and exit")]
        // Meanings line up after the synopses, unless one is so long that all would be pushed
        // off the line: that one is followed by its meaning directly.
        let width = min(rows.map(\.0.count).max() ?? 0, CommandSpec.synopsisColumn)
        lines += ["", "options:"] + rows.map { "  " + $0.0.padding(width) + "  " + $0.1 }
        return lines.joined(separator: "\n") + "\n"
    }
}
