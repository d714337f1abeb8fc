"""The table's chat (issue 8; docs/server.md, "Chat"): kept with the table, live over the
WebSocket, plain text, limited in length and pace; spectators read it."""

from __future__ import annotations

import pytest

from gametable.server import Settings
from tests.server.conftest import start_server
from tests.server.helpers import Api, auth


def _post(api, tid: str, token: str | None, text):
    return api.http.post(f"/api/tables/{tid}/chat", headers=auth(token), json={"text": text})


def test_messages_are_kept_with_the_table_in_order_and_anyone_may_read_them(api):
    table = api.create(players=2)
    bob = api.join(table["id"], "Bob")
    tid = table["id"]
    first = _post(api, tid, table["token"], "  hello  ")
    assert first.status_code == 201
    assert first.json()["text"] == "hello" and first.json()["seat"] == 0 and first.json()["name"] == "Ann"
    assert _post(api, tid, bob["token"], "hi\nAnn").status_code == 201
    messages = api.http.get(f"/api/tables/{tid}/chat").json()["messages"]  # no token: a spectator
    assert [(m["seat"], m["name"], m["text"]) for m in messages] == [(0, "Ann", "hello"), (1, "Bob", "hi\nAnn")]
    assert messages[0]["id"] < messages[1]["id"]


def test_markup_is_kept_as_the_literal_text_it_is(api):
    table = api.create()
    text = '<img src=x onerror="alert(1)"> & <b>bold</b>'
    assert _post(api, table["id"], table["token"], text).json()["text"] == text
    assert api.http.get(f"/api/tables/{table['id']}/chat").json()["messages"][0]["text"] == text


@pytest.mark.parametrize("text, status", [
    ("", 422), ("   ", 422), ("x" * 501, 422), ("bell\x07", 422), ("\u202eevil", 422), (5, 422),
    ("x" * 500, 201),
])
def test_a_message_must_be_visible_plain_text_of_at_most_500_characters(api, text, status):
    table = api.create()
    response = _post(api, table["id"], table["token"], text)
    assert response.status_code == status, response.text


def test_spectators_read_but_do_not_write(api):
    table = api.create()
    assert _post(api, table["id"], None, "hi").status_code == 401
    assert _post(api, table["id"], "not-a-token", "hi").status_code == 403
    assert api.http.get(f"/api/tables/{table['id']}/chat").json()["messages"] == []
    assert api.http.get("/api/tables/AAAAAAAAAAAAAAAAAAAAAA/chat").status_code == 404


def test_a_message_reaches_every_socket_of_the_table_spectators_too(api):
    table = api.create(players=2)
    bob = api.join(table["id"])
    tid = table["id"]
    with api.socket(tid) as spectator, api.socket(tid, bob["token"]) as bob_ws:
        for sock in (spectator, bob_ws):
            sock.until(lambda m: m["type"] == "state")
        _post(api, tid, table["token"], "<i>hi</i>")
        for sock in (spectator, bob_ws):
            message = sock.until(lambda m: m["type"] == "chat")
            assert message["message"]["text"] == "<i>hi</i>" and message["message"]["seat"] == 0


def test_each_seat_may_write_only_so_fast(database_url):
    server = start_server(Settings(database_url=database_url, bot_pause=0.0, rate_chat="3/minute"))
    try:
        with Api(server.url) as api:
            table = api.create(players=2)
            bob = api.join(table["id"])
            for n in range(3):
                assert _post(api, table["id"], table["token"], f"m{n}").status_code == 201
            refused = _post(api, table["id"], table["token"], "one too many")
            assert refused.status_code == 429 and "from your seat" in refused.json()["detail"]
            assert int(refused.headers["Retry-After"]) >= 1
            # the limit is per seat: Bob, from the same address, still writes
            assert _post(api, table["id"], bob["token"], "me too").status_code == 201
    finally:
        server.stop()
