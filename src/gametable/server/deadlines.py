"""One scheduler for every clock of the process: a heap of deadlines and one task that sleeps
until the earliest. A running clock costs nothing until its deadline (no task or timer per
table, nothing per second); each change that sets a table's next deadline pushes one entry.

Entries are never removed when a deadline moves: the scheduler remembers each table's newest
deadline and skips the entries that are not it. What a deadline means is checked again under
the table's lock when it fires (TableManager.on_deadline), so a stale or early call is harmless.
"""

from __future__ import annotations

import asyncio
import heapq
import logging
import time
from typing import Awaitable, Callable

log = logging.getLogger("gametable.server.deadlines")

#: after a deadline could not be played (the store was down...), try again this much later
_RETRY_MS = 5000


def wall_ms() -> int:
    return int(time.time() * 1000)


class DeadlineScheduler:
    def __init__(self, fire: Callable[[str], Awaitable[None]],
                 now_ms: Callable[[], int] = wall_ms) -> None:
        self._fire = fire
        self._now_ms = now_ms
        self._heap: list[tuple[int, str]] = []
        #: each table's newest deadline (the only entry of the heap that counts for it)
        self._latest: dict[str, int] = {}
        self._wake = asyncio.Event()
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    def __len__(self) -> int:
        return len(self._latest)

    def note(self, table_id: str, deadline_ms: int | None) -> None:
        """The table's next deadline is now this (None: no clock runs)."""
        if deadline_ms is None:
            self._latest.pop(table_id, None)
            return
        if self._latest.get(table_id) == deadline_ms:
            return
        self._latest[table_id] = deadline_ms
        heapq.heappush(self._heap, (deadline_ms, table_id))
        if len(self._heap) > 2 * len(self._latest) + 64:
            self._heap = [(d, t) for t, d in self._latest.items()]
            heapq.heapify(self._heap)
        if self._heap[0] == (deadline_ms, table_id):
            self._wake.set()  # earlier than what the task sleeps for

    async def _run(self) -> None:
        while True:
            if not self._heap:
                await self._wake.wait()
                self._wake.clear()
                continue
            deadline, table_id = self._heap[0]
            if self._latest.get(table_id) != deadline:
                heapq.heappop(self._heap)  # that table's deadline moved or stopped
                continue
            wait = (deadline - self._now_ms()) / 1000
            if wait > 0:
                self._wake.clear()
                try:
                    await asyncio.wait_for(self._wake.wait(), timeout=wait)
                except asyncio.TimeoutError:
                    pass
                continue
            heapq.heappop(self._heap)
            del self._latest[table_id]
            try:
                await self._fire(table_id)  # notes the table's next deadline, if any
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the clock of table %s could not be played; trying again in %d s",
                              table_id, _RETRY_MS // 1000)
                self.note(table_id, self._now_ms() + _RETRY_MS)
