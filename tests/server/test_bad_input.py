"""Bad input never changes a table and always gets a clear answer."""

from __future__ import annotations

import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.helpers import auth


def test_malformed_json_is_a_400_everywhere(api):
    table = api.create()
    for path in ["/api/tables", f"/api/tables/{table['id']}/join", f"/api/tables/{table['id']}/actions"]:
        response = api.http.post(path, content=b'{"seq": 0, "action": {"type": ', headers={
            "Content-Type": "application/json", **auth(table["token"])})
        assert response.status_code == 400, path
        assert response.json()["detail"] == "the request body is not valid JSON"


def test_a_body_of_the_wrong_shape_is_a_422(api):
    table = api.create()
    response = api.http.post(f"/api/tables/{table['id']}/actions", headers=auth(table["token"]),
                             json={"action": {"type": "pass"}})
    assert response.status_code == 422 and response.json()["detail"][0]["loc"] == ["body", "seq"]
    response = api.http.post(f"/api/tables/{table['id']}/actions", headers=auth(table["token"]),
                             json={"seq": "0", "action": {"type": "pass"}})
    assert response.status_code == 422  # a seq is a number, not text that looks like one


def test_unknown_tables_are_404_on_every_path(api):
    missing = "no-such-table-aaaaaaaaaa"
    token = api.create()["token"]
    assert api.http.get(f"/api/tables/{missing}").status_code == 404
    assert api.http.post(f"/api/tables/{missing}/join", json={"name": "x"}).status_code == 404
    assert api.act(missing, token, 0, {"type": "pass"}).status_code == 404
    assert api.http.get(f"/api/tables/{missing}/log").status_code == 404
    assert api.http.get(f"/api/tables/{missing}/replay/0").status_code == 404
    assert api.http.post(f"/api/tables/{missing}/seats/1/bot", headers=auth(token)).status_code == 404
    assert api.http.get(f"/api/tables/{'x' * 500}").status_code == 404
    with api.socket(missing) as sock:
        with pytest.raises(ConnectionClosed) as closed:
            sock.recv()
    assert closed.value.rcvd.code == 4404


def test_wrong_tokens_are_refused(api):
    table = api.create(players=2)
    other = api.create(players=2)
    api.join(table["id"])
    tid = table["id"]
    # A token of another table is no seat here, for reading or acting.
    assert api.http.get(f"/api/tables/{tid}", headers=auth(other["token"])).status_code == 403
    assert api.act(tid, other["token"], 0, {"type": "pass"}).status_code == 403
    for header in ["Basic dXNlcjpwYXNz", "Bearer", "Token abc", table["token"]]:
        response = api.http.get(f"/api/tables/{tid}", headers={"Authorization": header})
        assert response.status_code == 401, header
        assert response.headers["WWW-Authenticate"] == "Bearer"
    with api.socket(tid, other["token"]) as sock:
        with pytest.raises(ConnectionClosed) as closed:
            sock.recv()
    assert closed.value.rcvd.code == 4403
    assert api.table(tid)["seq"] == 0


def test_oversized_bodies_are_refused_with_413(api, live):
    table = api.create(players=2)
    api.join(table["id"])
    big = {"seq": 0, "action": {"type": "take", "count": 1, "padding": "x" * 100_000}}
    response = api.act(table["id"], table["token"], 0, big["action"])
    assert response.status_code == 413
    # The same without a Content-Length: the body streams in chunks and is cut off as it grows.
    chunks = (b"x" * 16_384 for _ in range(8))
    response = api.http.post(f"/api/tables/{table['id']}/actions", content=chunks,
                             headers={"Content-Type": "application/json", **auth(table["token"])})
    assert response.status_code == 413
    response = api.http.post("/api/tables", json={"game": "toy", "players": 2, "name": "n" * 70_000})
    assert response.status_code == 413
    assert api.table(table["id"])["seq"] == 0


def test_unknown_action_types_and_tampered_actions_change_nothing(api):
    table = api.create(players=2)
    api.join(table["id"])
    before = api.table(table["id"], table["token"])
    for action in [{"type": "fly"}, {"type": "take", "count": 1, "extra": True}, {"type": "take", "count": "1"},
                   {"type": "take", "count": 1.5}, {"type": None}, [], None, 7, {}]:
        response = api.act(table["id"], table["token"], 0, action)
        assert response.status_code == 400, action
        assert response.json()["detail"]
    assert api.table(table["id"], table["token"]) == before


