"""Group commit: the actions of many tables share one transaction, so one fsync acknowledges
them all.

Each action still waits for its own commit before anyone hears of it; what changes is that
the actions that arrive while a commit is under way (typically from other tables) are
committed together in the next one, instead of each paying for its own fsync. The guarantee
stays the one of a single commit: an action is acknowledged only once the transaction
holding it has committed.

On a busy server a commit also waits a moment (the commit window) for others to join it. At a
person's pace the tables' actions arrive one by one, a few milliseconds apart, and each would
otherwise be a transaction of its own: a thread hop, three statements, the log's pages and an
fsync for one action. The window is waited only while many tables are committing (enough that
another action is expected within it), and while the windows waited lately did bring others
(a client acting on many tables one at a time, each action awaited before the next, brings none:
the window is then tried again once a second only): a table alone, or a few, whose next action
cannot come before this one is acknowledged, would only wait for nothing.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, Awaitable, Callable

from gametable.server.store import Append, LogStore

#: runs a blocking store call: inline (SQLite) or on a worker thread (PostgreSQL)
RunDb = Callable[..., Awaitable[Any]]


#: seconds over which the tables committing are counted (``LogWriter.window``)
BUSY_SPAN = 1.0
#: the window is waited when the tables committing bring at least this many actions within it,
#: on average (a table acts at most once per commit: it waits for its acknowledgement), and
#: while the windows waited lately brought at least as many
EXPECTED_JOINERS = 0.5
#: seconds after which a window is tried again, however little the last ones brought
RETRY_AFTER = 1.0
#: the weight of the newest window in the average of what the windows brought
_NEWEST = 0.2


class LogWriter:
    def __init__(self, store: LogStore, run_db: RunDb,
                 on_commit: Callable[[float], None] | None = None, window: float = 0.0) -> None:
        self.store = store
        self._run_db = run_db
        #: told the seconds each group commit took (the metrics)
        self._on_commit = on_commit
        #: seconds a commit waits for others to join it while many tables commit (see the
        #: module's text); 0: never
        self.window = window
        self._pending: list[tuple[Append, asyncio.Future[None]]] = []
        self._flusher: asyncio.Task | None = None
        #: the tables that committed within the last BUSY_SPAN seconds: when each last did
        #: (the event loop's clock), oldest first
        self._recent: dict[str, float] = {}
        #: how many actions the windows waited lately brought (a moving average; None: none
        #: waited yet), and when the last was waited
        self._brought: float | None = None
        self._waited_at = -RETRY_AFTER

    async def append(self, entry: Append) -> None:
        """Commit one action; raises the store's SeqTaken if its seq is already in the log."""
        self._count(entry.table_id)
        done = asyncio.get_running_loop().create_future()
        self._pending.append((entry, done))
        if self._flusher is None:
            self._flusher = asyncio.create_task(self._flush())
        await done

    def _count(self, table_id: str) -> None:
        recent = self._recent
        now = asyncio.get_running_loop().time()
        recent.pop(table_id, None)
        recent[table_id] = now  # (the newest, last)
        while True:
            oldest = next(iter(recent))
            if recent[oldest] >= now - BUSY_SPAN:
                break
            del recent[oldest]

    def _wait(self) -> float:
        """How long the next commit waits for others to join it."""
        if not self.window or len(self._recent) * self.window / BUSY_SPAN < EXPECTED_JOINERS:
            return 0.0
        if (self._brought is None or self._brought >= EXPECTED_JOINERS
                or asyncio.get_running_loop().time() - self._waited_at >= RETRY_AFTER):
            return self.window
        return 0.0

    def _waited(self, batch_size: int) -> None:
        """A window was waited, and the batch it made holds ``batch_size`` actions."""
        brought = batch_size - 1
        self._brought = brought if self._brought is None else self._brought + _NEWEST * (brought - self._brought)
        self._waited_at = asyncio.get_running_loop().time()

    async def close(self) -> None:
        """Let the commits under way finish."""
        if self._flusher is not None:
            await asyncio.gather(self._flusher, return_exceptions=True)

    async def _flush(self) -> None:
        try:
            while self._pending:
                # The requests that are ready now join this batch (after one turn of the event
                # loop), and on a busy server those that come within the commit window.
                wait = self._wait()
                await asyncio.sleep(wait)
                batch, self._pending = self._pending, []
                if wait:
                    self._waited(len(batch))
                began = time.perf_counter()
                try:
                    outcomes = await self._run_db(self.store.append_many, [e for e, _ in batch])
                except BaseException as exc:
                    # Whether anything was committed is unknown: every sender must find out
                    # from the log (the table manager drops its hot table).
                    cancelled = isinstance(exc, asyncio.CancelledError)
                    for _, done in batch:
                        if not done.done():
                            done.cancel() if cancelled else done.set_exception(exc)
                    if cancelled:
                        raise
                    continue
                if self._on_commit is not None:
                    self._on_commit(time.perf_counter() - began)
                for (_, done), error in zip(batch, outcomes):
                    if done.done():
                        continue
                    if error is None:
                        done.set_result(None)
                    else:
                        done.set_exception(error)
        finally:
            self._flusher = None
            for _, done in self._pending:  # only left over when cancelled
                if not done.done():
                    done.cancel()
            self._pending = []
