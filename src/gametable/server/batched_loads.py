"""The store reads of tables loaded on demand, several tables to a read.

After a restart, the people at a thousand tables reconnect at once, mostly to tables the
background resume has not reached yet, and each such request loads its table itself. One read
of 25 tables (`LogStore.load_tables`: a few queries for all of them) costs the store about
what two reads of one table do, so the requests that arrive together share one read: the
first to ask waits one turn of the event loop for the others, then up to ``most`` tables are
read at once, and the rest in the reads after.
"""

from __future__ import annotations

import asyncio
from typing import Awaitable, Callable

from gametable.server.store import StoredTable

#: reads ``table_ids`` from the store (those that exist), away from the event loop if it must
ReadTables = Callable[[list[str]], Awaitable[dict[str, StoredTable]]]


class BatchedLoads:
    """Hands each caller its table's stored rows, read together with the others asked meanwhile."""

    def __init__(self, read_tables: ReadTables, most: int = 25) -> None:
        self._read_tables = read_tables
        self._most = most
        self._asked: list[tuple[str, asyncio.Future[StoredTable | None]]] = []
        self._reader: asyncio.Task[None] | None = None

    async def stored(self, table_id: str) -> StoredTable | None:
        """The table's rows (None: no such table)."""
        future: asyncio.Future[StoredTable | None] = asyncio.get_running_loop().create_future()
        self._asked.append((table_id, future))
        if self._reader is None:
            self._reader = asyncio.create_task(self._read())
        return await future

    def _next_batch(self) -> list[tuple[str, asyncio.Future[StoredTable | None]]]:
        """Up to ``most`` of the requests, one per table (a second request for a table read in
        this batch waits for the next, so no two callers share the rows' objects)."""
        batch, later, ids = [], [], set()
        for asked in self._asked:
            if len(batch) < self._most and asked[0] not in ids and not asked[1].done():
                batch.append(asked)
                ids.add(asked[0])
            elif not asked[1].done():
                later.append(asked)
        self._asked = later
        return batch

    async def _read(self) -> None:
        try:
            await asyncio.sleep(0)  # the requests that arrived with the first ask too
            while batch := self._next_batch():
                try:
                    stored = await self._read_tables([table_id for table_id, _ in batch])
                except Exception as exc:  # noqa: BLE001 - each caller meets the store's error
                    for _, future in batch:
                        if not future.done():
                            future.set_exception(exc)
                    continue
                for table_id, future in batch:
                    if not future.done():
                        future.set_result(stored.get(table_id))
        finally:
            self._reader = None
            for _, future in self._asked:  # only if this task was cancelled (shutdown)
                future.cancel()
            self._asked = []
