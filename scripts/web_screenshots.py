"""Take the screenshots the docs show (docs/img), or every page at every size in both languages.

Starts `gametable serve` on a port of its own with a temporary SQLite database and bots that do not
pause, and sets up through the HTTP API what the pictures show:

- a GWT table with a real-time clock where a second person (Bea) sits beside a bot; the script
  plays both people's moves at random, writes two chat messages, and stops in the middle of
  Ann's turn with "End phase B" offered (so Undo and Restart turn are shown, and clicking the end
  opens the "End turn?" step);
- a GWT second edition table and a CATAN table, seat 0 ours and the others bots, a few turns in;
- a finished game (CATAN, Ann's seat handed to the bots) whose replay is opened part-way through.

It photographs them in headless Chromium (the one the browser tests use): the lobby, the three
tables, the GWT table's end-turn step and the replay, at a phone (390x844), a tablet (800x1000) and
a desktop (1400x900) size, in English and Persian (right to left). By default it writes only the
pictures the docs use (`DOCUMENTED`) to docs/img; `--every DIR` writes all 36 to DIR to look at
(`--full-page`: each whole page, not only the screen). With `pngquant` on the PATH the images are
reduced to 256 colours; otherwise, where Pillow is installed, it rewrites them with optimize=True.
Page errors are printed. Look at the pictures after a visible change: nothing here judges them.

    PYTHONPATH=src python3 scripts/web_screenshots.py [--out docs/img] [--port 8102]
    PYTHONPATH=src python3 scripts/web_screenshots.py --every /tmp/shots [--full-page]
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
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
#: a phone, a tablet upright, a desktop
SIZES = {"phone": (390, 844), "tablet": (800, 1000), "desktop": (1400, 900)}
PAGES = ["lobby", "gwt", "gwt-end-turn", "gwt2e", "catan", "replay"]
#: pages that show another page's table
TABLE_OF = {"gwt-end-turn": "gwt"}
LANGS = ["en", "fa"]
#: (page, size, language) of each picture docs/web-client.md shows
DOCUMENTED = [
    ("lobby", "phone", "en"), ("lobby", "desktop", "en"),
    ("gwt", "phone", "en"), ("gwt", "tablet", "en"), ("gwt", "desktop", "en"), ("gwt-end-turn", "phone", "en"),
    ("catan", "phone", "en"), ("catan", "tablet", "en"), ("catan", "desktop", "en"),
    ("gwt2e", "desktop", "en"), ("replay", "desktop", "en"),
    ("gwt", "desktop", "fa"), ("catan", "phone", "fa"),
]
#: moves the people make before the pictures (a few turns of each game), and at most how many
#: more Ann makes to reach a position a picture wants (GWT: the end of phase B offered)
MOVES = 14
SEARCH = 60
#: games opened in turn until one gets there (a CATAN game may be over in a dozen moves of Ann's)
TRIES = 5
#: the fraction of a finished game at which its replay is shown (the board full, the end not yet)
REPLAY_AT = 0.6
CHAT = [(0, "Good luck, everyone!"), (1, "Thanks! I am going for the engineers this time.")]


def file_name(page: str, size: str, lang: str) -> str:
    return f"{page}-{size}" + ("" if lang == "en" else f"-{lang}") + ".png"


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


# -- the tables -----------------------------------------------------------------------------------

def pick(snapshot: dict, rnd: random.Random, keep_turn: bool) -> dict:
    """A random legal action in the ordinary flow of a turn (no trading in CATAN); with `keep_turn`,
    one that does not end the turn where there is one."""
    offered = list(zip(snapshot["legal_actions"], snapshot["ends_turn"]))
    plain = [pair for pair in offered if pair[0]["type"] not in ("start_trade", "counter")] or offered
    if keep_turn:
        plain = [pair for pair in plain if not pair[1]] or plain
    return rnd.choice(plain)[0]


def can_end_phase_b(snapshot: dict) -> bool:
    """GWT: Ann may end her turn with a button (the end-turn step's picture needs one)."""
    return any(action["type"] == "end_phase_b" for action in snapshot["legal_actions"])


def play(serve: Serve, table_id: str, tokens: list[str], rnd: random.Random, wanted=lambda snapshot: True) -> bool:
    """The people's moves (tokens[0] is Ann's, seat 0): `MOVES` of Ann's, whoever is asked, then
    until Ann is in the middle of her turn, so the page offers Undo; for `SEARCH` more of her
    moves also until `wanted(snapshot)`. False if the game ended first (a short CATAN game can)."""
    path = f"/api/tables/{table_id}"
    ann_moves = 0
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        acted = False
        for index, token in enumerate(tokens):
            snapshot = serve.api("GET", path, token=token)
            if snapshot["status"] == "finished":
                return False
            if not snapshot["legal_actions"]:
                continue
            if index == 0 and ann_moves >= MOVES and snapshot["can_undo"] and (
                    ann_moves >= MOVES + SEARCH or wanted(snapshot)):
                return True
            action = pick(snapshot, rnd, keep_turn=index == 0 and ann_moves >= MOVES)
            try:
                serve.api("POST", f"{path}/actions", {"seq": snapshot["seq"], "action": action}, token)
            except urllib.error.HTTPError as error:
                if error.code != 409:  # a bot moved meanwhile: look again
                    raise
                continue
            acted = True
            ann_moves += index == 0
        if not acted:
            time.sleep(0.1)
    raise SystemExit(f"table {table_id}: after {ann_moves} of Ann's moves, still not her turn with something to undo")


def open_table(serve: Serve, game: str, players: int, bots: list[int], **extra) -> dict:
    return serve.api("POST", "/api/tables", {"game": game, "players": players, "bots": bots, "name": "Ann", **extra})


def gwt_with_friends(serve: Serve, rnd: random.Random) -> dict:
    for _ in range(TRIES):
        table = open_table(serve, "gwt", 3, [2], clock={"kind": "realtime", "initial_s": 1800, "increment_s": 10})
        bea = serve.api("POST", f"/api/tables/{table['id']}/join", {"name": "Bea"})
        tokens = [table["token"], bea["token"]]
        for seat, text in CHAT:
            serve.api("POST", f"/api/tables/{table['id']}/chat", {"text": text}, tokens[seat])
        if play(serve, table["id"], tokens, rnd, can_end_phase_b):
            return table
    raise SystemExit(f"gwt: every one of {TRIES} games ended before the position wanted")


def with_bots(serve: Serve, game: str, players: int, rnd: random.Random, wanted=lambda snapshot: True) -> dict:
    for _ in range(TRIES):
        table = open_table(serve, game, players, list(range(1, players)))
        if play(serve, table["id"], [table["token"]], rnd, wanted):
            return table
    raise SystemExit(f"{game}: every one of {TRIES} games ended before the position wanted")


def finished_game(serve: Serve) -> dict:
    """A 2-player CATAN table that the bots play to its end (Ann hands her seat over at once)."""
    table = open_table(serve, "catan-on-the-road", 2, [1])
    path = f"/api/tables/{table['id']}"
    serve.api("POST", f"{path}/seats/0/bot", token=table["token"])
    deadline = time.monotonic() + 600
    while serve.api("GET", path)["status"] != "finished":
        if time.monotonic() > deadline:
            raise SystemExit(f"table {table['id']}: the bots did not finish the game")
        time.sleep(0.5)
    return table


# -- the pictures ---------------------------------------------------------------------------------

def open_page(browser, serve: Serve, size: str, lang: str, seat: dict | None):
    """A new page at `size` whose browser speaks `lang` and holds `seat`'s token (a created table)."""
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height}, locale=lang)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.goto(serve.base + "/static/img/icon.svg")  # same origin, to set the storage before the page runs
    page.evaluate("""([seat, lang]) => {
        localStorage.setItem('gametable.lang', lang);
        if (seat) localStorage.setItem('gametable.seat.' + seat.id, JSON.stringify({seat: 0, token: seat.token}));
    }""", [seat and {"id": seat["id"], "token": seat["token"]}, lang])
    return context, page


