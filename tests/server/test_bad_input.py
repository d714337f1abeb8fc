"""Bad input never changes a table and always gets a clear answer."""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.exceptions import ConnectionClosed

from gametable import bots

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
                            ('{"type": "move", "action": {"type": "pass"}}', "unknown message type 'move'"),
                            ("[1, 2, 3]", 'needs a "type"'), ('{"type": 7}', 'needs a "type"'),
                            ("[" * 20_000 + "]" * 20_000, "not valid JSON")]:
            sock.conn.send(frame)
            error = sock.until(_error)
            assert says in error["detail"] and error["status"] == 400, frame[:40]
            assert '{"type": "sync"}' in error["help"] and '{"type": "act"' in error["help"]
        # still open and still live: a sync gets the table, and actions reach it
        sock.send({"type": "sync"})
        assert sock.until(lambda m: m["type"] == "state")["log_from"] == 0
        api.act_ok(table["id"], table["token"], 0, {"type": "take", "count": 1})
        assert sock.until(lambda m: m["type"] == "state" and m["seq"] == 1)
    assert api.table(table["id"])["seq"] == 1  # no frame changed the game


def test_a_websocket_frame_over_the_size_limit_is_refused_and_changes_nothing(api, live):
    """Over the body limit: refused with the HTTP API's 413 and words, the socket stays open;
    over four times the limit the connection closes (1009: too big to read at all)."""
    table = api.create(players=2)
    api.join(table["id"])
    with api.socket(table["id"], table["token"]) as sock:
        sock.until(lambda m: m["type"] == "state")
        sock.conn.send('{"type": "sync", "padding": "' + "x" * 100_000 + '"}')
        refused = sock.until(lambda m: m["type"] == "refused")
        assert refused["status"] == 413 and refused["detail"] == "the request body is larger than 65536 bytes"
        sock.conn.send("x" * 100_000)  # not even JSON: still the size first, as over HTTP
        assert sock.until(_error)["status"] == 413
        sock.send({"type": "sync"})
        assert sock.until(lambda m: m["type"] == "state")["log_from"] == 0
        sock.conn.send('{"type": "sync", "padding": "' + "x" * 300_000 + '"}')
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


# -- finding 4: table ids and every path parameter are checked before any database call ----------

#: ids that cannot name a table (percent-encoded as a client sends them): NUL bytes, which
#: PostgreSQL refuses in text, ids too long, and characters outside the id alphabet
MALFORMED_TABLE_IDS = ["%00", "%00abc", "abc%00", "x" * 65, "x" * 5000, "%C3%A9t%C3%A9",
                       "%F0%9F%8E%B2", "a%20b", "a.b", "%0A", "abc%0A", "%FF"]


def _table_routes(table_id: str, token: str) -> list[tuple[str, str, dict]]:
    return [("GET", f"/api/tables/{table_id}", {}),
            ("GET", f"/api/tables/{table_id}", {"headers": auth(token)}),
            ("POST", f"/api/tables/{table_id}/join", {"json": {"name": "Bob"}}),
            ("POST", f"/api/tables/{table_id}/actions", {"json": {"seq": 0, "action": {"type": "pass"}},
                                                         "headers": auth(token)}),
            ("POST", f"/api/tables/{table_id}/seats/1/bot", {"headers": auth(token)}),
            ("GET", f"/api/tables/{table_id}/log", {}),
            ("GET", f"/api/tables/{table_id}/replay/0", {})]


def test_finding_4_malformed_table_ids_are_404_on_every_route_without_asking_the_database(
        api, live, monkeypatch):
    table = api.create(players=2)
    asked = []
    load_table = live.manager.store.load_table
    monkeypatch.setattr(live.manager.store, "load_table", lambda tid: asked.append(tid) or load_table(tid))
    for table_id in MALFORMED_TABLE_IDS:
        for method, path, extra in _table_routes(table_id, table["token"]):
            response = api.http.request(method, path, **extra)
            assert response.status_code == 404, (method, path[:60], response.text[:200])
            detail = response.json()["detail"]
            assert "no table with this id" in detail and "1 to 64 ASCII letters" in detail, detail
        with api.socket(table_id) as sock:
            with pytest.raises(ConnectionClosed) as closed:
                sock.recv()
        assert closed.value.rcvd.code == 4404 and "no table" in closed.value.rcvd.reason
    assert asked == []
    # The server keeps serving, and a well-formed id that names nothing still is a plain 404.
    assert api.table(table["id"])["seq"] == 0
    response = api.http.get("/api/tables/no-such-table-aaaaaaaaaa")
    assert response.status_code == 404 and response.json()["detail"].startswith("there is no table")


