"""Clocks that run out: when a person's deadline passes (gametable.server.deadlines wakes this
room), the bot plays one action for that seat, logged as a timeout; after the table's number
of timeouts in a row the seat goes to the bot (gametable.server.clocks, live_table.clocked)."""

from __future__ import annotations

from typing import Any, Awaitable, Protocol

from gametable.server import clocks
from gametable.server.core import TableCore
from gametable.server.errors import Conflict, NotFound
from gametable.server.leases import OwnedElsewhere
from gametable.server.live_table import LiveTable, now_ms, waiting_for_people


class Decides(Protocol):
    """The bot runner's decision for a seat (gametable.server.bots.BotRunner.decide)."""

    def decide(self, table: LiveTable, seat: int) -> Awaitable[Any]: ...


class Timeouts:
    def __init__(self, core: TableCore, bots: Decides) -> None:
        self.core = core
        self.bots = bots

    async def on_deadline(self, table_id: str) -> None:
        """The scheduler says a clock of this table may have run out: the bot plays one action
        for each person seat whose deadline has passed (logged as a timeout), until none has."""
        try:
            async with self.core.locked(table_id) as table:
                for _attempt in range(8):  # each time: one timeout, or a table rebuilt after a race
                    now = now_ms()
                    overdue = [s for s in waiting_for_people(table.state, table.seats)
                               if table.seats[s].deadline_ms is not None
                               and table.seats[s].deadline_ms <= now]
                    if not overdue:
                        break
                    seat = min(overdue, key=lambda s: (table.seats[s].deadline_ms, s))
                    try:
                        action = await self.bots.decide(table, seat)
                        await self.core.commit(table, seat, action, timed_out=True)
                    except Conflict:
                        continue  # another process committed first: the table was rebuilt
                self.core.deadlines.note(table.id, clocks.next_deadline(table.seats))
        except (NotFound, OwnedElsewhere):
            return  # deleted meanwhile, or another process's clock to play
