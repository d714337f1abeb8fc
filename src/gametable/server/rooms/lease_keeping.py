"""Several processes on one store: each table is served by the process holding its lease
(gametable.server.leases); the others pass its requests and sockets on (forwarding.py). This
room renews our leases, drops the tables another process took over, and takes over the tables
whose owner died while a bot or a clock had something to do."""

from __future__ import annotations

import asyncio
import logging
from typing import Awaitable, Callable

from gametable.server.core import TableCore
from gametable.server.errors import TableError
from gametable.server.leases import OwnedElsewhere

log = logging.getLogger("gametable.server")


class LeaseKeeping:
    def __init__(self, core: TableCore) -> None:
        self.core = core
        #: told of each table whose lease another process took over (its sockets here must go)
        self.on_moved: Callable[[str], Awaitable[None]] | None = None

    async def owner_elsewhere(self, table_id: str):
        """The live lease of another process that serves this table, or None when this
        process serves it (taking its lease if it is free)."""
        if self.core.leases is None or table_id in self.core.tables:
            return None
        return await self.core.leases.claim(table_id)

    async def keep(self) -> None:
        """Renew our leases every second; drop the tables whose lease another process took
        over (this one was too slow to renew); take over the tables whose owner died while
        a bot or a clock had something to do, so that their games go on unasked."""
        while True:
            await asyncio.sleep(self.core.leases.renew_every)
            try:
                for table_id in await self.core.leases.renew():
                    await self._moved(table_id)
                for table_id in await self.core.leases.orphaned():
                    if table_id not in self.core.tables:
                        await self._take_over(table_id)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - the store may be down: try again next time
                log.exception("could not renew or take over table leases")

    async def _moved(self, table_id: str) -> None:
        table = self.core.tables.get(table_id)
        log.warning("table %s: another process took over its lease; dropping it here", table_id)
        if table is not None:
            async with table.lock:
                self.core.evict(table)
        if self.on_moved is not None:
            await self.on_moved(table_id)

    async def _take_over(self, table_id: str) -> None:
        try:
            await self.core.table(table_id)  # takes the lease, schedules its bots and clocks
            log.info("table %s: took over from a process whose lease ran out", table_id)
        except OwnedElsewhere:
            pass  # another process was quicker
        except TableError as exc:
            log.warning("table %s cannot be taken over: %s", table_id, exc.message)