def test_finding_4_the_table_manager_refuses_a_malformed_id_without_asking_the_store(live, monkeypatch):
    """In depth: a caller that skips the routes' checks still never sends a NUL byte to the store."""
    from gametable.server.errors import NotFound

    def must_not_be_asked(table_id):
        raise AssertionError(f"the store was asked for {table_id!r}")

    monkeypatch.setattr(live.manager.store, "load_table", must_not_be_asked)
    for table_id in ["\x00", "abc\x00", "x" * 65, "été", "a/b", "abc\n"]:
        with pytest.raises(NotFound, match="no table with this id"):
            asyncio.run(live.manager.table(table_id))


@pytest.mark.parametrize("path, says", [
    ("/api/tables/{id}/seats/-1/bot", "there is no seat '-1'"),
    ("/api/tables/{id}/seats/64/bot", "there is no seat '64'"),
    ("/api/tables/{id}/seats/1%00/bot", "there is no seat"),
    ("/api/tables/{id}/seats/99999999999999999999999/bot", "there is no seat"),
    ("/api/tables/{id}/replay/-1", "there is no position '-1'"),
    ("/api/tables/{id}/replay/2147483648", "there is no position '2147483648'"),
    ("/api/tables/{id}/replay/%00", "there is no position"),
    ("/api/tables/{id}/replay/1.5", "there is no position"),
    ("/api/i18n/%00", "unknown language"),
    ("/api/i18n/" + "e" * 5000, "unknown language"),
])
def test_finding_4_malformed_seats_positions_and_languages_are_404_saying_what_is_valid(api, path, says):
    table = api.create(players=2)
    method = "POST" if path.endswith("/bot") else "GET"
    response = api.http.request(method, path.format(id=table["id"]), headers=auth(table["token"]))
    assert response.status_code == 404, response.text[:200]
    assert response.json()["detail"].startswith(says)
    assert api.table(table["id"])["seats"][1]["kind"] == "open"  # nothing changed


def test_finding_4_the_openapi_spec_states_the_path_rules(api):
    spec = api.http.get("/openapi.json").json()
    rules = {}
    for path, operations in spec["paths"].items():
        for operation in operations.values():
            for parameter in operation.get("parameters", []):
                if parameter["in"] == "path":
                    rules.setdefault(parameter["name"], []).append(parameter["schema"])
    assert rules.keys() == {"table_id", "seat", "n", "lang", "player_id", "game"}
    # the table's routes: join, read, act, undo, hand a seat to a bot, take it back, log, replay,
    # chat (read, write), push (subscribe, unsubscribe), adopt a seat, rematch, review (start,
    # read), hint; muting its chat (read, set)
    assert all(s["pattern"] == "^[A-Za-z0-9_-]{1,64}$" for s in rules["table_id"]) and len(rules["table_id"]) == 19
    # a player's page, games and statistics; a friend removed; unblocking a player
    assert rules["player_id"] == [{**rules["player_id"][0], "pattern": "^[A-Za-z0-9_-]{1,64}$"}] * 5
    # a leaderboard; a guided first game's steps, and starting one
    assert rules["game"] == [{**rules["game"][0], "pattern": "^[A-Za-z0-9_-]{1,64}$"}] * 3
    assert rules["seat"] == [{**rules["seat"][0], "minimum": 0, "maximum": 63}] * 2  # to a bot, take back
    assert rules["n"][0]["minimum"] == 0 and rules["n"][0]["maximum"] == 2**31 - 1
    assert rules["lang"][0]["enum"] == ["en", "fa", "pt", "es"]


# -- finding 10: names are NFKC-normalised and must be visible ----------------------------------

INVISIBLE_NAMES = {
    "zero width space": "\u200b",
    "zero width space inside": "Ann\u200bBob",
    "word joiner": "\u2060",
    "Hangul filler": "\u3164",
    "Hangul choseong filler": "\u115f",
    "Hangul jungseong filler": "\u1160",
    "halfwidth Hangul filler": "\uffa0",
    "tag characters": "\U000e0041\U000e0042",
    "a name with a tag character": "Ann\U000e0041",
    "Mongolian vowel separator": "\u180e",
    "variation selector alone": "\ufe0f",
    "soft hyphen": "\u00ad",
    "byte order mark": "\ufeff",
    "left-to-right mark": "Ann\u200e",
    "braille blank": "\u2800\u2800",
    "combining mark alone": "\u0301",
    "non-joiner alone": "\u200c",
    "non-joiner leading": "\u200cAnn",
    "non-joiner trailing": "Ann\u200c",
    "non-joiner repeated": "An\u200c\u200cn",
    "non-joiner beside a space": "Ann \u200cBob",
    "joiner trailing": "👩\u200d",
}


