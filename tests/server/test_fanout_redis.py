"""Several server processes on one database, fanning out through Redis pub/sub
(runs when the Redis at REDIS_URL or 127.0.0.1:6379 answers)."""

from __future__ import annotations

import dataclasses
import os

import pytest
import redis

from tests.server.conftest import start_server
from tests.server.helpers import Api

REDIS_URL = os.environ.get("GAMETABLE_TEST_REDIS_URL") or os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"


def _redis_reachable() -> bool:
    try:
        client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2)
        try:
            return bool(client.ping())
        finally:
            client.close()
    except redis.RedisError:
        return False


pytestmark = pytest.mark.skipif(not _redis_reachable(), reason=f"no Redis at {REDIS_URL}")


@pytest.fixture
def two_servers(settings):
    shared = dataclasses.replace(settings, redis_url=REDIS_URL)
    first, second = start_server(shared), start_server(shared)
    with Api(first.url) as a, Api(second.url) as b:
        yield a, b
    first.stop()
    second.stop()


def _state(message):
    return message["type"] == "state"


def test_an_action_on_one_server_reaches_sockets_on_the_other(two_servers):
    a, b = two_servers
    table = a.create(players=2)
    tid = table["id"]
    with b.socket(tid) as watcher:
        assert watcher.until(_state)["status"] == "waiting"
        bob = a.join(tid)  # a seat change on A...
        assert watcher.until(lambda m: m["status"] == "playing")["seats"][1]["kind"] == "human"  # ...seen on B
        with b.socket(tid, bob["token"]) as bob_ws:
            bob_ws.until(_state)
            seq = a.act_ok(tid, table["token"], 0, {"type": "take", "count": 2})
            message = bob_ws.until(lambda m: _state(m) and m["seq"] == seq)
            assert message["view"]["pile"] == 8 and message["legal_actions"]
            # Bob answers through B; A's copy of the table follows without being asked a newer seq.
            b.act_ok(tid, bob["token"], seq, {"type": "pass"})
            assert a.wait_until(tid, None, lambda s: s["seq"] == 2, timeout=10)["view"]["to_act"] == [0]
            assert watcher.until(lambda m: _state(m) and m["seq"] == 2)["view"]["pile"] == 8


def test_bots_run_by_two_servers_play_each_move_once(two_servers):
    a, b = two_servers
    table = a.create(players=4, bots=[1, 2, 3], options={"pile": 21})
    tid = table["id"]
    b.table(tid)  # hot on both: both bot runners will try every bot move
    with b.socket(tid, table["token"]) as sock:
        message = sock.until(_state)
        while message["status"] != "finished":
            seq = a.act_ok(tid, table["token"], message["seq"], message["legal_actions"][0])
            message = sock.until(lambda m: _state(m) and m["seq"] >= seq
                                 and (m["legal_actions"] or m["status"] == "finished"))
    log = a.http.get(f"/api/tables/{tid}/log").json()
    assert [x["seq"] for x in log["actions"]] == list(range(1, log["seq"] + 1))
    # The bots' choices follow from the table and the seq alone, so whichever server won each
    # race, replaying gives the same game and both servers show it.
    assert a.table(tid) == b.wait_until(tid, None, lambda s: s["seq"] == log["seq"])


def test_a_chat_message_written_on_one_server_reaches_sockets_on_the_other(two_servers):
    a, b = two_servers
    table = a.create(players=2)
    tid = table["id"]
    with b.socket(tid) as spectator:
        spectator.until(_state)
        response = a.http.post(f"/api/tables/{tid}/chat", json={"text": "from A"},
                               headers={"Authorization": f"Bearer {table['token']}"})
        assert response.status_code == 201
        message = spectator.until(lambda m: m["type"] == "chat")
        assert message["message"]["text"] == "from A" and message["message"]["id"] == response.json()["id"]
