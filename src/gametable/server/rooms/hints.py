"""Hints on friendly tables: a table created with hints gives the seat to act the search's top
three choices with their expected final VP (hint_search.py), thought in the bot pool's worker
processes off the event loop. A table with hints is never rated (core.settle)."""

from __future__ import annotations

import asyncio
from typing import Any

from gametable.server.bots import BotRunner
from gametable.server.core import TableCore
from gametable.server.errors import Conflict, Forbidden
from gametable.server.hint_search import hint_budget, top_choices
from gametable.server.live_table import acting_seat


class Hints:
    def __init__(self, core: TableCore, bots: BotRunner, effort: float = 1.0) -> None:
        self.core = core
        self.bots = bots
        self.effort = effort

    async def hint(self, table_id: str, token: str | None, player_id: str | None = None) -> dict[str, Any]:
        """The search's top choices for the caller's seat, which must be the one to act at a
        table with hints (403 otherwise). ``seq`` says which position they are for."""
        async with self.core.locked(table_id) as table:
            if not table.record.hints:
                raise Forbidden("this table gives no hints: only tables created with hints do "
                                "(they are not rated)")
            if token is None and player_id is None:
                raise Forbidden("hints are for the seat to act: send its token (or sign in as its player)")
            seat = acting_seat(table, token, player_id)
            if table.status != "playing" or seat not in table.state.to_act():
                raise Forbidden("hints are for the seat to act; ask when it is your turn")
            if hint_budget(table.record.game, self.effort) is None:
                raise Conflict(f"this server has no search bot for {table.record.game} to give hints")
            game_name, seq, seed = table.record.game, table.seq, table.record.bot_seed + table.seq
            position = table.state.clone()
        choices = await asyncio.get_running_loop().run_in_executor(
            self.bots.pool(), top_choices, game_name, position, seat, seed, self.effort)
        return {"seq": seq, "seat": seat, "choices": choices}