def test_an_action_equal_to_a_legal_one_is_logged_in_its_canonical_form(api, live):
    """true == 1 in Python; the log must still hold the game's own action, never the lookalike."""
    table = api.create(players=2)
    api.join(table["id"])
    api.act_ok(table["id"], table["token"], 0, {"type": "take", "count": True})
    logged = live.manager.store.actions_after(table["id"], 0)[0].action
    assert logged == {"type": "take", "count": 1} and logged["count"] is not True


def test_names_with_markup_are_stored_and_returned_as_plain_text(api):
    markup = '<img src=x onerror="alert(1)"><script>alert(2)</script>'[:40]
    table = api.create(name=markup)
    joined_name = "Bob & <b>Co</b>"
    bob = api.join(table["id"], joined_name)
    response = api.http.get(f"/api/tables/{table['id']}", headers=auth(bob["token"]))
    assert response.headers["content-type"] == "application/json"
    names = [s["name"] for s in response.json()["seats"]]
    assert names == [markup, joined_name]
    # The pages are static: no name is ever written into HTML by the server.
    page = api.http.get(f"/t/{table['id']}").text
    assert markup not in page and "onerror" not in page


def test_names_are_limited_in_length_and_free_of_control_characters(api):
    table = api.create()
    for name in ["n" * 41, "line\nbreak", "bell\x07", "\u202eevil"]:
        response = api.http.post(f"/api/tables/{table['id']}/join", json={"name": name})
        assert response.status_code == 422, name
    # Persian names need the zero-width non-joiner; it stays allowed.
    assert api.join(table["id"], "می\u200cخواهم")["seat"] == 1


def _error(message):
    return message["type"] == "error"


def test_websocket_frames_it_does_not_understand_get_an_error_and_the_socket_stays_open(api):
    table = api.create(players=2)
    bob = api.join(table["id"])
    with api.socket(table["id"], bob["token"]) as sock:
        assert sock.until(lambda m: m["type"] == "state")["seq"] == 0
        for frame, says in [("not json {", "not valid JSON"), (b"\x00\x01binary", "binary frames"),
                            ('{"type": "act", "action": {"type": "pass"}}', "unknown message type 'act'"),
                            ("[1, 2, 3]", 'needs a "type"'), ('{"type": 7}', 'needs a "type"'),
                            ("[" * 20_000 + "]" * 20_000, "not valid JSON")]:
            sock.conn.send(frame)
            error = sock.until(_error)
            assert says in error["detail"] and '{"type": "sync"}' in error["detail"], frame[:40]
        # still open and still live: a sync gets the table, and actions reach it
        sock.send({"type": "sync"})
        assert sock.until(lambda m: m["type"] == "state")["log_from"] == 0
        api.act_ok(table["id"], table["token"], 0, {"type": "take", "count": 1})
        assert sock.until(lambda m: m["type"] == "state" and m["seq"] == 1)
    assert api.table(table["id"])["seq"] == 1  # no frame changed the game


def test_a_websocket_frame_over_the_size_limit_closes_the_socket_and_changes_nothing(api, live):
    table = api.create(players=2)
    api.join(table["id"])
    with api.socket(table["id"], table["token"]) as sock:
        sock.until(lambda m: m["type"] == "state")
        sock.conn.send('{"type": "sync", "padding": "' + "x" * 100_000 + '"}')
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                sock.recv()
    assert closed.value.rcvd.code == 1009  # "message too big"
    assert api.table(table["id"])["seq"] == 0
    with api.socket(table["id"], table["token"]) as again:  # the table still serves new sockets
        assert again.until(lambda m: m["type"] == "state")["seq"] == 0


@pytest.mark.parametrize("hello", [{"type": "hello", "token": 7}, {"type": "sync"}, {"token": "abc"}, []])
def test_a_first_message_that_is_no_hello_closes_the_socket_4400(api, hello):
    table = api.create(players=2)
    with api.socket(table["id"], hello=False) as sock:
        sock.send(hello)
        with pytest.raises(ConnectionClosed) as closed:
            sock.recv()
    assert closed.value.rcvd.code == 4400 and '{"type": "hello"' in closed.value.rcvd.reason
