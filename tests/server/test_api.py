"""The HTTP API, path by path, with every answer it promises (docs/server.md, "API")."""

from __future__ import annotations

import re
import time

from gametable.engine import replay
from gametable.server import Settings
from tests.engine.toy_game import GAME as TOY
from tests.server.conftest import start_server
from tests.server.helpers import Api, auth


def test_games_lists_each_game_with_players_and_options(api):
    games = {g["name"]: g for g in api.http.get("/api/games").json()}
    assert games["toy"] == TOY.describe()
    assert games["toy"]["options"][0]["choices"] == [5, 10, 21]


def test_i18n_serves_the_merged_catalog_and_text_direction(api):
    english = api.http.get("/api/i18n/en").json()
    assert english["direction"] == "ltr"
    assert english["messages"]["ui.seat_name"] == "Player {number}"
    assert api.http.get("/api/i18n/fa").json()["direction"] == "rtl"
    assert api.http.get("/api/i18n/klingon").status_code == 404


def test_create_gives_an_unguessable_id_an_invite_link_and_seat_0(api):
    first = api.create(players=3, bots=[2])
    second = api.create()
    assert first["id"] != second["id"]
    assert re.fullmatch(r"[A-Za-z0-9_-]{22,}", first["id"])  # 16 random bytes, URL-safe
    assert first["invite_url"] == f"/t/{first['id']}"  # no public URL configured: relative
    assert first["seat"] == 0 and len(first["token"]) >= 32
    snapshot = api.table(first["id"], first["token"])
    assert snapshot["you"] == 0
    assert [(s["kind"], s["name"]) for s in snapshot["seats"]] == [("human", "Ann"), ("open", ""), ("bot", "")]
    assert snapshot["status"] == "waiting"


def test_create_refuses_what_the_game_does_not_allow(api):
    def refused(body, status=400):
        response = api.http.post("/api/tables", json=body)
        assert response.status_code == status, response.text
        return response.json()["detail"]

    assert "unknown game 'chess'" in refused({"game": "chess", "players": 2})
    assert "2 to 4 players" in refused({"game": "toy", "players": 5})
    assert "option 'pile' cannot be 7" in refused({"game": "toy", "players": 2, "options": {"pile": 7}})
    assert "unknown option" in refused({"game": "toy", "players": 2, "options": {"colour": "red"}})
    assert "not 0" in refused({"game": "toy", "players": 2, "bots": [0]})
    assert "not 2" in refused({"game": "toy", "players": 2, "bots": [2]})
    assert "only once" in refused({"game": "toy", "players": 3, "bots": [1, 1]})
    refused({"game": "toy", "players": "2"}, status=422)
    refused({"game": "toy", "players": 2, "surprise": 1}, status=422)


def test_join_takes_the_next_open_seat_and_a_full_table_answers_409(api):
    table = api.create(players=3, bots=[1])
    joined = api.join(table["id"], "Cy")
    assert joined["seat"] == 2 and len(joined["token"]) >= 32
    snapshot = api.table(table["id"], joined["token"])
    assert snapshot["you"] == 2 and snapshot["seats"][2]["name"] == "Cy"
    assert snapshot["status"] == "playing"
    response = api.http.post(f"/api/tables/{table['id']}/join", json={"name": "Late"})
    assert response.status_code == 409 and "full" in response.json()["detail"]


def test_get_shows_each_seat_its_own_view_and_spectators_no_hand(api):
    table = api.create(players=2)
    bob = api.join(table["id"])
    seq = api.act_ok(table["id"], table["token"], 0, {"type": "take", "count": 1})
    mine = api.table(table["id"], table["token"])
    theirs = api.table(table["id"], bob["token"])
    watcher = api.table(table["id"])
    assert mine["seq"] == theirs["seq"] == watcher["seq"] == seq == 1
    assert mine["status"] == "playing"
    assert len(mine["view"]["players"][0]["hand"]) == 1
    assert "hand" not in theirs["view"]["players"][0] and theirs["view"]["players"][0]["hand_size"] == 1
    assert all("hand" not in p for p in watcher["view"]["players"]) and watcher["you"] is None
    # The private detail of the log entry reaches only its owner.
    assert "private" in mine["view"]["log"][0]
    assert "private" not in theirs["view"]["log"][0] and "private" not in watcher["view"]["log"][0]
    # Only the seat to act has legal actions.
    assert mine["legal_actions"] == [] and watcher["legal_actions"] == []
    assert {"type": "take", "count": 2} in theirs["legal_actions"]


