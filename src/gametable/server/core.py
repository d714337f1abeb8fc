"""The core of the table service: the hot tables, and the one path by which a change is made.

Every change goes the same way, for people and bots alike: under the table's lock, the
action is checked and applied to the hot state, committed to the log store (in a transaction
shared with other tables' actions: see gametable.server.writer), and only then is anyone told
(local watchers directly, other server processes through the fan-out). If the commit fails,
the hot state is thrown away and rebuilt from the log, which is the truth.

The core loads tables (from their newest checkpoint and the log after it:
gametable.server.checkpoints), keeps them while they are played or watched and drops them
when idle; a table idle for long comes back the first time anyone asks. Everything else the
service does lives in a room around this core (gametable.server.rooms), which uses it and is
never used by it: the core only calls the few hooks the rooms set (the bot runner, the clock
scheduler, the chat catch-up, "your turn").

Each change's snapshots are computed once per seat and shared by every connection of that seat
(and by all spectators): see gametable.server.snapshots. Connections coming and going cost no
snapshot for anyone else: see gametable.server.audience.
"""

from __future__ import annotations

import asyncio
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import replace
from functools import partial
from typing import Any, AsyncIterator, Awaitable, Callable, Protocol, TypeVar

from gametable.engine import Action, BaseMissing, Game, IllegalAction, is_undo
from gametable.server import checkpoints as state_checkpoints
from gametable.server import clocks, snapshots
from gametable.server.audience import Audience, AudienceLimits, Watcher
from gametable.server.batched_loads import BatchedLoads
from gametable.server.catalog import GameCatalog
from gametable.server.deadlines import DeadlineScheduler
from gametable.server.errors import BadRequest, Conflict, NotFound, Unavailable
from gametable.server.fanout import Fanout, LocalFanout
from gametable.server.ids import no_table_message, require_table_id
from gametable.server.leases import Leases, OwnedElsewhere
from gametable.server.live_table import (LiveTable, bot_to_move, changed_seats, clocked, made_once, now_ms,
                                         seat_that_plays, waiting_for_people)
from gametable.server.metrics import Metrics
from gametable.server.players import PlayerStore
from gametable.server.ratings import finishing_ranks, rated_players
from gametable.server.snapshots import Snapshot
from gametable.server.store import ActionRecord, Append, LogStore, SeqTaken, StoredTable
from gametable.server.writer import LogWriter

log = logging.getLogger("gametable.server")

T = TypeVar("T")

#: a table loads on the event loop from a checkpoint with at most this many log entries after it
_REBUILD_INLINE = 80


class BotSchedule(Protocol):
    """What the core asks of the bot runner (gametable.server.bots): play a bot's move soon."""

    def schedule(self, table: LiveTable) -> None: ...


