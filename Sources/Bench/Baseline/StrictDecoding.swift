import Kernel

/// Strict `Codable` reading for the baseline: `JSONDecoder` ignores keys nobody asked for,
/// so a misspelt `"treshold"` would read as a missing one at best.
extension Decoder {
    /// Throws on the first key of this object that is not in `allowed`.
    func rejectUnknownKeys(_ allowed: [String]) throws {
        let container = try self.container(keyedBy: AnyKey.self)
        if let unknown = container.allKeys.first(where: { !allowed.contains($0.stringValue) }) {
            throw DecodingError.dataCorruptedError(
                forKey: unknown, in: container,
                debugDescription: "unknown key \(Echo.quoted(unknown.stringValue)); allowed keys: \(allowed.joined(separator: ", "))")
        }
    }
}

/// Any key of a JSON object.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// A decoding error as one line: where in the file (`metrics[2].value`) and what.
struct DecodingProblem: CustomStringConvertible {
    let description: String

    init(_ error: any Error) {
        guard let error = error as? DecodingError else {
            description = Echo.escaped(String(describing: error), limit: 120)
            return
        }
        switch error {
        case let .typeMismatch(type, context):
            description = "\(DecodingProblem.place(context.codingPath)): must be \(DecodingProblem.name(type))"
        case let .valueNotFound(type, context):
            description = "\(DecodingProblem.place(context.codingPath)): must be \(DecodingProblem.name(type)), got null"
        case let .keyNotFound(key, context):
            description = "\(DecodingProblem.place(context.codingPath + [key])): missing"
        case let .dataCorrupted(context):
            description = context.codingPath.isEmpty
                ? "not JSON"
                : "\(DecodingProblem.place(context.codingPath)): \(Echo.oneLine(context.debugDescription))"
        @unknown default:
            description = Echo.escaped(String(describing: error), limit: 120)
        }
    }

    /// `metrics[2].value`; `the file` for the top level.
    private static func place(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "the file" }
        var out = ""
        for key in path {
            if let index = key.intValue {
                out += "[\(index)]"
            } else {
                out += (out.isEmpty ? "" : ".") + Echo.escaped(key.stringValue)
            }
        }
        return out
    }

    private static func name(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type: return "a number"
        case is String.Type: return "a string"
        case is [Metric].Type: return "an array"
        default: return "an object"
        }
    }
}