def test_finding_10_invisible_names_and_fillers_are_refused_with_a_clear_message(api):
    table = api.create(players=2)
    for case, name in INVISIBLE_NAMES.items():
        # ASCII-escaped JSON, as a client may send it
        for path, body in [(f"/api/tables/{table['id']}/join", {"name": name}),
                           ("/api/tables", {"game": "toy", "players": 2, "name": name})]:
            response = api.http.post(path, content=json.dumps(body),
                                     headers={"Content-Type": "application/json"})
            assert response.status_code == 422, (case, path)
            message = response.json()["detail"][0]["msg"]
            assert "visible character" in message or "U+" in message, (case, message)
    assert api.table(table["id"])["seats"][1]["kind"] == "open"


def test_finding_10_persian_non_joiners_and_emoji_joiners_are_accepted_between_visible_characters(api):
    names = ["می\u200cخواهم", "مهر\u200cآیین", "👩\u200d💻", "👨\u200d👩\u200d👧", "🏳\ufe0f\u200d🌈",
             "❤\ufe0f", "👍🏽", "Zoë", "李小龙"]
    for name in names:
        created = api.create(players=2, name=name)
        assert api.table(created["id"])["seats"][0]["name"] == name
    joined = api.join(created["id"], "مهر\u200cآیین")
    assert api.table(created["id"])["seats"][joined["seat"]]["name"] == "مهر\u200cآیین"


def test_finding_10_names_are_stored_nfkc_normalised_and_the_limit_counts_the_normal_form(api, live):
    table = api.create(players=4, name="\uff21\uff4e\uff4e")  # fullwidth "Ann"
    bob = api.join(table["id"], "\U0001d4d1\U0001d4f8\U0001d4eb")  # mathematical script "Bob"
    api.join(table["id"], "\u3000Cy\u3000")  # ideographic spaces become spaces, then are trimmed
    seats = api.table(table["id"], bob["token"])["seats"]
    assert [s["name"] for s in seats[:3]] == ["Ann", "Bob", "Cy"]
    assert [s.name for s in live.manager.store.load_seats(table["id"])[:3]] == ["Ann", "Bob", "Cy"]
    # 40 fullwidth letters are 40 letters; 3 characters that NFKC expands to 54 are too many.
    assert api.join(table["id"], "\uff21" * 40)["seat"] == 3
    for name in ["\ufdfa" * 3, "\uff21" * 41]:
        response = api.http.post("/api/tables", json={"game": "toy", "players": 2, "name": name})
        assert response.status_code == 422 and response.json()["detail"][0]["type"] == "string_too_long"


def test_finding_10_an_empty_name_still_means_unnamed(api):
    table = api.create(players=3, name="")
    api.join(table["id"], "   ")  # only spaces: trimmed to the empty name, as before
    assert [s["name"] for s in api.table(table["id"])["seats"][:2]] == ["", ""]
    response = api.http.post(f"/api/tables/{table['id']}/join", json={})
    assert response.status_code == 200


# -- finding 11: the OpenAPI spec states the input rules; an empty bot level is an error --------

def test_finding_11_the_openapi_spec_lists_bot_levels_games_and_name_rules(api):
    from gametable import bots
    from tests.server.conftest import CATALOG

    schemas = api.http.get("/openapi.json").json()["components"]["schemas"]
    fields = schemas["CreateTable"]["properties"]
    level = next(s for s in fields["bot_level"]["anyOf"] if s.get("type") == "string")
    assert level["enum"] == bots.levels() == ["random", "basic", "good", "strong", "garth-easy",
                                              "garth-medium", "garth-hard", "garth-very-hard"]
    assert fields["game"]["enum"] == CATALOG.names() and "toy" in fields["game"]["enum"]
    for name in [fields["name"], schemas["JoinTable"]["properties"]["name"]]:
        assert name["maxLength"] == 40
        for rule in ["NFKC", "visible", "U+200B", "U+3164", "U+200C", "U+200D", "Cf"]:
            assert rule in name["description"], rule


def test_finding_11_an_empty_bot_level_is_refused_and_null_means_the_default(api):
    body = {"game": "toy", "players": 2, "bots": [1]}
    response = api.http.post("/api/tables", json={**body, "bot_level": ""})
    assert response.status_code == 400
    assert "there is no bot level ''" in response.json()["detail"] and "random, basic, good, strong" in response.text
    for chosen in [{"bot_level": None}, {}]:
        response = api.http.post("/api/tables", json={**body, **chosen})
        assert response.status_code == 201, response.text
        assert api.table(response.json()["id"])["bot_level"] == bots.default_level() == "basic"


@pytest.mark.parametrize("players", [1, 5, 10**12, -(10**12)])
def test_a_player_count_the_game_is_not_for_is_a_400_before_any_seat_is_counted(api, players):
    # (a count in the billions once went on to counting out its seats' options, for minutes)
    response = api.http.post("/api/tables", json={"game": "toy", "players": players, "name": "Ann"})
    assert response.status_code == 400
    assert response.json()["detail"] == f"Toy take-away is for 2 to 4 players, not {players}"
