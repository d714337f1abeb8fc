"""Table clocks (issue 8): chosen at creation, kept by the server, played out by the bot when
they run out, and resumed by a restarted server (docs/server.md, "Clocks")."""

from __future__ import annotations

import dataclasses
import time

import pytest

from gametable.engine.undo import undo_entry
from gametable.server.clocks import (TAKE_BACK_GRACE_S, ClockSpec, advance, counted, ends_turn,
                                     take_back_minimum_ms, taken_back)
from gametable.server.store import SeatRecord
from tests.server.helpers import auth
from tests.server.test_restart import serve  # noqa: F401 - the fixture

TAKE = {"type": "take", "count": 1}


def _seats(n: int, bank: int | None = None) -> list[SeatRecord]:
    return [SeatRecord(s, "human", "", "h" * 64, clock_ms=bank) for s in range(n)]


# -- the arithmetic -------------------------------------------------------------------------

def test_a_realtime_clock_runs_for_the_seat_to_decide_and_gains_its_increment_after_a_move():
    spec = ClockSpec("realtime", initial_s=60, increment_s=5)
    seats = advance(spec, _seats(2, 60_000), waiting_for=[0], acted=None, now_ms=1_000)
    assert [(s.clock_ms, s.deadline_ms) for s in seats] == [(60_000, 61_000), (60_000, None)]
    # seat 0 moves 10 s later: 50 s left plus 5; seat 1's clock starts
    seats = advance(spec, seats, waiting_for=[1], acted=0, now_ms=11_000)
    assert [(s.clock_ms, s.deadline_ms) for s in seats] == [(55_000, None), (60_000, 71_000)]


def test_a_realtime_clock_that_ran_out_keeps_nothing_but_the_increment():
    spec = ClockSpec("realtime", initial_s=1, increment_s=2)
    seats = advance(spec, _seats(2, 1_000), waiting_for=[0], acted=None, now_ms=0)
    seats = advance(spec, seats, waiting_for=[1], acted=0, now_ms=9_000)  # 8 s late
    assert seats[0].clock_ms == 2_000 and seats[0].deadline_ms is None


def test_a_realtime_increment_comes_once_a_turn_when_the_turn_ends():
    # issue 24: a GWT turn is several actions; the increment is per turn, not per action
    spec = ClockSpec("realtime", initial_s=60, increment_s=5)
    seats = advance(spec, _seats(2, 60_000), waiting_for=[0], acted=None, now_ms=0)
    # two actions within the turn (10 s, then 20 s): the clock runs on, nothing added
    seats = advance(spec, seats, waiting_for=[0], acted=0, now_ms=10_000, turn_ended=False)
    assert (seats[0].clock_ms, seats[0].deadline_ms) == (60_000, 60_000)
    seats = advance(spec, seats, waiting_for=[0], acted=0, now_ms=20_000, turn_ended=False)
    assert (seats[0].clock_ms, seats[0].deadline_ms) == (60_000, 60_000)
    # the turn ends at 25 s: 35 s left plus one increment of 5; seat 1's clock starts
    seats = advance(spec, seats, waiting_for=[1], acted=0, now_ms=25_000, turn_ended=True)
    assert [(s.clock_ms, s.deadline_ms) for s in seats] == [(40_000, None), (60_000, 85_000)]


def test_a_seat_no_longer_waited_for_in_mid_turn_stops_its_clock_without_the_increment():
    # a CATAN trade offer: the others answer, the offering seat's clock stops, nothing added
    spec = ClockSpec("realtime", initial_s=60, increment_s=5)
    seats = advance(spec, _seats(2, 60_000), waiting_for=[0], acted=None, now_ms=0)
    seats = advance(spec, seats, waiting_for=[1], acted=0, now_ms=10_000, turn_ended=False)
    assert [(s.clock_ms, s.deadline_ms) for s in seats] == [(50_000, None), (60_000, 70_000)]


def test_a_turn_clock_gives_every_turn_one_deadline():
    spec = ClockSpec("turn", per_move_s=3600)
    seats = advance(spec, _seats(2), waiting_for=[0], acted=None, now_ms=0)
    assert seats[0].deadline_ms == 3_600_000
    # seat 0 acts within its turn (a turn of several actions): the same deadline
    seats = advance(spec, seats, waiting_for=[0], acted=0, now_ms=1_000, turn_ended=False)
    assert seats[0].deadline_ms == 3_600_000 and seats[1].deadline_ms is None
    # its turn ends; seat 1's turn has its own hour
    seats = advance(spec, seats, waiting_for=[1], acted=0, now_ms=2_000, turn_ended=True)
    assert [s.deadline_ms for s in seats] == [None, 3_602_000]
    # in a game where each action is a turn, the seat's next action has a fresh deadline
    seats = advance(spec, seats, waiting_for=[1], acted=1, now_ms=3_000, turn_ended=True)
    assert seats[1].deadline_ms == 3_603_000


