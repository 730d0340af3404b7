/// The prebuilt animations of a page (Interface Builder's `animationType` string).
public enum AnimationType: String, CaseIterable, Sendable {
    case linear = "Linear"
    case curve = "Curve"
    case zoom = "Zoom"
    case inOut = "InOut"

    /// Parses the Interface Builder string. Exact spelling only: BWWalkthrough force-unwraps
    /// this and crashed on "linear" or "Bounce"; here it is an error naming the value.
    public init(parsing name: String) throws(WalkthroughError) {
        guard let type = AnimationType(rawValue: name) else {
            let allowed = AnimationType.allCases.map(\.rawValue).joined(separator: ", ")
            throw WalkthroughError(key: "animationType",
                                   problem: "unknown animationType \(Echo.quoted(name)); allowed values: \(allowed)")
        }
        self = type
    }
}