def show(page_name: str, page, tables: dict) -> None:
    """Load `page_name` and wait until it shows what it is for."""
    if page_name == "lobby":
        page.goto(tables["base"] + "/")
        page.wait_for_selector("#games input, #games button, #games label")
    elif page_name == "replay":
        page.goto(tables["replay"]["invite_url"] + "#replay")
        page.wait_for_selector("#replay-bar:not([hidden])")
        slider = page.locator("#replay-slider")
        total = int(slider.get_attribute("max"))
        at = round(total * REPLAY_AT)
        slider.evaluate("(el, at) => { el.value = String(at); el.dispatchEvent(new Event('input')); }", at)
        page.wait_for_function("(at) => document.querySelector('#replay-slider').value === String(at)"
                               " && document.querySelector('#replay-position').textContent.length > 0", arg=at)
    else:
        page.goto(tables[TABLE_OF.get(page_name, page_name)]["invite_url"])
        page.wait_for_selector("#prompt[data-state='yours']")
        if page_name == "gwt-end-turn":
            page.click("#choice-buttons button[data-type='end_phase_b']")
            page.wait_for_selector("#end-turn-dialog[open]")
    page.evaluate("document.fonts.ready")
    page.wait_for_timeout(500)  # the log's fade-in and the clocks' first tick settle


