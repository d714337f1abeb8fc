"""One owner process per table (leases) and forwarding to it: two servers on one database
and Redis, a table's seats connected to both (runs when Redis answers, on both databases)."""

from __future__ import annotations

import dataclasses

import pytest
from sqlalchemy import update
from websockets.exceptions import ConnectionClosed

from gametable.server.models import table_leases
from tests.server.conftest import start_server
from tests.server.helpers import Api, Socket, auth
from tests.server.test_fanout_redis import REDIS_URL, _redis_reachable
from tests.server.test_players import Browser

pytestmark = pytest.mark.skipif(not _redis_reachable(), reason=f"no Redis at {REDIS_URL}")


@pytest.fixture
def servers(settings):
    shared = dataclasses.replace(settings, redis_url=REDIS_URL)
    first, second = start_server(shared), start_server(shared)
    yield first, second
    first.stop()
    second.stop()


def _state(message):
    return message["type"] == "state"


def test_a_single_process_takes_no_leases(live):
    assert live.manager.leases is None and live.app.state.forwarding is None


def test_seats_on_two_processes_play_through_both_and_only_the_owner_builds_views(servers):
    owner, other = servers
    with Api(owner.url) as a, Api(other.url) as b:
        table = a.create(players=2, options={"pile": 10})
        tid = table["id"]
        bob = b.join(tid)  # forwarded: the owner seats Bob
        views_elsewhere = other.manager.views_built
        with a.socket(tid, table["token"]) as ann_ws, b.socket(tid, bob["token"]) as bob_ws, \
                b.socket(tid) as spectator:
            message = ann_ws.until(_state)
            bob_ws.until(_state)
            spectator.until(_state)
            seen = {"ann": [], "bob": [], "spectator": []}
            apis = {0: (a, table["token"]), 1: (b, bob["token"])}
            while message["status"] != "finished":
                snapshot = a.table(tid)
                seat = snapshot["view"]["to_act"][0]
                api, token = apis[seat]  # Ann acts through the owner, Bob through the other
                seq = api.act_ok(tid, token, snapshot["seq"], {"type": "take", "count": 1})
                for name, sock in (("ann", ann_ws), ("bob", bob_ws), ("spectator", spectator)):
                    message = sock.until(lambda m: _state(m) and m["seq"] == seq)
                    seen[name].append(seq)
            log = a.http.get(f"/api/tables/{tid}/log").json()
        assert [x["seq"] for x in log["actions"]] == list(range(1, log["seq"] + 1))
        assert seen["ann"] == seen["bob"] == seen["spectator"] == list(range(1, log["seq"] + 1))
        # The other process relayed and never held the table: no replay, no views.
        assert tid not in other.manager.tables
        assert other.manager.views_built == views_elsewhere
        assert other.app.state.forwarding.forwarded > 0  # the HTTP requests
        assert other.app.state.splicer.spliced == 2  # Bob's and the spectator's sockets, byte for byte
        assert owner.manager.views_built > 0


def test_forwarded_requests_get_the_owners_answers_and_refusals(servers):
    owner, other = servers
    with Api(owner.url) as a, Api(other.url) as b:
        table = a.create(players=2)
        tid = table["id"]
        for path, body, headers in [
            (f"/api/tables/{tid}/actions", {"seq": 0, "action": {"type": "pass"}}, auth("not-a-seat")),
            (f"/api/tables/{tid}/actions", {"seq": 0, "action": {"type": "pass"}}, {}),
            (f"/api/tables/{tid}/actions", {"seq": 0, "action": {"type": "pass"}}, auth(table["token"])),
            (f"/api/tables/{tid}/undo", {"seq": 0}, auth(table["token"])),
            (f"/api/tables/{tid}/chat", {"text": ""}, auth(table["token"])),
        ]:
            here, there = a.http.post(path, json=body, headers=headers), b.http.post(path, json=body, headers=headers)
            assert (there.status_code, there.json()) == (here.status_code, here.json())
            assert there.status_code >= 400
        assert b.http.get(f"/api/tables/{tid}").json() == a.http.get(f"/api/tables/{tid}").json()
        chat = b.http.post(f"/api/tables/{tid}/chat", json={"text": "hi"}, headers=auth(table["token"]))
        assert chat.status_code == 201
        assert a.http.get(f"/api/tables/{tid}/chat").json()["messages"][-1]["text"] == "hi"
        # a table that does not exist is nobody's: answered where it is asked
        assert b.http.get("/api/tables/nosuchtable").status_code == 404
        # a socket with a stranger's token is closed by the owner, with the owner's code
        with b.socket(tid, "not-a-seat") as sock:
            with pytest.raises(ConnectionClosed) as closed:
                sock.recv()
        assert closed.value.rcvd.code == 4403
        assert tid not in other.manager.tables


