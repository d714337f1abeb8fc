"""A person's move: an action or an undo, checked against the table as it is now and handed to
the core's commit path (gametable.server.core), which applies, commits and announces it."""

from __future__ import annotations

from typing import Any, Callable

from gametable.engine import is_undo, undo_entry
from gametable.server.core import TableCore
from gametable.server.errors import BadRequest, Conflict, Forbidden
from gametable.server.live_table import LiveTable, acting_seat


class Moves:
    def __init__(self, core: TableCore) -> None:
        self.core = core
        #: Forbidden for a suspended player's seat (the moderation room sets it)
        self.refuse_suspended: Callable[[str | None], None] = lambda player_id: None

    async def check_current(self, table: LiveTable, seat: int, seq: int) -> None:
        """409 unless the game runs and a decision ``seat`` made at ``seq`` is still current."""
        if seq > table.seq:
            # Another server process may have committed actions we have not heard of yet.
            await self.core.catch_up(table)
        if table.status == "finished":
            raise Conflict("the game is over; no more actions can be taken")
        if table.status == "waiting":
            raise Conflict("the game starts when every seat is taken")
        if not table.is_current(seat, seq):
            raise Conflict(f"stale seq {seq}: the table is at seq {table.seq} and your "
                           "choices have changed since; look at the table again and decide anew")

    async def act(self, table_id: str, token: str | None, seq: int, action: Any,
                  received_at: float | None = None, player_id: str | None = None) -> int:
        """A person's action (by seat token, or as the signed-in player ``player_id``):
        checked, committed, then announced. Returns the new seq. ``received_at``: when its
        request arrived (time.perf_counter()), for the metrics."""
        async with self.core.locked(table_id) as table:
            seat = acting_seat(table, token, player_id)
            self.refuse_suspended(table.seats[seat].player_id)
            await self.check_current(table, seat, seq)
            if seat not in table.state.to_act():
                waiting = ", ".join(map(str, table.state.to_act()))
                raise Forbidden(f"it is not seat {seat}'s turn (waiting for seat {waiting})")
            if is_undo(action):
                raise BadRequest("an undo is not an action: send it to POST /api/tables/{id}/undo")
            await self.core.commit(table, seat, action, received_at)
            return table.seq

    async def undo(self, table_id: str, token: str | None, seq: int, steps: int = 1,
                   received_at: float | None = None, player_id: str | None = None) -> int:
        """A person takes back its seat's last ``steps`` actions of this turn (engine/undo.py):
        logged as an undo entry of its own, applied and announced like an action. 409 when
        they may not be (nothing to undo since the last reveal, or fewer actions than asked)."""
        async with self.core.locked(table_id) as table:
            seat = acting_seat(table, token, player_id)
            self.refuse_suspended(table.seats[seat].player_id)
            await self.check_current(table, seat, seq)
            allowed = table.undo_steps(seat)
            if allowed < steps:
                raise Conflict(
                    f"seat {seat} can take back {allowed} action(s) now, not {steps}" if allowed else
                    "nothing to undo: only your own actions since the start of your turn, the last "
                    "card, tile or event drawn, shuffle or other seat's action can be taken back")
            await self.core.commit(table, seat, undo_entry(steps), received_at)
            return table.seq
