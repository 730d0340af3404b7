#!/usr/bin/env python3
"""Walkthrough files of one page of N subviews, each with a DISTINCT own keyframe timeline
following bench's `keyframes-own` distribution (Sources/Bench/Run/KeyframeScenarios.swift,
whose timelines are distinct up to 100,003 subviews, from another generator), for measuring
the animator's build (issue 41, docs/DESIGN.md "Set-up"):
a random non-empty subset of the 4 tracks, 2-8 keyframes a track at random times in [-2, 2],
40% random Bezier (x1, x2 in [0, 1], y1, y2 in [-1, 2], largest slope <= 12), 10% hold, the
rest linear/easeIn/easeOut/easeInOut; every 50th subview static (tag 1). Fixed seed.
Numbers are written at full precision (123 MB at 100k subviews).

    scripts/own-timelines.py N OUT.json [SEED]      (seed 41 by default)"""
import json, random, sys

def largest_slope(x1, y1, x2, y2):
    # As KeyframeTolerance.largestSlope: dE/dp sampled at 1001 points.
    largest = 0.0
    for i in range(1001):
        u = i / 1000; v = 1 - u
        dx = 3*v*v*x1 + 6*v*u*(x2 - x1) + 3*u*u*(1 - x2)
        dy = 3*v*v*y1 + 6*v*u*(y2 - y1) + 3*u*u*(1 - y2)
        if dx == 0:
            if dy != 0: return float("inf")
            continue
        largest = max(largest, abs(dy / dx))
    return largest

def main():
    n, out = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 41)
    def easing():
        r = rng.random()
        if r < 0.4:
            while True:
                e = [rng.random(), rng.random()*3 - 1, rng.random(), rng.random()*3 - 1]
                if largest_slope(*e) <= 12: return e
        if r < 0.5: return "hold"
        return rng.choice(["linear", "easeIn", "easeOut", "easeInOut"])
    def times():
        k = 2 + rng.randrange(7)
        return [t + i*1e-6 for i, t in enumerate(sorted(rng.random()*4 - 2 for _ in range(k)))]
    values = {"translation": lambda: [rng.random()*400 - 200, rng.random()*400 - 200],
              "scale": lambda: [rng.random() + 0.5, rng.random() + 0.5],
              "rotation": lambda: rng.random()*6 - 3,
              "alpha": lambda: rng.random()}
    with open(out, "w") as f:
        f.write('{"width": 375, "pages": [{"animationType": "Linear", "speed": [0.5, 1], '
                '"speedVariance": [0.001, 0.002], "staticTags": "1", "animateAlpha": true, "subviews": [\n')
        for k in range(n):
            subset = 0
            while subset == 0: subset = rng.randrange(16)
            tl = {}
            for bit, name in enumerate(["translation", "scale", "rotation", "alpha"]):
                if subset & (1 << bit):
                    tl[name] = [{"at": t, "value": values[name](), "easing": easing()} for t in times()]
            f.write(("" if k == 0 else ",\n") + json.dumps({"tag": 1 if k % 50 == 0 else 0, "timeline": tl},
                                                           separators=(",", ":")))
        f.write("\n]}]}\n")

main()
