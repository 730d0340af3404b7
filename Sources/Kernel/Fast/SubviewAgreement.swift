/// Whether one fast-path subview agrees with the reference's, by the rule the fuzzer and
/// `bench`'s agreement check share: inside the accuracy domain (`AccuracyDomain`) within
/// `ParityTolerance`, or a keyframed subview within its page's `KeyframeTolerance`; outside
/// it only what the fast path promises there (`OutsideTheDomain`), and nothing for a
/// keyframed subview, whose upper 3×3 holds its pose's scale, so the rotation check does
/// not apply.
///
/// One rule in one place: the bench once held every subview to the strict tolerance and
/// refused a file the fuzzer's corpus holds (Benchmarks/Fuzz/regression-huge-spin.json,
/// angles past 2²⁰ rad), which `eval` and `profile` accept.
package enum SubviewAgreement {
    /// Why the fast path's `a` disagrees with the reference's `b` for subview `k` of
    /// `page` at offset `o`, or nil. `keyframes` is the page's tolerance when it has
    /// timelines (computed once a page by the caller: it looks at every timeline).
    package static func mismatch(_ a: SubviewState, _ b: SubviewState, page: Page, subview k: Int, offset o: Double,
                                 keyframes: KeyframeTolerance?) -> String? {
        let timed = !page.isStatic(subview: k) && page.timeline(ofSubview: k) != nil
        if AccuracyDomain.contains(page, subview: k, offset: o, reference: b) {
            if timed, let keyframes { return keyframes.mismatch(a, b) }
            return ParityTolerance.mismatch(a, b)
        }
        if timed { return nil }
        return OutsideTheDomain.violation(a, b, page: page, offset: o).map { "outside the accuracy domain: \($0)" }
    }
}
