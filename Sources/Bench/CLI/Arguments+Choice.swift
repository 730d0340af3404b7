extension Arguments {
    /// The value of option `name` as one of `allowed` (all cases by default), or
    /// `defaultValue` when the option is absent. Names match without regard to case
    /// (`--layout catransform3d` is `caTransform3D`). Anything else is an error that lists
    /// the allowed names, and the one meant when it is misspelt (`--format jsno`).
    func choice<E: RawRepresentable & CaseIterable & Equatable>(
        _ name: String, default defaultValue: E, allowed: [E] = Array(E.allCases)
    ) throws(BenchError) -> E where E.RawValue == String {
        guard let text = value(name) else { return defaultValue }
        let match = E(rawValue: text)
            ?? allowed.first { $0.rawValue.lowercased() == text.lowercased() }
        guard let choice = match, allowed.contains(choice) else {
            let names = allowed.map(\.rawValue).joined(separator: ", ")
            let guess = Suggestion.closest(to: text.lowercased(), among: allowed.map { $0.rawValue.lowercased() })
                .flatMap { g in allowed.first { $0.rawValue.lowercased() == g } }.map { "; did you mean \($0.rawValue)?" } ?? ""
            throw BenchError("option --\(name) must be one of \(names), got \"\(text)\"" + guess)
        }
        return choice
    }
}
