extension PageConstants {
    /// What `KeyframeKernel` needs besides the page's usual constants (`KeyframeMode.lanes`).
    package struct LaneKeyframes: Sendable {
        /// The page offset `o`: lane `k` reads its timeline at `o − shift_k`.
        package let offset: Double
        /// The page part `B = R·A·P` is `diag(m, m, 1)` (no page rotation) and every lane's
        /// timeline turns about z: `M = K·B` takes 8 products a lane instead of 48.
        package let planar: Bool
    }

    /// Folds the pose of `timeline` at `τ` into the page's matrix (`K·(R·A·P)` in Double, rounded once) and alpha,
    /// so the uniform kernels run on it (docs/DESIGN.md, "Shared pose").
    mutating func applyUniform(_ timeline: Timeline, _ page: UnsafePointer<PageLayout>, offset o: Double, at tau: Double) {
        let pose = PageConstants.pose(timeline, at: tau)
        let m = PageAnimation.mirrored(o)
        var base = page.pointee.animationType == .zoom ? Transform3D.scale(m, m, 1) : .identity
        if let rotation = page.pointee.rotation {
            let axis = rotation.axis
            base = base.rotated(rotation.angle(ofSubview: 0, offset: o), axis.x, axis.y, axis.z)
            if let d = rotation.perspective { base = base.concatenating(.perspective(distance: d)) }
        }
        let fields = pose.transform.concatenating(base).vector
        for c in 0..<16 { matrix[c] = Float(saturating: fields[c]) }
        alpha = Float(PageAnimation.alpha(offset: o, animateAlpha: page.pointee.animateAlpha) * pose.alpha)
    }

    /// These constants with the pose of `timeline` at `τ = ±∞` folded in, as `applyUniform`, for a run of a staggered
    /// page whose lanes share one pose (docs/DESIGN.md, "Stagger as runs").
    package func foldingPose(_ timeline: Timeline, _ page: UnsafePointer<PageLayout>, offset o: Double,
                             at tau: Double) -> PageConstants {
        var folded = self
        folded.laneKeyframes = nil
        folded.applyUniform(timeline, page, offset: o, at: tau)
        return folded
    }

    /// `K` and `alpha_track` of `timeline` at `τ` in Double, without allocating.
    static func pose(_ timeline: Timeline, at tau: Double) -> (transform: Transform3D, alpha: Double) {
        let t = timeline.translation.map { TimelineReference.value($0, at: tau, ease: ScalarEasing.ease) } ?? SIMD2(0, 0)
        let s = timeline.scale.map { TimelineReference.value($0, at: tau, ease: ScalarEasing.ease) } ?? SIMD2(1, 1)
        let theta = timeline.rotation.map { TimelineReference.value($0, at: tau, ease: ScalarEasing.ease) } ?? 0
        let alpha = timeline.alpha.map { Swift.min(Swift.max(TimelineReference.value($0, at: tau, ease: ScalarEasing.ease), 0), 1) } ?? 1
        let axis = timeline.axis
        let k = Transform3D.translation(t.x, t.y, 0).rotated(theta, axis.x, axis.y, axis.z).scaled(s.x, s.y, 1)
        return (k, alpha)
    }
}
