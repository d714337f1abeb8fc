"""A starting server listens before its app is built (gametable.server.starting, issue 12): the
probes are answered meanwhile, every other request waits for the app and is served by it, an
action at a table the start-up resume has not reached yet is applied, and an app that cannot
start stops the server."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import uvicorn
from typer.testing import CliRunner

from gametable.cli import app as cli_app
from gametable.server import starting
from gametable.server.serving import uvicorn_config
from gametable.server.starting import STARTING, StartingApp
from gametable.server.tables import TableManager
from tests.server.conftest import CATALOG, LiveServer, free_port, start_server
from tests.server.helpers import Api

ROOT = Path(__file__).resolve().parents[2]
TAKE = {"type": "take", "count": 1}


@pytest.fixture(autouse=True)
def keep_the_collector(monkeypatch) -> None:
    """build_app paces the garbage collector of the serving process: not the tests' process."""
    from gametable.server.collector import PacedCollector

    monkeypatch.setattr(PacedCollector, "start", lambda self: None)
    monkeypatch.setattr(PacedCollector, "stop", lambda self: None)


def start_listening(settings) -> LiveServer:
    """A real uvicorn server in a thread serving a StartingApp, as `gametable serve` does."""
    port = free_port()
    app = StartingApp(settings, CATALOG)
    server = uvicorn.Server(uvicorn_config(app, settings, host="127.0.0.1", port=port, log_level="warning"))
    app.on_failure = lambda: setattr(server, "should_exit", True)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start listening"
        time.sleep(0.01)
    return LiveServer(app, f"http://127.0.0.1:{port}", server, thread)


def wait_ready(api: Api) -> None:
    deadline = time.monotonic() + 60
    while api.http.get("/readyz").status_code != 200:
        assert time.monotonic() < deadline, api.http.get("/readyz").json()
        time.sleep(0.02)


@pytest.fixture
def held_build(monkeypatch) -> threading.Event:
    """The app's build waits until the event is set (as a slow start would)."""
    release = threading.Event()
    build = starting.build_app

    def held(settings, catalog):
        release.wait(timeout=60)
        return build(settings, catalog)

    monkeypatch.setattr(starting, "build_app", held)
    yield release
    release.set()


def test_probes_are_answered_while_the_app_is_built_and_a_request_meanwhile_waits_for_it(settings, held_build):
    server = start_listening(settings)
    try:
        with Api(server.url) as api:
            assert api.http.get("/healthz").json() == {"status": "alive"}
            answer = api.http.get("/readyz")
            assert answer.status_code == 503 and answer.json() == {"status": "not ready", "reason": STARTING}

            created = []
            request = threading.Thread(target=lambda: created.append(api.create(players=2)))
            request.start()
            deadline = time.monotonic() + 20
            while not server.server.server_state.tasks:  # the request has reached the app
                assert time.monotonic() < deadline, "the request did not arrive"
                time.sleep(0.01)
            assert not created  # it waits: there is no app to serve it yet
            held_build.set()
            request.join(timeout=60)
            table = created[0]  # served by the app once it was there (api.create checks the 201)
            assert api.join(table["id"])["seat"] == 1
            wait_ready(api)
            assert server.app.app is not None and server.manager.tables[table["id"]].id == table["id"]
    finally:
        server.stop()


def test_a_socket_opened_while_the_app_is_built_is_served_by_it(settings, held_build):
    first = start_server(settings)
    try:
        with Api(first.url) as api:
            table = api.create(players=2)
    finally:
        first.stop()
    server = start_listening(settings)
    try:
        with Api(server.url) as api:
            opened = []
            connecting = threading.Thread(target=lambda: opened.append(api.socket(table["id"], table["token"])))
            connecting.start()
            deadline = time.monotonic() + 20
            while not server.server.server_state.tasks:  # the upgrade has reached the app
                assert time.monotonic() < deadline, "the socket did not arrive"
                time.sleep(0.01)
            held_build.set()
            connecting.join(timeout=60)
            with opened[0] as socket:
                state = socket.recv()
                assert state["type"] == "state" and state["view"]["seat"] == 0
    finally:
        server.stop()


