extension Float {
    /// `d` rounded to Float, finite values beyond Float's range clamped to its largest
    /// magnitude (so `0 · huge` stays 0, as in the reference); infinities and NaN pass through.
    @inlinable
    package init(saturating d: Double) {
        let limit = Double(Float.greatestFiniteMagnitude)
        self = d.isFinite ? Float(Swift.min(Swift.max(d, -limit), limit)) : Float(d)
    }
}
