"""Finding 6 of issue 13: with several processes, staleness is bounded even while Redis is down.

Two servers share a PostgreSQL store and fan out through a private redis-server that the test
kills and starts again."""

from __future__ import annotations

import math
import shutil
import socket
import threading
from contextlib import contextmanager
from typing import Iterator

import pytest

from gametable.server import Settings
from tests.server.conftest import start_server
from tests.server.helpers import Api
from tests.server.private_services import REDIS_SERVER, PrivateRedis
from tests.server.private_services import wait_for as _wait_for

TAKE = {"type": "take", "count": 1}


class CuttableProxy:
    """A loopback TCP proxy to Redis that can go silent without closing anything: what a
    network cut looks like to the servers (no reset, no end of stream, just no answers)."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"redis://127.0.0.1:{self.listener.getsockname()[1]}/0"
        self.silent = threading.Event()
        self.sockets: list[socket.socket] = []
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return  # closed
            with self._lock:
                self.sockets.append(client)
                if self.silent.is_set():
                    continue  # held open, never answered
                upstream = socket.create_connection(("127.0.0.1", self.target_port))
                self.sockets.append(upstream)
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                if not self.silent.is_set():  # silent: swallow everything, both ways
                    sink.sendall(data)
        except OSError:
            pass

    def go_silent(self) -> None:
        self.silent.set()

    def restore(self) -> None:
        """Answer again, on fresh connections: the old ones are closed."""
        with self._lock:
            self.silent.clear()
            for sock in self.sockets:
                sock.close()
            self.sockets.clear()

    def close(self) -> None:
        self.listener.close()
        self.restore()


@pytest.fixture
def redis_server() -> Iterator[PrivateRedis]:
    assert shutil.which(REDIS_SERVER), "this test needs redis-server (apt-get install redis-server)"
    server = PrivateRedis()
    server.start()
    yield server
    server.kill()


def _state(message) -> bool:
    return message["type"] == "state"


@contextmanager
def _two_servers_with_bob_watching_b(postgres_url: str, redis_url: str):
    """Servers A and B on one database and Redis (polling only while Redis is unheard: the slow
    backstop poll is off), a playing table made on A, and Bob's socket on B; yields
    (a, b, table, bob, bob_ws, first, second)."""
    settings = Settings(database_url=postgres_url, bot_pause=0.0, redis_url=redis_url, rate_limits=False)
    first, second = start_server(settings), start_server(settings)
    for server in (first, second):
        server.manager.backstop_poll_interval = math.inf
    try:
        with Api(first.url) as a, Api(second.url) as b:
            table = a.create(players=2)
            bob = a.join(table["id"])
            with b.socket(table["id"], bob["token"]) as bob_ws:  # B holds the table hot and watches it
                assert bob_ws.until(_state)["status"] == "playing"
                yield a, b, table, bob, bob_ws, first, second
    finally:
        first.stop()
        second.stop()


def test_finding_6_a_process_that_cannot_hear_redis_still_catches_up(postgres_url, redis_server):
    with _two_servers_with_bob_watching_b(postgres_url, redis_server.url) as (a, b, table, bob, bob_ws, first, second):
        tid = table["id"]
        redis_server.kill()
        _wait_for(lambda: not second.manager.fanout.healthy, "B to notice Redis is gone")
        seq = a.act_ok(tid, table["token"], 0, TAKE)  # committed on A; no notice can go
        assert bob_ws.until(lambda m: _state(m) and m["seq"] == seq, timeout=10)["view"]["pile"] == 9
        assert b.wait_until(tid, None, lambda s: s["seq"] == seq, timeout=10)["seq"] == seq

        redis_server.start()  # same port: both processes subscribe again
        _wait_for(lambda: first.manager.fanout.healthy and second.manager.fanout.healthy,
                  "both servers to hear Redis again")
        seq = b.act_ok(tid, bob["token"], seq, {"type": "pass"})
        assert a.wait_until(tid, None, lambda s: s["seq"] == seq, timeout=10)["seq"] == seq
        # Notices flow again: with Redis healthy nobody polls, yet B's socket follows A.
        seq = a.act_ok(tid, table["token"], seq, TAKE)
        assert bob_ws.until(lambda m: _state(m) and m["seq"] == seq, timeout=10)["seq"] == seq


def test_finding_6_log_heads_reads_every_hot_table_in_one_query(postgres_url):
    from sqlalchemy import event

    from gametable.server.store import LogStore, TableHead, migrate

    store = LogStore.from_url(postgres_url)
    migrate(store.engine)
    server = start_server(Settings(database_url=postgres_url, bot_pause=0.0, rate_limits=False))
    try:
        with Api(server.url) as api:
            tables = [api.create(players=2) for _ in range(3)]
            api.join(tables[0]["id"])
            api.act_ok(tables[0]["id"], tables[0]["token"], 0, TAKE)
        statements = []
        event.listen(store.engine, "before_cursor_execute", lambda *args: statements.append(args[2]))
        heads = store.log_heads([t["id"] for t in tables] + ["no-such-table"])
        assert len(statements) == 1
        assert heads[tables[0]["id"]] == TableHead(seq=1, open_seats=0, bot_seats=0)
        assert heads[tables[1]["id"]] == TableHead(seq=0, open_seats=1, bot_seats=0)
        assert "no-such-table" not in heads
    finally:
        server.stop()
        store.close()


def test_finding_6_a_silent_cut_from_redis_is_noticed_and_bridged(postgres_url, redis_server):
    proxy = CuttableProxy(redis_server.port)
    try:
        with _two_servers_with_bob_watching_b(postgres_url, proxy.url) as (a, b, table, bob, bob_ws, first, second):
            tid = table["id"]
            proxy.go_silent()  # no socket closes: only the missing answers to pings tell
            _wait_for(lambda: not second.manager.fanout.healthy, "B to notice the silence")
            seq = a.act_ok(tid, table["token"], 0, TAKE)
            assert bob_ws.until(lambda m: _state(m) and m["seq"] == seq, timeout=10)["seq"] == seq

            proxy.restore()
            _wait_for(lambda: first.manager.fanout.healthy and second.manager.fanout.healthy,
                      "both servers to hear Redis again")
            seq = b.act_ok(tid, bob["token"], seq, {"type": "pass"})
            seq = a.act_ok(tid, table["token"], seq, TAKE)
            assert bob_ws.until(lambda m: _state(m) and m["seq"] == seq, timeout=10)["seq"] == seq
    finally:
        proxy.close()
