"""Issue 12: actions over the table's WebSocket, under the HTTP route's rules. Every refusal the
HTTP route gives (its status and its words) is the socket's too; an accepted action is
acknowledged only once it is durable, after the table it made; both count against one rate limit."""

from __future__ import annotations

import dataclasses
import json
import re
import threading
from typing import Any, Callable

import pytest

from gametable.server.store import LogStore
from tests.server.conftest import start_server
from tests.server.helpers import Api, Socket, auth

TAKE = {"type": "take", "count": 1}
ACT_LIMIT = 12
#: a 429's words name the seconds left, which may differ by one between two requests
SECONDS_LEFT = re.compile(r"try again in \d+ s")


@pytest.fixture
def limited_api(settings):
    """A server with the rate limits on: the defaults, but 12 actions a minute per address."""
    server = start_server(dataclasses.replace(settings, rate_limits=True, rate_act=f"{ACT_LIMIT}/minute"))
    with Api(server.url) as client:
        yield client
    server.stop()


def _answer(sock: Socket) -> dict:
    """The socket's answer to the message just sent (its acknowledgement, refusal or error)."""
    return sock.until(lambda m: m["type"] in ("acted", "refused", "error"))


def _playing(api: Api, pile: int = 21) -> tuple[str, dict[int, str]]:
    table = api.create(players=2, options={"pile": pile})
    bob = api.join(table["id"])
    return table["id"], {0: table["token"], 1: bob["token"]}


# Each case: the table and who asks (None: a spectator), and the body of the request as text.
Case = Callable[[Api], tuple[str, str | None, str]]


def _stale_seq(api):
    table_id, tokens = _playing(api)
    api.act_ok(table_id, tokens[0], 0, TAKE)
    api.act_ok(table_id, tokens[1], 1, TAKE)
    return table_id, tokens[0], json.dumps({"seq": 0, "action": TAKE})  # seat 0 acted since 0


def _not_your_turn(api):
    table_id, tokens = _playing(api)
    return table_id, tokens[1], json.dumps({"seq": 0, "action": TAKE})


def _illegal(api):
    table_id, tokens = _playing(api)
    return table_id, tokens[0], json.dumps({"seq": 0, "action": {"type": "take", "count": 3}})


def _unknown_action_type(api):
    table_id, tokens = _playing(api)
    return table_id, tokens[0], json.dumps({"seq": 0, "action": {"type": "fly"}})


def _bad_json(api):
    table_id, tokens = _playing(api)
    return table_id, tokens[0], '{"seq": 0, "action": {"type": "take", '


def _malformed_request(api):
    table_id, tokens = _playing(api)
    return table_id, tokens[0], json.dumps({"seq": "0", "action": TAKE, "extra": 1})


def _missing_seq(api):
    table_id, tokens = _playing(api)
    return table_id, tokens[0], json.dumps({"action": TAKE})


def _too_large(api):
    table_id, tokens = _playing(api)
    return table_id, tokens[0], json.dumps({"seq": 0, "action": {**TAKE, "note": "x" * 70_000}})


def _spectator(api):
    table_id, _ = _playing(api)
    return table_id, None, json.dumps({"seq": 0, "action": TAKE})


def _finished(api):
    table_id, tokens = _playing(api, pile=5)
    seq = 0
    while api.table(table_id)["status"] == "playing":
        seat = api.table(table_id)["view"]["to_act"][0]
        seq = api.act_ok(table_id, tokens[seat], seq, api.table(table_id, tokens[seat])["legal_actions"][0])
    return table_id, tokens[0], json.dumps({"seq": seq, "action": TAKE})


def _rate_limited(api):
    table_id, tokens = _playing(api)
    for _ in range(ACT_LIMIT + 1):  # refused or not, every action request counts
        if api.act(table_id, tokens[1], 0, TAKE).status_code == 429:
            break
    return table_id, tokens[0], json.dumps({"seq": 0, "action": TAKE})


def _seats_open(api):
    table = api.create(players=2)
    return table["id"], table["token"], json.dumps({"seq": 0, "action": TAKE})


CASES: dict[str, Case] = {
    "wrong seq": _stale_seq, "not your turn": _not_your_turn, "illegal action": _illegal,
    "unknown action type": _unknown_action_type, "bad JSON": _bad_json,
    "malformed request": _malformed_request, "missing seq": _missing_seq, "too large": _too_large,
    "spectator trying to act": _spectator, "finished game": _finished, "seats still open": _seats_open,
    "rate-limited": _rate_limited,
}
EXPECTED_STATUS = {"wrong seq": 409, "not your turn": 403, "illegal action": 400,
                   "unknown action type": 400, "bad JSON": 400, "malformed request": 422,
                   "missing seq": 422, "too large": 413, "spectator trying to act": 401,
                   "finished game": 409, "seats still open": 409, "rate-limited": 429}


def _over_websocket(api: Api, table_id: str, token: str | None, body: str) -> dict:
    """Send the body as an act over a socket of this seat (an act's body plus type and id)."""
    try:
        data = json.loads(body)
        frame = json.dumps({"type": "act", "id": "m-1", **data})
    except ValueError:
        frame = body  # not JSON: sent as it is, as the HTTP request is
    with api.socket(table_id, token) as sock:
        sock.until(lambda m: m["type"] == "state")
        sock.conn.send(frame)
        return _answer(sock)


