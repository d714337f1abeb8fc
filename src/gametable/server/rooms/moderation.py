"""Moderation: a player reports another player or a chat message (the evidence is copied at
report time, so deleting the table later keeps it), blocks a player (their chat is not handed
to the blocker, they cannot join a table the blocker sits at: rooms/chat.py, rooms/seating.py),
or mutes a table's chat for itself. The operator reviews reports and suspends players with
`gametable admin` (gametable.admin_cli)."""

from __future__ import annotations

import asyncio
import logging

from gametable.server.core import TableCore
from gametable.server.errors import BadRequest, Forbidden, NotFound
from gametable.server.live_table import now_ms
from gametable.server.moderation_store import SUSPENDED, ModerationStore

log = logging.getLogger("gametable.server.moderation")

#: how often the suspended players are read again (the operator's command runs elsewhere): a
#: seat token of a player suspended acts until then; its session is refused at once
SUSPENSIONS_REFRESH_SECONDS = 15.0


class Moderation:
    def __init__(self, core: TableCore) -> None:
        self.core = core
        self.store = ModerationStore(core.store)
        self.suspended: frozenset[str] = frozenset()

    def refuse_suspended(self, player_id: str | None) -> None:
        """Forbidden for a suspended player (an action or a message by a seat token, whose
        session would have been refused already): a set lookup, no query."""
        if player_id is not None and player_id in self.suspended:
            raise Forbidden(SUSPENDED)

    async def keep_suspensions(self) -> None:
        while True:
            try:
                self.suspended = await self.core.read(self.store.suspended_ids)
            except Exception:  # noqa: BLE001 - tried again at the next round
                log.exception("could not read the suspended players")
            await asyncio.sleep(SUSPENSIONS_REFRESH_SECONDS)

    async def _existing_player(self, player_id: str) -> None:
        if await self.core.read(self.core.players.player, player_id) is None:
            raise NotFound("there is no player with this id")

    async def report(self, reporter_id: str, reason: str, player_id: str | None = None,
                     table_id: str | None = None, chat_id: int | None = None) -> int:
        """Keep a report with its evidence; returns its id."""
        if chat_id is not None:
            if table_id is None:
                raise BadRequest("a reported chat message needs its table_id too")
            table = await self.core.table(table_id)  # 404 for no table
            evidence = await self.core.read(self.store.chat_evidence, table_id, chat_id)
            if evidence is None:
                raise NotFound("there is no chat message with this id at this table")
            seat = evidence["message"]["seat"]
            player_id = table.seats[seat].player_id if seat < len(table.seats) else None
            evidence["table"] = {"id": table_id, "game": table.record.game,
                                 "seats": [{"seat": s.seat, "name": s.name, "player": s.player_id}
                                           for s in table.seats]}
        elif player_id is not None:
            await self._existing_player(player_id)
            evidence = {}
        else:
            raise BadRequest("say whom you report: a player_id, or a table_id and chat_id")
        if player_id == reporter_id:
            raise BadRequest("you cannot report yourself")
        if player_id is not None:
            names = await self.core.read(self.store.names, [player_id])
            evidence["player"] = {"id": player_id, "name": names[player_id][0]}
        return await self.core.write(self.store.add_report, reporter_id, player_id, table_id, chat_id,
                                     reason, evidence, now_ms())

    async def block(self, player_id: str, blocked_id: str) -> None:
        if blocked_id == player_id:
            raise BadRequest("you cannot block yourself")
        await self._existing_player(blocked_id)
        await self.core.write(self.store.block, player_id, blocked_id, now_ms())

    async def unblock(self, player_id: str, blocked_id: str) -> None:
        await self.core.write(self.store.unblock, player_id, blocked_id)

    async def blocked(self, player_id: str) -> list[tuple[str, str]]:
        return await self.core.read(self.store.blocked, player_id)

    async def mute(self, player_id: str, table_id: str, muted: bool) -> None:
        await self.core.table(table_id)  # 404 for no table
        await self.core.write(self.store.mute, player_id, table_id, muted)

    async def is_muted(self, player_id: str, table_id: str) -> bool:
        await self.core.table(table_id)
        return await self.core.read(self.store.is_muted, player_id, table_id)
