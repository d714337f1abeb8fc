"""Issue 13, findings 2 and 3: live connections under load, and no seat token in any URL.

A connection costs its own first snapshot, never a snapshot for everyone else; seats' online
flags change by small presence messages; sockets are capped per address, per table (spectators)
and per seat; spectators beyond the direct ones share a feed of at most one update per second.
The token goes in the socket's first message (or an Authorization header), never in the URL.

These tests do not depend on the store, so they run on SQLite only."""

from __future__ import annotations

import asyncio
import dataclasses
import os
import re
import subprocess
import sys
import time
from contextlib import ExitStack
from pathlib import Path

import httpx2
import pytest
from websockets.exceptions import ConnectionClosed

from gametable.server import Settings
from tests.server.conftest import free_port, start_server
from tests.server.helpers import Api, Socket, auth

ROOT = Path(__file__).resolve().parents[2]


def _state(message):
    return message["type"] == "state"


def _closed(sock: Socket) -> tuple[int, str]:
    """The code and reason the server closed ``sock`` with (after any messages it sent)."""
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            sock.recv()
    return closed.value.rcvd.code, closed.value.rcvd.reason


@pytest.fixture
def serve(tmp_path):
    """Start a server with some settings changed: ``api, server = serve(max_sockets_per_seat=2)``."""
    servers = []

    def start(**changes):
        settings = Settings(database_url=f"sqlite:///{tmp_path / 'tables.sqlite3'}", bot_pause=0.0)
        servers.append(start_server(dataclasses.replace(settings, **changes)))
        return Api(servers[-1].url), servers[-1]

    yield start
    for server in servers:
        server.stop()


def _traffic(server):
    """What the server's sockets were handed to send: messages and bytes."""
    return server.app.state.live_sockets.traffic


def _two_seats(api: Api):
    table = api.create(players=2)
    bob = api.join(table["id"])
    return table["id"], {0: table["token"], 1: bob["token"]}


# -- finding 2: presence as small deltas, caps, a shared spectator feed --------------------------

def test_finding_2_spectators_coming_and_going_send_nothing_to_anyone_else(serve):
    api, server = serve()
    tid, tokens = _two_seats(api)
    with api.socket(tid, tokens[0]) as ann, api.socket(tid, tokens[1]) as bob:
        ann.until(_state), bob.until(_state)
        ann.until(lambda m: m["type"] == "presence")  # Bob came after Ann: she heard of it
        traffic = _traffic(server)
        before = traffic.messages
        with ExitStack() as crowd:
            spectators = [crowd.enter_context(api.socket(tid)) for _ in range(60)]
            for sock in spectators:
                assert sock.until(_state)["you"] is None
        # 60 first snapshots and nothing else (before: 2 + 3 + ... + 62 snapshots to everyone,
        # and as many again as they left)
        api.act_ok(tid, tokens[0], 0, {"type": "take", "count": 1})
        for sock in (ann, bob):
            first = sock.recv()  # the seats heard nothing of the crowd: the action comes next
            assert first["type"] == "state" and first["seq"] == 1
        assert traffic.messages - before == 60 + 2


def test_finding_2_a_seat_coming_and_going_sends_a_presence_delta(serve):
    api, _ = serve()
    tid, tokens = _two_seats(api)

    def online_flags():
        return [seat["online"] for seat in api.table(tid)["seats"]]

    with api.socket(tid, tokens[0]) as ann, api.socket(tid) as spectator:
        assert ann.until(_state)["seats"][0]["online"] is True
        spectator.until(_state)
        assert online_flags() == [True, False]
        bob = api.socket(tid, tokens[1])
        assert bob.until(_state)["seats"][1]["online"] is True
        for sock in (ann, spectator):
            assert sock.recv() == {"type": "presence", "seq": 0, "online": [0, 1]}
        assert online_flags() == [True, True]
        # A second tab of an online seat changes no flag: nobody hears of it, coming or going.
        with api.socket(tid, tokens[1]) as bobs_second_tab:
            bobs_second_tab.until(_state)
        bob.close()
        for sock in (ann, spectator):
            assert sock.recv() == {"type": "presence", "seq": 0, "online": [0]}
            assert sock.online == {0}
        assert online_flags() == [True, False]
        api.act_ok(tid, tokens[0], 0, {"type": "take", "count": 1})
        for sock in (ann, spectator):
            message = sock.recv()
            assert _state(message) and message["seq"] == 1
            assert [seat["online"] for seat in message["seats"]] == [True, False]


