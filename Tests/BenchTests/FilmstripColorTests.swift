import Foundation
import Testing
@testable import Bench

/// Filmstrip colours are `#rrggbb`: `hsl()` was drawn black by some converters.
@Suite(.temporaryFolders) struct FilmstripColorTests {
    /// Expected values from Python's `colorsys.hls_to_rgb` (an independent implementation).
    @Test(arguments: [(0.0, 0.55, "#d74242"), (0, 0.35, "#931f1f"), (67, 0.55, "#c5d742"), (134, 0.35, "#1f933a"),
                      (201, 0.55, "#42a3d7"), (268, 0.35, "#551f93"), (335, 0.55, "#d74280")])
    func hueSaturationLightness(hue: Double, lightness: Double, hex: String) {
        #expect(RGBColor(hue: hue, saturation: 0.65, lightness: lightness).hex == hex)
    }

    @Test func primariesAndGreys() {
        #expect(RGBColor(hue: 120, saturation: 1, lightness: 0.5).hex == "#00ff00")
        #expect(RGBColor(hue: 240, saturation: 1, lightness: 0.5).hex == "#0000ff")
        #expect(RGBColor(hue: 77, saturation: 0, lightness: 0.5).hex == "#808080")
        #expect(RGBColor(red: 1, green: 2, blue: 255).hex == "#0102ff")
    }

    @Test func theFilmstripUsesHexColoursOnly() throws {
        let out = try BenchProcess.temporaryFolder().appendingPathComponent("film.svg").path
        let run = try BenchProcess.run(["render", RenderTests.parallax, "--output", out, "--frames", "3"])
        #expect(run.status == 0, "\(run.stderr)")
        let svg = try String(contentsOfFile: out, encoding: .utf8)
        #expect(!svg.contains("hsl("))
        let colours = svg.matches(of: #/(?:fill|stroke)="([^"]*)"/#).map { String($0.1) }
        #expect(colours.count > 20 && colours.allSatisfy { $0 == "none" || $0 == "white" || $0.wholeMatch(of: #/#[0-9a-f]{6}/#) != nil },
                "\(Set(colours))")
    }
}
