"""Fixtures of the browser tests: a real `gametable serve` and Debian's Chromium.

The server runs as a subprocess on a free port with a temporary SQLite database and bots that
move without pausing. Chromium is driven by Playwright (its own browser download is not used).
The tests skip only when Chromium genuinely cannot be started; under CI (CI=true) that is a
failure instead, because CI installs Chromium (scripts/test.sh).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
SRC = Path(__file__).resolve().parents[2] / "src"
#: where the tests leave screenshots of the tables (for people to look at; nothing compares them)
SHOTS = Path(os.environ.get("GAMETABLE_SCREENSHOTS", Path(tempfile.gettempdir()) / "gametable-screenshots"))


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """A `gametable serve` subprocess; ``stop()`` and ``start()`` again keep its port and database."""

    def __init__(self, workdir: Path, extra_args: tuple[str, ...] = ()) -> None:
        self.extra_args = extra_args  # more `gametable serve` options (e.g. --extra-game)
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.db = workdir / "tables.sqlite3"
        self.log_path = workdir / "serve.log"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        # No rate limits: the browser tests open many tables from one address in moments.
        env = {**os.environ, "GAMETABLE_RATE_LIMITS": "off", "PYTHONPATH": str(SRC) + os.pathsep + os.environ.get("PYTHONPATH", "")}
        log = open(self.log_path, "a")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gametable", "serve", "--port", str(self.port), "--database-url",
             f"sqlite:///{self.db}", "--bot-pause", "0", "--log-level", "warning",
             "--public-url", self.base, *self.extra_args],  # invite links are absolute only with a public URL
            env=env, cwd=SRC.parent, stdout=log, stderr=subprocess.STDOUT)
        log.close()
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(self.base + "/api/games", timeout=2).read()
                return
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"gametable serve did not start:\n{self.log_path.read_text()}")
                time.sleep(0.2)

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None

    def seq(self, table: dict) -> int:
        """The seq of a table (as created: its id and token) on this server now."""
        return self.api("GET", f"/api/tables/{table['id']}", token=table["token"])["seq"]

    def api(self, method: str, path: str, body: object | None = None, token: str | None = None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read() or b"null")


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("server"))
    running.start()
    yield running
    running.stop()


@pytest.fixture
def own_server(tmp_path):
    """A server of the test's own, for tests that stop and restart it."""
    running = Server(tmp_path)
    running.start()
    yield running
    running.stop()


@pytest.fixture
def toy_server(tmp_path):
    """A server that also offers the toy game of tests/engine (a game over in three moves)."""
    running = Server(tmp_path, extra_args=("--extra-game", "tests.engine.toy_game"))
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="session")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as exc:  # pragma: no cover - the test extra installs it
        _cannot_start(f"playwright is not installed ({exc})")
    manager = sync_playwright().start()
    try:
        instance = manager.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    except Exception as exc:  # noqa: BLE001 - any launch failure means no browser here
        manager.stop()
        _cannot_start(f"Chromium cannot be started from {CHROMIUM}: {exc}")
    yield instance
    instance.close()
    manager.stop()


def _cannot_start(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"browser tests need Chromium in CI: {reason}")
    pytest.skip(f"browser tests skipped: {reason} (install it with `apt-get install -y chromium`)")


@pytest.fixture
def page_errors():
    """Collects uncaught page errors; a test asserts the list is empty at the end."""
    return []


def new_page(browser, errors: list, *, lang: str = "en", width: int = 1600, height: int = 1000):
    context = browser.new_context(viewport={"width": width, "height": height}, locale=lang)
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_default_timeout(20_000)
    return context, page


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failing browser test shows the end of its server's log beside the traceback."""
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not report.failed:
        return
    for name in ("server", "own_server"):
        running = item.funcargs.get(name)
        if isinstance(running, Server) and running.log_path.exists():
            tail = running.log_path.read_text(errors="replace")[-6000:]
            report.sections.append((f"{name} log (last 6000 characters)", tail))