def photograph(browser, serve: Serve, tables: dict, page_name: str, size: str, lang: str, path: Path,
               full_page: bool) -> None:
    context, page = open_page(browser, serve, size, lang, tables.get(TABLE_OF.get(page_name, page_name)))
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        show(page_name, page, tables)
        page.screenshot(path=str(path), full_page=full_page)
    finally:
        context.close()
    if errors:
        print(f"{path.name}: page errors: {errors}", file=sys.stderr)
    shrink(path)


def shrink(path: Path) -> None:
    """Make the PNG small enough to commit: 256 colours with pngquant, else Pillow's optimize."""
    if shutil.which("pngquant"):
        subprocess.run(["pngquant", "--force", "--skip-if-larger", "--strip", "--output", str(path), "256", str(path)],
                       check=False)
        return
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as image:
        image.load()
    image.save(path, optimize=True)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img", help="where the docs' pictures go")
    parser.add_argument("--every", type=Path, metavar="DIR", help="every page, size and language, to DIR")
    parser.add_argument("--full-page", action="store_true", help="the whole page, not only the screen")
    parser.add_argument("--port", type=int, default=8102)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    out = args.every or args.out
    shots = ([(p, s, lang) for p in PAGES for s in SIZES for lang in LANGS] if args.every else DOCUMENTED)
    out.mkdir(parents=True, exist_ok=True)
    rnd = random.Random(9)
    with tempfile.TemporaryDirectory() as workdir:
        serve = Serve(args.port, Path(workdir))
        try:
            needed = {TABLE_OF.get(page, page) for page, _, _ in shots}
            tables: dict = {"base": serve.base}
            if "gwt" in needed:
                tables["gwt"] = gwt_with_friends(serve, rnd)
            if "gwt2e" in needed:
                tables["gwt2e"] = with_bots(serve, "gwt-2e", 2, rnd, can_end_phase_b)
            if "catan" in needed:
                tables["catan"] = with_bots(serve, "catan-on-the-road", 3, rnd)
            if "replay" in needed:
                tables["replay"] = finished_game(serve)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for page_name, size, lang in shots:
                    path = out / file_name(page_name, size, lang)
                    photograph(browser, serve, tables, page_name, size, lang, path, args.full_page)
                    print(f"{path}  {path.stat().st_size // 1024} KiB", flush=True)
                browser.close()
        finally:
            serve.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
