/// The prebuilt animations of a page (Interface Builder's `animationType` string).
public enum AnimationType: String, CaseIterable, Sendable {
    /// Moves subviews by `100·(1 − o)·s_k`.
    case linear = "Linear"
    /// Moves subviews along a cubic: `X = 10·(1 − o)`, `(X³ − 25X)·s_k.x`, `(X³ − 20X)·s_k.y`.
    case curve = "Curve"
    /// Scales subviews by the mirrored offset `m(o)`; speeds are not used.
    case zoom = "Zoom"
    /// Moves subviews by `100·(1 − m(o))·s_k`: in, then back out.
    case inOut = "InOut"

    /// Parses the Interface Builder string. Exact spelling only: BWWalkthrough force-unwraps
    /// this and crashed on "linear" or "Bounce"; here it is an error naming the value.
    public init(parsing name: String) throws(WalkthroughError) {
        self = try .parsing(name, key: "animationType")
    }
}

extension CaseIterable where Self: RawRepresentable, RawValue == String {
    /// The case spelled `name` exactly, else an error about the file's key `key` that lists the spellings.
    static func parsing(_ name: String, key: String) throws(WalkthroughError) -> Self {
        if let value = Self(rawValue: name) { return value }
        let allowed = allCases.map(\.rawValue).joined(separator: ", ")
        throw WalkthroughError(key: key, problem: "unknown \(key) \(Echo.quoted(name)); allowed values: \(allowed)")
    }
}
