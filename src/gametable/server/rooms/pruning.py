"""What is kept, in memory and in the store: idle tables nobody watches leave memory (they
reload from the log when asked for), and tables past retention (gametable.server.retention)
are deleted, never one held in memory; expired sessions and sign-in links go too."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Callable

from gametable.server.core import TableCore
from gametable.server.live_table import now_ms
from gametable.server.retention import Retention

log = logging.getLogger("gametable.server")

#: seconds between retention sweeps (the first runs soon after the start)
_PRUNE_EVERY = 60 * 60
_PRUNE_FIRST_AFTER = 30
#: tables deleted per statement by a retention sweep
_PRUNE_BATCH = 500


class Pruning:
    def __init__(self, core: TableCore, retention: Retention,
                 on_deleted: Callable[[list[str]], None] = lambda table_ids: None) -> None:
        self.core = core
        self.retention = retention
        #: told of the tables a sweep deleted (the replay room forgets their checkpoints)
        self.on_deleted = on_deleted

    async def sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(min(60.0, max(self.core.idle_seconds / 2, 0.05)))
            self.sweep()

    async def prune_forever(self) -> None:
        await asyncio.sleep(_PRUNE_FIRST_AFTER)
        while True:
            try:
                deleted = await self.prune()
                if deleted:
                    log.info("retention: deleted %d tables", deleted)
                players = await self.core.write(self.core.players.prune, now_ms())
                if players:
                    log.info("retention: deleted %d players left without a session", players)
            except Exception:  # noqa: BLE001 - a failed sweep is retried at the next one
                log.exception("retention: the sweep failed; trying again in %d s", _PRUNE_EVERY)
            await asyncio.sleep(_PRUNE_EVERY)

    async def prune(self, now: int | None = None) -> int:
        """Delete the tables past retention (see retention.py) in batches, one statement per
        batch; a table held in memory (played or looked at lately) is never deleted: it goes
        once it has left memory. Returns how many tables were deleted."""
        finished_before, abandoned_before = self.retention.cutoffs(now or now_ms())
        if finished_before is None and abandoned_before is None:
            return 0
        deleted, hot = 0, set()
        while True:
            # Both statements on the writer thread: the search reads many rows, and on SQLite
            # the event loop runs reads inline.
            found = await self.core.write(self.core.store.expired_tables, finished_before,
                                          abandoned_before, sorted(hot), _PRUNE_BATCH)
            hot.update(t for t in found if t in self.core.tables or t in self.core.loading)
            expired = [t for t in found if t not in hot]
            gone = await self.core.write(self.core.store.delete_expired, expired, finished_before,
                                         abandoned_before)
            self.on_deleted(gone)
            deleted += len(gone)
            if len(found) < _PRUNE_BATCH:
                return deleted

    def sweep(self) -> None:
        """Drop idle tables nobody watches from memory; they reload from the log when needed."""
        limit = time.monotonic() - self.core.idle_seconds
        dropped = []
        for table in list(self.core.tables.values()):
            if (table.touched < limit and table.id not in self.core.audiences
                    and table.bot_task is None and not table.lock.locked()):
                self.core.evict(table)
                dropped.append(table.id)
        if dropped and self.core.leases is not None:
            asyncio.ensure_future(self._release(dropped))

    async def _release(self, table_ids: list[str]) -> None:
        try:
            await self.core.leases.release(table_ids)
        except Exception:  # noqa: BLE001 - they run out by themselves
            log.exception("could not release the leases of %d idle tables", len(table_ids))
