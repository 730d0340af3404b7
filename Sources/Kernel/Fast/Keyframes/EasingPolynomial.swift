/// An easing as the two cubics the lanes evaluate: `B_x(u) = ((ax·u + bx)·u + cx)·u` and
/// `B_y(u)` likewise, with `cx = 3·x1`, `bx = 3·(x2 − x1) − cx`, `ax = 1 − cx − bx`.
///
/// Every easing takes this one form, so that lanes of different easings run the same
/// instructions: `linear` is `B_x = B_y = u` (the solve returns `u = p` to the rounding),
/// `hold` is `B_x = u`, `B_y = 0` (exactly 0). `isLinearInX` marks the curves whose solve
/// is `u = p` (linear and hold): a block of such lanes skips it.
package struct EasingPolynomial: Hashable {
    package var ax, bx, cx, ay, by, cy: Double
    package var isLinearInX: Bool
    /// `x1 = 0`: `B_x'(0) = 0`, a square-root end of `u(p)` at `p = 0` (`EasingGuess`).
    package var flatStart = false
    /// `x2 = 1`: the same at `p = 1`.
    package var flatEnd = false

    package init(_ easing: Easing) {
        switch easing.curve {
        case .linear: self.init(x1: 1.0 / 3, y1: 1.0 / 3, x2: 2.0 / 3, y2: 2.0 / 3, linear: true)
        case .hold: self.init(ax: 0, bx: 0, cx: 1, ay: 0, by: 0, cy: 0, linear: true)
        case .bezier(let c): self.init(x1: c.x, y1: c.y, x2: c.z, y2: c.w, linear: false)
        }
    }

    private init(ax: Double, bx: Double, cx: Double, ay: Double, by: Double, cy: Double, linear: Bool) {
        (self.ax, self.bx, self.cx, self.ay, self.by, self.cy, isLinearInX) = (ax, bx, cx, ay, by, cy, linear)
    }

    private init(x1: Double, y1: Double, x2: Double, y2: Double, linear: Bool) {
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
        isLinearInX = linear
        (flatStart, flatEnd) = (x1 == 0, x2 == 1)
        if linear { (ax, bx, cx, ay, by, cy) = (0, 0, 1, 0, 0, 1) }
    }

    /// One digest of the fields through the hasher instead of each field: a build looks up
    /// the fit of every segment's easing (docs/DESIGN.md, "Set-up"). Equal values hash
    /// alike (`==` is the fields', −0 as +0).
    package func hash(into hasher: inout Hasher) {
        var d = TimelineKey.Digest()
        d.add(ax)
        d.add(bx)
        d.add(cx)
        d.add(ay)
        d.add(by)
        d.add(cy)
        d.add(UInt64(isLinearInX ? 1 : 0) | UInt64(flatStart ? 2 : 0) | UInt64(flatEnd ? 4 : 0))
        hasher.combine(d.value)
    }
}
