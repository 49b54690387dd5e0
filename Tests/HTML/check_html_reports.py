#!/usr/bin/env python3
"""The `--format html` reports in a real browser (Debian's chromium, headless).

Writes the payload report (`paysize suggest --format html`), the log summary (`paysize check
--summary --format html`) and a payload with hostile keys, renders each at 1280 px and at a phone's
390 px through the Chrome DevTools Protocol, and checks:

- no console error, no exception, no log entry of level error (a blocked fetch is one), and no
  network request but the page's own file;
- no script element in the document (the hostile keys are shown as text, not run);
- the treemap's rectangles, read back from the DOM (SVG attributes and getBoundingClientRect), have
  areas proportional to their `data-bytes`, tile the payload's share of the map and do not overlap;
- each gauge bar's width is proportional to its bytes;
- the full-page PNG is not blank: decoded here (zlib), it has many colours, and the pixel at the
  centre of the largest treemap cell is that cell's fill.

The PNGs stay in OUTPUT (CI artifacts). Standard library only: the WebSocket client is below.

Usage: check_html_reports.py PAYSIZE OUTPUT [--picture FILE]
  --picture FILE  also writes a small picture of the payload report's top (for the README)
"""

import base64
import hashlib
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
import zlib

WIDTHS = [("desktop", 1280, False), ("phone", 390, True)]
FAILURES = []


def fail(message):
    FAILURES.append(message)
    print("FAIL: " + message, file=sys.stderr)


# --- A minimal WebSocket client (RFC 6455): text frames out, masked; frames in, unmasked. ---


