"""The table service, assembled: the core (gametable.server.core) and its rooms
(gametable.server.rooms), started and stopped together.

``TableManager`` is the core with its rooms attached: the API routers call the room they
need (``manager.seating.join``, ``manager.chat.post`` ...). It still answers to the names the
whole service had before it was split into rooms (``manager.join``, ``manager.act`` ...),
which the tests, the benches and a few callers use; each is the room's own method.
"""

from __future__ import annotations

import asyncio
import logging

from gametable.server import checkpoints as state_checkpoints
from gametable.server.audience import AudienceLimits
from gametable.server.bots import BotRunner
from gametable.server.catalog import GameCatalog
from gametable.server.config import DEFAULT_COMMIT_WINDOW_MS
from gametable.server.core import TableCore
from gametable.server.deadlines import DeadlineScheduler
from gametable.server.fanout import Fanout
from gametable.server.live_table import seat_for_token
from gametable.server.metrics import Metrics
from gametable.server.retention import Retention
from gametable.server.rooms import resuming
from gametable.server.rooms.chat import Chat
from gametable.server.rooms.finding_people import FindingPeople
from gametable.server.rooms.hints import Hints
from gametable.server.rooms.learning import Learning
from gametable.server.rooms.lease_keeping import LeaseKeeping
from gametable.server.rooms.moderation import Moderation
from gametable.server.rooms.moves import Moves
from gametable.server.rooms.other_processes import OtherProcesses
from gametable.server.rooms.pruning import Pruning
from gametable.server.rooms.push_subscriptions import PushSubscriptions
from gametable.server.rooms.replay import Replays
from gametable.server.rooms.reviews import Reviews
from gametable.server.rooms.seating import Seating
from gametable.server.rooms.timeouts import Timeouts
from gametable.server.rooms.watching import Watching
from gametable.server.store import LogStore

log = logging.getLogger("gametable.server")


class TableManager(TableCore):
    def __init__(self, store: LogStore, games: GameCatalog, fanout: Fanout | None = None,
                 bot_pause: float = 0.6, idle_seconds: float = 15 * 60,
                 retention: Retention = Retention(),
                 audience_limits: AudienceLimits = AudienceLimits(),
                 metrics: Metrics | None = None, lease_address: str | None = None,
                 checkpoint_every: int = state_checkpoints.DEFAULT_EVERY,
                 review_workers: int = 1, review_effort: float = 1.0,
                 commit_window: float = DEFAULT_COMMIT_WINDOW_MS / 1000) -> None:
        super().__init__(store, games, fanout, idle_seconds, audience_limits, metrics, lease_address,
                         checkpoint_every, commit_window)
        self.bots = BotRunner(self, bot_pause)
        self.timeouts = Timeouts(self, self.bots)
        self.deadlines = DeadlineScheduler(self.timeouts.on_deadline)
        self.seating = Seating(self)
        self.learning = Learning(self.seating)
        self.moves = Moves(self)
        self.watching = Watching(self)
        self.chat = Chat(self)
        self.moderation = Moderation(self)
        self.moves.refuse_suspended = self.chat.refuse_suspended = self.moderation.refuse_suspended
        self.push = PushSubscriptions(self)
        self.replays = Replays(self)
        self.reviews = Reviews(self, review_workers, review_effort)
        self.hints = Hints(self, self.bots, review_effort)
        self.finding_people = FindingPeople(self)
        self.pruning = Pruning(self, retention, on_deleted=self.replays.forget)
        self.lease_keeping = LeaseKeeping(self)
        self.other_processes = OtherProcesses(self)
        self._tasks: list[asyncio.Task] = []
        self.resumed: asyncio.Task | None = None

        # The names of the service before its rooms (see the module's text).
        self.create, self.join = self.seating.create, self.seating.join
        self.adopt_seat = self.seating.adopt_seat
        self.act, self.undo = self.moves.act, self.moves.undo
        self.view, self.watch = self.watching.view, self.watching.watch
        self.resync, self.unwatch = self.watching.resync, self.watching.unwatch
        self.post_chat = self.chat.post
        self.push_subscriptions, self.forget_push = self.push.of_seats, self.push.forget
        self.public_log, self.replay_view = self.replays.public_log, self.replays.replay_view
        self.prune, self.sweep = self.pruning.prune, self.pruning.sweep
        self.owner_elsewhere = self.lease_keeping.owner_elsewhere
        self.on_remote_change = self.other_processes.on_remote_change

    @property
    def on_moved(self):
        """Told of each table whose lease another process took over (rooms.lease_keeping)."""
        return self.lease_keeping.on_moved

    @on_moved.setter
    def on_moved(self, callback) -> None:
        self.lease_keeping.on_moved = callback

    @property
    def backstop_poll_interval(self) -> float:
        return self.other_processes.backstop_poll_interval

    @backstop_poll_interval.setter
    def backstop_poll_interval(self, seconds: float) -> None:
        self.other_processes.backstop_poll_interval = seconds

    seat_for_token = staticmethod(seat_for_token)

    async def start(self) -> None:
        await self.fanout.start(self.other_processes.on_remote_change,
                                self.other_processes.on_fanout_reconnect)
        self._tasks.append(asyncio.create_task(self.pruning.sweep_forever()))
        # Always: expired sessions and sign-in links go even where tables are kept forever.
        self._tasks.append(asyncio.create_task(self.pruning.prune_forever()))
        self._tasks.append(asyncio.create_task(self.moderation.keep_suspensions()))
        if self.fanout.shared:
            self._tasks.append(asyncio.create_task(self.other_processes.watch_log_heads()))
        self.deadlines.start()
        self.resumed = asyncio.create_task(self._resume())
        self.reviews.open()
        if self.leases is not None:
            self._tasks.append(asyncio.create_task(self.lease_keeping.keep()))

    async def _resume(self) -> None:
        await resuming.resume(self)

    async def stop(self) -> None:
        for audience in self.audiences.values():
            audience.feed.close()
        self.deadlines.stop()
        for task in (*self._tasks, self.resumed):
            if task:
                task.cancel()
        for table in list(self.tables.values()):
            if table.bot_task:
                table.bot_task.cancel()
        self.bots.close()
        await self.reviews.close()
        await self.writer.close()
        if self.leases is not None:
            try:  # at once, so that the other processes need not wait for them to run out
                await self.leases.release_all()
            except Exception:  # noqa: BLE001 - they run out by themselves
                log.exception("could not release this process's table leases")
        await self.checkpoints.close()
        await self.fanout.stop()
        self.close_executors()
