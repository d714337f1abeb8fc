"""Live updates: after every committed action each connection gets its own view; a client
that reconnects (or asks) gets the whole table again."""

from __future__ import annotations

import pytest


def _state(message):
    return message["type"] == "state"


def test_every_action_reaches_every_seat_and_spectator_with_its_own_view(api):
    table = api.create(players=2)
    bob = api.join(table["id"])
    tid = table["id"]
    tokens = {0: table["token"], 1: bob["token"]}
    with api.socket(tid, tokens[0]) as ann_ws, api.socket(tid, tokens[1]) as bob_ws, \
            api.socket(tid) as watcher:
        sockets = {0: ann_ws, 1: bob_ws, None: watcher}
        for sock in sockets.values():
            assert sock.until(_state)["seq"] == 0
        seq = 0
        for turn in range(6):
            seat = turn % 2
            seq = api.act_ok(tid, tokens[seat], seq, {"type": "take", "count": 1})
            for viewer, sock in sockets.items():
                message = sock.until(lambda m: _state(m) and m["seq"] >= seq)
                assert message["seq"] == seq  # nothing else happened, so exactly this update
                assert message["you"] == viewer
                full = api.table(tid, tokens.get(viewer))
                assert {**message["view"], "log": sock.log} == full["view"]
                assert message["legal_actions"] == full["legal_actions"]
                assert message["seats"] == full["seats"]


def test_updates_carry_only_the_new_log_entries(api):
    table = api.create(players=2)
    bob = api.join(table["id"])
    with api.socket(table["id"], bob["token"]) as sock:
        first = sock.until(_state)
        assert first["log_from"] == 0 and first["view"]["log"] == []
        api.act_ok(table["id"], table["token"], 0, {"type": "take", "count": 2})
        update = sock.until(lambda m: _state(m) and m["seq"] == 1)
        assert update["log_from"] == 0 and len(update["view"]["log"]) == 1
        api.act_ok(table["id"], bob["token"], 1, {"type": "pass"})
        update = sock.until(lambda m: _state(m) and m["seq"] == 2)
        assert update["log_from"] == 1
        assert update["view"]["log"] == [{"key": "toy.passed", "seat": 1}]


def test_a_client_that_reconnects_gets_the_whole_table_again(api):
    table = api.create(players=2)
    bob = api.join(table["id"])
    tid = table["id"]
    with api.socket(tid, table["token"]) as sock:
        sock.until(_state)
        api.act_ok(tid, table["token"], 0, {"type": "take", "count": 1})
        sock.until(lambda m: _state(m) and m["seq"] == 1)
    # While Ann is away the game moves on.
    api.act_ok(tid, bob["token"], 1, {"type": "take", "count": 2})
    with api.socket(tid, table["token"]) as sock:
        message = sock.until(_state)
        assert message["seq"] == 2 and message["log_from"] == 0
        assert message["view"] == api.table(tid, table["token"])["view"]
        assert message["legal_actions"] == [{"type": "take", "count": 1}, {"type": "take", "count": 2},
                                            {"type": "pass"}]


def test_asking_for_sync_resends_the_whole_table(api):
    table = api.create(players=2)
    api.join(table["id"])
    with api.socket(table["id"], table["token"]) as sock:
        sock.until(_state)
        api.act_ok(table["id"], table["token"], 0, {"type": "take", "count": 1})
        sock.until(lambda m: _state(m) and m["seq"] == 1)
        sock.send({"type": "sync"})
        message = sock.until(_state)
        assert message["log_from"] == 0 and len(message["view"]["log"]) == 1
        sock.send({"type": "nonsense"})  # ignored, the connection stays up
        sock.send({"type": "sync"})
        assert sock.until(_state)["log_from"] == 0


def test_bot_moves_arrive_over_the_socket(api):
    table = api.create(players=3, bots=[1, 2])
    with api.socket(table["id"], table["token"]) as sock:
        sock.until(_state)
        api.act_ok(table["id"], table["token"], 0, {"type": "take", "count": 1})
        # Both bots answer; Ann is told and has her legal actions again.
        message = sock.until(lambda m: _state(m) and m["seq"] == 3)
        assert message["legal_actions"] and message["view"]["to_act"] == [0]
        assert [entry["seat"] for entry in sock.log] == [0, 1, 2]


def test_presence_and_a_seat_handed_to_a_bot(api):
    table = api.create(players=2)
    bob = api.join(table["id"])
    tid = table["id"]
    with api.socket(tid, table["token"]) as ann_ws:
        assert ann_ws.until(_state)["seats"][1]["online"] is False
        with api.socket(tid, bob["token"]) as bob_ws:
            ann_ws.until(lambda m: m["type"] == "presence")
            assert ann_ws.online == {0, 1}
            assert bob_ws.until(_state)["you"] == 1
            # Bob leaves: he hands his own seat to the bot (the creator could not: he is here)
            response = api.http.post(f"/api/tables/{tid}/seats/1/bot",
                                     headers={"Authorization": f"Bearer {bob['token']}"})
            assert response.status_code == 204
            # Bob's connection now shows the table as a spectator sees it.
            message = bob_ws.until(lambda m: _state(m) and m["seats"][1]["kind"] == "bot")
            assert message["you"] is None and message["legal_actions"] == []
            assert all("hand" not in p for p in message["view"]["players"])
        message = ann_ws.until(lambda m: _state(m) and m["seats"][1]["kind"] == "bot")
        assert ann_ws.online == {0}  # Bob's socket became a spectator's: seat 1 went offline


@pytest.mark.parametrize("token", ["wrong", "", "x" * 5000, "\x00\xff"])
def test_a_socket_with_a_bad_token_is_closed_4403(api, token):
    from websockets.exceptions import ConnectionClosed

    table = api.create()
    with api.socket(table["id"], token) as sock:
        with pytest.raises(ConnectionClosed) as closed:
            sock.recv()
    assert closed.value.rcvd.code == 4403 and closed.value.rcvd.reason
