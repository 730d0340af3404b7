/// The four tracks of a timeline, in the order the fast path stores them.
enum TrackKind: Int, CaseIterable {
    case translation, scale, rotation, alpha

    /// The bit of this track in a page's mask of present tracks.
    var bit: UInt8 { 1 << UInt8(rawValue) }

    /// The track's neutral value: `[0, 0]`, `[1, 1]`, 0, 1.
    var neutral: SIMD2<Double> {
        switch self {
        case .translation, .rotation: return SIMD2(0, 0)
        case .scale, .alpha: return SIMD2(1, 1)
        }
    }

    /// The number of keyframes of this track of `timeline` (0 without the track).
    func keyframeCount(of timeline: Timeline) -> Int {
        switch self {
        case .translation: return timeline.translation?.count ?? 0
        case .scale: return timeline.scale?.count ?? 0
        case .rotation: return timeline.rotation?.count ?? 0
        case .alpha: return timeline.alpha?.count ?? 0
        }
    }
}