def test_a_turn_ends_with_the_games_turn_ending_actions_or_any_action_of_a_game_naming_none():
    assert ends_turn({"end_phase_b"}, {"type": "end_phase_b"})
    assert not ends_turn({"end_phase_b"}, {"type": "move", "node": 3})
    assert ends_turn(set(), {"type": "take", "count": 1})
    assert not ends_turn(set(), undo_entry(1))  # an undo never ends a turn


def test_the_rest_of_a_turn_the_bot_plays_after_a_timeout_counts_one_timeout():
    seat = SeatRecord(0, "human", "Ann", "t" * 64, clock_ms=0, timeouts=1)
    assert counted(seat, timed_out=True, decision_over=False, timeouts_to_bot=3).timeouts == 1
    assert counted(seat, timed_out=True, decision_over=True, timeouts_to_bot=3).timeouts == 2
    assert counted(seat, timed_out=False, decision_over=False, timeouts_to_bot=3).timeouts == 0
    gone = counted(seat, timed_out=True, decision_over=True, timeouts_to_bot=2)
    assert (gone.kind, gone.token_hash, gone.reclaim_hash, gone.timeouts) == ("bot", None, "t" * 64, 2)


def test_a_seat_taken_back_has_at_least_one_increment_and_the_grace_and_no_timeouts():
    # issue 24: it came back at 0:00 and timed out at once
    spec = ClockSpec("realtime", initial_s=600, increment_s=10)
    away = SeatRecord(0, "bot", "Ann", None, clock_ms=0, timeouts=3, reclaim_hash="t" * 64)
    back = taken_back(spec, away)
    assert (back.kind, back.token_hash, back.reclaim_hash, back.timeouts) == ("human", "t" * 64, None, 0)
    assert back.clock_ms == (10 + TAKE_BACK_GRACE_S) * 1000 == take_back_minimum_ms(spec)
    # a seat with more time left keeps it
    rich = dataclasses.replace(away, clock_ms=300_000)
    assert taken_back(spec, rich).clock_ms == 300_000
    # a turn clock has no bank: each turn has its deadline anyway
    assert taken_back(ClockSpec("turn", per_move_s=3600), away).clock_ms == 0


def test_in_a_simultaneous_decision_another_seats_answer_does_not_reset_a_running_clock():
    spec = ClockSpec("turn", per_move_s=3600)
    seats = advance(spec, _seats(3), waiting_for=[1, 2], acted=0, now_ms=0)
    seats = advance(spec, seats, waiting_for=[2], acted=1, now_ms=500)
    assert [s.deadline_ms for s in seats] == [None, None, 3_600_000]


def test_no_clock_never_sets_a_deadline():
    seats = advance(ClockSpec(), _seats(2), waiting_for=[0], acted=None, now_ms=0)
    assert all(s.deadline_ms is None for s in seats)


# -- the API --------------------------------------------------------------------------------

@pytest.mark.parametrize("body, where", [
    ({"clock": {"kind": "sundial"}}, "clock"),
    ({"clock": {"kind": "realtime"}}, "initial_s"),
    ({"clock": {"kind": "realtime", "initial_s": 0}}, "initial_s"),
    ({"clock": {"kind": "realtime", "initial_s": 60, "increment_s": -1}}, "increment_s"),
    ({"clock": {"kind": "realtime", "initial_s": "60"}}, "initial_s"),
    ({"clock": {"kind": "turn", "per_move_s": 59}}, "per_move_s"),
    ({"clock": {"kind": "turn", "per_move_s": 31 * 86400}}, "per_move_s"),
    ({"clock": {"kind": "turn", "per_move_s": 3600, "initial_s": 5}}, "initial_s"),
    ({"timeouts_to_bot": 0}, "timeouts_to_bot"),
    ({"timeouts_to_bot": 21}, "timeouts_to_bot"),
])
def test_a_clock_out_of_bounds_is_refused_with_422_naming_the_field(api, body, where):
    response = api.http.post("/api/tables", json={"game": "toy", "players": 2, **body})
    assert response.status_code == 422, response.text
    assert any(where in map(str, error["loc"]) for error in response.json()["detail"]), response.text


