"""Take the screenshots of docs/web-client.md: both tables at a phone, a tablet and a desktop size.

Starts `gametable serve` on a port of its own with a temporary database and bots that do not
pause, opens a GWT and a CATAN table (seat 0 ours, the others bots), plays a few moves through
the API so the board has something on it, and photographs the page in headless Chromium (the one
the browser tests use) at each size, and the GWT table once more in Persian. With `pngquant` on
the PATH the images are reduced to 256 colours, which keeps them small enough to commit.

    PYTHONPATH=src python3 scripts/web_screenshots.py [--out docs/img] [--port 8102]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
#: (name, width, height): a phone, a tablet upright, a desktop
SIZES = [("phone", 390, 844), ("tablet", 800, 1000), ("desktop", 1400, 900)]
GAMES = {"gwt": "gwt", "catan": "catan-on-the-road"}
#: moves seat 0 makes through the API before the pictures (a few turns of each game)
MOVES = 14


class Serve:
    """`gametable serve` on `port` with a throwaway SQLite database."""

    def __init__(self, port: int, workdir: Path) -> None:
        self.base = f"http://127.0.0.1:{port}"
        env = {**os.environ, "GAMETABLE_RATE_LIMITS": "off",
               "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gametable", "serve", "--port", str(port), "--database-url",
             f"sqlite:///{workdir / 'tables.sqlite3'}", "--bot-pause", "0", "--log-level", "warning",
             "--public-url", self.base], env=env)
        deadline = time.monotonic() + 120  # a busy machine starts it slowly
        while True:
            try:
                self.api("GET", "/api/games")
                return
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise SystemExit("gametable serve did not start")
                time.sleep(0.2)

    def api(self, method: str, path: str, body: object | None = None, token: str | None = None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read() or b"null")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


def table_a_few_moves_in(serve: Serve, game: str, rnd: random.Random) -> dict:
    """A 3-player table of `game` (seats 1 and 2 bots) after seat 0's first `MOVES` moves."""
    table = serve.api("POST", "/api/tables", {"game": game, "players": 3, "bots": [1, 2], "name": "Ann"})
    path = f"/api/tables/{table['id']}"
    moves = 0
    deadline = time.monotonic() + 60
    while moves < MOVES and time.monotonic() < deadline:
        snapshot = serve.api("GET", path, token=table["token"])
        actions = snapshot["legal_actions"]
        if not actions:
            time.sleep(0.1)
            continue
        # keep to the ordinary flow of a turn (no trading in CATAN, no long walks in GWT)
        plain = [a for a in actions if a["type"] not in ("start_trade", "counter")]
        try:
            serve.api("POST", f"{path}/actions", {"seq": snapshot["seq"], "action": rnd.choice(plain or actions)},
                      table["token"])
            moves += 1
        except urllib.error.HTTPError as error:
            if error.code != 409:
                raise
    return table


def photograph(browser, serve: Serve, table: dict, path: Path, width: int, height: int, lang: str) -> None:
    context = browser.new_context(viewport={"width": width, "height": height}, locale=lang)
    page = context.new_page()
    page.goto(serve.base + f"/?lang={lang}")
    page.evaluate("([id, token, lang]) => { localStorage.setItem('gametable.seat.' + id, JSON.stringify({seat: 0, token}));"
                  " localStorage.setItem('gametable.lang', lang); }", [table["id"], table["token"], lang])
    page.goto(table["invite_url"])
    page.wait_for_selector("#prompt[data-state='yours']", timeout=30_000)
    page.wait_for_timeout(400)  # the web fonts and the log's fade-in settle
    page.screenshot(path=str(path))
    context.close()
    if shutil.which("pngquant"):
        subprocess.run(["pngquant", "--force", "--skip-if-larger", "--strip", "--output", str(path), "256", str(path)],
                       check=False)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    parser.add_argument("--port", type=int, default=8102)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    rnd = random.Random(9)
    with tempfile.TemporaryDirectory() as workdir:
        serve = Serve(args.port, Path(workdir))
        try:
            tables = {short: table_a_few_moves_in(serve, game, rnd) for short, game in GAMES.items()}
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
                for short, table in tables.items():
                    for size, width, height in SIZES:
                        photograph(browser, serve, table, args.out / f"{short}-{size}.png", width, height, "en")
                photograph(browser, serve, tables["gwt"], args.out / "gwt-desktop-fa.png", 1400, 900, "fa")
                browser.close()
        finally:
            serve.stop()
    for path in sorted(args.out.glob("*.png")):
        print(f"{path}  {path.stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
