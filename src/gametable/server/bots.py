"""The bot runner: the server plays bot seats, through the same commit path as people.

Each bot decision uses a bot of the table's level (gametable.bots) seeded from the table's bot
seed and the seq, so a bot's move depends only on the table and its log: after a restart it
makes the same choice, and two server processes that both try the move propose the same action
(one commit wins, and the other simply catches up).

The search levels think for up to a few seconds a move (a budget of iterations, not of time, so
the move stays the same everywhere). They think in a pool of worker processes, without the
table's lock: the event loop and the other tables go on meanwhile, and a move whose table moved
on in between (a person's simultaneous answer, another process) is thought again.

A new table's bots wait until a person has opened it (read it, joined it or connected to it:
:meth:`BotRunner.opened`) or acted at it: a client creating tables by the hundred within the
rate limits, and looking at none of them, costs the server their rows, not their bots' games
(issue 29).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
import weakref
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING

from gametable import bots
from gametable.engine import Action, State
from gametable.server.errors import Conflict

if TYPE_CHECKING:
    from gametable.server.core import TableCore
    from gametable.server.live_table import LiveTable

log = logging.getLogger("gametable.server.bots")


def choose(level: str, game_name: str, seed: int, state: State, seat: int) -> Action:
    """One bot decision (run in a worker process for the search levels)."""
    return bots.get(level, game_name, seed).choose(state, seat)


def _exit_with(server_pid: int) -> None:
    """In a worker process: exit as soon as the server process is gone, however it ended (a
    SIGKILL included), so that no thinker outlives it holding its pipes and files open."""
    def watch() -> None:
        while os.getppid() == server_pid:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-server", daemon=True).start()


class BotRunner:
    def __init__(self, manager: "TableCore", pause: float, workers: int = 0) -> None:
        self.manager = manager
        #: seconds a bot waits before moving, so that people can follow the game
        self.pause = pause
        #: processes for the search levels' thinking; 0: one per CPU core
        self.workers = workers or os.cpu_count() or 1
        self._pool: ProcessPoolExecutor | None = None
        #: the tables in memory a person has opened (LiveTable compares by identity)
        self._opened: weakref.WeakSet = weakref.WeakSet()

    def close(self) -> None:
        """Stop the worker processes (a decision under way is dropped; its bot task is cancelled)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def pool(self) -> ProcessPoolExecutor:
        """The worker processes the search levels think in, made on first use."""
        if self._pool is None:
            # spawned, not forked: the server has threads (database, log writer) a fork would copy
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_exit_with, initargs=(os.getpid(),))
        return self._pool

    async def _think(self, level: str, game_name: str, seed: int, state: State, seat: int) -> Action:
        return await asyncio.get_running_loop().run_in_executor(
            self.pool(), choose, level, game_name, seed, state, seat)

    async def decide(self, table: "LiveTable", seat: int) -> Action:
        """What the table's bot plays for ``seat`` now (also for a person's seat whose time ran
        out): a bot of the table's level seeded by the table's bot seed plus the seq; a search
        level thinks in the worker pool, so the event loop goes on meanwhile."""
        level, game_name = table.record.bot_level, table.record.game
        seed = table.record.bot_seed + table.seq
        if not bots.searches(level, game_name):
            return choose(level, game_name, seed, table.state, seat)
        return await self._think(level, game_name, seed, table.state.clone(), seat)

    def schedule(self, table: "LiveTable") -> None:
        """Start the table's bot task if a bot must move and none is running (at a table where
        nothing happened yet, once a person has opened it)."""
        if table.seq == 0 and table not in self._opened:
            return  # opened() schedules it
        if table.bot_task is None and not table.evicted and table.bot_to_move() is not None:
            table.bot_task = asyncio.get_running_loop().create_task(self._run(table))

    def opened(self, table_id: str) -> None:
        """A person looked at the table (its view, a join, a live connection): its bots may play."""
        table = self.manager.tables.get(table_id)
        if table is not None and table not in self._opened:
            self._opened.add(table)
            self.schedule(table)

    async def _run(self, table: "LiveTable") -> None:
        try:
            while True:
                await asyncio.sleep(self.pause)
                async with table.lock:
                    seat = None if table.evicted else table.bot_to_move()
                    if seat is None:
                        table.bot_task = None
                        return
                    level, game_name = table.record.bot_level, table.record.game
                    seq, seed = table.seq, table.record.bot_seed + table.seq
                    if not bots.searches(level, game_name):
                        await self._commit(table, seat, choose(level, game_name, seed, table.state, seat))
                        continue
                    position = table.state.clone()
                action = await self._think(level, game_name, seed, position, seat)
                async with table.lock:
                    if not table.evicted and table.seq == seq and table.bot_to_move() == seat:
                        await self._commit(table, seat, action)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot of table %s stopped", table.id)
            table.bot_task = None

    async def _commit(self, table: "LiveTable", seat: int, action: Action) -> None:
        try:
            await self.manager.commit(table, seat, action)
        except Conflict:
            pass  # another process committed first; the table is rebuilt, look again
