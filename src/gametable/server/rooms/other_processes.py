"""Other server processes on the same store: what they committed at a table we hold reaches us
as a fan-out notice (gametable.server.fanout), or, when notices may be lost, by looking at the
log heads of our hot tables now and then; either way the core catches the table up."""

from __future__ import annotations

import asyncio
import logging
import time

from gametable.server.core import TableCore
from gametable.server.store import TableHead

log = logging.getLogger("gametable.server")


class OtherProcesses:
    def __init__(self, core: TableCore) -> None:
        self.core = core
        #: with other processes on the store: seconds between looks at the log heads of our hot
        #: tables while the fan-out is not healthy, and between such looks even when it is (for
        #: another process cut off from Redis alone, whose notices cannot reach us)
        self.unheard_poll_interval = 1.0
        self.backstop_poll_interval = 5.0

    async def on_remote_change(self, table_id: str) -> None:
        """Another process committed something at this table: catch up and tell our watchers."""
        table = self.core.tables.get(table_id)
        if table is None:
            return
        async with table.lock:
            if not table.evicted:
                await self.core.catch_up(table)

    async def on_fanout_reconnect(self) -> None:
        """Messages may have been missed while the fan-out was down: check every hot table."""
        for table_id in list(self.core.tables):
            await self.on_remote_change(table_id)

    async def catch_up_behind(self) -> None:
        """Read the log heads of every hot table in one query and catch up those behind."""
        if not self.core.tables:
            return
        heads = await self.core.read(self.core.store.log_heads, list(self.core.tables))
        for table_id, head in heads.items():
            table = self.core.tables.get(table_id)
            if table is not None and head != TableHead.of(table.seq, table.seats):
                await self.on_remote_change(table_id)

    async def watch_log_heads(self) -> None:
        """Bound how stale a hot table can be without notices: while the fan-out is not
        healthy, look at the store every ``unheard_poll_interval`` seconds (and every
        ``backstop_poll_interval`` seconds anyway)."""
        last = time.monotonic()
        while True:
            await asyncio.sleep(self.unheard_poll_interval)
            if self.core.fanout.healthy and time.monotonic() - last < self.backstop_poll_interval:
                continue
            last = time.monotonic()
            try:
                await self.catch_up_behind()
            except Exception:  # the store may be down too; try again next time
                log.exception("could not read the log heads of the hot tables")
