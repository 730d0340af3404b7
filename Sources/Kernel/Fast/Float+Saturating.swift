extension Float {
    /// `d` rounded to Float, finite values beyond Float's range clamped to its largest
    /// magnitude instead of becoming infinite; infinities and NaN pass through.
    ///
    /// So a Double input too large for Float keeps the reference's arithmetic where it
    /// matters most: `0 · huge` stays 0 (an infinity would make it NaN).
    @inlinable
    package init(saturating d: Double) {
        let limit = Double(Float.greatestFiniteMagnitude)
        self = d.isFinite ? Float(Swift.min(Swift.max(d, -limit), limit)) : Float(d)
    }
}