def test_action_notes_run_beside_the_legal_actions_of_the_seat_to_act_only(api):
    # a game with the hook (gwt) says what each choice costs; one without (toy) sends [] entries
    table = api.create(game="gwt", players=2)
    bob = api.join(table["id"])
    seats = [api.table(table["id"], table["token"]), api.table(table["id"], bob["token"])]
    acting = seats[seats[0]["view"]["to_act"][0]]
    waiting = seats[1 - acting["you"]]
    watcher = api.table(table["id"])
    assert acting["legal_actions"] and len(acting["action_notes"]) == len(acting["legal_actions"])
    for action, notes in zip(acting["legal_actions"], acting["action_notes"]):
        assert action["type"] == "move"  # the first decision of the game: where to enter the trail
        assert [note["key"] for note in notes] == ["gwt.terminal.no_fees"]  # neutral spaces charge none: rules §2.4
    assert waiting["legal_actions"] == [] and waiting["action_notes"] == []
    assert watcher["legal_actions"] == [] and watcher["action_notes"] == []

    toy = api.create(players=2)
    api.join(toy["id"])
    mine = api.table(toy["id"], toy["token"])
    assert mine["legal_actions"] and mine["action_notes"] == [[] for _ in mine["legal_actions"]]
    assert api.table(toy["id"])["action_notes"] == []


def test_an_action_commits_and_returns_the_new_seq(api, live):
    table = api.create(players=2)
    bob = api.join(table["id"])
    assert api.act_ok(table["id"], table["token"], 0, {"type": "take", "count": 2}) == 1
    assert api.act_ok(table["id"], bob["token"], 1, {"type": "pass"}) == 2
    logged = live.manager.store.actions_after(table["id"], 0)
    assert [(a.seq, a.seat, a.action) for a in logged] == [
        (1, 0, {"type": "take", "count": 2}), (2, 1, {"type": "pass"})]
    assert api.table(table["id"])["view"]["pile"] == 8


def test_a_waiting_table_refuses_actions_until_every_seat_is_taken(api):
    table = api.create(players=2)
    response = api.act(table["id"], table["token"], 0, {"type": "pass"})
    assert response.status_code == 409 and "every seat" in response.json()["detail"]
    api.join(table["id"])
    assert api.act_ok(table["id"], table["token"], 0, {"type": "pass"}) == 1


def test_action_errors_400_401_403_409(api):
    table = api.create(players=2)
    bob = api.join(table["id"])
    tid, ann = table["id"], table["token"]

    illegal = api.act(tid, ann, 0, {"type": "take", "count": 3})
    assert illegal.status_code == 400 and "not a legal action" in illegal.json()["detail"]
    malformed = api.act(tid, ann, 0, "take two")
    assert malformed.status_code == 400 and '"type" string' in malformed.json()["detail"]
    unknown_type = api.act(tid, ann, 0, {"type": "fly"})
    assert unknown_type.status_code == 400
    assert api.act(tid, None, 0, {"type": "pass"}).status_code == 401
    assert api.act(tid, "not-a-token", 0, {"type": "pass"}).status_code == 403
    other_seat = api.act(tid, bob["token"], 0, {"type": "pass"})
    assert other_seat.status_code == 403 and "not seat 1's turn" in other_seat.json()["detail"]
    assert api.table(tid)["seq"] == 0  # nothing above changed the table

    api.act_ok(tid, ann, 0, {"type": "pass"})
    stale = api.act(tid, bob["token"], 0, {"type": "pass"})
    assert stale.status_code == 409 and "stale seq 0" in stale.json()["detail"]
    future = api.act(tid, bob["token"], 5, {"type": "pass"})
    assert future.status_code == 409
    assert api.act_ok(tid, bob["token"], 1, {"type": "pass"}) == 2