def test_finding_2_sockets_are_capped_per_seat_table_and_address_with_4429(serve):
    api, _ = serve(max_sockets_per_seat=2, max_sockets_per_table=3, direct_spectators=1,
                max_sockets_per_address=6)
    tid, tokens = _two_seats(api)
    with ExitStack() as stack:
        for _ in range(2):
            stack.enter_context(api.socket(tid, tokens[0])).until(_state)
        with api.socket(tid, tokens[0]) as third_tab:
            code, reason = _closed(third_tab)
        assert code == 4429 and "seat 0" in reason and "close another tab" in reason
        for _ in range(3):  # one told at once, two on the shared feed
            stack.enter_context(api.socket(tid)).until(_state)
        with api.socket(tid) as fourth_spectator:
            code, reason = _closed(fourth_spectator)
        assert code == 4429 and "3 spectators" in reason
        # The spectators never shut a seat out.
        bob = stack.enter_context(api.socket(tid, tokens[1]))
        assert bob.until(_state)["you"] == 1
        # Six sockets from this address: the seventh is refused, whatever it would have been.
        with api.socket(tid, tokens[1]) as seventh:
            code, reason = _closed(seventh)
        assert code == 4429 and "from your address (at most 6)" in reason
    # All closed: the address may connect again.
    with api.socket(tid, tokens[1]) as again:
        assert again.until(_state)["you"] == 1


def test_finding_2_spectators_beyond_the_direct_ones_share_a_slower_feed(serve):
    api, server = serve(direct_spectators=10, max_sockets_per_table=200, max_sockets_per_address=500)
    tid, tokens = _two_seats(api)
    manager = server.manager
    with ExitStack() as stack:
        seats = {seat: stack.enter_context(api.socket(tid, token)) for seat, token in tokens.items()}
        for sock in seats.values():
            sock.until(_state)
        spectators = [stack.enter_context(api.socket(tid)) for _ in range(80)]
        for sock in spectators:
            sock.until(_state)
        audience = manager.audiences[tid]
        assert audience.direct_spectators() == 10 and len(audience.feed.members) == 70
        traffic, flushes = _traffic(server), audience.feed.flushes
        before = traffic.messages
        began = time.monotonic()
        seq = 0
        while True:  # the seats take one token each until the pile is empty (10 actions)
            snapshot = seats[0].messages[-1]
            if snapshot["status"] == "finished":
                break
            mover = snapshot["view"]["to_act"][0]
            seq = api.act_ok(tid, tokens[mover], seq, {"type": "take", "count": 1})
            for sock in seats.values():
                sock.until(lambda m: _state(m) and m["seq"] == seq)
        final = api.table(tid)
        assert final["status"] == "finished" and seq == 10
        # The seats had every update, one by one.
        for sock in seats.values():
            assert [m["seq"] for m in sock.messages if _state(m)] == list(range(11))
        # Every spectator, direct or on the feed, ends with the final table.
        for sock in spectators:
            last = sock.until(lambda m: _state(m) and m["seq"] == 10)
            assert {**last["view"], "log": sock.log} == final["view"]
        elapsed = time.monotonic() - began
        sent = traffic.messages - before
        feed_updates = audience.feed.flushes - flushes
    # The feed's cost is its 70 members once per update it hands out, and it hands out the first
    # at once and then at most one per second, however many changes there were (before: all 80
    # spectators got each of the 10 changes).
    interval = server.manager.audience_limits.feed_interval
    assert interval == 1.0
    assert 1 <= feed_updates <= min(10, 1 + elapsed / interval)
    assert sent == (2 + 10) * 10 + 70 * feed_updates


def test_finding_2_socket_limits_come_from_the_environment_and_bad_ones_are_refused(monkeypatch):
    monkeypatch.setenv("GAMETABLE_MAX_SOCKETS_PER_ADDRESS", "10")
    monkeypatch.setenv("GAMETABLE_SPECTATOR_FEED_SECONDS", "2.5")
    settings = Settings.from_env(database_url="sqlite://")
    assert settings.max_sockets_per_address == 10 and settings.spectator_feed_seconds == 2.5
    assert settings.max_sockets_per_table == 1000 and settings.direct_spectators == 50
    for variable, value in [("GAMETABLE_MAX_SOCKETS_PER_TABLE", "many"),
                            ("GAMETABLE_MAX_SOCKETS_PER_SEAT", "0"),
                            ("GAMETABLE_WS_HELLO_SECONDS", "nan")]:
        monkeypatch.setenv(variable, value)
        with pytest.raises(ValueError, match=f"^{variable} must be .* not '?{value}'?$"):
            Settings.from_env(database_url="sqlite://")
        monkeypatch.delenv(variable)


