"""Issue 30: the default settings hold the load they are meant for. The connection cap follows
the open-file limit that `serve` raises (no fixed 2,000 that a thousand two-person tables and
their spectators would run into), on a real server over loopback.

People come from many addresses, so the sockets here come from ten loopback addresses, each
within the default cap per address (256).
"""

from __future__ import annotations

import asyncio
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

import gametable
from gametable.server import serving
from gametable.server.config import DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_SOCKETS_PER_ADDRESS
from tests.server.conftest import start_server
from tests.server.helpers import Api

TABLES = 1000
SPECTATORS = 500  # one at every other table
#: source addresses of the sockets (the loopback network is 127.0.0.0/8)
ADDRESSES = [f"127.0.0.{n}" for n in range(2, 12)]


@pytest.fixture
def database_url(tmp_path) -> str:
    """Connections are the same whatever the store: SQLite only."""
    return f"sqlite:///{tmp_path / 'gametable.sqlite3'}"


_SERVE_CONFIG = """
import resource, sys
from gametable.server.config import Settings
from gametable.server.serving import raise_open_file_limit, uvicorn_config
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))
# what gametable serve does (gametable.server.starting.serve), with the default settings
config = uvicorn_config(lambda scope, receive, send: None, Settings(database_url="sqlite://"),
                        host="127.0.0.1", port=0, fd_limit=raise_open_file_limit())
print(config.limit_concurrency, hard)
"""


def _hard_limit(at_least: int) -> int:
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < at_least:
        pytest.fail(f"this test needs a hard open-file limit of at least {at_least} (it is {hard}): "
                    "raise it with `ulimit -Hn` or systemd's LimitNOFILE=")
    return hard


def test_by_default_the_connection_cap_follows_the_open_file_limit_serve_raises():
    _hard_limit(8192)
    # (this checkout's code, whatever is installed)
    source = str(Path(gametable.__file__).parents[1])
    out = subprocess.run([sys.executable, "-c", _SERVE_CONFIG], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": source})
    served, hard = map(int, out.stdout.split())
    assert DEFAULT_MAX_CONNECTIONS == 0
    # 90% of what the raised limit leaves after the server's own descriptors: not the 256 it had
    assert served == (hard - serving.FD_RESERVE) * 9 // 10
    assert served >= 4 * TABLES + SPECTATORS  # four people at each of a thousand tables, and more
    # an explicit number is still a ceiling, lowered to what the limit allows
    assert serving.connection_limits(2000, hard)[0] == 2000
    assert serving.connection_limits(0, 1024) == serving.connection_limits(100_000, 1024)


async def _open(url: str, address: str, token: str | None) -> object:
    """A socket from ``address`` at a table (a seat's, with its token; a spectator's without),
    once it has the table's first state."""
    headers = {"Authorization": f"Bearer {token}"} if token else None
    socket = await connect(url, local_addr=(address, 0), additional_headers=headers, proxy=None,
                           open_timeout=60, max_size=None)
    if token is None:
        await socket.send(json.dumps({"type": "hello"}))
    first = json.loads(await asyncio.wait_for(socket.recv(), 60))
    assert first["type"] == "state", first
    return socket


async def _open_all(base: str, sockets: list[tuple[str, str | None]], meanwhile) -> list:
    """Every socket open at once; ``meanwhile()``'s result, asked while they are."""
    opened = []
    try:
        for start in range(0, len(sockets), 100):  # a hundred handshakes at a time
            batch = sockets[start:start + 100]
            opened += await asyncio.gather(*(
                _open(f"{base}/ws/tables/{table_id}", ADDRESSES[(start + n) % len(ADDRESSES)], token)
                for n, (table_id, token) in enumerate(batch)))
        return [len(opened), await asyncio.to_thread(meanwhile)]
    finally:
        await asyncio.gather(*(socket.close() for socket in opened))


def test_a_thousand_two_person_tables_and_their_spectators_are_served_with_the_default_cap(settings):
    _hard_limit(8192)
    serving.raise_open_file_limit()  # this process holds both ends of every socket
    # (the tests' settings: the defaults, without rate limits to create the tables at once)
    assert settings.max_connections == DEFAULT_MAX_CONNECTIONS
    assert settings.max_sockets_per_address == DEFAULT_MAX_SOCKETS_PER_ADDRESS
    server = start_server(settings)
    try:
        sockets: list[tuple[str, str | None]] = []
        with Api(server.url) as api:
            for n in range(TABLES):
                table = api.create()
                joined = api.join(table["id"])
                sockets += [(table["id"], table["token"]), (table["id"], joined["token"])]
                if n % 2 == 0:
                    sockets.append((table["id"], None))
            assert len(sockets) == 2 * TABLES + SPECTATORS  # more than the 2,000 of the old default
            opened, answer = asyncio.run(_open_all(server.url.replace("http://", "ws://"), sockets,
                                                   lambda: api.http.get("/api/bots").status_code))
        # every socket had its state while the others were open, and a request is still answered
        assert (opened, answer) == (len(sockets), 200)
    finally:
        server.stop()
