"""Who watches a table: its sockets (a seat's, or a spectator's), who is online, and the view
a seat asks for. Delivery of each change to them is the core's (TableCore.deliver); spectators
beyond the first few share a paced feed (gametable.server.audience)."""

from __future__ import annotations

from typing import Any

from gametable.server.audience import Audience, Presence, Watcher
from gametable.server.core import TableCore
from gametable.server.live_table import LiveTable, seat_for_token


class Watching:
    def __init__(self, core: TableCore) -> None:
        self.core = core

    async def view(self, table_id: str, token: str | None,
                   player_id: str | None = None) -> dict[str, Any]:
        async with self.core.locked(table_id) as table:
            return self.core.snapshot(table, seat_for_token(table, token, player_id)).data

    def _announce_presence(self, table: LiveTable, audience: Audience,
                           newcomer: Watcher | None = None) -> None:
        """If a seat's online flag changed, tell the others (the newcomer has it in its snapshot)."""
        online = audience.online()
        if online == audience.announced:
            return
        audience.announced = online
        presence = Presence(table.seq, online)
        for watcher in audience.direct:
            if watcher is not newcomer:
                watcher.push_presence(presence)
        if audience.feed.members:
            audience.feed.offer_presence(presence)

    async def watch(self, table_id: str, watcher: Watcher) -> None:
        """Start sending a watcher updates, beginning with the table as it is now. Raises
        Crowded when the table (or the watcher's seat) has as many sockets as it takes."""
        async with self.core.locked(table_id) as table:
            audience = self.core.audiences.get(table_id) or Audience(self.core.audience_limits)
            seat = self.core.watcher_seat(table, watcher)
            audience.admit(watcher, seat)
            self.core.audiences[table_id] = audience
            watcher.push(self.core.snapshot(table, seat, audience.online()))
            self._announce_presence(table, audience, newcomer=watcher)

    async def resync(self, table_id: str, watcher: Watcher) -> None:
        async with self.core.locked(table_id) as table:
            watcher.push(self.core.snapshot(table, self.core.watcher_seat(table, watcher)))

    async def unwatch(self, table_id: str, watcher: Watcher) -> None:
        audience = self.core.audiences.get(table_id)
        if audience is None:
            return
        audience.remove(watcher)
        if not audience:
            del self.core.audiences[table_id]
            return
        table = self.core.tables.get(table_id)
        if table is not None:  # (one not in memory says who is online when it is next loaded)
            self._announce_presence(table, audience)
