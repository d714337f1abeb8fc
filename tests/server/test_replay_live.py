"""Issue 9, replay while playing: a running game's positions, each as the asking seat saw it then
(a spectator: as spectators did), never another seat's hidden hand; a finished game as before."""

from __future__ import annotations

import json

import pytest

from gametable.bots.random_bot import RandomBot
from gametable.engine import replay
from gametable.server.replays import ReplayCheckpoints
from gametable.sim.runner import play_game
from tests.server.conftest import CATALOG
from tests.server.helpers import auth

TOY = CATALOG.get("toy")


def _as_json(value):
    return json.loads(json.dumps(value))


def _running_game(api, live, actions: int):
    """A 2-seat toy game of two people with ``actions`` actions taken; its id, tokens, the seed
    and the moves (read from the store: the API keeps the seed secret while the game runs)."""
    table = api.create(players=2, options={"pile": 21})
    bob = api.join(table["id"])
    tokens = {0: table["token"], 1: bob["token"]}
    seq = 0
    for _ in range(actions):
        seat = api.table(table["id"])["view"]["to_act"][0]
        seq = api.act_ok(table["id"], tokens[seat], seq, {"type": "take", "count": 1})
    record = live.manager.store.load_table(table["id"])
    moves = [(a.seat, a.action) for a in live.manager.store.actions_after(table["id"], 0)]
    return table["id"], tokens, record, moves


def _view(record, moves, n, seat):
    return _as_json(replay(TOY, 2, record.seed, record.options, moves[:n]).view(seat))


def _replay(api, table_id, n, token=None):
    return api.http.get(f"/api/tables/{table_id}/replay/{n}", headers=auth(token))


def test_a_seat_steps_back_through_a_running_game_seeing_only_its_own_hand(api, live):
    table_id, tokens, record, moves = _running_game(api, live, actions=5)
    assert api.table(table_id)["status"] == "playing"
    for n in range(len(moves), -1, -1):
        for seat, token in tokens.items():
            position = _replay(api, table_id, n, token).json()
            assert position["n"] == n and position["seq"] == len(moves) and position["you"] == seat
            assert position["view"] == _view(record, moves, n, seat), (n, seat)
            players = position["view"]["players"]
            assert "hand" in players[seat] and "hand" not in players[1 - seat]  # the other's stays hidden
        watched = _replay(api, table_id, n).json()
        assert watched["you"] is None and watched["view"] == _view(record, moves, n, None)
        assert all("hand" not in p for p in watched["view"]["players"])
    # the last position is the table as the seat sees it now
    assert _replay(api, table_id, len(moves), tokens[0]).json()["view"] == api.table(table_id, tokens[0])["view"]


def test_a_running_games_replay_follows_the_moves_made_after_it_was_opened(api, live):
    table_id, tokens, _, _ = _running_game(api, live, actions=3)
    assert _replay(api, table_id, 3, tokens[0]).status_code == 200  # builds the checkpoints
    assert _replay(api, table_id, 4, tokens[0]).status_code == 404  # no such position yet
    seq = 3
    for _ in range(12):  # 15 of the pile's 21: the game still runs
        seat = api.table(table_id)["view"]["to_act"][0]
        seq = api.act_ok(table_id, tokens[seat], seq, {"type": "take", "count": 1})
    assert api.table(table_id)["status"] == "playing"
    record = live.manager.store.load_table(table_id)
    moves = [(a.seat, a.action) for a in live.manager.store.actions_after(table_id, 0)]
    assert len(moves) == 15
    for n in range(len(moves), -1, -1):
        assert _replay(api, table_id, n, tokens[1]).json()["view"] == _view(record, moves, n, 1), n


def test_a_finished_game_replays_the_spectators_view_whoever_asks(api, live):
    table_id, tokens, _, _ = _running_game(api, live, actions=0)
    seq = 0
    while api.table(table_id)["status"] == "playing":
        seat = api.table(table_id)["view"]["to_act"][0]
        seq = api.act_ok(table_id, tokens[seat], seq, api.table(table_id, tokens[seat])["legal_actions"][0])
    record = live.manager.store.load_table(table_id)
    moves = [(a.seat, a.action) for a in live.manager.store.actions_after(table_id, 0)]
    for n in (0, len(moves) // 2, len(moves)):
        for token in (None, tokens[0], tokens[1]):
            position = _replay(api, table_id, n, token).json()
            assert position["you"] is None and position["view"] == _view(record, moves, n, None)


@pytest.mark.parametrize("header, status", [({"Authorization": "Bearer not-a-seat"}, 403),
                                            ({"Authorization": "Basic abc"}, 401)])
def test_a_replay_asked_with_a_token_of_no_seat_is_refused(api, live, header, status):
    table_id, _, _, _ = _running_game(api, live, actions=2)
    response = api.http.get(f"/api/tables/{table_id}/replay/1", headers=header)
    assert response.status_code == status and response.json()["detail"]


@pytest.mark.parametrize("every", [1, 3, 8])
def test_checkpoints_extended_piece_by_piece_equal_checkpoints_made_at_once(every):
    moves: list = []
    play_game(TOY, 3, 7, [RandomBot(7)] * 3, options={"pile": 21}, actions_out=moves)
    grown = ReplayCheckpoints(TOY.new(3, 7, {"pile": 21}), moves[:2], every)
    known = 2
    for end in (3, 3, 8, 9, 16, len(moves)):  # some pieces end on a checkpoint, one adds nothing
        grown.extend(known, moves[known:end])
        grown.extend(max(0, known - 2), moves[max(0, known - 2):end])  # a second caller, overlapping
        known = end
    whole = ReplayCheckpoints(TOY.new(3, 7, {"pile": 21}), moves, every)
    assert grown.length == whole.length == len(moves)
    assert len(grown.checkpoints) == len(whole.checkpoints) == len(moves) // every + 1
    for n in range(len(moves), -1, -1):
        assert grown.view_at(n, n % 3) == whole.view_at(n, n % 3)
        assert grown.view_at(n, n % 3)[0] == replay(TOY, 3, 7, {"pile": 21}, moves[:n]).view(n % 3)
    with pytest.raises(ValueError):
        grown.extend(len(moves) + 1, moves[:1])  # a gap: refused, nothing added
    assert grown.length == len(moves)
