"""Group commit: the actions of many tables share one transaction, so one fsync acknowledges
them all.

Each action still waits for its own commit before anyone hears of it; what changes is that
the actions that arrive while a commit is under way (typically from other tables) are
committed together in the next one, instead of each paying for its own fsync. The guarantee
stays the one of a single commit: an action is acknowledged only once the transaction
holding it has committed.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, Awaitable, Callable

from gametable.server.store import Append, LogStore

#: runs a blocking store call: inline (SQLite) or on a worker thread (PostgreSQL)
RunDb = Callable[..., Awaitable[Any]]


class LogWriter:
    def __init__(self, store: LogStore, run_db: RunDb,
                 on_commit: Callable[[float], None] | None = None) -> None:
        self.store = store
        self._run_db = run_db
        #: told the seconds each group commit took (the metrics)
        self._on_commit = on_commit
        self._pending: list[tuple[Append, asyncio.Future[None]]] = []
        self._flusher: asyncio.Task | None = None

    async def append(self, entry: Append) -> None:
        """Commit one action; raises the store's SeqTaken if its seq is already in the log."""
        done = asyncio.get_running_loop().create_future()
        self._pending.append((entry, done))
        if self._flusher is None:
            self._flusher = asyncio.create_task(self._flush())
        await done

    async def close(self) -> None:
        """Let the commits under way finish."""
        if self._flusher is not None:
            await asyncio.gather(self._flusher, return_exceptions=True)

    async def _flush(self) -> None:
        try:
            while self._pending:
                # One turn of the event loop: the requests that are ready now join this batch.
                await asyncio.sleep(0)
                batch, self._pending = self._pending, []
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
