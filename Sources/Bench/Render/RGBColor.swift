/// A colour as `#rrggbb`, the form every SVG reader draws. The filmstrip's colours were
/// written as `hsl(…)`, which some converters (cairosvg) draw as black.
struct RGBColor: Equatable {
    var red, green, blue: UInt8

    /// The colour of hue `h` (degrees), saturation `s` and lightness `l` (0…1), as CSS
    /// defines `hsl()`.
    init(hue h: Double, saturation s: Double, lightness l: Double) {
        func channel(_ n: Double) -> UInt8 {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = s * min(l, 1 - l)
            let v = l - a * max(-1, min(k - 3, 9 - k, 1))
            return UInt8((max(0, min(1, v)) * 255).rounded())
        }
        (red, green, blue) = (channel(0), channel(8), channel(4))
    }

    init(red: UInt8, green: UInt8, blue: UInt8) {
        (self.red, self.green, self.blue) = (red, green, blue)
    }

    /// `#1f77b4`.
    var hex: String {
        "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
