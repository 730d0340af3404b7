"""Drives headless Chromium over its DevTools pipe for scripts/browser-preview.sh.

For one walkthrough file: renders its `bench render --format html` page, and at each
position opens `PAGE#test&x=X` (the page scrolls its container there; its scroll handler
shows the frame), waits until the page's status says the scroll handler showed frame X,
screenshots the viewport and compares it with the filmstrip panel `bench render` draws at X,
rasterised by rsvg-convert. Also: no console message or exception, and the status's page and
offsets are those of `bench eval FILE --scroll X`.

Usage: browser_preview.py BENCH CHROMIUM FILE OUTDIR DPR MAX_SHARE [SCREENSHOT.png]
Prints one line a position and `worst SHARE`; exits 1 on any failure.
"""
import base64, io, json, math, os, re, subprocess, sys, time
from PIL import Image

bench, chromium, file, outdir, dpr, max_share = sys.argv[1:7]
readme_shot = sys.argv[7] if len(sys.argv) > 7 else None
dpr, max_share = int(dpr), float(max_share)
name = os.path.basename(file)


def fail(message):
    sys.exit(f"{name}: {message}")


def run(*args):
    result = subprocess.run(args, capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"{' '.join(args)}: {result.stderr.strip()}")
    return result.stdout


page = os.path.join(outdir, os.path.splitext(name)[0] + ".html")
run(bench, "render", file, "--format", "html", "--output", page)
text = open(page).read()
size = len(text.encode())
if size > 2_000_000:
    fail(f"the page is {size} bytes, more than 2 MB")
if re.search(r"https?://", text):
    fail("the page names a network address")
data = json.loads(re.search(r'<script type="application/json" id="walkthrough">(.*?)</script>', text, re.S).group(1))
w, h = data["width"], data["height"]
lo, hi = min(data["from"], data["to"]), max(data["from"], data["to"])
panel_w, panel_h = 240, h * 240 / w
# Positions on the frames' grid (the step, 2) that land on whole device pixels (x·240/W·dpr):
# multiples of 50 points at 375 wide; away from the start, where no scroll happens.
grid = 50
positions = sorted({min(hi, max(lo + grid, round((lo + (hi - lo) * f) / grid) * grid))
                    for f in (0.1, 0.3, 0.45, 0.55, 0.75, 0.95)})
if len(positions) < 5:
    fail(f"only {len(positions)} positions")

# The DevTools protocol over a pipe: Chromium reads commands on fd 3 and writes on fd 4,
# each message JSON ended by a NUL.
to_chrome_r, to_chrome_w = os.pipe()
from_chrome_r, from_chrome_w = os.pipe()


def child_fds():
    # Through high numbers first: either pipe end may itself be 3 or 4.
    os.dup2(to_chrome_r, 100)
    os.dup2(from_chrome_w, 101)
    os.dup2(100, 3)
    os.dup2(101, 4)


log = open(os.path.join(outdir, name + ".chromium.log"), "w")
browser = subprocess.Popen([chromium, "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--remote-debugging-pipe",
                            "--enable-logging=stderr", "--v=0", f"--window-size={panel_w},{math.ceil(panel_h)}",
                            "about:blank"],
                           stdin=subprocess.DEVNULL, stdout=log, stderr=log, preexec_fn=child_fds,
                           pass_fds=(3, 4, to_chrome_r, from_chrome_w))
os.close(to_chrome_r)
os.close(from_chrome_w)
writer, reader = os.fdopen(to_chrome_w, "wb"), os.fdopen(from_chrome_r, "rb")
next_id, buffered, events = 0, b"", []


def receive():
    global buffered
    while b"\0" not in buffered:
        chunk = reader.read1(1 << 16)
        if not chunk:
            fail("Chromium closed its pipe")
        buffered += chunk
    message, buffered = buffered.split(b"\0", 1)
    return json.loads(message)


def send(method, session=None, **params):
    global next_id
    next_id += 1
    message = {"id": next_id, "method": method, "params": params}
    if session:
        message["sessionId"] = session
    writer.write(json.dumps(message).encode() + b"\0")
    writer.flush()
    while True:
        reply = receive()
        if reply.get("id") == next_id:
            if "error" in reply:
                fail(f"{method}: {reply['error']}")
            return reply["result"]
        events.append(reply)


def evaluate(session, expression):
    result = send("Runtime.evaluate", session, expression=expression, awaitPromise=True, returnByValue=True)
    if "exceptionDetails" in result:
        fail(f"{expression}: {result['exceptionDetails']}")
    return result["result"].get("value")