@pytest.mark.parametrize("case", CASES)
def test_a_websocket_action_is_refused_exactly_as_the_http_route_refuses_it(limited_api, case):
    table_id, token, body = CASES[case](limited_api)
    before = limited_api.table(table_id)["seq"]
    http = limited_api.http.post(f"/api/tables/{table_id}/actions", content=body,
                                 headers={"Content-Type": "application/json", **auth(token)})
    socket = _over_websocket(limited_api, table_id, token, body)
    assert http.status_code == EXPECTED_STATUS[case], http.text
    assert socket["status"] == http.status_code, socket
    same = (lambda words: SECONDS_LEFT.sub("", words)) if case == "rate-limited" else (lambda words: words)
    assert same(socket["detail"]) == same(http.json()["detail"]), socket
    # a refusal that can name its message carries its id (a frame that is not JSON has none)
    assert socket["type"] == ("error" if case == "bad JSON" else "refused")
    assert case == "bad JSON" or socket["id"] == "m-1"
    assert limited_api.table(table_id)["seq"] == before  # neither changed the game


def test_websocket_and_http_actions_count_against_one_rate_limit(limited_api):
    table_id, tokens = _playing(limited_api)
    seq = 0
    with limited_api.socket(table_id, tokens[0]) as ann, limited_api.socket(table_id, tokens[1]) as bob:
        sockets = {0: ann, 1: bob}
        for index in range(ACT_LIMIT):  # half over the socket, half over HTTP: the limit
            seat = seq % 2
            if index % 2:
                seq = limited_api.act_ok(table_id, tokens[seat], seq, TAKE)
            else:
                sockets[seat].send({"type": "act", "id": index, "seq": seq, "action": TAKE})
                acted = _answer(sockets[seat])
                assert acted == {"type": "acted", "id": index, "seq": seq + 1}
                seq = acted["seq"]
        http = limited_api.act(table_id, tokens[seq % 2], seq, TAKE)
        sockets[seq % 2].send({"type": "act", "id": "late", "seq": seq, "action": TAKE})
        refused = _answer(sockets[seq % 2])
    assert http.status_code == 429 and refused["status"] == 429 and refused["id"] == "late"
    assert SECONDS_LEFT.sub("", refused["detail"]) == SECONDS_LEFT.sub("", http.json()["detail"])
    assert refused["retry_after"] >= 1 and int(http.headers["Retry-After"]) >= 1
    assert limited_api.table(table_id)["seq"] == ACT_LIMIT


def test_an_acknowledgement_follows_the_table_its_action_made_and_echoes_the_id(api):
    table_id, tokens = _playing(api)
    with api.socket(table_id, tokens[0]) as ann:
        ann.until(lambda m: m["type"] == "state")
        ann.send({"type": "act", "id": 41, "seq": 0, "action": TAKE})
        acted = _answer(ann)
        assert acted == {"type": "acted", "id": 41, "seq": 1}
        states = [m for m in ann.messages if m["type"] == "state"]
        assert states[-1]["seq"] == 1  # the table at seq 1 came before its acknowledgement
        for tag in ([1], True, "x" * 65, {"a": 1}):  # an id the client could not match: refused
            ann.send({"type": "act", "id": tag, "seq": 1, "action": TAKE})
            refused = _answer(ann)
            assert refused["status"] == 422 and refused["id"] is None and "id" in refused["detail"]
    assert api.table(table_id)["seq"] == 1


@pytest.mark.parametrize("transport", ["http", "websocket"])
def test_an_action_is_acknowledged_only_once_it_is_durable(live, api, database_url, transport):
    """The commit is held back: no answer comes, over either transport, and the log has no row;
    once it goes through, the answer comes and the row is in the database."""
    table_id, tokens = _playing(api)
    store = live.manager.store
    gate = threading.Event()
    committing = threading.Event()
    append_many = store.append_many

    def held_back(entries):
        committing.set()
        assert gate.wait(30), "the test never opened the gate"
        return append_many(entries)

    store.append_many = held_back
    reader = LogStore.from_url(database_url)
    answers: list[Any] = []
    try:
        with api.socket(table_id, tokens[0]) as ann:
            ann.until(lambda m: m["type"] == "state")
            if transport == "http":
                thread = threading.Thread(target=lambda: answers.append(api.act(table_id, tokens[0], 0, TAKE)))
                thread.start()
            else:
                ann.send({"type": "act", "id": "d", "seq": 0, "action": TAKE})
            assert committing.wait(30)
            with pytest.raises(TimeoutError):  # nothing is acknowledged while the commit waits
                ann.recv(timeout=0.5)
            assert answers == [] and reader.actions_after(table_id, 0) == []
            gate.set()
            if transport == "http":
                thread.join(30)
                assert answers[0].status_code == 200 and answers[0].json() == {"seq": 1}
            else:
                assert _answer(ann) == {"type": "acted", "id": "d", "seq": 1}
            logged = reader.actions_after(table_id, 0)
            assert [(a.seq, a.seat, a.action) for a in logged] == [(1, 0, TAKE)]
    finally:
        gate.set()
        store.append_many = append_many
        reader.close()
