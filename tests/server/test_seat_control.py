"""Who may hand a seat to the bot, and take it back (issue 8; docs/server.md, "Seats")."""

from __future__ import annotations

from tests.server.helpers import auth

TAKE = {"type": "take", "count": 1}


def _to_bot(api, tid: str, seat: int, token: str | None):
    return api.http.post(f"/api/tables/{tid}/seats/{seat}/bot", headers=auth(token))


def _take_back(api, tid: str, seat: int, token: str | None):
    return api.http.post(f"/api/tables/{tid}/seats/{seat}/take-back", headers=auth(token))


def _state(message) -> bool:
    return message.get("type") == "state"


def test_the_creator_cannot_hand_over_a_player_who_is_here(api):
    table = api.create(players=2)
    bob = api.join(table["id"])
    tid = table["id"]
    with api.socket(tid, bob["token"]) as bob_ws:
        bob_ws.until(_state)
        refused = _to_bot(api, tid, 1, table["token"])
        assert refused.status_code == 409 and "is here" in refused.json()["detail"]
        assert api.table(tid)["seats"][1]["kind"] == "human"
    # Bob's tab closed: he is absent now, and the creator may hand his seat over
    api.wait_until(tid, None, lambda s: not s["seats"][1]["online"])
    assert _to_bot(api, tid, 1, table["token"]).status_code == 204
    assert api.table(tid)["seats"][1]["kind"] == "bot"


def test_the_creator_may_hand_over_a_connected_seat_that_has_timed_out(api):
    table = api.http.post("/api/tables", json={
        "game": "toy", "players": 2, "clock": {"kind": "realtime", "initial_s": 1},
        "timeouts_to_bot": 5}).json()
    bob = api.join(table["id"])
    tid = table["id"]
    api.act_ok(tid, table["token"], 0, TAKE)
    with api.socket(tid, bob["token"]) as bob_ws:
        bob_ws.until(_state)
        # Bob is connected but lets his time run out
        api.wait_until(tid, None, lambda s: s["seats"][1]["timeouts"] >= 1)
        assert _to_bot(api, tid, 1, table["token"]).status_code == 204


def test_only_the_seat_itself_or_the_creator_hands_a_seat_over(api):
    table = api.create(players=3)
    bob, cid = api.join(table["id"]), api.join(table["id"], "Cid")
    tid = table["id"]
    assert _to_bot(api, tid, 1, None).status_code == 401
    assert _to_bot(api, tid, 1, cid["token"]).status_code == 403
    assert _to_bot(api, tid, 1, "not-a-token").status_code == 403
    # Bob leaves: his own seat, whether or not he is connected
    assert _to_bot(api, tid, 1, bob["token"]).status_code == 204
    # handing a bot's seat again changes nothing
    assert _to_bot(api, tid, 1, table["token"]).status_code == 204


def test_a_player_who_left_takes_the_seat_back_with_their_token_only(api):
    table = api.create(players=3)
    bob, cid = api.join(table["id"]), api.join(table["id"], "Cid")
    tid = table["id"]
    assert _to_bot(api, tid, 1, bob["token"]).status_code == 204
    seq = api.act_ok(tid, table["token"], 0, TAKE)
    api.wait_until(tid, None, lambda s: s["seq"] > seq)  # the bot played Bob's move
    assert _take_back(api, tid, 1, None).status_code == 401
    for stranger in (table["token"], cid["token"], "not-a-token"):  # not even the creator
        assert _take_back(api, tid, 1, stranger).status_code == 403
    assert _take_back(api, tid, 2, cid["token"]).status_code == 403  # not a bot's seat
    assert _take_back(api, tid, 9, bob["token"]).status_code == 404
    assert _take_back(api, tid, 1, bob["token"]).status_code == 204
    snapshot = api.table(tid, bob["token"])
    assert snapshot["you"] == 1 and snapshot["seats"][1] == {
        "seat": 1, "kind": "human", "name": "Bob", "online": False, "player": None, "away": False,
        "clock_ms": None, "deadline_ms": None, "timeouts": 0}
    # taken back once: the token is the seat's again, and taking it back twice is refused
    assert _take_back(api, tid, 1, bob["token"]).status_code == 403


def test_a_seat_nobody_took_goes_to_the_bot_for_good(api):
    table = api.create(players=2)
    tid = table["id"]
    assert _to_bot(api, tid, 1, table["token"]).status_code == 204
    seats = api.table(tid)["seats"]
    assert seats[1]["kind"] == "bot" and seats[1]["away"] is False  # nobody to take it back


def test_nothing_is_handed_over_once_the_game_is_over(api):
    table = api.create(players=2, options={"pile": 5})
    bob = api.join(table["id"])
    tid, tokens = table["id"], [table["token"], bob["token"]]
    seq = 0
    while api.table(tid)["status"] != "finished":
        seq = api.act_ok(tid, tokens[seq % 2], seq, {"type": "take", "count": 1})
    assert _to_bot(api, tid, 1, bob["token"]).status_code == 409