def test_a_stopped_owner_gives_its_tables_up_and_the_other_process_serves_them(servers):
    owner, other = servers
    with Api(owner.url) as a, Api(other.url) as b:
        table = a.create(players=2, options={"pile": 10})
        tid = table["id"]
        bob = b.join(tid)
        seq = a.act_ok(tid, table["token"], 0, {"type": "take", "count": 1})
        owner.stop()  # a graceful stop releases the leases at once
        seq = b.act_ok(tid, bob["token"], seq, {"type": "take", "count": 1})
        assert tid in other.manager.tables and seq == 2
        assert b.table(tid, table["token"])["view"]["to_act"] == [0]


def test_a_process_that_lost_a_lease_drops_the_table_and_its_sockets_reconnect_to_the_new_owner(servers):
    owner, other = servers
    with Api(owner.url) as a, Api(other.url) as b:
        table = a.create(players=2)
        tid = table["id"]
        with a.socket(tid, table["token"]) as sock:
            sock.until(_state)
            # Another process takes the lease over, as if the owner had been too slow to renew.
            store, leases = owner.manager.store, other.manager.leases
            with store.engine.begin() as conn:
                conn.execute(update(table_leases).where(table_leases.c.table_id == tid).values(expires_ms=0))
            assert store.take_lease(tid, leases.owner, leases.address, now=1, until=2**62).owner == leases.owner
            with pytest.raises(ConnectionClosed) as closed:
                sock.until(lambda m: False)
            assert closed.value.rcvd.code == 1001
        assert tid not in owner.manager.tables
        bob = a.join(tid)  # forwarded to the new owner
        assert b.table(tid, bob["token"])["you"] == 1 and tid in other.manager.tables


def test_a_signed_in_player_finds_and_plays_a_table_owned_by_the_other_process(servers):
    owner, other = servers
    ann = Browser(owner.url)
    ann.become("Ann")
    table = ann.create(players=2)
    tid = table["id"]
    bob = Api(owner.url).join(tid)
    with Browser(other.url) as ann_elsewhere:
        ann_elsewhere.http.cookies = ann.http.cookies  # the same browser, through the other process
        [listed] = ann_elsewhere.my_tables()
        assert (listed["id"], listed["status"], listed["your_turn"]) == (tid, "playing", True)
        # The session cookie (and the page's Origin) opens her seat over a relayed socket.
        cookie = "; ".join(f"{k}={v}" for k, v in ann.http.cookies.items())
        with Socket(Api(other.url).socket_url(tid), headers={"Cookie": cookie, "Origin": other.url}) as sock:
            assert sock.until(_state)["you"] == 0
            seq = ann_elsewhere.act_ok(tid, None, 0, {"type": "take", "count": 1})
            assert sock.until(lambda m: _state(m) and m["seq"] == seq)["view"]["to_act"] == [1]
        # a page of another site cannot open it, here or there
        with Socket(Api(other.url).socket_url(tid), headers={"Cookie": cookie, "Origin": "http://evil.example"}) as sock:
            with pytest.raises(ConnectionClosed) as closed:
                sock.recv()
        assert closed.value.rcvd.code == 4403
    assert tid not in other.manager.tables and bob["seat"] == 1
    ann.http.close()


def test_without_the_splice_a_socket_is_relayed_frame_by_frame_with_the_owners_close_codes(servers):
    owner, other = servers

    async def never(*_args):
        return None

    other.app.state.splicer.owner = never  # (as behind an HTTP protocol that cannot splice)
    with Api(owner.url) as a, Api(other.url) as b:
        table = a.create(players=2)
        tid = table["id"]
        bob = b.join(tid)
        relayed = other.app.state.forwarding.forwarded
        with b.socket(tid, bob["token"]) as bob_ws:
            assert bob_ws.until(_state)["you"] == 1
            seq = a.act_ok(tid, table["token"], 0, {"type": "take", "count": 1})
            bob_ws.send({"type": "act", "id": 7, "seq": seq, "action": {"type": "take", "count": 1}})
            assert bob_ws.until(lambda m: m["type"] == "acted") == {"type": "acted", "id": 7, "seq": seq + 1}
        with b.socket(tid, "not-a-seat") as sock:
            with pytest.raises(ConnectionClosed) as closed:
                sock.recv()
        assert closed.value.rcvd.code == 4403
        assert other.app.state.forwarding.forwarded == relayed + 2
        assert other.app.state.splicer.spliced == 0 and tid not in other.manager.tables