def test_a_finished_game_refuses_actions_with_409(api):
    table = api.create(players=2, options={"pile": 5})
    bob = api.join(table["id"])
    seq = 0
    for token, count in [(table["token"], 2), (bob["token"], 2), (table["token"], 1)]:
        seq = api.act_ok(table["id"], token, seq, {"type": "take", "count": count})
    final = seq
    snapshot = api.table(table["id"])
    assert snapshot["status"] == "finished" and snapshot["result"]["winners"] == [0]
    response = api.act(table["id"], table["token"], final, {"type": "pass"})
    assert response.status_code == 409 and "over" in response.json()["detail"]


def test_the_creator_hands_a_seat_to_a_bot_which_then_plays(api):
    table = api.create(players=3)
    bob, cid = api.join(table["id"]), api.join(table["id"], "Cid")
    tid = table["id"]
    path = f"/api/tables/{tid}/seats/1/bot"
    assert api.http.post(path).status_code == 401
    # another player may not hand Bob's seat over (only Bob himself, or the creator)
    assert api.http.post(path, headers=auth(cid["token"])).status_code == 403
    assert api.http.post(f"/api/tables/{tid}/seats/7/bot", headers=auth(table["token"])).status_code == 404
    assert api.http.post(path, headers=auth(table["token"])).status_code == 204
    snapshot = api.table(tid, table["token"])
    assert snapshot["seats"][1] == {"seat": 1, "kind": "bot", "name": "Bob", "online": False, "player": None,
                                    "away": True, "clock_ms": None, "deadline_ms": None, "timeouts": 0}
    # Bob's token no longer acts (it only watches, and can take the seat back), and the bot
    # answers by itself.
    assert api.table(tid, bob["token"])["you"] is None
    assert api.act(tid, bob["token"], 0, {"type": "take", "count": 1}).status_code == 403
    api.act_ok(tid, table["token"], 0, {"type": "take", "count": 1})
    after = api.wait_until(tid, None, lambda s: s["seq"] == 2)
    assert after["view"]["to_act"] == [2]


def test_handing_an_open_seat_to_a_bot_starts_the_game(api):
    table = api.create(players=3, bots=[2])
    response = api.http.post(f"/api/tables/{table['id']}/seats/1/bot", headers=auth(table["token"]))
    assert response.status_code == 204
    assert api.table(table["id"])["status"] == "playing"


def test_the_log_of_a_running_game_is_public_and_keeps_the_seed_secret(api):
    table = api.create(players=2)
    bob = api.join(table["id"])
    api.act_ok(table["id"], table["token"], 0, {"type": "take", "count": 1})
    data = api.http.get(f"/api/tables/{table['id']}/log").json()
    assert data["status"] == "playing" and data["seq"] == 1
    assert data["seed"] is None and data["actions"] is None and data["result"] is None
    assert data["log"] == [{"key": "toy.took", "seat": 0, "count": 1}]
    assert bob  # Bob joined so that the game could run


def test_a_finished_game_publishes_everything_needed_to_replay_it(api):
    table = api.create(players=2, bots=[1], options={"pile": 21})
    final = _play_against_bot(api, table)
    data = api.http.get(f"/api/tables/{table['id']}/log").json()
    assert data["status"] == "finished" and data["seq"] == final["seq"]
    assert [a["seq"] for a in data["actions"]] == list(range(1, final["seq"] + 1))
    state = replay(TOY, data["players"], data["seed"], data["options"],
                   [(a["seat"], a["action"]) for a in data["actions"]])
    assert state.result() == data["result"] == final["result"]
    assert state.log == data["log"]  # the full log, private details included


