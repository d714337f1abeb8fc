"""Every reader of a table's log understands undo entries (issue 9): the replay positions of a
finished game (server/replays.py), the log endpoint, and `gametable replay` on a saved log."""

from __future__ import annotations

import asyncio
import json
import random
import secrets

from typer.testing import CliRunner

from gametable.cli import app
from gametable.engine import UNDO, is_undo, replay, resolve_options
from gametable.server.store import ActionRecord, Append, LogStore, SeatRecord, TableRecord
from gametable.server.live_table import now_ms
from gametable.server.tables import TableManager
from tests.server.conftest import CATALOG
from tests.games.undo_checks import play_with_undos

GAME = "gwt"


def _finished_game_with_undos(store: LogStore, seed: int) -> tuple[str, list]:
    """A random 2-player game with undos mixed in, stored as a finished table."""
    game = CATALOG.get(GAME)
    options = resolve_options(game.options, {})
    entries = play_with_undos(game, 2, seed, lambda data: None, options).entries
    assert any(is_undo(action) for _, action in entries)
    table_id = f"undo-{secrets.token_hex(6)}"
    store.create_table(
        TableRecord(id=table_id, game=game.name, num_players=2, options=options, seed=seed,
                    bot_seed=1, creator_hash="h" * 64, created_ms=now_ms(), finished_ms=None),
        [SeatRecord(0, "human", "Ann", None), SeatRecord(1, "human", "Bob", None)])
    store.append_many([Append(table_id, ActionRecord(i + 1, seat, action, now_ms()),
                              finished=i + 1 == len(entries))
                       for i, (seat, action) in enumerate(entries)])
    return table_id, entries


def test_replay_positions_and_the_log_of_a_game_with_undos(store, tmp_path):
    table_id, entries = _finished_game_with_undos(store, seed=21)
    game = CATALOG.get(GAME)
    options = resolve_options(game.options, {})
    after_undos = [n for n, (_, action) in enumerate(entries, start=1) if is_undo(action)]
    order = after_undos[:15] + [n - 1 for n in after_undos[:5]]
    order += random.Random(3).sample(range(len(entries) + 1), 15) + [len(entries), 0]

    async def read() -> tuple[list[dict], dict]:
        manager = TableManager(store, CATALOG)
        try:
            served = [await manager.replay_view(table_id, n) for n in order]
            return served, await manager.public_log(table_id)
        finally:
            await manager.stop()

    served, log = asyncio.run(read())
    for n, position in zip(order, served):
        state = replay(game, 2, 21, options, entries[:n])
        assert (position["view"], position["to_act"]) == (state.view(None), state.to_act()), n
    assert [a["action"] for a in log["actions"]] == [action for _, action in entries]
    assert sum(a["action"]["type"] == UNDO for a in log["actions"]) == len(after_undos)

    path = tmp_path / "log.json"
    path.write_text(json.dumps(log))
    result = CliRunner().invoke(app, ["replay", str(path), "--verify"])
    assert result.exit_code == 0, result.output
    result = CliRunner().invoke(app, ["replay", str(path), "--to", str(after_undos[0])])
    assert result.exit_code == 0, result.output
    assert "takes back" in result.stdout