def test_every_seat_is_shown_the_clock_chosen_at_creation(api):
    table = api.http.post("/api/tables", json={
        "game": "toy", "players": 2, "clock": {"kind": "turn", "per_move_s": 86400},
        "timeouts_to_bot": 2}).json()
    waiting = api.table(table["id"])
    assert waiting["clock"] == {"kind": "turn", "per_move_s": 86400}
    assert waiting["timeouts_to_bot"] == 2
    assert waiting["seats"][0]["deadline_ms"] is None  # nothing runs while a seat is open
    bob = api.join(table["id"])
    started = api.table(table["id"], bob["token"])
    deadline = started["seats"][0]["deadline_ms"]
    assert deadline is not None and started["seats"][1]["deadline_ms"] is None
    api.act_ok(table["id"], table["token"], 0, TAKE)
    moved = api.table(table["id"])
    assert moved["seats"][0]["deadline_ms"] is None and moved["seats"][1]["deadline_ms"] is not None


def _clocked_table(api, initial_s: int = 1, timeouts_to_bot: int = 1, players: int = 2,
                   pile: int = 21) -> tuple[str, list[str]]:
    response = api.http.post("/api/tables", json={
        "game": "toy", "players": players, "name": "Ann", "options": {"pile": pile},
        "clock": {"kind": "realtime", "initial_s": initial_s}, "timeouts_to_bot": timeouts_to_bot})
    assert response.status_code == 201, response.text
    table = response.json()
    tokens = [table["token"]] + [api.join(table["id"])["token"] for _ in range(players - 1)]
    return table["id"], tokens


def test_a_seat_out_of_time_is_played_by_the_bot_and_logged_as_a_timeout(api):
    tid, tokens = _clocked_table(api, initial_s=1, timeouts_to_bot=2)
    # Ann does nothing: after a second the bot plays her move, marked as a timeout
    after = api.wait_until(tid, None, lambda s: s["seq"] >= 1)
    assert after["timed_out"][0] == {"seq": 1, "seat": 0}
    ann = after["seats"][0]
    assert ann["kind"] == "human" and ann["timeouts"] == 1 and ann["clock_ms"] == 0
    # Bob answers in time: his count stays 0; Ann's next move times out at once (no time left),
    # her second timeout in a row, and her seat goes to the bot until she takes it back.
    api.act_ok(tid, tokens[1], after["seq"], TAKE)
    gone = api.wait_until(tid, None, lambda s: s["seats"][0]["kind"] == "bot")
    assert gone["seats"][0]["away"] is True and gone["seats"][0]["timeouts"] == 2
    assert [t["seat"] for t in gone["timed_out"]] == [0, 0]
    assert gone["seats"][1]["timeouts"] == 0
    # Ann's token reads the table (as a spectator) and takes the seat back
    assert api.act(tid, tokens[0], gone["seq"], TAKE).status_code == 403
    path = f"/api/tables/{tid}/seats/0/take-back"
    assert api.http.post(path, headers=auth(tokens[1])).status_code == 403  # not Bob's to take
    assert api.http.post(path, headers=auth(tokens[0])).status_code == 204
    back = api.table(tid, tokens[0])
    assert back["you"] == 0 and back["seats"][0]["kind"] == "human" and back["seats"][0]["timeouts"] == 0
    # issue 24: not at 0:00 (it would time out at once): no increment here, so the grace alone
    assert back["seats"][0]["clock_ms"] == TAKE_BACK_GRACE_S * 1000


def test_the_finished_log_marks_the_timeouts(api):
    tid, tokens = _clocked_table(api, initial_s=1, timeouts_to_bot=1, pile=5)
    api.act_ok(tid, tokens[0], 0, TAKE)  # in time
    done = api.wait_until(tid, None, lambda s: s["status"] == "finished")
    log = api.http.get(f"/api/tables/{tid}/log").json()
    marks = [(a["seq"], a["seat"], a["timeout"]) for a in log["actions"]]
    assert marks[0] == (1, 0, False)
    # Bob never moved: his first move was the bot's, on a timeout, and his seat went to the bot
    assert marks[1] == (2, 1, True)
    assert [t["seq"] for t in done["timed_out"]] == [seq for seq, _, timeout in marks if timeout]


def test_a_table_whose_players_walk_away_finishes_by_its_clock_across_a_sigkill(serve):  # noqa: F811
    from tests.server.helpers import Api

    server = serve()
    with Api(server.url) as api:
        tid, tokens = _clocked_table(api, initial_s=8, timeouts_to_bot=1)
        started = api.table(tid)
        assert started["seq"] == 0 and started["seats"][0]["deadline_ms"] is not None
    server.kill()  # before Ann's 8 seconds are up: nobody has moved
    deadline = started["seats"][0]["deadline_ms"] / 1000
    while time.time() < deadline + 0.5:  # let Ann's clock run out while no server runs
        time.sleep(0.1)

    server = serve()
    with Api(server.url) as api:
        # nobody opens the table: the restarted server plays the overdue timeout by itself;
        # then Ann's seat is a bot, Bob's clock runs out too, and the bots finish the game
        done = api.wait_until(tid, None, lambda s: s["status"] == "finished", timeout=120)
        assert [s["kind"] for s in done["seats"]] == ["bot", "bot"]
        assert all(s["away"] for s in done["seats"])
        log = api.http.get(f"/api/tables/{tid}/log").json()
        assert log["actions"][0]["seat"] == 0 and log["actions"][0]["timeout"] is True
        assert any(a["seat"] == 1 and a["timeout"] for a in log["actions"])


