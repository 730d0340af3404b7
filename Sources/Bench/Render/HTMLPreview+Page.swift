extension HTMLPreview {
    /// The page around the data (`/*DATA*/`): inline style and script, nothing fetched, so
    /// that it opens from a file with no network. `#test` in the address draws the viewport
    /// as the filmstrip draws a panel (240 pixels wide, its colours and outline, no
    /// controls); `#x=…` (or `#y=…` top to bottom) scrolls there at load.
    static let template = #"""
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Walkthrough preview</title>
        <style>
        body { margin: 24px; font: 13px/1.4 sans-serif; color: #222222; background: #e8e8ec; }
        #phone { position: relative; border: 10px solid #222222; border-radius: 28px; overflow: hidden;
                 box-shadow: 0 8px 24px rgba(0, 0, 0, 0.25); box-sizing: content-box; }
        #scroller { position: absolute; left: 0; top: 0; width: 100%; height: 100%; background: #f4f4f8;
                    scrollbar-width: none; overscroll-behavior: contain; }
        #scroller::-webkit-scrollbar { display: none; }
        #scroller.x { overflow-x: auto; overflow-y: hidden; }
        #scroller.y { overflow-x: hidden; overflow-y: auto; }
        #scroller.x.snap { scroll-snap-type: x mandatory; }
        #scroller.y.snap { scroll-snap-type: y mandatory; }
        #content { position: relative; overflow: hidden; }
        .page { position: absolute; scroll-snap-align: start; }
        .sheet { position: absolute; left: 0; top: 0; transform-origin: 0 0; }
        .box { position: absolute; }
        .outlines { position: absolute; left: 0; top: 0; overflow: visible; pointer-events: none; }
        .outlines polygon { fill: none; stroke-width: 1px; }
        .outlines polygon.static { stroke: #333333; stroke-dasharray: 3 2; }
        #outline { display: none; }
        #controls { margin-top: 16px; max-width: 420px; }
        #offsets { color: #555555; font-variant-numeric: tabular-nums; }
        #slider { width: 100%; }
        body.test { margin: 0; background: #ffffff; }
        body.test #phone { border: none; border-radius: 0; box-shadow: none; overflow: visible; }
        body.test #outline { display: block; position: absolute; left: 0; top: 0; overflow: visible; pointer-events: none; }
        #outline rect { fill: none; stroke: #888888; stroke-width: 1px; }
        body.test #controls, body.test #status { display: none; }
        </style>
        </head>
        <body>
        <div id="phone"><div id="scroller"><div id="content"></div></div><svg id="outline"><rect></rect></svg></div>
        <div id="controls">
        <div><span id="position"></span> · <span id="current"></span></div>
        <div id="offsets"></div>
        <input id="slider" type="range" aria-label="scroll position">
        <label><input id="paging" type="checkbox" checked> paging</label>
        <div>Scroll, drag the slider, or press the arrow keys (a page; with Shift, a stored frame).</div>
        </div>
        <p id="status">loading</p>
        <script type="application/json" id="walkthrough">/*DATA*/</script>
        <script>
        "use strict";
        const $ = id => document.getElementById(id);
        // SVG's namespace as the parser gives it: the page spells out no address.
        const SVG = Object.assign(document.createElement("div"), { innerHTML: "<svg></svg>" }).firstChild.namespaceURI;
        const status = $("status");
        function fail(message) {
          status.dataset.state = "error";
          status.textContent = "error: " + message;
          console.error(message);
        }
        window.addEventListener("error", e => fail(e.message));
        const data = JSON.parse($("walkthrough").textContent);
        const params = new URLSearchParams(location.hash.slice(1));
        const test = params.has("test");
        if (test) document.body.classList.add("test");
        const W = data.width, H = data.height, E = data.extent, vertical = data.vertical;
        const lo = Math.min(data.from, data.to), hi = Math.max(data.from, data.to);
        // Pixels a point: the filmstrip's panel scale in test mode, else a phone's screen.
        const s = test ? 240 / W : Math.min(1, 390 / W, 740 / H);
        // Drawing units a point: browsers round a box's edges to whole units of its own
        // space, so boxes are laid out in sixteenths of a point and the sheet scaled back.
        const K = 16;
        const phone = $("phone"), scroller = $("scroller"), content = $("content"), slider = $("slider");
        phone.style.width = W * s + "px";
        phone.style.height = H * s + "px";
        // The panel's frame, a stroke centred on its edge as the filmstrip's.
        for (const node of [$("outline"), $("outline").firstChild]) {
          node.setAttribute("width", W * s);
          node.setAttribute("height", H * s);
        }
        const length = (hi - lo + E) * s;
        content.style.width = (vertical ? W * s : length) + "px";
        content.style.height = (vertical ? length : H * s) + "px";
        scroller.classList.add(vertical ? "y" : "x");
        const pages = new Map();
        for (const p of data.pages) {
          const page = document.createElement("div");
          page.className = "page";
          const at = (p.position - lo) * s;
          Object.assign(page.style, { left: (vertical ? 0 : at) + "px", top: (vertical ? at : 0) + "px",
                                      width: W * s + "px", height: H * s + "px" });
          const sheet = document.createElement("div");
          sheet.className = "sheet";
          Object.assign(sheet.style, { width: W * K + "px", height: H * K + "px", transform: `scale(${s / K})` });
          const rgb = [1, 3, 5].map(i => parseInt(p.fill.slice(i, i + 2), 16)).join(",");
          const stroke = [1, 3, 5].map(i => parseInt(p.stroke.slice(i, i + 2), 16)).join(",");
          // Outlines are drawn in screen space, one pixel wide as the filmstrip's strokes
          // (a border would be transformed with its box, thinned where it is foreshortened).
          const outlines = document.createElementNS(SVG, "svg");
          outlines.setAttribute("class", "outlines");
          outlines.setAttribute("width", W * s);
          outlines.setAttribute("height", H * s);
          const boxes = p.views.map(([x, y, w, h, isStatic]) => {
            const outline = document.createElementNS(SVG, "polygon");
            if (isStatic) outline.setAttribute("class", "static");
            else outline.setAttribute("stroke", p.stroke);
            outlines.append(outline);
            // A static view has no fill: its outline is all that is drawn.
            const box = isStatic ? null : document.createElement("div");
            if (box) {
              box.className = "box";
              Object.assign(box.style, { left: x * K + "px", top: y * K + "px", width: w * K + "px", height: h * K + "px" });
              sheet.append(box);
            }
            return { box, outline, frame: [x, y, w, h] };
          });
          page.append(sheet, outlines);
          content.append(page);
          pages.set(p.index, { page, boxes, rgb });
        }
        // The corners of frame [x, y, w, h] in pixels after f (row vectors, about the frame's
        // centre, with the perspective divide, as Core Animation and the filmstrip draw
        // them); null when one is on or behind the viewer's plane (not drawn).
        function corners([x, y, w, h], f) {
          const cx = x + w / 2, cy = y + h / 2, out = [];
          for (const [qx, qy] of [[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]]) {
            const X = qx * f[0] + qy * f[4] + f[12], Y = qx * f[1] + qy * f[5] + f[13], Z = qx * f[3] + qy * f[7] + f[15];
            if (!(Z > 0) || !Number.isFinite(X / Z) || !Number.isFinite(Y / Z)) return null;
            out.push(`${(cx + X / Z) * s},${(cy + Y / Z) * s}`);
          }
          return out.join(" ");
        }
        const frames = data.frames, sign = data.to >= data.from ? 1 : -1;
        // The stored frame nearest x: they are `step` apart from `from`, but for the last, `to`.
        function nearest(x) {
          let k = Math.round((x - data.from) * sign / data.step);
          k = Math.max(0, Math.min(frames.length - 1, Number.isFinite(k) ? k : 0));
          for (const j of [k - 1, k + 1]) {
            if (j >= 0 && j < frames.length && Math.abs(frames[j][0] - x) < Math.abs(frames[k][0] - x)) k = j;
          }
          return k;
        }
        const position = () => lo + (vertical ? scroller.scrollTop : scroller.scrollLeft) / s;
        const axis = vertical ? "y" : "x";
        function show(x, by) {
          const [at, current, list] = frames[nearest(x)];
          const entries = new Map(list.map(e => [e[0], e]));
          for (const [index, { page, boxes, rgb }] of pages) {
            const entry = entries.get(index);
            page.style.visibility = entry ? "visible" : "hidden";
            if (!entry) continue;
            entry[2].forEach((f, j) => {
              const { box, outline, frame } = boxes[j];
              const points = f === 0 ? null : corners(frame, f);
              outline.style.visibility = points ? "" : "hidden";
              if (points) outline.setAttribute("points", points);
              if (box) box.style.visibility = f === 0 ? "hidden" : "";
              if (f === 0 || !box) return;
              // A flat affine frame stays 2D: the browser then draws it as it draws the page,
              // not as a separately composited layer resampled into place.
              const flat = f[2] === 0 && f[3] === 0 && f[6] === 0 && f[7] === 0 && f[8] === 0 && f[9] === 0
                && f[10] === 1 && f[11] === 0 && f[14] === 0 && f[15] === 1;
              // In drawing units: translations (row 4) times K, perspective (column 4) over K.
              const g = f.slice(0, 16).map((v, i) => i === 15 ? v : i % 4 === 3 ? v / K : i >= 12 ? v * K : v);
              box.style.transform = flat ? `matrix(${g[0]},${g[1]},${g[4]},${g[5]},${g[12]},${g[13]})`
                : `matrix3d(${g.join(",")})`;
              // Alpha is the opacity of the fill (0.85 of it) and of the outline, as in the filmstrip.
              const a = Math.max(0, Math.min(1, f[16]));
              box.style.background = `rgba(${rgb},${0.85 * a})`;
              outline.setAttribute("stroke-opacity", a);
            });
          }
          $("position").textContent = `${axis} = ${+x.toFixed(2)} (frame at ${at})`;
          $("current").textContent = `page ${current}`;
          $("offsets").textContent = list.length ? list.map(e => `p${e[0]} ${e[1].toFixed(4)}`).join("  ") : "no page in the window";
          slider.value = x;
          status.dataset.state = "ok";
          status.textContent = `ok by=${by} scroll=${x} frame=${at} page=${current} offsets=` + list.map(e => `p${e[0]}:${e[1]}`).join(",");
        }
        const paging = $("paging");
        function setPaging(on) {
          paging.checked = on;
          scroller.classList.toggle("snap", on);
        }
        function go(x, behavior) {
          scroller.scrollTo({ [vertical ? "top" : "left"]: (x - lo) * s, behavior: behavior || "instant" });
        }
        Object.assign(slider, { min: lo, max: hi, step: data.step });
        slider.addEventListener("input", () => { setPaging(false); go(Number(slider.value)); });
        paging.addEventListener("change", () => setPaging(paging.checked));
        document.addEventListener("keydown", e => {
          const back = vertical ? "ArrowUp" : "ArrowLeft", forward = vertical ? "ArrowDown" : "ArrowRight";
          if (e.key !== back && e.key !== forward) return;
          e.preventDefault();
          const d = e.key === forward ? 1 : -1, x = position();
          if (e.shiftKey) {
            setPaging(false);
            go(x + d * data.step);
          } else {
            const page = d > 0 ? Math.floor(x / E + 1e-6) + 1 : Math.ceil(x / E - 1e-6) - 1;
            go(Math.max(lo, Math.min(hi, page * E)), "smooth");
          }
        });
        scroller.addEventListener("scroll", () => show(position(), "scroll"));
        show(position(), "load");
        const wanted = params.get(axis);
        const start = wanted === null ? data.from : Number(wanted);
        if (!Number.isFinite(start)) {
          fail(`#${axis}=${wanted} is not a number`);
        } else {
          // Paging would snap a position between pages to a page.
          setPaging(!test && Math.abs(start / E - Math.round(start / E)) < 1e-9);
          go(start);
        }
        </script>
        </body>
        </html>

        """#
}