class WebSocket:
    def __init__(self, url, timeout=30):
        parts = urllib.parse.urlparse(url)
        self.sock = socket.create_connection((parts.hostname, parts.port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET {parts.path} HTTP/1.1\r\nHost: {parts.hostname}:{parts.port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        self.sock.sendall(request.encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("the browser closed the WebSocket handshake")
            response += chunk
        head, self.buffer = response.split(b"\r\n\r\n", 1)
        accept = base64.b64encode(
            hashlib.sha1((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest()
        ).decode()
        if not head.startswith(b"HTTP/1.1 101") or accept.encode() not in head:
            raise ConnectionError("unexpected WebSocket handshake: " + head.decode(errors="replace"))

    def _read(self, count):
        while len(self.buffer) < count:
            chunk = self.sock.recv(max(65536, count - len(self.buffer)))
            if not chunk:
                raise ConnectionError("the browser closed the WebSocket")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def _send_frame(self, opcode, payload):
        header = bytes([0x80 | opcode])
        length = len(payload)
        if length < 126:
            header += bytes([0x80 | length])
        elif length < 65536:
            header += bytes([0x80 | 126]) + struct.pack("!H", length)
        else:
            header += bytes([0x80 | 127]) + struct.pack("!Q", length)
        mask = os.urandom(4)
        masked = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def send(self, text):
        self._send_frame(0x1, text.encode())

    def receive(self):
        message = b""
        while True:
            first, second = self._read(2)
            opcode = first & 0x0F
            length = second & 0x7F
            if length == 126:
                (length,) = struct.unpack("!H", self._read(2))
            elif length == 127:
                (length,) = struct.unpack("!Q", self._read(8))
            mask = self._read(4) if second & 0x80 else None
            payload = self._read(length)
            if mask:
                payload = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
            if opcode == 0x8:
                raise ConnectionError("the browser closed the WebSocket")
            if opcode == 0x9:
                self._send_frame(0xA, payload)
                continue
            if opcode in (0x0, 0x1, 0x2):
                message += payload
                if first & 0x80:
                    return message.decode()


class DevTools:
    """One page target: commands wait for their answer; events are kept for the caller."""

    def __init__(self, url):
        self.socket = WebSocket(url)
        self.next_id = 0
        self.events = []

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.receive())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message["result"]
            if "method" in message:
                self.events.append(message)

    def wait_for(self, method, timeout=30):
        deadline = time.monotonic() + timeout
        while True:
            for index, event in enumerate(self.events):
                if event["method"] == method:
                    return self.events.pop(index)
            if time.monotonic() > deadline:
                raise TimeoutError("no " + method)
            message = json.loads(self.socket.receive())
            if "method" in message:
                self.events.append(message)


def start_browser(profile):
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if not browser:
        sys.exit("check_html_reports: no chromium on PATH (make test-html installs Debian's chromium)")
    arguments = [
        browser, "--headless=new", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
        "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
        "--hide-scrollbars", "--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1",
        f"--user-data-dir={profile}", "about:blank",
    ]
    if os.geteuid() == 0:
        arguments.insert(1, "--no-sandbox")  # Chromium refuses to run as root with its sandbox.
    process = subprocess.Popen(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    port_file = os.path.join(profile, "DevToolsActivePort")
    deadline = time.monotonic() + 60
    while not (os.path.exists(port_file) and open(port_file).read().count("\n") >= 1):
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            sys.exit("check_html_reports: chromium did not start its DevTools endpoint")
        time.sleep(0.1)
    port = int(open(port_file).read().split("\n")[0])
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list") as response:
        targets = json.load(response)
    page = next(target for target in targets if target["type"] == "page")
    return process, page["webSocketDebuggerUrl"]


# --- PNG decoding (8-bit RGB or RGBA, not interlaced): the first rows, unfiltered. ---


def png_rows(path, row_count):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(path + ": not a PNG")
    offset, idat = 8, b""
    width = height = channels = None
    while offset < len(data):
        (length,) = struct.unpack("!I", data[offset : offset + 4])
        kind = data[offset + 4 : offset + 8]
        body = data[offset + 8 : offset + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack("!IIBBBBB", body)
            if depth != 8 or colour not in (2, 6) or interlace:
                raise ValueError(f"{path}: unsupported PNG (depth {depth}, colour type {colour})")
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        offset += 12 + length
    rows_wanted = min(row_count, height)
    stride = width * channels
    raw = zlib.decompressobj().decompress(idat, rows_wanted * (stride + 1))
    rows, previous = [], bytearray(stride)
    for index in range(rows_wanted):
        start = index * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        if kind == 1:
            for i in range(channels, stride):
                line[i] = (line[i] + line[i - channels]) & 0xFF
        elif kind == 2:
            line = bytearray((a + b) & 0xFF for a, b in zip(line, previous))
        elif kind == 3:
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                line[i] = (line[i] + ((left + previous[i]) >> 1)) & 0xFF
        elif kind == 4:
            for i in range(stride):
                a = line[i - channels] if i >= channels else 0
                b, c = previous[i], previous[i - channels] if i >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                predictor = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + predictor) & 0xFF
        rows.append(line)
        previous = line
    return width, height, channels, rows


def pixel(rows, channels, x, y):
    return tuple(rows[y][x * channels : x * channels + 3])


# --- The reports ---


def write_reports(paysize, folder):
    """Each report's name, file and the exit status its command must give."""
    reports = []

    def run(name, arguments, expected_status):
        path = os.path.join(folder, name + ".html")
        with open(path, "wb") as output:
            status = subprocess.run([paysize] + arguments, stdout=output).returncode
        if status != expected_status:
            fail(f"paysize {' '.join(arguments)}: exit {status}, expected {expected_status}")
        reports.append((name, path))

    run("payload", ["suggest", "--format", "html", "--target", "safe", "Examples/shrink/update-match-bloated.json"], 0)

    # A log across every tier: updates whose padding grows line by line, a few over the limit.
    log = os.path.join(folder, "pushes.jsonl")
    with open(log, "w") as lines:
        for index in range(400):
            size = 300 + (index * 37) % 4200
            body = {
                "aps": {"timestamp": 1764514800 + index, "event": "update",
                        "content-state": {"status": "On the way", "note": "x" * size, "stop": index % 9}},
            }
            lines.write(json.dumps(body, separators=(",", ":")) + "\n")
    run("summary", ["check", "--summary", "--format", "html", log], 1)

    hostile = os.path.join(folder, "hostile.json")
    with open(hostile, "w") as payload:
        payload.write(
            '{"aps":{"timestamp":1764514800,"event":"update","content-state":'
            '{"<script>alert(1)</script>":"<img src=x onerror=alert(2)>","q\\"uote&amp":"</svg><b>",'
            '"<style>*{display:none}</style>":1}}}'
        )
    run("hostile", ["suggest", "--format", "html", hostile], 0)
    return reports


PROBE = r"""(() => {
  const box = e => { const r = e.getBoundingClientRect(); return [r.x + scrollX, r.y + scrollY, r.width, r.height]; };
  const number = (e, name) => parseFloat(e.getAttribute(name));
  const treemap = document.querySelector('svg.treemap');
  return JSON.stringify({
    scripts: document.querySelectorAll('script, img, iframe, object, embed, link').length,
    styles: document.querySelectorAll('style').length,
    text: document.body.innerText,
    height: Math.ceil(document.documentElement.scrollHeight),
    scrollWidth: document.documentElement.scrollWidth,
    treemap: treemap && {
      total: +treemap.dataset.totalBytes, scale: +treemap.dataset.scaleBytes,
      mapTop: +treemap.dataset.mapTop, mapHeight: +treemap.dataset.mapHeight, box: box(treemap),
      cells: [...treemap.querySelectorAll('rect.cell')].map(c => ({
        path: c.dataset.path, bytes: +c.dataset.bytes, fill: c.getAttribute('fill'),
        x: number(c, 'x'), y: number(c, 'y'), width: number(c, 'width'), height: number(c, 'height'), box: box(c) })),
    },
    gauge: [...document.querySelectorAll('svg.gauge rect.gauge-bar')].map(b => ({
      bytes: +b.dataset.bytes, width: number(b, 'width'), box: box(b),
      scale: +b.closest('svg').dataset.scaleBytes })),
    buckets: [...document.querySelectorAll('svg.histogram rect.bucket')].map(b => ({
      count: +b.dataset.count, height: number(b, 'height') })),
  });
})()"""


def check_treemap(label, treemap):
    cells = treemap["cells"]
    if not cells:
        fail(label + ": the treemap has no cells")
        return None
    total = sum(cell["bytes"] for cell in cells)
    if total != treemap["total"]:
        fail(f"{label}: the cells hold {total} bytes, the payload {treemap['total']}")
    # In the SVG's units, a byte is 1000 * mapHeight / scale square units.
    unit = 1000 * treemap["mapHeight"] / treemap["scale"]
    area = sum(cell["width"] * cell["height"] for cell in cells)
    if abs(area - total * unit) > 0.005 * total * unit:
        fail(f"{label}: the cells cover {area:.1f} units², the bytes ask for {total * unit:.1f}")
    # On screen: every cell's rendered area over its bytes is the same, within a pixel's rounding.
    ratio = treemap["box"][2] / 1000  # CSS pixels per SVG unit
    for cell in cells:
        rendered = cell["box"][2] * cell["box"][3]
        expected = cell["bytes"] * unit * ratio * ratio
        slack = (cell["box"][2] + cell["box"][3]) * 1.0 + 1.0  # half a pixel on each edge
        if abs(rendered - expected) > max(slack, 0.01 * expected):
            fail(f"{label}: cell {cell['path']} is {rendered:.1f} px² for {cell['bytes']} bytes, expected {expected:.1f}")
    for i, a in enumerate(cells):
        for b in cells[i + 1 :]:
            overlap_x = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
            overlap_y = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
            if overlap_x > 0.02 and overlap_y > 0.02:
                fail(f"{label}: cells {a['path']} and {b['path']} overlap")
    return max(cells, key=lambda cell: cell["box"][2] * cell["box"][3])


def check_page(devtools, name, path, width, mobile, output):
    label = f"{name} at {width} px"
    devtools.events.clear()
    devtools.call("Emulation.setDeviceMetricsOverride", width=width, height=900, deviceScaleFactor=1, mobile=mobile)
    url = "file://" + os.path.abspath(path)
    devtools.call("Page.navigate", url=url)
    devtools.wait_for("Page.loadEventFired")
    facts = json.loads(devtools.call("Runtime.evaluate", expression=PROBE, returnByValue=True)["result"]["value"])

    if facts["scripts"]:
        fail(f"{label}: {facts['scripts']} script, img, iframe, object, embed or link elements")
    if facts["styles"] != 1:
        fail(f"{label}: {facts['styles']} style elements, expected the page's one")
    if facts["scrollWidth"] > width:
        fail(f"{label}: the page is {facts['scrollWidth']} px wide, wider than the window")

    # A full-page screenshot: the window as tall as the page.
    devtools.call(
        "Emulation.setDeviceMetricsOverride", width=width, height=facts["height"], deviceScaleFactor=1, mobile=mobile)
    facts = json.loads(devtools.call("Runtime.evaluate", expression=PROBE, returnByValue=True)["result"]["value"])
    shot = devtools.call("Page.captureScreenshot", format="png", captureBeyondViewport=True)
    png = os.path.join(output, f"{name}-{width}.png")
    with open(png, "wb") as file:
        file.write(base64.b64decode(shot["data"]))

    for event in devtools.events:
        method, params = event["method"], event.get("params", {})
        if method == "Network.requestWillBeSent" and params["request"]["url"] != url:
            fail(f"{label}: a network request for {params['request']['url']}")
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert", "warning"):
            fail(f"{label}: console {params['type']}: {params.get('args')}")
        elif method == "Runtime.exceptionThrown":
            fail(f"{label}: exception {params.get('exceptionDetails')}")
        elif method == "Log.entryAdded" and params["entry"]["level"] in ("error", "warning"):
            fail(f"{label}: log {params['entry']['level']}: {params['entry']['text']}")

    largest = None
    if facts["treemap"]:
        largest = check_treemap(label, facts["treemap"])
    for bar in facts["gauge"]:
        expected = 1000 * bar["bytes"] / bar["scale"]
        if abs(bar["width"] - expected) > 0.01:
            fail(f"{label}: the gauge bar of {bar['bytes']} bytes is {bar['width']} units wide, expected {expected:.2f}")
    if facts["buckets"]:
        largest_count = max(bucket["count"] for bucket in facts["buckets"])
        for bucket in facts["buckets"]:
            expected = 270 * bucket["count"] / max(1, largest_count)
            if abs(bucket["height"] - expected) > 0.01:
                fail(f"{label}: the bucket of {bucket['count']} is {bucket['height']} high, expected {expected:.2f}")

    # Not blank: decode the rows down to the largest cell (or the first 900) and look at them.
    rows_needed = 900
    if largest:
        rows_needed = max(rows_needed, int(largest["box"][1] + largest["box"][3] / 2) + 2)
    png_width, png_height, channels, rows = png_rows(png, rows_needed)
    if png_width != width:
        fail(f"{label}: the screenshot is {png_width} px wide")
    colours, white = set(), 0
    sampled = 0
    for y in range(0, len(rows), 3):
        for x in range(0, png_width, 3):
            colour = pixel(rows, channels, x, y)
            colours.add(colour)
            white += colour == (255, 255, 255)
            sampled += 1
    if len(colours) < 12 or white > 0.97 * sampled:
        fail(f"{label}: the screenshot looks blank ({len(colours)} colours, {white} of {sampled} samples white)")
    if largest:
        x = int(largest["box"][0] + largest["box"][2] / 2)
        y = int(largest["box"][1] + largest["box"][3] / 2)
        fill = largest["fill"].lstrip("#")
        expected = tuple(int(fill[i : i + 2], 16) for i in (0, 2, 4))
        found = pixel(rows, channels, x, y)
        if max(abs(a - b) for a, b in zip(found, expected)) > 2:
            fail(f"{label}: the largest cell's centre ({x}, {y}) is {found}, its fill is {expected}")
    print(f"  {label}: {png} ({png_width}×{png_height}, {len(colours)} colours sampled)")
    return facts


def main():
    arguments = sys.argv[1:]
    picture = None
    if "--picture" in arguments:
        index = arguments.index("--picture")
        picture = arguments[index + 1]
        del arguments[index : index + 2]
    if len(arguments) != 2:
        sys.exit(__doc__)
    paysize, output = arguments
    os.makedirs(output, exist_ok=True)
    reports = write_reports(paysize, output)
    profile = tempfile.mkdtemp(prefix="paysize-chromium-")
    process, url = start_browser(profile)
    try:
        devtools = DevTools(url)
        for domain in ("Page", "Runtime", "Network", "Log"):
            devtools.call(domain + ".enable")
        for name, path in reports:
            for _, width, mobile in WIDTHS:
                facts = check_page(devtools, name, path, width, mobile, output)
                if name == "hostile" and width == 1280:
                    # As paths show them: a / in a key is ~1 in a JSON Pointer.
                    for key in ("<script>alert(1)<~1script>", 'q"uote&amp', "<style>*{display:none}<~1style>"):
                        if key not in facts["text"]:
                            fail(f"hostile: the key {key} is not shown as text")
                if name == "summary" and width == 1280:
                    for phrase in (
                        "over on the device", "p50", "p99", "Largest payloads", "Pushes per tier",
                        "Largest paths in the 10 largest payloads", "/aps/content-state/note",
                    ):
                        if phrase not in facts["text"]:
                            fail(f"summary: the page does not say {phrase!r}")
        if picture:
            devtools.call("Emulation.setDeviceMetricsOverride", width=1280, height=900, deviceScaleFactor=1, mobile=False)
            devtools.call("Page.navigate", url="file://" + os.path.abspath(reports[0][1]))
            devtools.wait_for("Page.loadEventFired")
            clip = json.loads(devtools.call("Runtime.evaluate", returnByValue=True, expression="""JSON.stringify((() => {
                const end = document.querySelector('#treemap-heading').closest('section').querySelector('figure')
                  .getBoundingClientRect();
                return {x: 0, y: 0, width: 1280, height: Math.ceil(end.bottom + 8), scale: 0.5};
            })())""")["result"]["value"])
            shot = devtools.call("Page.captureScreenshot", format="png", clip=clip, captureBeyondViewport=True)
            with open(picture, "wb") as file:
                file.write(base64.b64decode(shot["data"]))
            print(f"  wrote {picture}")
    finally:
        process.terminate()
        process.wait(timeout=30)
        shutil.rmtree(profile, ignore_errors=True)
    if FAILURES:
        sys.exit(f"check_html_reports: {len(FAILURES)} failures")
    print(f"check_html_reports: {len(reports)} reports, each at {' and '.join(str(w) for _, w, _ in WIDTHS)} px: "
          "no console error, no request, areas proportional, not blank")


if __name__ == "__main__":
    main()