def test_gametable_replay_marks_the_moves_the_bot_played_on_a_timeout(api, tmp_path, toy_registered):
    from typer.testing import CliRunner

    from gametable.cli import app

    tid, tokens = _clocked_table(api, initial_s=1, timeouts_to_bot=1, pile=5)
    api.act_ok(tid, tokens[0], 0, TAKE)  # Ann in time; Bob never moves
    api.wait_until(tid, None, lambda s: s["status"] == "finished")
    path = tmp_path / "log.json"
    path.write_text(api.http.get(f"/api/tables/{tid}/log").text)
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    first = next(line for line in lines if line.startswith("Move 1 of"))
    second = next(line for line in lines if line.startswith("Move 2 of"))
    assert "out of time" not in first and "Ann" in first
    assert second.endswith("· out of time: played by the bot")


def test_gametable_vapid_keys_makes_a_key_the_server_can_use(tmp_path):
    from typer.testing import CliRunner

    from gametable.cli import app
    from gametable.server.push import application_server_key, load_key

    path = tmp_path / "vapid.pem"
    result = CliRunner().invoke(app, ["vapid-keys", str(path)])
    assert result.exit_code == 0, result.output
    assert application_server_key(load_key(str(path))) in result.stdout
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    again = CliRunner().invoke(app, ["vapid-keys", str(path)])  # never overwrites a key
    assert again.exit_code != 0 and "exists already" in again.output


def test_a_gwt_seat_gains_its_increment_when_its_turn_ends_not_at_each_action(api):
    # issue 24: 30:00 became 33:46 after six turns, the increment added at every action
    response = api.http.post("/api/tables", json={
        "game": "gwt", "players": 2, "name": "Ann", "clock": {"kind": "realtime", "initial_s": 600,
                                                              "increment_s": 60}})
    table = response.json()
    bob = api.join(table["id"])
    tokens = [table["token"], bob["token"]]
    start = api.table(table["id"], tokens[0])
    first = start["view"]["to_act"][0]  # the starting player is drawn
    token = tokens[first]
    deadline = start["seats"][first]["deadline_ms"]
    seq = start["seq"]
    while True:  # the first player's turn, action by action (the turn's end last)
        view = api.table(table["id"], token)
        if view["view"]["to_act"] != [first]:
            break
        legal, ends = view["legal_actions"], view["ends_turn"]
        choice = next((a for a, end in zip(legal, ends) if not end), legal[0])
        ending = ends[legal.index(choice)]
        seq = api.act_ok(table["id"], token, view["seq"], choice)
        seat = api.table(table["id"], token)["seats"][first]
        if not ending:  # within the turn: the clock runs on, nothing added
            assert (seat["clock_ms"], seat["deadline_ms"]) == (600_000, deadline)
    seat = api.table(table["id"], token)["seats"][first]
    assert seat["deadline_ms"] is None and seq >= 2
    # time left at the turn's end plus one increment: between 10:00 and 11:00, once
    assert 600_000 < seat["clock_ms"] <= 660_000


def test_a_timed_out_gwt_turn_is_played_to_its_end_by_the_bot_and_counts_one_timeout(api):
    response = api.http.post("/api/tables", json={
        "game": "gwt", "players": 2, "name": "Ann", "timeouts_to_bot": 20,
        "clock": {"kind": "realtime", "initial_s": 1, "increment_s": 0}})
    table = response.json()
    api.join(table["id"])
    first = api.table(table["id"])["view"]["to_act"][0]
    # nobody moves: after a second the bot plays the first player's whole turn (each action
    # marked as a timeout), and the turn counts one timeout, not one per action
    done = api.wait_until(table["id"], None, lambda s: first not in s["view"]["to_act"])
    played = [t["seq"] for t in done["timed_out"] if t["seat"] == first]
    assert len(played) >= 2 and played[:2] == [1, 2]  # a GWT turn is several actions
    seat = done["seats"][first]
    # (the clocks go on running while we read: later turns may have timed out too, each
    # of at least two actions)
    assert seat["kind"] == "human" and 1 <= seat["timeouts"] <= len(played) // 2