class TableCore:
    """The hot tables of this process and their commit path (see the module's text)."""

    #: plays the bot seats (set by the service that assembles the rooms: gametable.server.tables)
    bots: BotSchedule
    #: wakes up at the next clock deadline of any table (set likewise)
    deadlines: DeadlineScheduler

    def __init__(self, store: LogStore, games: GameCatalog, fanout: Fanout | None,
                 idle_seconds: float, audience_limits: AudienceLimits, metrics: Metrics | None,
                 lease_address: str | None, checkpoint_every: int, commit_window: float) -> None:
        self.store = store
        self.players = PlayerStore(store)
        self.games = games
        self.fanout = fanout or LocalFanout()
        self.idle_seconds = idle_seconds
        self.tables: dict[str, LiveTable] = {}
        self.audience_limits = audience_limits
        #: the live connections of each table that has any
        self.audiences: dict[str, Audience] = {}
        self.loading: dict[str, asyncio.Future[LiveTable]] = {}
        self.loads = BatchedLoads(
            lambda table_ids: self.read(self.store.load_tables, table_ids, bool(self.checkpoints.every)))
        #: told of the seats that a change made the ones to decide (Web Push: push.TurnPusher)
        self.on_turn: Callable[[LiveTable, list[int]], None] | None = None
        #: run before a table catches up with another process's changes, while it has watchers
        #: (the chat room hands them the messages posted elsewhere)
        self.on_catch_up: Callable[[LiveTable], Awaitable[None]] | None = None
        # PostgreSQL is a network round trip away: its calls run on worker threads while the
        # event loop serves others. SQLite's reads and rare writes are short local calls: they
        # run inline, because handing each to a thread costs more once the loop is busy (the
        # worker must win the GIL back each time). Its action commits are different: each
        # waits for an fsync (milliseconds on a busy disk) that would stall every table, so
        # they go, batched, to one writer thread (the fsync runs without the GIL), and so do
        # the other writes (creating tables, seats, retention), which may wait on the same lock.
        self._executor = None if store.is_sqlite else ThreadPoolExecutor(
            max_workers=8, thread_name_prefix="gametable-db")
        self._log_executor = ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="gametable-log") if store.is_sqlite else self._executor
        self.metrics = metrics
        # commit_window: the seconds a group commit waits for other tables' actions while many
        # tables commit (gametable.server.writer)
        self.writer = LogWriter(store, self.write,
                                on_commit=metrics.group_committed if metrics is not None else None,
                                window=commit_window)
        #: stores each table's state every checkpoint_every actions (gametable.server.checkpoints)
        self.checkpoints = state_checkpoints.Checkpointer(store, self.write, checkpoint_every)
        #: several processes: each table is served by the one holding its lease (leases.py),
        #: reached at ``lease_address`` by the others; None (one process): no leases at all
        self.leases = Leases(store, self.write, lease_address) if lease_address else None
        if self.leases is not None:
            # Only a table's owner holds it, and every change of it is made there: a notice
            # would reach nobody who needs it, at the cost of two Redis messages per action.
            self.fanout.publishes = False
        #: how many seat views this process has built (snapshots): the cost that only a
        #: table's owner should pay
        self.views_built = 0

    # -- the store --------------------------------------------------------------------------

    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        """A store read, on a worker thread for PostgreSQL, inline for SQLite."""
        if self._executor is None:
            return fn(*args)
        return await asyncio.get_running_loop().run_in_executor(self._executor, partial(fn, *args))

    async def write(self, fn: Callable[..., T], *args: Any) -> T:
        """A store write (or a long read), on the writer thread (SQLite) or a worker thread."""
        return await asyncio.get_running_loop().run_in_executor(self._log_executor, partial(fn, *args))

    async def ping_store(self) -> None:
        """A trivial query: raises if the store does not answer."""
        await self.read(self.store.ping)

    def close_executors(self) -> None:
        for executor in {self._executor, self._log_executor} - {None}:
            executor.shutdown(wait=True)

    # -- the hot tables ---------------------------------------------------------------------

    def game(self, name: str) -> Game:
        try:
            return self.games.get(name)
        except KeyError:
            raise BadRequest(f"unknown game {name!r}; this server offers: "
                             f"{', '.join(self.games.names()) or 'no games'}") from None

    def keep(self, table: LiveTable) -> None:
        """Hold a table (new, or just loaded) in memory and set its bots and clocks going."""
        self.tables[table.id] = table
        self.bots.schedule(table)
        self.deadlines.note(table.id, clocks.next_deadline(table.seats))

    async def table(self, table_id: str, stored: StoredTable | None = None) -> LiveTable:
        """The hot table, loading (replaying) it from the store if needed (``stored``: what was
        read of it already, as a restart reads its tables in batches)."""
        table = self.tables.get(table_id)
        if table is not None:
            table.touched = time.monotonic()
            return table
        if self.leases is not None:
            owner = await self.leases.claim(table_id)
            if owner is not None:
                raise OwnedElsewhere(owner)
        table, made_here = await made_once(self.loading, table_id, lambda: self.load(table_id, stored))
        if made_here:
            self.tables[table_id] = table
            self.bots.schedule(table)
            if self.leases is not None:  # (taken over: its clocks were another process's)
                self.deadlines.note(table.id, clocks.next_deadline(table.seats))
        return table

    async def copy_of(self, table_id: str) -> LiveTable:
        """The table to read, not to change: the hot one if we hold it, else a replay of its
        log that is not kept (a table another process owns, for My tables)."""
        table = self.tables.get(table_id)
        return table if table is not None else await self.load(table_id)

    @asynccontextmanager
    async def locked(self, table_id: str) -> AsyncIterator[LiveTable]:
        """The hot table with its lock held; if it was dropped from memory while we waited
        (a failed commit, or idle), take the fresh copy instead."""
        while True:
            table = await self.table(table_id)
            async with table.lock:
                if not table.evicted:
                    yield table
                    return

    async def load(self, table_id: str, stored: StoredTable | None = None) -> LiveTable:
        """Rebuild a table from the store (``stored``: what was read already, for a batch)."""
        require_table_id(table_id)  # in depth: the routes check it too; PostgreSQL refuses NUL bytes
        if stored is None:
            # its newest checkpoint (if checkpoints are on) and the log after it, read with the
            # other tables asked for meanwhile (a restart's reconnecting crowd)
            stored = await self.loads.stored(table_id)
        if stored is None:
            raise NotFound(no_table_message(table_id))
        record = stored.record
        try:
            game = self.games.get(record.game)
        except KeyError:
            raise Unavailable(f"this table plays {record.game!r}, which this server does not offer")

        def whole_log() -> list[tuple[int, Any]]:
            return [(a.seat, a.action) for a in self.store.actions_after(table_id, 0)]

        # (The last seat may still undo, and that should not cost another replay: rebuild keeps
        # its undo base.) A long replay is CPU work for a worker thread; a checkpoint and a short
        # tail cost a few milliseconds, less than the event loop loses to a thread that holds
        # the interpreter lock (a restart rebuilds a thousand such tables while serving).
        tail = [(a.seat, a.action) for a in stored.tail]
        if stored.checkpoint is not None and len(tail) <= _REBUILD_INLINE:
            timeline, start, seq = state_checkpoints.rebuild(game, record, stored.checkpoint, tail, whole_log)
        else:
            timeline, start, seq = await asyncio.to_thread(
                state_checkpoints.rebuild, game, record, stored.checkpoint, tail, whole_log)
        table = LiveTable(record=record, game=game, seats=stored.seats, timeline=timeline, seq=seq,
                          bot_due=record.bot_due, timed_out=stored.timeouts,
                          chat_seen=stored.newest_chat)
        self.checkpoints.loaded(table, start)
        return table

    async def rebuild(self, table: LiveTable) -> None:
        """Throw the hot state away and replay the log (after a failed commit)."""
        fresh = await self.load(table.id)
        table.seats, table.timeline, table.seq = fresh.seats, fresh.timeline, fresh.seq
        table.bot_due, table.timed_out = fresh.bot_due, fresh.timed_out
        table.reset_situations()
        self.refreshed(table)

    def refreshed(self, table: LiveTable) -> None:
        """The table changed (here or elsewhere): our watchers and bots must know."""
        table.touched = time.monotonic()
        self.deliver(table)
        self.bots.schedule(table)
        self.deadlines.note(table.id, clocks.next_deadline(table.seats))

    async def catch_up(self, table: LiveTable) -> None:
        """Apply what other processes committed since our hot state, and tell our watchers."""
        if table.id in self.audiences and self.on_catch_up is not None:
            await self.on_catch_up(table)
        seats = await self.read(self.store.load_seats, table.id)
        newer = await self.read(self.store.actions_after, table.id, table.seq)
        stored = await self.read(self.store.load_table, table.id)
        rematch = stored.rematch_id if stored is not None else table.record.rematch_id
        if seats == table.seats and not newer and rematch == table.record.rematch_id:
            return
        table.seats = seats
        table.record = replace(table.record, rematch_id=rematch)
        for record in newer:
            try:
                self.apply_entry(table, record.seat, record.action)
            except (IllegalAction, BaseMissing):
                log.exception("table %s: logged action %s does not replay; rebuilding", table.id,
                              record.seq)
                await self.rebuild(table)
                return
            table.seq = record.seq
            table.advanced(record.seat)
            if record.timeout:
                table.timed_out.append((record.seq, record.seat))
        # The other process keeps the table row's bot_due in step; take it over.
        if stored is not None:
            table.bot_due = stored.bot_due
        self.refreshed(table)

    async def playing_seat(self, table_id: str, token: str | None, doing: str,
                           player_id: str | None = None) -> int:
        """The seat of this token (or signed-in player), for something only a seat may do
        (``doing``: what, for the refusal): see live_table.seat_that_plays."""
        async with self.locked(table_id) as table:
            return seat_that_plays(table, token, doing, player_id)

    def evict(self, table: LiveTable) -> None:
        table.evicted = True
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        if table.bot_task is not None and table.bot_task is not asyncio.current_task():
            table.bot_task.cancel()
        table.bot_task = None

    # -- the commit path --------------------------------------------------------------------

    def apply_entry(self, table: LiveTable, seat: int, entry: Any) -> Action:
        """Apply a log entry (a game action or an undo) to the hot state; returns it as the
        log stores it. An undo cuts the game log back: the connections must know (LogCuts)."""
        canonical = table.timeline.apply(seat, entry, keep_base=table.keeps_base(seat))
        if is_undo(canonical):
            table.log_cuts.lengths.append(len(table.state.log))
        return canonical

    async def commit(self, table: LiveTable, seat: int, action: Any,
                     received_at: float | None = None, timed_out: bool = False) -> None:
        """Apply, commit, announce; the caller holds the table's lock. Used by people and bots,
        for game actions and undo entries alike (``timed_out``: the bot plays for a person seat
        whose time ran out)."""
        try:
            try:
                # the action as the game offered it, so that e.g. 1.0 or true for 1 never reach the log
                canonical = self.apply_entry(table, seat, action)
            except BaseMissing:
                # An undo whose starting state this process did not keep: reload (which keeps
                # it for the last seat) and try once more.
                await self.rebuild(table)
                canonical = self.apply_entry(table, seat, action)
        except IllegalAction as exc:
            raise BadRequest(str(exc)) from None  # the state is untouched
        except Exception:
            self.evict(table)  # a game bug may have left the state half-changed
            raise
        state = table.state
        record = ActionRecord(seq=table.seq + 1, seat=seat, action=canonical, time=now_ms(),
                              timeout=timed_out)
        # the seats that had a decision to make before this action (table.legal is not updated yet)
        waited_for = {s for s, legal in enumerate(table.legal) if legal}
        seats = clocked(table.record, state, table.seats, record.time, seat, timed_out,
                        clocks.ends_turn(state.turn_end_actions, canonical))
        due = bot_to_move(state, seats) is not None
        to_act = state.to_act()  # stored when it changes, for My tables (records.Append.to_act)
        try:
            await self.writer.append(Append(table.id, record, state.is_over(),
                                            due if due != table.bot_due else None,
                                            changed_seats(table.seats, seats),
                                            tuple(to_act) if set(to_act) != waited_for else None))
        except SeqTaken:
            await self.rebuild(table)
            raise Conflict(f"another action took seq {record.seq} first; the table is at seq "
                           f"{table.seq}") from None
        except BaseException:
            # We cannot know whether the commit happened: the log will tell on the next load.
            self.evict(table)
            raise
        if self.metrics is not None:
            self.metrics.committed(table.record.game, received_at)
        table.seq, table.bot_due, table.seats = record.seq, due, seats
        if timed_out:
            table.timed_out.append((record.seq, seat))
        table.advanced(seat)
        # Durable now: store the state every few actions, written after the answer, off the loop.
        self.checkpoints.offer(table, table.id, table.seq, table.game, table.timeline)
        await self.changed(table)
        if self.on_turn is not None:
            # a seat that acted and must decide again was just told by its own answer
            turned = [s for s in waiting_for_people(state, seats) if s not in waited_for]
            if turned:
                self.on_turn(table, turned)
        if state.is_over():
            await self.settle(table)

    async def settle(self, table: LiveTable) -> dict[str, Any]:
        """Store a finished table's result and rate the game if it counts (ratings.py), once.
        A failure here loses nothing: the game is in the log, and My tables settles a finished
        table it finds unsettled. Returns the result."""
        result = table.state.result()
        # a table with hints is never rated: the search helped someone choose
        players = None if table.record.hints else rated_players(table.seats)
        ranked = (list(zip(players, finishing_ranks(result, len(players))))
                  if players is not None else None)
        try:
            await self.write(self.players.settle, table.id, table.record.game, result, ranked, now_ms())
        except Exception:  # noqa: BLE001 - the action is committed; settling is tried again later
            log.exception("table %s: could not store its result and ratings", table.id)
        return result

    async def changed(self, table: LiveTable) -> None:
        """Tell everyone about a committed change (caller holds the lock)."""
        self.refreshed(table)
        await self.fanout.publish(table.id, table.seq)

    # -- delivery ---------------------------------------------------------------------------

    def snapshot(self, table: LiveTable, seat: int | None,
                 online: frozenset[int] | None = None) -> Snapshot:
        """Everything a seat (None = spectator) may know of the table now; ``online``: the seats
        with a socket here, if the caller knows them already."""
        self.views_built += 1
        return snapshots.build(table, seat, self.online(table) if online is None else online)

    def watcher_seat(self, table: LiveTable, watcher: Watcher) -> int | None:
        # Resolved on every update: a seat handed to a bot turns its old watcher into a spectator.
        if watcher.token_hash is not None:
            return table.seat_for_hash(watcher.token_hash)
        return table.seat_for_player(watcher.player_id)

    def online(self, table: LiveTable) -> frozenset[int]:
        audience = self.audiences.get(table.id)
        return audience.online() if audience is not None else frozenset()

    def deliver(self, table: LiveTable) -> None:
        """Hand each local watcher its own seat's snapshot, made once per seat; the spectators
        beyond the direct ones get theirs through the audience's shared feed."""
        audience = self.audiences.get(table.id)
        if audience is None:
            return
        for watcher in audience.direct:
            audience.direct[watcher] = self.watcher_seat(table, watcher)
        online = audience.online()
        audience.announced = online  # every snapshot below carries these flags
        # Every seat's view at once: what the seats see alike is built, encoded and diffed once.
        seats = set(audience.direct.values())
        if audience.feed.members:
            seats.add(None)
        if not seats:
            return
        views = table.state.views(seats)
        lasting = audience.lasting.encodings(next(iter(views.values())), table.state.lasting_view_keys)
        shared = snapshots.Shared(views, lasting)
        parts = snapshots.common(table, online)
        by_seat: dict[int | None, Snapshot] = {}
        for seat in seats:
            self.views_built += 1
            by_seat[seat] = snapshots.build(table, seat, online, views[seat], shared, parts)
        for watcher, seat in audience.direct.items():
            watcher.push(by_seat[seat])
        if audience.feed.members:
            audience.feed.offer(by_seat[None])