try:
    target = next(t for t in send("Target.getTargets")["targetInfos"] if t["type"] == "page")
    session = send("Target.attachToTarget", targetId=target["targetId"], flatten=True)["sessionId"]
    for domain in ("Page", "Runtime", "Log"):
        send(f"{domain}.enable", session)
    send("Emulation.setDeviceMetricsOverride", session, width=panel_w, height=math.ceil(panel_h),
         deviceScaleFactor=dpr, mobile=False)
    url = "file://" + os.path.realpath(page)
    worst = 0.0
    for x in positions:
        # A fresh document each time: the page reads its hash at load.
        send("Page.navigate", session, url="about:blank")
        send("Page.navigate", session, url=f"{url}#test&x={x}")
        deadline = time.monotonic() + 10
        while True:
            status = evaluate(session, "(document.getElementById('status') || {}).textContent || ''")
            if status.startswith("ok by=scroll") or status.startswith("error") or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        fields = dict(f.split("=", 1) for f in status.split()[1:]) if status.startswith("ok ") else {}
        if fields.get("by") != "scroll" or float(fields["scroll"]) != x or float(fields["frame"]) != x:
            fail(f"x={x}: the page's status is {status!r}")
        frame = json.loads(run(bench, "eval", file, "--scroll", str(x)))
        offsets = {int(p[1:]): float(o) for p, o in (e.split(":") for e in fields["offsets"].split(",") if e)}
        expected = {p["index"]: p["offset"] for p in frame["pages"] if p["animated"]}
        if int(fields["page"]) != frame["currentPage"] or offsets.keys() != expected.keys() \
                or any(abs(offsets[i] - expected[i]) > 1e-12 for i in expected):
            fail(f"x={x}: the page says page {fields['page']}, offsets {offsets}; "
                 f"bench eval: page {frame['currentPage']}, offsets {expected}")
        # Two animation frames: the scroll handler's styles are painted.
        evaluate(session, "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        shot = Image.open(io.BytesIO(base64.b64decode(send("Page.captureScreenshot", session, format="png")["data"])))
        shot = shot.convert("RGB")
        svg, png = os.path.join(outdir, "panel.svg"), os.path.join(outdir, "panel.png")
        run(bench, "render", file, "--output", svg, "--frames", "1", "--from", str(x))
        run("rsvg-convert", f"--zoom={dpr}", "-b", "white", "-o", png, svg)
        panel = Image.open(png).convert("RGB")
        # The filmstrip's panel starts 16 points in; compare its whole device pixels.
        width, height = panel_w * dpr, int(panel_h * dpr)
        if shot.size[0] != width or shot.size[1] < height:
            fail(f"x={x}: the screenshot is {shot.size}, the panel {width} × {height}")
        a = shot.crop((0, 0, width, height)).tobytes()
        b = panel.crop((16 * dpr, 16 * dpr, 16 * dpr + width, 16 * dpr + height)).tobytes()
        tolerance = 24  # per channel, out of 255
        differing = sum(1 for i in range(0, len(a), 3)
                        if abs(a[i] - b[i]) > tolerance or abs(a[i + 1] - b[i + 1]) > tolerance
                        or abs(a[i + 2] - b[i + 2]) > tolerance)
        share = differing / (width * height)
        worst = max(worst, share)
        print(f"{name} x={x}: {share:.4%} of pixels differ", flush=True)
        if share > max_share:
            shot.save(os.path.join(outdir, f"{name}-{x}-browser.png"))
            panel.save(os.path.join(outdir, f"{name}-{x}-panel.png"))
            fail(f"x={x}: {share:.4%} of pixels differ, more than {max_share:.2%}")
    problems = [e for e in events if e.get("method") in ("Runtime.consoleAPICalled", "Runtime.exceptionThrown", "Log.entryAdded")]
    if problems:
        fail(f"console output: {json.dumps(problems)[:400]}")
    if readme_shot:
        # The README's picture: the page as it opens, controls and labels included.
        send("Emulation.setDeviceMetricsOverride", session, width=440, height=720, deviceScaleFactor=1, mobile=False)
        send("Page.navigate", session, url="about:blank")
        send("Page.navigate", session, url=f"{url}#x={positions[1]}")
        time.sleep(1)
        evaluate(session, "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        with open(readme_shot, "wb") as out:
            out.write(base64.b64decode(send("Page.captureScreenshot", session, format="png")["data"]))
    print(f"{name}: page {size} bytes, {len(positions)} positions, worst {worst:.4%}")
    print(f"worst {worst}")
finally:
    browser.kill()
    browser.wait()
