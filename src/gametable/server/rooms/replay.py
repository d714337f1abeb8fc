"""Replays: a game's public log (everything, seed included, once it is finished) and the table
after any number of its actions, from cached checkpoints (gametable.server.replays)."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

from gametable.engine import log_for
from gametable.server.core import TableCore
from gametable.server.errors import NotFound
from gametable.server.live_table import LiveTable, made_once, seat_for_token
from gametable.server.replays import ReplayCheckpoints

#: how many finished games keep their replay checkpoints (each well under a few MB: replays.py)
_REPLAY_CACHE_SIZE = 32


class Replays:
    def __init__(self, core: TableCore) -> None:
        self.core = core
        self._replays: OrderedDict[str, ReplayCheckpoints] = OrderedDict()
        self._replay_builds: dict[str, asyncio.Future[ReplayCheckpoints]] = {}

    def forget(self, table_ids: list[str]) -> None:
        """Tables deleted from the store (retention): their checkpoints go too."""
        for table_id in table_ids:
            self._replays.pop(table_id, None)

    async def public_log(self, table_id: str) -> dict[str, Any]:
        """A running game: the public game log only. A finished one: everything, seed included."""
        async with self.core.locked(table_id) as table:
            state, record = table.state, table.record
            data: dict[str, Any] = {
                "id": table.id, "game": record.game, "status": table.status, "seq": table.seq,
                "players": record.num_players, "options": record.options,
                "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name} for s in table.seats],
                "log": log_for(state.log, None), "seed": None, "actions": None, "result": None,
            }
            finished = state.is_over()
            if finished:
                data["result"] = state.result()
                data["log"] = list(state.log)
        if finished:
            actions = await self.core.read(self.core.store.actions_after, table_id, 0)
            data["seed"] = record.seed
            data["actions"] = [{"seq": a.seq, "seat": a.seat, "action": a.action, "time": a.time,
                                "timeout": a.timeout}
                               for a in actions]
        return data

    async def replay_view(self, table_id: str, n: int, token: str | None = None,
                          player_id: str | None = None) -> dict[str, Any]:
        """The table after its first ``n`` actions, as the caller may see it: while the game
        runs, a seat's token gets that seat's view then (what it saw at the time) and anyone
        else the spectators' view; a finished game shows everyone the spectators' view. From
        the nearest checkpoint at or before n plus at most CHECKPOINT_EVERY - 1 actions
        (replays.py). A signed-in player (``player_id``, no token) is their seat."""
        async with self.core.locked(table_id) as table:
            seat = seat_for_token(table, token, player_id)  # Forbidden for a token of no seat here
            if table.status == "finished":
                seat = None
            seq = table.seq
            if not 0 <= n <= seq:
                raise NotFound(f"this game has positions 0 to {seq}, not {n}")
        checkpoints = await self._replay_checkpoints(table, seq)
        view, to_act = await asyncio.to_thread(checkpoints.view_at, n, seat)
        return {"id": table_id, "n": n, "seq": seq, "you": seat, "view": view, "to_act": to_act}

    async def _replay_checkpoints(self, table: LiveTable, seq: int) -> ReplayCheckpoints:
        """The table's checkpoints, holding at least its first ``seq`` actions: from the cache
        (extended by the actions committed since, in a running game), or built once (one full
        replay, on a worker thread) however many ask at the same time."""
        checkpoints = self._replays.get(table.id)
        if checkpoints is not None:
            self._replays.move_to_end(table.id)
        else:
            async def build() -> ReplayCheckpoints:
                actions = await self.core.read(self.core.store.actions_after, table.id, 0)
                record = table.record
                start = table.game.new(record.num_players, record.seed, record.options)
                return await asyncio.to_thread(ReplayCheckpoints, start,
                                               [(a.seat, a.action) for a in actions])

            checkpoints, made_here = await made_once(self._replay_builds, table.id, build)
            if made_here:
                self._replays[table.id] = checkpoints
                while len(self._replays) > _REPLAY_CACHE_SIZE:
                    self._replays.popitem(last=False)
        if checkpoints.length < seq:
            known = checkpoints.length
            newer = await self.core.read(self.core.store.actions_after, table.id, known)
            await asyncio.to_thread(checkpoints.extend, known, [(a.seat, a.action) for a in newer])
        return checkpoints
