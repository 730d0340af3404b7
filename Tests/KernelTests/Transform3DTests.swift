import WalkthroughKernel
import Testing

@Suite struct Transform3DTests {
    func expectClose(_ a: Transform3D, _ b: Transform3D, tolerance: Double = 1e-12,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        for (x, y) in zip(a.fields, b.fields) {
            #expect((x - y).magnitude <= tolerance, "\(a.fields) vs \(b.fields)", sourceLocation: sourceLocation)
        }
    }

    @Test func goldenCoreAnimationVector() {
        // Printed by real Core Animation: m34 = −0.001, then Rotate(π/4, 1, 0, 0).
        var t = Transform3D.identity
        t.m34 = -0.001
        let r = t.rotated(.pi / 4, 1, 0, 0)
        let golden: [Double] = [1, 0, 0, 0, 0, 0.70711, 0.70711, -0.00071, 0, -0.70711, 0.70711, -0.00071, 0, 0, 0, 1]
        for (x, y) in zip(r.fields, golden) { #expect((x - y).magnitude < 5e-6) }
    }

    @Test func concatMatchesApplyingStepsOneByOne() {
        let a = Transform3D.identity.rotated(0.7, 1, 2, 3).translated(5, -7, 2)
        let b = Transform3D.scale(2, 0.5, 3).rotated(-1.1, 0, 1, 0)
        let ab = a.concatenating(b)
        for p in [SIMD3<Double>(1, 2, 3), SIMD3(-4, 0.5, 9), SIMD3(0, 0, 0)] {
            let stepwise = b.homogeneous(SIMD3(a.homogeneous(p).x, a.homogeneous(p).y, a.homogeneous(p).z))
            let once = ab.homogeneous(p)
            for i in 0..<4 { #expect((stepwise[i] - once[i]).magnitude < 1e-12) }
        }
    }

    @Test func operationsPreMultiplyAsCoreAnimationDoes() {
        let base = Transform3D.rotation(0.3, 0, 0, 1)
        expectClose(base.translated(1, 2, 3), Transform3D.translation(1, 2, 3).concatenating(base))
        expectClose(base.scaled(2, 3, 4), Transform3D.scale(2, 3, 4).concatenating(base))
        expectClose(base.rotated(0.5, 1, 0, 0), Transform3D.rotation(0.5, 1, 0, 0).concatenating(base))
        // Translate then scale: the translation happens in the scaled space.
        let t = Transform3D.identity.translated(10, 0, 0).scaled(2, 2, 1)
        #expect(t.project(SIMD3(0, 0, 0)) == SIMD3(10, 0, 0))
        let u = Transform3D.identity.scaled(2, 2, 1).translated(10, 0, 0)
        #expect(u.project(SIMD3(0, 0, 0)) == SIMD3(20, 0, 0))
    }

    @Test(arguments: [(SIMD3<Double>(1, 0, 0), SIMD3<Double>(0, 1, 0), SIMD3<Double>(0, 0, 1)),
                      (SIMD3(0, 1, 0), SIMD3(0, 0, 1), SIMD3(1, 0, 0)),
                      (SIMD3(0, 0, 1), SIMD3(1, 0, 0), SIMD3(0, 1, 0))])
    func quarterTurnAboutEachAxis(axis: SIMD3<Double>, from: SIMD3<Double>, to: SIMD3<Double>) {
        // Row vectors: a quarter turn about z takes x to y (Core Animation's sense).
        let r = Transform3D.rotation(.pi / 2, axis.x, axis.y, axis.z)
        let image = r.project(from)
        for i in 0..<3 { #expect((image[i] - to[i]).magnitude < 1e-15) }
        #expect(r.project(axis) == axis)
    }

    @Test func rotationAboutDiagonalCyclesTheAxes() {
        // A third of a turn about (1, 1, 1) maps x → y → z → x; the axis length is irrelevant.
        for scale in [1.0, 1e-200, 1e200] {
            let r = Transform3D.rotation(2 * .pi / 3, scale, scale, scale)
            let image = r.project(SIMD3(1, 0, 0))
            for i in 0..<3 { #expect((image[i] - [0.0, 1, 0][i]).magnitude < 1e-15) }
        }
    }

    @Test func zeroAxisIsIdentity() {
        #expect(Transform3D.rotation(1.2, 0, 0, 0) == .identity)
        #expect(Transform3D.identity.translated(1, 2, 3).rotated(2, 0, 0, 0) == .translation(1, 2, 3))
    }

    @Test func perspectiveDividesByW() {
        let p = Transform3D.perspective(distance: 500)
        #expect(p.m34 == -1.0 / 500)
        // A point 250 points toward the viewer (z = 250) is seen twice as large.
        let image = p.project(SIMD3(10, 20, 250))
        #expect(image.x == 20 && image.y == 40)
    }
}