def test_finding_2_a_bad_socket_limit_stops_serve_with_one_line(tmp_path):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT)]),
               DATABASE_URL=f"sqlite:///{tmp_path / 'tables.sqlite3'}", GAMETABLE_MAX_SOCKETS_PER_SEAT="-1")
    done = subprocess.run([sys.executable, "-m", "gametable", "serve", "--port", str(free_port())],
                          env=env, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip() == "error: GAMETABLE_MAX_SOCKETS_PER_SEAT must be a whole number of at least 1, not -1"


# -- finding 3: no secret in any URL the server logs ---------------------------------------------

@pytest.mark.parametrize("query", ["?token={token}", "?token=", "?token=a&token=b", "?x=1&token={token}"])
def test_finding_3_a_token_in_the_url_is_refused_and_never_used(serve, query):
    api, _ = serve()
    tid, tokens = _two_seats(api)
    url = api.socket_url(tid) + query.format(token=tokens[0])
    with Socket(url, hello=False) as sock:
        code, reason = _closed(sock)
    assert code == 4400
    assert "never put the token in the URL" in reason and '{"type": "hello", "token": "..."}' in reason
    assert api.table(tid)["seats"][0]["online"] is False  # the socket never counted as the seat


def test_finding_3_nothing_is_sent_before_the_hello(serve):
    api, _ = serve(ws_hello_seconds=0.5)
    tid, tokens = _two_seats(api)
    with api.socket(tid, hello=False) as silent:
        code, reason = _closed(silent)  # raises at once if the server sent anything first
    assert code == 4408 and "no hello within 0.5 s" in reason
    assert silent.messages == []
    with api.socket(tid, tokens[0]) as ann:  # one that says hello gets its table
        assert ann.until(_state)["you"] == 0


def test_finding_3_an_authorization_header_authenticates_a_socket(serve):
    api, _ = serve()
    tid, tokens = _two_seats(api)
    with Socket(api.socket_url(tid), hello=False, headers=auth(tokens[1])) as bob:
        assert bob.until(_state)["you"] == 1
    with Socket(api.socket_url(tid), hello=False, headers={"Authorization": "Basic eDp5"}) as odd:
        code, reason = _closed(odd)
    assert code == 4401 and "Bearer" in reason


def test_finding_3_access_log_never_shows_a_token(tmp_path):
    """A real `gametable serve` with uvicorn's access log on: seats play over WebSocket and
    HTTP, and no seat token is anywhere in what the server printed."""
    port = free_port()
    log_path = tmp_path / "serve.log"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT)]),
               DATABASE_URL=f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    env.pop("REDIS_URL", None)
    with open(log_path, "w") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "gametable", "serve", "--port", str(port), "--bot-pause", "0",
             "--extra-game", "tests.engine.toy_game", "--log-level", "info"],
            env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            assert process.poll() is None, log_path.read_text()
            try:
                if httpx2.get(url + "/api/games", timeout=1, trust_env=False).status_code == 200:
                    break
            except httpx2.TransportError:
                pass
            assert time.monotonic() < deadline, "gametable serve did not start"
            time.sleep(0.05)
        with Api(url) as api:
            tid, tokens = _two_seats(api)
            with api.socket(tid, tokens[0]) as ann, api.socket(tid, tokens[1]) as bob, \
                    Socket(api.socket_url(tid), hello=False, headers=auth(tokens[1])) as bob_again:
                for sock in (ann, bob, bob_again):
                    sock.until(_state)
                seq = api.act_ok(tid, tokens[0], 0, {"type": "take", "count": 1})
                api.act_ok(tid, tokens[1], seq, {"type": "pass"})
                api.table(tid, tokens[1])
                ann.until(lambda m: _state(m) and m["seq"] == 2)
            # A careless client that puts a token in a URL anyway: refused, and blanked in the log.
            with Socket(api.socket_url(tid) + f"?token={tokens[0]}", hello=False) as careless:
                with pytest.raises(ConnectionClosed) as closed:
                    careless.recv()
            assert closed.value.rcvd.code == 4400
            assert api.http.get(f"/api/tables/{tid}", params={"token": tokens[1]}).status_code == 200
    finally:
        process.terminate()
        process.wait(timeout=10)
    printed = log_path.read_text()
    # The log holds the request lines (so a token in a URL would be caught)...
    # (tables named by the start of their ids: the whole id is a secret too, test_logs.py)
    assert re.search(rf'"POST /api/tables/{re.escape(tid[:6])}\.\.\./actions HTTP/1.1" 200', printed), printed
    assert f"/ws/tables/{tid[:6]}..." in printed and tid not in printed, printed
    assert printed.count("token=[redacted]") == 2, printed
    # ...and no token, whole or cut.
    for token in tokens.values():
        assert token[:12] not in printed


class _Member:
    """A feed member that keeps what it was handed (a watcher keeps only what is newer)."""

    def __init__(self) -> None:
        self.snapshot = None

    def push(self, snapshot) -> None:
        if self.snapshot is None or snapshot.serial > self.snapshot.serial:
            self.snapshot = snapshot

    def push_presence(self, presence) -> None:
        pass


def test_finding_4_of_issue_29_the_shared_feed_wakes_its_crowd_a_slice_at_a_time():
    """1,000 spectators on the shared feed: an update is handed to FEED_SLICE of them per turn
    of the event loop, spread over part of the interval, so another table's request waits for a
    slice, never for the whole crowd (issue 29, finding 4); every member still gets it."""
    from types import SimpleNamespace

    from gametable.server.audience import FEED_SLICE, FEED_SPREAD, SharedFeed

    async def run():
        feed = SharedFeed(interval=0.2)
        members = [_Member() for _ in range(1000)]
        feed.members.update(members)
        update = SimpleNamespace(serial=1)
        feed.offer(update)
        await asyncio.sleep(0)  # the first flush is due at once
        await asyncio.sleep(0)
        at_once = sum(m.snapshot is update for m in members)
        await asyncio.sleep(feed.interval * FEED_SPREAD + 0.1)
        return at_once, sum(m.snapshot is update for m in members)

    at_once, in_the_end = asyncio.run(run())
    assert 0 < at_once <= FEED_SLICE
    assert in_the_end == 1000
