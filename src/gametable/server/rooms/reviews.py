"""Reviews of finished tables by the search bot (gametable.review), asked for by anyone who may
see the replay, judged in a bounded pool of worker processes off the event loop, kept with the
table (review_store.py) and served as the stored JSON.

A review is asked for once (``start``; again: nothing new), queued, then judged by one worker:
its progress comes back through a queue and is written to the row at most every half second, so
that any process can answer ``GET .../analysis`` from the store. On a graceful stop this process
leaves its unfinished reviews for the next one; a process that died leaves them to whoever
finds them quiet for ``ORPHAN_SECONDS`` (lease-like, see review_store.py).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import multiprocessing
import os
import queue
import secrets
from typing import Any

from gametable.review import CannotReview
from gametable.server.core import TableCore
from gametable.server.errors import Conflict, NotFound
from gametable.server.live_table import now_ms, seat_for_token
from gametable.server.review_store import ReviewRow, ReviewStore
from gametable.server.review_work import ReviewJob, effort_budget, run, start_worker

log = logging.getLogger("gametable.server.reviews")

#: a review whose owner has not touched it for this long is taken up by another process
ORPHAN_SECONDS = 60.0
#: how often the owner touches its reviews and looks for orphans
_TOUCH_SECONDS = 15.0
#: how often progress is read from the workers' queue
_PROGRESS_POLL = 0.25


def _start(queue_: Any, server_pid: int) -> None:
    from gametable.server.bots import _exit_with

    start_worker(queue_)
    _exit_with(server_pid)  # a review never outlives its server


class Reviews:
    def __init__(self, core: TableCore, workers: int = 1, effort: float = 1.0) -> None:
        self.core = core
        self.rows = ReviewStore(core.store)
        self.workers = workers
        self.effort = effort
        self.owner = secrets.token_hex(8)
        self.orphan_seconds = ORPHAN_SECONDS
        self._context = multiprocessing.get_context("spawn")
        self._pool: Any = None
        self._progress: Any = None
        self._mine: set[str] = set()  # reviews queued or running in this process's pool
        self._tasks: list[asyncio.Task] = []

    # -- the API ----------------------------------------------------------------------------

    async def start(self, table_id: str, token: str | None = None, player_id: str | None = None) -> dict[str, Any]:
        """Ask for the review of a finished table (anyone who may see its replay); asking again
        changes nothing. Returns the review's state now."""
        async with self.core.locked(table_id) as table:
            seat_for_token(table, token, player_id)  # Forbidden for a token of no seat here
            if table.status != "finished":
                raise Conflict("the review is made once the game is over; ask again then")
            game = table.record.game
        try:
            effort_budget(game, self.effort)
        except CannotReview:
            raise Conflict(f"this server cannot review {game} games: it has no search bot for them") from None
        if await self.core.write(self.rows.request, table_id, self.owner, now_ms()):
            await self._submit(table_id)
        return await self.state(table_id)

    async def state(self, table_id: str, token: str | None = None, player_id: str | None = None
                    ) -> dict[str, Any] | str:
        """The review as the API serves it: its stored JSON text once done, else its status and
        progress with no decisions yet."""
        row = await self.core.read(self.rows.get, table_id)
        if row is None:
            async with self.core.locked(table_id) as table:  # 404 for no table, 403 for a stranger's token
                seat_for_token(table, token, player_id)
            raise NotFound("nobody has asked for this game's review yet: POST to this address starts it")
        if token is not None:
            async with self.core.locked(table_id) as table:
                seat_for_token(table, token, player_id)
        return shown(row)

    # -- running ----------------------------------------------------------------------------

    def open(self) -> None:
        """Start the background work: progress, touching, and the orphans (a restart's)."""
        self._tasks = [asyncio.create_task(self._read_progress()), asyncio.create_task(self._keep())]

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        if self._pool is not None:
            pool, progress, self._pool, self._progress = self._pool, self._progress, None, None
            pool.terminate()  # a review under way stops; its row is left for the next process
            await asyncio.to_thread(pool.join)
            progress.close()
            progress.cancel_join_thread()
            # The pool's queues hold semaphores and sit in reference cycles, which the server's
            # collector (gametable.server.collector) would only free later: free them now, or
            # the resource tracker reports them as leaked, outside the log, at exit.
            del pool, progress
            gc.collect()
        try:
            await self.core.write(self.rows.release, self.owner)
        except Exception:  # noqa: BLE001 - they are orphans then, taken up after ORPHAN_SECONDS
            log.exception("could not leave this process's reviews to the next one")

    def _pool_of_workers(self) -> Any:
        if self._pool is None:
            self._progress = self._context.Queue()
            self._pool = self._context.Pool(self.workers, initializer=_start,
                                            initargs=(self._progress, os.getpid()))
        return self._pool

    async def _submit(self, table_id: str) -> None:
        if table_id in self._mine:
            return
        record = await self.core.read(self.core.store.load_table, table_id)
        if record is None:
            return
        actions = await self.core.read(self.core.store.actions_after, table_id, 0)
        job = ReviewJob(table_id, record.game, record.num_players, record.seed, record.options,
                        [(a.seat, a.action) for a in actions], record.bot_seed, self.effort)
        loop = asyncio.get_running_loop()
        self._mine.add(table_id)

        def done(review: str) -> None:
            loop.call_soon_threadsafe(lambda: asyncio.ensure_future(self._finished(table_id, review, None)))

        def failed(error: BaseException) -> None:
            loop.call_soon_threadsafe(lambda: asyncio.ensure_future(self._finished(table_id, None, error)))

        self._pool_of_workers().apply_async(run, (job,), callback=done, error_callback=failed)

    async def _finished(self, table_id: str, review: str | None, error: BaseException | None) -> None:
        self._mine.discard(table_id)
        if review is not None:
            await self.core.write(self.rows.finish, table_id, self.owner, review, now_ms())
        else:
            log.error("review of table %s failed: %r", table_id, error)
            await self.core.write(self.rows.fail, table_id, self.owner, f"the review stopped: {error}", now_ms())

    async def _read_progress(self) -> None:
        newest: dict[str, float] = {}
        while True:
            await asyncio.sleep(_PROGRESS_POLL)
            if self._progress is None:
                continue
            while True:
                try:
                    table_id, progress = self._progress.get_nowait()
                except queue.Empty:
                    break
                newest[table_id] = progress
            for table_id, progress in newest.items():
                try:
                    await self.core.write(self.rows.progress, table_id, self.owner, round(progress, 3), now_ms())
                except Exception:  # noqa: BLE001 - the next message says it again
                    log.exception("could not store the progress of table %s's review", table_id)
            newest.clear()

    async def _keep(self) -> None:
        while True:
            try:
                now = now_ms()
                if self._mine:
                    await self.core.write(self.rows.touch, self.owner, now)
                quiet_since = now - int(self.orphan_seconds * 1000)
                for table_id in await self.core.write(self.rows.claim_orphans, self.owner, now, quiet_since):
                    log.info("taking up the review of table %s", table_id)
                    await self._submit(table_id)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - tried again at the next round
                log.exception("reviews: could not look after the queued reviews")
            await asyncio.sleep(_TOUCH_SECONDS)


def shown(row: ReviewRow) -> dict[str, Any] | str:
    """The API's answer for a stored review: the JSON text itself once done."""
    if row.status == "done" and row.review is not None:
        return row.review
    answer: dict[str, Any] = {"status": row.status, "progress": row.progress, "seats": [], "decisions": []}
    if row.status == "failed":
        answer["error"] = row.error
    return answer