def test_replay_shows_the_spectator_view_after_n_actions(api):
    table = api.create(players=2, bots=[1])
    tid = table["id"]
    # While the game runs a spectator may replay it too, as spectators saw it (test_replay_live.py)
    assert api.http.get(f"/api/tables/{tid}/replay/0").json()["you"] is None
    final = _play_against_bot(api, table)
    data = api.http.get(f"/api/tables/{tid}/log").json()
    state = TOY.new(2, data["seed"], data["options"])
    views = []
    for n in range(final["seq"] + 1):
        position = api.http.get(f"/api/tables/{tid}/replay/{n}").json()
        assert position["n"] == n and position["seq"] == final["seq"]
        assert position["view"] == state.view(None)
        views.append(position["view"])
        if n < final["seq"]:
            action = data["actions"][n]
            state.apply(action["seat"], action["action"])
    assert views[-1] == api.table(tid)["view"]  # the last position is the end of the game
    # Stepping back works as well as stepping forward.
    assert api.http.get(f"/api/tables/{tid}/replay/1").json()["view"] == views[1]
    assert api.http.get(f"/api/tables/{tid}/replay/{final['seq'] + 1}").status_code == 404
    assert api.http.get(f"/api/tables/{tid}/replay/-1").status_code == 404


def test_the_openapi_page_documents_every_path(api):
    paths = api.http.get("/openapi.json").json()["paths"]
    assert set(paths) >= {
        "/api/games", "/api/i18n/{lang}", "/api/tables", "/api/tables/{table_id}/join",
        "/api/tables/{table_id}", "/api/tables/{table_id}/actions",
        "/api/tables/{table_id}/seats/{seat}/bot", "/api/tables/{table_id}/log",
        "/api/tables/{table_id}/replay/{n}",
    }
    assert api.http.get("/docs").status_code == 200


def _play_against_bot(api, table):
    """Seat 0 takes one token at a time against the server's bot until the game ends."""
    tid, token = table["id"], table["token"]
    while True:
        snapshot = api.wait_until(tid, token, lambda s: s["status"] == "finished" or s["legal_actions"])
        if snapshot["status"] == "finished":
            return snapshot
        take_one = {"type": "take", "count": 1}
        action = take_one if take_one in snapshot["legal_actions"] else snapshot["legal_actions"][0]
        api.act_ok(tid, token, snapshot["seq"], action)


def test_an_idle_table_leaves_memory_and_comes_back_from_its_log(database_url):
    server = start_server(Settings(database_url=database_url, bot_pause=0.0, idle_seconds=0.05,
                                   rate_limits=False))
    try:
        with Api(server.url) as api:
            table = api.create(players=2)
            api.join(table["id"])
            api.act_ok(table["id"], table["token"], 0, {"type": "take", "count": 2})
            before = api.table(table["id"], table["token"])
            deadline = time.monotonic() + 10
            while table["id"] in server.manager.tables:
                assert time.monotonic() < deadline, "the idle table was never dropped"
                time.sleep(0.02)
            # Rebuilt from the log on the next request, exactly as it was.
            assert api.table(table["id"], table["token"]) == before
    finally:
        server.stop()


def test_a_creator_who_hands_their_own_seat_to_a_bot_watches_and_keeps_creator_rights(api):
    table = api.create(players=3)
    bob = api.join(table["id"])
    tid, creator = table["id"], table["token"]
    assert api.http.post(f"/api/tables/{tid}/seats/0/bot", headers=auth(creator)).status_code == 204
    snapshot = api.table(tid, creator)
    assert snapshot["you"] is None and all("hand" not in p for p in snapshot["view"]["players"])
    refused = api.act(tid, creator, 0, {"type": "pass"})
    assert refused.status_code == 403 and "bot" in refused.json()["detail"]
    # Still the creator: seat 2 (never taken) can go to a bot too, and the bots play.
    assert api.http.post(f"/api/tables/{tid}/seats/2/bot", headers=auth(creator)).status_code == 204
    after = api.wait_until(tid, bob["token"], lambda s: s["legal_actions"])
    assert after["seq"] == 1 and after["view"]["to_act"] == [1]


def test_answers_say_how_long_the_server_took(api):
    response = api.http.get("/api/games")
    name, _, duration = response.headers["server-timing"].partition(";dur=")
    assert name == "app" and float(duration) >= 0
