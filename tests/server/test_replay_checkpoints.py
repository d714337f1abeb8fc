"""Finding 7 of issue 13: stepping a replay backwards replayed the game from its start. Positions
now come from checkpoints every CHECKPOINT_EVERY actions; they must be exactly the full replay's."""

from __future__ import annotations

import asyncio
import json
import random
import secrets

import pytest

from gametable.bots.random_bot import RandomBot
from gametable.engine import replay, resolve_options
from gametable.server.replays import CHECKPOINT_EVERY, ReplayCheckpoints
from gametable.server.store import ActionRecord, Append, LogStore, SeatRecord, TableRecord
from gametable.server.live_table import now_ms
from gametable.server.tables import TableManager
from gametable.sim.runner import play_game
from tests.server.conftest import CATALOG
from tests.server.helpers import auth

GAME = "catan-on-the-road"


def _finished_game(store: LogStore, game_name: str, players: int, seed: int) -> tuple[str, list]:
    """A game played to its end by random bots, stored as a finished table; its id and moves."""
    game = CATALOG.get(game_name)
    moves: list = []
    play_game(game, players, seed, [RandomBot(seed + s) for s in range(players)], actions_out=moves)
    table_id = f"replay-{secrets.token_hex(6)}"
    store.create_table(
        TableRecord(id=table_id, game=game.name, num_players=players,
                    options=resolve_options(game.options, {}), seed=seed, bot_seed=1,
                    creator_hash="h" * 64, created_ms=now_ms(), finished_ms=None),
        [SeatRecord(s, "bot", "", None) for s in range(players)])
    store.append_many([Append(table_id, ActionRecord(i + 1, seat, action, now_ms()),
                              finished=i + 1 == len(moves))
                       for i, (seat, action) in enumerate(moves)])
    return table_id, moves


def _full_replay_view(game_name: str, players: int, seed: int, moves: list, n: int,
                      options: dict | None = None) -> dict:
    game = CATALOG.get(game_name)
    state = replay(game, players, seed, resolve_options(game.options, options or {}), moves[:n])
    return {"view": state.view(None), "to_act": state.to_act()}


def test_finding_7_every_replay_position_equals_a_full_replay_of_a_real_game(store):
    table_id, moves = _finished_game(store, GAME, 3, seed=11)
    assert len(moves) > 3 * CHECKPOINT_EVERY
    order = list(range(len(moves), -1, -1))  # every position, stepping backwards
    order += random.Random(5).sample(range(len(moves) + 1), 40)  # and jumping about

    async def positions() -> list[dict]:
        manager = TableManager(store, CATALOG)
        try:
            return [await manager.replay_view(table_id, n) for n in order]
        finally:
            await manager.stop()

    for n, served in zip(order, asyncio.run(positions())):
        assert served["n"] == n and served["seq"] == len(moves)
        assert {"view": served["view"], "to_act": served["to_act"]} == \
            _full_replay_view(GAME, 3, 11, moves, n), n


def test_finding_7_a_backward_step_applies_fewer_actions_than_a_checkpoint_interval(store, monkeypatch):
    table_id, moves = _finished_game(store, GAME, 3, seed=12)
    state_class = type(CATALOG.get(GAME).new(3, 12, {}))
    applied = []
    original_apply = state_class.apply

    def counting_apply(self, seat, action):
        applied.append(1)
        return original_apply(self, seat, action)

    monkeypatch.setattr(state_class, "apply", counting_apply)

    async def steps() -> list[int]:
        manager = TableManager(store, CATALOG)
        counts = []
        try:
            await manager.replay_view(table_id, len(moves))  # opens the replay: builds checkpoints
            for n in range(len(moves) - 1, -1, -1):
                applied.clear()
                await manager.replay_view(table_id, n)
                counts.append(len(applied))
        finally:
            await manager.stop()
        return counts

    counts = asyncio.run(steps())
    assert max(counts) == CHECKPOINT_EVERY - 1
    assert counts == [n % CHECKPOINT_EVERY for n in range(len(moves) - 1, -1, -1)]


def test_finding_7_a_forward_step_applies_one_action(store, monkeypatch):
    """Stepping forward goes on from the position served last, as before checkpoints: one
    action per step, not a checkpoint's clone plus up to 31 actions."""
    table_id, moves = _finished_game(store, GAME, 3, seed=13)
    state_class = type(CATALOG.get(GAME).new(3, 13, {}))
    applied = []
    original_apply = state_class.apply
    monkeypatch.setattr(state_class, "apply",
                        lambda self, seat, action: applied.append(1) or original_apply(self, seat, action))

    async def steps() -> list[tuple[int, dict]]:
        manager = TableManager(store, CATALOG)
        served = []
        try:
            await manager.replay_view(table_id, 0)  # opens the replay: builds checkpoints
            for n in range(1, len(moves) + 1):
                applied.clear()
                position = await manager.replay_view(table_id, n)
                served.append((len(applied), position))
        finally:
            await manager.stop()
        return served

    served = asyncio.run(steps())
    # (at a checkpoint, none: its clone is the position)
    assert [count for count, _ in served] == [0 if n % CHECKPOINT_EVERY == 0 else 1
                                              for n in range(1, len(moves) + 1)]
    for n, (_, position) in enumerate(served, start=1):
        assert {"view": position["view"], "to_act": position["to_act"]} == \
            _full_replay_view(GAME, 3, 13, moves, n), n


def test_finding_7_replays_served_over_http_equal_a_full_replay_of_the_toy_game(api):
    table = api.create(players=2, bots=[1], options={"pile": 21})
    tid = table["id"]
    # The creator hands their seat to a bot too: the bots play the game to its end.
    assert api.http.post(f"/api/tables/{tid}/seats/0/bot", headers=auth(table["token"])).status_code == 204
    api.wait_until(tid, None, lambda s: s["status"] == "finished")
    log = api.http.get(f"/api/tables/{tid}/log").json()
    moves = [(a["seat"], a["action"]) for a in log["actions"]]
    for n in [*range(len(moves), -1, -1), len(moves), 0, len(moves) // 2]:
        served = api.http.get(f"/api/tables/{tid}/replay/{n}").json()
        expected = json.loads(json.dumps(_full_replay_view("toy", 2, log["seed"], moves, n, log["options"])))
        assert {"view": served["view"], "to_act": served["to_act"]} == expected, n


def test_finding_7_checkpoints_hold_every_position_of_the_game(store):
    game = CATALOG.get("toy")
    moves: list = []
    play_game(game, 3, 4, [RandomBot(4)] * 3, options={"pile": 21}, actions_out=moves)
    for every in (1, 2, 5, len(moves), len(moves) + 3):
        checkpoints = ReplayCheckpoints(game.new(3, 4, {"pile": 21}), moves, every)
        assert len(checkpoints.checkpoints) == len(moves) // every + 1
        for n in range(len(moves), -1, -1):
            assert checkpoints.position(n).view(None) == replay(game, 3, 4, {"pile": 21}, moves[:n]).view(None)
    with pytest.raises(IndexError):
        checkpoints.position(len(moves) + 1)
