"""What opening a table page costs on the wire: bytes transferred and requests made.

A real `gametable serve` (from `--src`, default this checkout's src/, so an older checkout can be
measured the same way) runs on loopback with a fresh SQLite file; for each game a 2-seat table with
a bot is opened in Debian's Chromium (through Playwright) by the seat's holder, with an empty cache,
and the page is left until its socket is live, it offers the seat its move and the network is idle.

Reported per game: the HTTP requests and the bytes they transferred (response bodies as sent, so
compressed when the server compressed them, plus response headers), the bytes those bodies held
uncompressed, how many of the requests fetched the table snapshot (GET /api/tables/<id>), and the
WebSocket messages received and their bytes.

    python bench/page_weight.py                      # this checkout
    python bench/page_weight.py --src ../main/src    # another one, for a before/after
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
GAMES = ("gwt", "catan-on-the-road")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def call(base: str, method: str, path: str, body: object | None = None) -> dict:
    request = urllib.request.Request(base + path, method=method,
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def serve(src: Path, folder: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(src), "GAMETABLE_RATE_LIMITS": "off"}
    server = subprocess.Popen(
        [sys.executable, "-m", "gametable", "serve", "--port", str(port), "--database-url",
         f"sqlite:///{folder}/tables.sqlite3", "--log-level", "warning"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90  # a machine shared with other work starts it slowly
    while True:
        try:
            call(base, "GET", "/api/bots")
            return server, base
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("error: the server did not start; run `gametable serve` by hand to see why")
            time.sleep(0.2)


def weigh(browser, base: str, game: str) -> dict:
    table = call(base, "POST", "/api/tables", {"game": game, "players": 2, "bots": [1], "name": "Ann"})
    context = browser.new_context(viewport={"width": 1600, "height": 1000})
    page = context.new_page()
    page.goto(base + "/static/img/icon.svg")  # same origin, to set the seat's token
    page.evaluate("([id, token]) => localStorage.setItem('gametable.seat.' + id, JSON.stringify({seat: 0, token}))",
                  [table["id"], table["token"]])
    finished = []
    frames = []
    page.on("requestfinished", lambda request: finished.append(request))
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(len(payload))))
    page.goto(f"{base}/t/{table['id']}")
    page.wait_for_selector('#connection[data-state="live"]')
    page.wait_for_selector('#prompt[data-state="yours"]')
    page.wait_for_load_state("networkidle")
    transferred = plain = snapshots = 0
    for request in finished:
        sizes = request.sizes()
        transferred += sizes["responseBodySize"] + sizes["responseHeadersSize"]
        response = request.response()
        plain += len(response.body()) if response is not None else 0
        if request.method == "GET" and request.url.endswith(f"/api/tables/{table['id']}"):
            snapshots += 1
    context.close()
    return {"game": game, "requests": len(finished), "bytes_transferred": transferred,
            "body_bytes_uncompressed": plain, "snapshot_requests": snapshots,
            "ws_messages": len(frames), "ws_bytes": sum(frames)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--src", type=Path, default=ROOT / "src", help="the gametable sources to serve")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        server, base = serve(args.src.resolve(), folder)
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
        try:
            for game in GAMES:
                print(json.dumps({"src": str(args.src), **weigh(browser, base, game)}))
        finally:
            browser.close()
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
