"""Fixtures for the table service: a database per test (SQLite, and PostgreSQL when one is
reachable), and a real uvicorn server in a thread serving the app on a free loopback port."""

from __future__ import annotations

import dataclasses
import os
import secrets
import socket
import threading
import time
from dataclasses import dataclass
from typing import Iterator

import pytest
import uvicorn
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from gametable.server import Settings, create_app
from gametable.server.catalog import ExtendedCatalog
from gametable.server.config import normalise_database_url
from gametable.server.serving import uvicorn_config
from gametable.server.store import LogStore, migrate
from tests.server.helpers import Api

#: the registry's games plus the toy game, which the tests use where any game would do
CATALOG = ExtendedCatalog(["tests.engine.toy_game"])

LOCAL_POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


def _postgres_url() -> str | None:
    """GAMETABLE_TEST_POSTGRES_URL, a PostgreSQL DATABASE_URL, or the local server, if reachable."""
    candidates = [os.environ.get("GAMETABLE_TEST_POSTGRES_URL"), os.environ.get("DATABASE_URL"),
                  LOCAL_POSTGRES]
    for url in candidates:
        if not url or not url.startswith(("postgres://", "postgresql")):
            continue
        url = normalise_database_url(url)
        engine = create_engine(url, connect_args={"connect_timeout": 3})
        try:
            with engine.connect():
                return url
        except Exception:
            continue
        finally:
            engine.dispose()
    return None


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A fresh schema in PostgreSQL for this test run, dropped at the end."""
    base = _postgres_url()
    if base is None:
        pytest.skip("no PostgreSQL reachable (set GAMETABLE_TEST_POSTGRES_URL to test on one)")
    schema = f"gametable_test_{secrets.token_hex(4)}"
    engine = create_engine(base)
    with engine.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with engine.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'gametable.sqlite3'}"
    return request.getfixturevalue("postgres_url")


@pytest.fixture
def store(database_url: str) -> Iterator[LogStore]:
    """The log store on a fresh database, migrated."""
    store = LogStore.from_url(database_url)
    migrate(store.engine)
    yield store
    store.close()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class LiveServer:
    app: object
    url: str
    server: uvicorn.Server
    thread: threading.Thread

    @property
    def manager(self):
        return self.app.state.manager

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


def start_server(settings: Settings, catalog=CATALOG) -> LiveServer:
    port = free_port()
    if settings.redis_url and settings.internal_url is None:
        # several processes: the others forward this one's tables to where it listens
        settings = dataclasses.replace(settings, internal_url=f"http://127.0.0.1:{port}")
    app = create_app(settings, catalog)
    config = uvicorn_config(app, settings, host="127.0.0.1", port=port, log_level="warning",
                            lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.01)
    return LiveServer(app, f"http://127.0.0.1:{port}", server, thread)


@pytest.fixture
def settings(database_url: str) -> Settings:
    # No rate limits: tests create many tables from one address in moments (the limits have
    # their own tests, test_rate_limits.py).
    return Settings(database_url=database_url, bot_pause=0.0, rate_limits=False)


@pytest.fixture
def live(settings: Settings) -> Iterator[LiveServer]:
    server = start_server(settings)
    yield server
    server.stop()


@pytest.fixture
def api(live: LiveServer) -> Iterator[Api]:
    with Api(live.url) as client:
        yield client