def test_an_action_at_a_table_the_resume_has_not_reached_is_applied(settings, monkeypatch):
    first = start_server(settings)
    try:
        with Api(first.url) as api:
            table = api.create(players=2, options={"pile": 21})
            bob = api.join(table["id"])
            seq = api.act_ok(table["id"], table["token"], 0, TAKE)
    finally:
        first.stop()

    async def resume_forever(self) -> None:
        await asyncio.sleep(3600)  # cancelled when the app stops

    monkeypatch.setattr(TableManager, "_resume", resume_forever)
    second = start_listening(settings)
    try:
        with Api(second.url) as api:
            assert api.act_ok(table["id"], bob["token"], seq, TAKE) == seq + 1  # loaded on demand
            assert api.table(table["id"], bob["token"])["view"]["pile"] == 19
            answer = api.http.get("/readyz")  # the resume is still under way
            assert answer.status_code == 503 and "bringing the unfinished tables back" in answer.json()["reason"]
    finally:
        second.stop()


def test_an_app_that_cannot_start_stops_the_server_with_exit_code_3(tmp_path, monkeypatch):
    def broken(settings, catalog):
        raise RuntimeError("no app today")

    monkeypatch.setattr(starting, "build_app", broken)
    result = CliRunner().invoke(cli_app, ["serve", "--port", str(free_port()), "--log-level", "critical",
                                          "--database-url", f"sqlite:///{tmp_path / 'tables.sqlite3'}"])
    assert result.exit_code == 3, result.output


def test_while_starting_a_request_that_cannot_be_served_is_told_so_and_readiness_says_why(settings):
    app = StartingApp(settings, CATALOG)

    async def get(path: str) -> tuple[int, bytes]:
        sent = []

        async def send(message: dict) -> None:
            sent.append(message)

        await app({"type": "http", "path": path, "method": "GET", "headers": []}, None, send)
        return sent[0]["status"], sent[1]["body"]

    async def scenario() -> None:
        app._started = asyncio.Event()
        app.failed = True  # as after a failed start
        app._started.set()
        assert await get("/api/games") == (503, b'{"detail":"the server could not start; see its log"}')
        assert (await get("/readyz"))[0] == 503
        await app.going_away()
        assert await get("/readyz") == (503, b'{"status":"not ready","reason":"shutting down: send new '
                                             b'requests to another process"}')
        assert await get("/healthz") == (200, b'{"status":"alive"}')

    asyncio.run(scenario())


def test_a_server_stopped_while_its_app_is_built_never_starts_it(settings, held_build):
    app = StartingApp(settings, CATALOG)
    lifespan: asyncio.Queue = asyncio.Queue()
    answers = []

    async def send(message: dict) -> None:
        answers.append(message)

    async def scenario() -> None:
        running = asyncio.create_task(app({"type": "lifespan"}, lifespan.get, send))
        await lifespan.put({"type": "lifespan.startup"})
        while not answers:
            await asyncio.sleep(0.01)
        await app.going_away()  # SIGTERM: the server stops listening, then its lifespan ends
        await lifespan.put({"type": "lifespan.shutdown"})
        held_build.set()
        await running

    asyncio.run(scenario())
    assert [m["type"] for m in answers] == ["lifespan.startup.complete", "lifespan.shutdown.complete"]
    assert app.app is None and not app.failed  # built, but neither started nor served


def test_what_a_server_listens_with_does_not_load_the_app():
    """Listening needs the command line, the settings and uvicorn: FastAPI, pydantic, the app's
    routes and the table manager load on the builder's thread, once the server listens."""
    script = ("import sys\n"
              "import gametable.cli\n"
              "from gametable.server.config import Settings\n"
              "from gametable.server.serving import uvicorn_config\n"
              "from gametable.server.starting import StartingApp\n"
              "settings = Settings(database_url='sqlite://')\n"
              "uvicorn_config(StartingApp(settings, None), settings, host='127.0.0.1', port=8000).load()\n"
              "print(sorted(m for m in sys.modules if m in ('fastapi', 'pydantic', 'starlette.applications',\n"
              "             'gametable.server.app', 'gametable.server.tables', 'prometheus_client')))\n")
    loaded = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                            env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"}).stdout
    assert loaded.strip() == "[]"
