// Right to left is every transform mirrored, `F·M·F`; the fast path mirrors a page's parameters
// once instead, by exact negations (docs/FORMAT.md, "Paging directions").

extension Transform3D {
    /// `F·M·F`: m12, m13, m14, m21, m31 and m41 negated, as `0 − v` (so that a zero stays
    /// +0, as the reference's sums give it, rather than turning into −0).
    public var mirroredLeftRight: Transform3D {
        var m = self
        (m.m12, m.m13, m.m14, m.m21, m.m31, m.m41) = (0 - m12, 0 - m13, 0 - m14, 0 - m21, 0 - m31, 0 - m41)
        return m
    }
}

extension Page {
    /// The page whose transforms are this one's mirrored left–right: `speed.x` and
    /// `speedVariance.x` negated (`F·T(x, y)·F = T(−x, y)`), the rotation about
    /// `(−x, y, z)` by the negated angles (`F·R(a, θ)·F = R((−a.x, a.y, a.z), −θ)`, so that
    /// a turn about z stays one), timelines likewise; perspective, scale and alpha stay.
    package var mirrored: Page {
        var page = self
        (page.speed.x, page.speedVariance.x) = (-speed.x, -speedVariance.x)
        page.rotation = rotation.map(Rotation.init(mirroring:))
        page.timeline = timeline.map(Timeline.init(mirroring:))
        if subviews.contains(where: { $0.timeline != nil }) {
            page.subviews = subviews.map { subview in
                var mirrored = subview
                mirrored.timeline = subview.timeline.map(Timeline.init(mirroring:))
                return mirrored
            }
        }
        return page
    }
}

extension Rotation {
    /// `rotation` mirrored left–right: axis `(−x, y, z)`, angle and variance negated.
    init(mirroring rotation: Rotation) {
        axis = SIMD3(-rotation.axis.x, rotation.axis.y, rotation.axis.z)
        (angle, angleVariance, perspective) = (-rotation.angle, -rotation.angleVariance, rotation.perspective)
    }
}

extension Timeline {
    /// `timeline` mirrored left–right: translation x and rotation values negated, axis
    /// `(−x, y, z)`; times, easings, scale, alpha and stagger as they are.
    init(mirroring timeline: Timeline) {
        translation = timeline.translation?.map { Keyframe(at: $0.at, value: SIMD2(-$0.value.x, $0.value.y), easing: $0.easing) }
        rotation = timeline.rotation?.map { Keyframe(at: $0.at, value: -$0.value, easing: $0.easing) }
        (scale, alpha, stagger) = (timeline.scale, timeline.alpha, timeline.stagger)
        axis = SIMD3(-timeline.axis.x, timeline.axis.y, timeline.axis.z)
    }
}
