"""The hot table manager: live game states in memory, kept in step with the action log.

Every change goes the same way, for people and bots alike: under the table's lock, the
action is checked and applied to the hot state, committed to the log store (in a transaction
shared with other tables' actions: see gametable.server.writer), and only then is anyone told
(local watchers directly, other server processes through the fan-out). If the commit fails,
the hot state is thrown away and rebuilt from the log, which is the truth.

After a restart, the unfinished tables are rebuilt in the background, those where people wait
first, then those where a bot must move (the log's table row says so: ``bot_due``), whose games
go on by themselves; a table is rebuilt from its newest state checkpoint and the log after it
(gametable.server.checkpoints). A table idle for long comes back the first time anyone asks.

Each change's snapshots are computed once per seat and shared by every connection of that seat
(and by all spectators), together with their encoded form (see :class:`Snapshot`). They are
not kept afterwards: a snapshot is large, and hundreds of tables' worth of them held between
moves would make every full garbage collection of the process slower. Connections coming and
going cost no snapshot for anyone else: see gametable.server.audience.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import hmac
import logging
import secrets
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, AsyncIterator, Awaitable, Callable, TypeVar

import orjson

from gametable import bots as bot_levels
from gametable.engine import (Action, BaseMissing, Game, IllegalAction, InvalidOptions, State, Timeline,
                              is_undo, log_for, resolve_options, undo_entry)
from gametable.server import checkpoints as state_checkpoints
from gametable.server import clocks, patches
from gametable.server.audience import Audience, AudienceLimits, Presence, Watcher, serials
from gametable.server.catalog import GameCatalog
from gametable.server.clocks import ClockSpec
from gametable.server.deadlines import DeadlineScheduler
from gametable.server.errors import (BadRequest, Conflict, Forbidden, NotFound, TableError,
                                     Unauthorized, Unavailable)
from gametable.server.fanout import Fanout, LocalFanout
from gametable.server.ids import no_table_message, require_table_id
from gametable.server.leases import Leases, OwnedElsewhere
from gametable.server.metrics import Metrics
from gametable.server.players import PlayerStore
from gametable.server.ratings import finishing_ranks, rated_players
from gametable.server.replays import ReplayCheckpoints
from gametable.server.retention import Retention
from gametable.server.store import (ActionRecord, Append, ChatRecord, LogStore, PushSubscription,
                                    SeatRecord, SeqTaken, StoredTable, TableHead, TableRecord)
from gametable.server.writer import LogWriter

log = logging.getLogger("gametable.server")

T = TypeVar("T")

#: how many finished games keep their replay checkpoints (each well under a few MB: replays.py)
_REPLAY_CACHE_SIZE = 32
#: seconds between retention sweeps (the first runs soon after the start)
_PRUNE_EVERY = 60 * 60
_PRUNE_FIRST_AFTER = 30
#: tables deleted per statement by a retention sweep
_PRUNE_BATCH = 500
#: tables read from the store at once while a starting server resumes them
_RESUME_BATCH = 25
#: a table loads on the event loop from a checkpoint with at most this many log entries after it
_REBUILD_INLINE = 80


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def now_ms() -> int:
    return int(time.time() * 1000)


class Snapshot:
    """What one seat (or the spectators) may know of a table at one seq: ``data`` is the body
    of ``GET /api/tables/{id}``. Shared by every connection of that seat, so it is never
    changed once made; its WebSocket messages are encoded once per log position (and, for
    patches, per snapshot patched). ``serial`` orders it among everything handed to a
    connection (newer is higher), and names it to the clients (``rev``)."""

    __slots__ = ("data", "serial", "_messages", "log_cuts", "cut_count", "_sections")

    def __init__(self, data: dict[str, Any], log_cuts: "LogCuts | None" = None) -> None:
        self.data = data
        self.serial = next(serials)
        self._messages: dict[Any, str] = {}
        #: the table's log cuts (undos) and how many of them this snapshot's log follows
        self.log_cuts = log_cuts
        self.cut_count = len(log_cuts.lengths) if log_cuts is not None else 0
        self._sections: patches.Sections | None = None

    def log_kept(self, cuts: "LogCuts | None", cut_count: int) -> int | None:
        """How much of a log sent with an older snapshot (of these ``cuts``, after ``cut_count``
        of them) this snapshot's log still begins with; None when nothing was cut since."""
        if cuts is not self.log_cuts:
            return 0  # the table was reloaded since: nothing is known
        if self.log_cuts is None or cut_count >= self.cut_count:
            return None
        return min(self.log_cuts.lengths[cut_count:self.cut_count])

    @property
    def log_length(self) -> int:
        entries = self.data["view"].get("log")
        return len(entries) if isinstance(entries, list) else 0

    def _log_tail(self, log_from: int) -> tuple[dict[str, Any], list | None]:
        """The view without its log, and the log's entries from ``log_from`` on (None: the
        view has no log list, which then stays in the view)."""
        view = self.data["view"]
        if not isinstance(view.get("log"), list):
            return view, None
        return {key: value for key, value in view.items() if key != "log"}, view["log"][log_from:]

    @property
    def sections(self) -> patches.Sections:
        """The snapshot without its log, encoded member by member (the view's one by one): what
        a connection keeps of the last snapshot it was sent, to be sent patches from. Bytes,
        which the garbage collector never scans (a parsed copy per connection would slow every
        collection), and only the members that changed are parsed again to be diffed."""
        if self._sections is None:
            log = "log" if isinstance(self.data["view"].get("log"), list) else None
            self._sections = patches.sections(self.data, "view", log)
        return self._sections

    def message(self, log_from: int) -> str:
        """The ``state`` message for a connection that already has the first ``log_from``
        entries of the log (0 for everything)."""
        text = self._messages.get(log_from)
        if text is None:
            view, tail = self._log_tail(log_from)
            if tail is not None:
                view = {**view, "log": tail}
            # orjson: views can be large.
            # now_ms: the server's time as the message is made, which clients count clocks from
            text = orjson.dumps({"type": "state", **self.data, "view": view, "log_from": log_from,
                                 "now_ms": now_ms(), "rev": self.serial},
                                option=orjson.OPT_NON_STR_KEYS).decode()
            self._messages[log_from] = text
        return text

    def patch_message(self, base_serial: int, base: patches.Sections, log_from: int) -> str:
        """The update for a connection that was last sent snapshot ``base_serial`` (whose
        ``sections`` were ``base``) and has the first ``log_from`` entries of the log: a
        ``patch`` message (docs/server.md), or the ``state`` message where that is shorter."""
        key = (base_serial, log_from)
        text = self._messages.get(key)
        if text is None:
            log = self.data["view"].get("log")
            tail = log[log_from:] if isinstance(log, list) else None
            text = orjson.dumps({"type": "patch", "seq": self.data["seq"], "rev": self.serial,
                                 "base": base_serial, "ops": patches.diff_sections(base, self.sections),
                                 **({"log": tail, "log_from": log_from} if tail is not None else {}),
                                 "now_ms": now_ms()},
                                option=orjson.OPT_NON_STR_KEYS).decode()
            if len(text) > 4096:  # (a game's whole new phase, say)
                full = self.message(log_from)
                text = full if len(full) < len(text) else text
            self._messages[key] = text
        return text


class LogCuts:
    """Where a table's game log was cut back (an undo takes back the entries of the undone
    actions), in order: a connection that had a longer log keeps only the part before a cut."""

    __slots__ = ("lengths",)

    def __init__(self) -> None:
        self.lengths: list[int] = []


def chat_json(message: ChatRecord) -> dict[str, Any]:
    return {"id": message.id, "seat": message.seat, "name": message.name, "text": message.text,
            "time": message.time}


def table_status(state: State, seats: list[SeatRecord]) -> str:
    if state.is_over():
        return "finished"
    if any(s.kind == "open" for s in seats):
        return "waiting"
    return "playing"


def waiting_for_people(state: State, seats: list[SeatRecord]) -> list[int]:
    """The person seats whose decision the running game waits for (their clocks run)."""
    if table_status(state, seats) != "playing":
        return []
    return [s for s in state.to_act() if seats[s].kind == "human"]


def clocked(record: TableRecord, state: State, seats: list[SeatRecord], now: int,
            acted: int | None = None, timed_out: bool = False) -> list[SeatRecord]:
    """``seats`` (as they are after a change at ``now``) with their clocks and timeouts brought
    up to date: a seat whose time ran out counts a timeout, and goes to the bot (keeping its
    player's token to take it back) after the table's number in a row; a seat that acted in
    time starts counting again from 0."""
    seats = list(seats)
    if acted is not None and seats[acted].kind == "human":
        seat = seats[acted]
        if not timed_out:
            seats[acted] = dataclasses.replace(seat, timeouts=0)
        elif seat.timeouts + 1 >= record.timeouts_to_bot:
            seats[acted] = dataclasses.replace(seat, kind="bot", token_hash=None,
                                               reclaim_hash=seat.token_hash, timeouts=seat.timeouts + 1)
        else:
            seats[acted] = dataclasses.replace(seat, timeouts=seat.timeouts + 1)
    return clocks.advance(ClockSpec.from_json(record.clock), seats,
                          waiting_for_people(state, seats), acted, now)


def changed_seats(before: list[SeatRecord], after: list[SeatRecord]) -> tuple[SeatRecord, ...]:
    return tuple(new for old, new in zip(before, after) if new != old)


def bot_to_move(state: State, seats: list[SeatRecord]) -> int | None:
    """A bot seat that must decide now, if the game is running."""
    if table_status(state, seats) != "playing":
        return None
    for seat in state.to_act():
        if seats[seat].kind == "bot":
            return seat
    return None


@dataclass(eq=False)
class LiveTable:
    record: TableRecord
    game: Game
    seats: list[SeatRecord]
    #: the hot state with its undo window (gametable.engine.undo)
    timeline: Timeline
    seq: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task | None = None
    touched: float = field(default_factory=time.monotonic)
    evicted: bool = False
    #: the table row's bot_due as committed
    bot_due: bool = False
    #: each seat's legal actions at this seq ([] for a seat that is not to decide)
    legal: list[list[Action]] = field(default_factory=list)
    #: per seat, the first seq from which its legal actions have been what they are now, with
    #: no action of its own since: an action decided at any seq from there on is still current
    stable_since: list[int] = field(default_factory=list)
    log_cuts: LogCuts = field(default_factory=LogCuts)
    #: (seq, seat) of every action the bot played because the seat's time ran out
    timed_out: list[tuple[int, int]] = field(default_factory=list)
    #: the newest chat message id this process has handed its watchers
    chat_seen: int = 0

    def __post_init__(self) -> None:
        self.reset_situations()

    @property
    def state(self) -> State:
        return self.timeline.state

    def undo_steps(self, seat: int | None) -> int:
        """How many of its own latest actions a person's seat may take back now."""
        if seat is None or self.seats[seat].kind != "human" or self.status != "playing":
            return 0
        return self.timeline.window.steps(seat)

    def keeps_base(self, seat: int) -> bool:
        """Whether to keep the state before an action of ``seat`` that opens an undo window:
        a person may undo it; a bot never does, so its actions cost no copy."""
        return self.seats[seat].kind == "human"

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def status(self) -> str:
        return table_status(self.state, self.seats)

    def reset_situations(self) -> None:
        """Every seat's situation counts from now (a fresh or rebuilt hot state: what came
        before is not known here, so older seqs are stale)."""
        to_act = self.state.to_act()
        self.legal = [self.state.legal_actions(s) if s in to_act else []
                      for s in range(self.state.num_players)]
        self.stable_since = [self.seq] * self.state.num_players

    def advanced(self, acted: int) -> None:
        """Seat ``acted``'s action took the table to ``self.seq``: note whose situation changed."""
        to_act = self.state.to_act()
        for s in range(self.state.num_players):
            now = self.state.legal_actions(s) if s in to_act else []
            if s == acted or now != self.legal[s]:
                self.stable_since[s] = self.seq
            self.legal[s] = now

    def is_current(self, seat: int, seq: int) -> bool:
        """Whether an action of ``seat`` decided at ``seq`` may still be applied: ``seq`` is
        now, or the seat still has the very choices it had then and has not acted since
        (so several seats can answer the same offer, and nothing is applied twice)."""
        if seq == self.seq:
            return True
        return self.stable_since[seat] <= seq < self.seq and bool(self.legal[seat])

    def seat_for_hash(self, token_hash: str | None) -> int | None:
        """The human seat holding this token, if any (compared in constant time)."""
        if token_hash is None:
            return None
        found = None
        for s in self.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, token_hash):
                found = s.seat
        return found

    def seat_for_player(self, player_id: str | None) -> int | None:
        """The person's seat of this player, if any (the lowest, should they hold two)."""
        if player_id is None:
            return None
        return next((s.seat for s in self.seats if s.kind == "human" and s.player_id == player_id), None)

    def is_creator(self, token_hash: str | None, player_id: str | None = None) -> bool:
        """The creator's token, or (signed in) the creator's player: the player of the seat the
        creator's token was made for (the creator's seat keeps it, or keeps it to take back)."""
        if token_hash is not None and hmac.compare_digest(self.record.creator_hash, token_hash):
            return True
        return player_id is not None and any(
            s.player_id == player_id and any(h is not None and hmac.compare_digest(h, self.record.creator_hash)
                                             for h in (s.token_hash, s.reclaim_hash))
            for s in self.seats)

    def is_away_player(self, token_hash: str | None) -> bool:
        """The token is of a player whose seat is played by the bot now (they may take it back)."""
        return token_hash is not None and any(
            s.reclaim_hash is not None and hmac.compare_digest(s.reclaim_hash, token_hash)
            for s in self.seats)

    def bot_to_move(self) -> int | None:
        """A bot seat that must decide now, if the game is running."""
        return bot_to_move(self.state, self.seats)


class TableManager:
    def __init__(self, store: LogStore, games: GameCatalog, fanout: Fanout | None = None,
                 bot_pause: float = 0.6, idle_seconds: float = 15 * 60,
                 retention: Retention = Retention(),
                 audience_limits: AudienceLimits = AudienceLimits(),
                 metrics: Metrics | None = None, lease_address: str | None = None,
                 checkpoint_every: int = state_checkpoints.DEFAULT_EVERY) -> None:
        # Imported here because the bot runner drives tables through this manager.
        from gametable.server.bots import BotRunner

        self.store = store
        self.players = PlayerStore(store)
        self.games = games
        self.fanout = fanout or LocalFanout()
        self.idle_seconds = idle_seconds
        self.retention = retention
        self.bots = BotRunner(self, bot_pause)
        #: wakes up at the next clock deadline of any table (gametable.server.deadlines)
        self.deadlines = DeadlineScheduler(self.on_deadline)
        #: told of the seats that a change made the ones to decide (Web Push: push.TurnPusher)
        self.on_turn: Callable[[LiveTable, list[int]], None] | None = None
        self.tables: dict[str, LiveTable] = {}
        self.audience_limits = audience_limits
        #: the live connections of each table that has any
        self.audiences: dict[str, Audience] = {}
        self._loading: dict[str, asyncio.Future[LiveTable]] = {}
        self._replays: OrderedDict[str, ReplayCheckpoints] = OrderedDict()
        self._replay_builds: dict[str, asyncio.Future[ReplayCheckpoints]] = {}
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
        self.writer = LogWriter(store, self._log_db,
                                on_commit=metrics.group_committed if metrics is not None else None)
        #: stores each table's state every checkpoint_every actions (gametable.server.checkpoints)
        self.checkpoints = state_checkpoints.Checkpointer(store, self._log_db, checkpoint_every)
        self._sweeper: asyncio.Task | None = None
        self._pruner: asyncio.Task | None = None
        self._log_watch: asyncio.Task | None = None
        self.resumed: asyncio.Task | None = None
        #: with other processes on the store: seconds between looks at the log heads of our hot
        #: tables while the fan-out is not healthy, and between such looks even when it is (for
        #: another process cut off from Redis alone, whose notices cannot reach us)
        self.unheard_poll_interval = 1.0
        self.backstop_poll_interval = 5.0
        #: several processes: each table is served by the one holding its lease (leases.py),
        #: reached at ``lease_address`` by the others; None (one process): no leases at all
        self.leases = Leases(store, self._log_db, lease_address) if lease_address else None
        if self.leases is not None:
            # Only a table's owner holds it, and every change of it is made there: a notice
            # would reach nobody who needs it, at the cost of two Redis messages per action.
            self.fanout.publishes = False
        self._lease_keeper: asyncio.Task | None = None
        #: told of each table whose lease another process took over (its sockets here must go)
        self.on_moved: Callable[[str], Awaitable[None]] | None = None
        #: how many seat views this process has built (snapshots): the cost that only a
        #: table's owner should pay
        self.views_built = 0

    # -- life cycle -----------------------------------------------------------------------

    async def start(self) -> None:
        await self.fanout.start(self.on_remote_change, self.on_fanout_reconnect)
        self._sweeper = asyncio.create_task(self._sweep_forever())
        # Always: expired sessions and sign-in links go even where tables are kept forever.
        self._pruner = asyncio.create_task(self._prune_forever())
        if self.fanout.shared:
            self._log_watch = asyncio.create_task(self._watch_log_heads())
        self.deadlines.start()
        self.resumed = asyncio.create_task(self._resume())
        if self.leases is not None:
            self._lease_keeper = asyncio.create_task(self._keep_leases())

    async def stop(self) -> None:
        for audience in self.audiences.values():
            audience.feed.close()
        self.deadlines.stop()
        for task in (self._sweeper, self._pruner, self._log_watch, self.resumed, self._lease_keeper):
            if task:
                task.cancel()
        for table in list(self.tables.values()):
            if table.bot_task:
                table.bot_task.cancel()
        self.bots.close()
        await self.writer.close()
        if self.leases is not None:
            try:  # at once, so that the other processes need not wait for them to run out
                await self.leases.release_all()
            except Exception:  # noqa: BLE001 - they run out by themselves
                log.exception("could not release this process's table leases")
        await self.checkpoints.close()
        await self.fanout.stop()
        for executor in {self._executor, self._log_executor} - {None}:
            executor.shutdown(wait=True)

    async def _resume(self) -> None:
        """Bring the unfinished tables back into memory in the background (the server listens
        meanwhile; /readyz says ready when this is done): first those where people wait, the
        soonest clock deadline first, then those where a bot must move, whose bots go on by
        themselves. Each loads from its newest checkpoint (gametable.server.checkpoints).
        Tables where people decide and nothing happened for ``idle_seconds`` stay on disk
        until someone opens them. Every running clock is scheduled first (an overdue one is
        played at once, by the scheduler)."""
        for deadline, table_id in await self._db(self.store.deadlines):
            self.deadlines.note(table_id, deadline)
        candidates = await self._db(self.store.tables_to_resume)
        order = state_checkpoints.resume_order(candidates, now_ms() - int(self.idle_seconds * 1000))

        async def resume(table_id: str, stored: StoredTable | None) -> None:
            try:
                table = await self.table(table_id, stored)  # schedules its bots
            except OwnedElsewhere:
                return  # its owner's bots play it
            except TableError as exc:
                log.warning("table %s cannot be resumed: %s", table_id, exc.message)
                return
            except Exception:  # noqa: BLE001 - one broken table must not keep the others down
                log.exception("table %s cannot be resumed", table_id)
                return
            async with table.lock:
                due = table.bot_to_move() is not None
                if due != table.bot_due and not table.evicted:
                    # A mark from before the column was kept (the migration marks generously).
                    await self._db(self.store.set_bot_due, table_id, due)
                    table.bot_due = due

        # One batch at a time: the work is mostly Python (replays, reading rows), so more threads
        # would only take the interpreter lock from the event loop, which serves requests
        # between two tables.
        for start in range(0, len(order), _RESUME_BATCH):
            batch = order[start:start + _RESUME_BATCH]
            # A few queries for the whole batch, on a thread.
            stored = await asyncio.to_thread(self.store.load_tables, batch, bool(self.checkpoints.every))
            for table_id in batch:
                # (a table loaded meanwhile, on demand, is taken as it is: the batch may be older)
                await resume(table_id, None if table_id in self.tables else stored.get(table_id))
                await asyncio.sleep(0)  # a rebuild may not have waited for anything: serve requests

    async def ping_store(self) -> None:
        """A trivial query: raises if the store does not answer."""
        await self._db(self.store.ping)

    async def _db(self, fn: Callable[..., T], *args: Any) -> T:
        if self._executor is None:
            return fn(*args)
        return await asyncio.get_running_loop().run_in_executor(self._executor, partial(fn, *args))

    async def _log_db(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._log_executor, partial(fn, *args))

    #: for other parts of the server (players): a store read, and a store write, run where the
    #: manager runs its own
    read = _db
    write = _log_db

    # -- creating and finding tables --------------------------------------------------------

    def game(self, name: str) -> Game:
        try:
            return self.games.get(name)
        except KeyError:
            raise BadRequest(f"unknown game {name!r}; this server offers: "
                             f"{', '.join(self.games.names()) or 'no games'}") from None

    async def create(self, game_name: str, players: int, bots: list[int],
                     options: dict[str, Any], name: str,
                     bot_level: str | None = None,
                     player_id: str | None = None, clock: ClockSpec = ClockSpec(),
                     timeouts_to_bot: int = clocks.DEFAULT_TIMEOUTS_TO_BOT) -> tuple[LiveTable, str]:
        """A new table; the creator takes seat 0 and gets its token (also the creator's token).

        ``bot_level`` is the strength of the table's bots; None means the best level.
        ``player_id``: the creator's player (signed in), whose seat it is. ``clock`` and
        ``timeouts_to_bot``: see gametable.server.clocks (checked by the API's schema)."""
        game = self.game(game_name)
        try:
            # Only None means the default: an empty level is a mistake, not a request for the best.
            bot_level = bot_levels.check_level(bot_levels.default_level() if bot_level is None else bot_level)
        except bot_levels.UnknownBotLevel as exc:
            raise BadRequest(f"{exc}; or leave bot_level out for the best") from None
        seed = secrets.randbelow(2**62)
        try:
            state = game.new(players, seed, options)
        except InvalidOptions as exc:
            raise BadRequest(str(exc)) from None
        if len(set(bots)) != len(bots):
            raise BadRequest("each bot seat may be listed only once")
        for seat in bots:
            if not 0 < seat < players:
                raise BadRequest(f"bots can sit at seats 1 to {players - 1}, not {seat}; "
                                 "the creator takes seat 0")
        token = secrets.token_urlsafe(24)
        token_hash = hash_token(token)
        bank = clock.first_bank_ms()
        seats = [SeatRecord(0, "human", name, token_hash, player_id, clock_ms=bank)]
        seats += [SeatRecord(s, "bot" if s in bots else "open", "", None, clock_ms=bank)
                  for s in range(1, players)]
        record = TableRecord(
            id=secrets.token_urlsafe(16), game=game.name, num_players=players,
            options=resolve_options(game.options, options), seed=seed,
            bot_seed=secrets.randbelow(2**62), creator_hash=token_hash, created_ms=now_ms(),
            finished_ms=None, bot_due=bot_to_move(state, seats) is not None, bot_level=bot_level,
            clock=clock.to_json() if clock.runs else None, timeouts_to_bot=timeouts_to_bot,
            to_act=state.to_act(),
        )
        seats = clocked(record, state, seats, record.created_ms)
        # A write (an fsync on SQLite): never on the event loop, where it would stall every table.
        await self._log_db(self.store.create_table, record, seats)
        if self.leases is not None:
            await self.leases.claim(record.id)  # a new table: nobody else can hold it
        table = LiveTable(record=record, game=game, seats=seats, timeline=Timeline(state), seq=0,
                          bot_due=record.bot_due)
        self.tables[record.id] = table
        self.bots.schedule(table)
        self.deadlines.note(table.id, clocks.next_deadline(seats))
        return table, token

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
        table, made_here = await _made_once(self._loading, table_id, lambda: self._load(table_id, stored))
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
        return table if table is not None else await self._load(table_id)

    async def owner_elsewhere(self, table_id: str):
        """The live lease of another process that serves this table, or None when this
        process serves it (taking its lease if it is free)."""
        if self.leases is None or table_id in self.tables:
            return None
        return await self.leases.claim(table_id)

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

    async def _load(self, table_id: str, stored: StoredTable | None = None) -> LiveTable:
        """Rebuild a table from the store (``stored``: what was read already, for a batch)."""
        require_table_id(table_id)  # in depth: the routes check it too; PostgreSQL refuses NUL bytes
        if stored is None:
            # its newest checkpoint (if checkpoints are on) and the log after it
            stored = (await self._db(self.store.load_tables, [table_id],
                                     bool(self.checkpoints.every))).get(table_id)
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

    async def _rebuild(self, table: LiveTable) -> None:
        """Throw the hot state away and replay the log (after a failed commit)."""
        fresh = await self._load(table.id)
        table.seats, table.timeline, table.seq = fresh.seats, fresh.timeline, fresh.seq
        table.bot_due, table.timed_out = fresh.bot_due, fresh.timed_out
        table.reset_situations()
        self._refreshed(table)

    def _refreshed(self, table: LiveTable) -> None:
        """The table changed (here or elsewhere): our watchers and bots must know."""
        table.touched = time.monotonic()
        self.deliver(table)
        self.bots.schedule(table)
        self.deadlines.note(table.id, clocks.next_deadline(table.seats))

    async def _catch_up(self, table: LiveTable) -> None:
        """Apply what other processes committed since our hot state, and tell our watchers."""
        if table.id in self.audiences:
            self._deliver_chat(table, await self._db(self.store.chat_after, table.id, table.chat_seen))
        seats = await self._db(self.store.load_seats, table.id)
        newer = await self._db(self.store.actions_after, table.id, table.seq)
        stored = await self._db(self.store.load_table, table.id)
        rematch = stored.rematch_id if stored is not None else table.record.rematch_id
        if seats == table.seats and not newer and rematch == table.record.rematch_id:
            return
        table.seats = seats
        table.record = replace(table.record, rematch_id=rematch)
        for record in newer:
            try:
                self._apply_entry(table, record.seat, record.action)
            except (IllegalAction, BaseMissing):
                log.exception("table %s: logged action %s does not replay; rebuilding", table.id,
                              record.seq)
                await self._rebuild(table)
                return
            table.seq = record.seq
            table.advanced(record.seat)
            if record.timeout:
                table.timed_out.append((record.seq, record.seat))
        # The other process keeps the table row's bot_due in step; take it over.
        if stored is not None:
            table.bot_due = stored.bot_due
        self._refreshed(table)

    def _evict(self, table: LiveTable) -> None:
        table.evicted = True
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        if table.bot_task is not None and table.bot_task is not asyncio.current_task():
            table.bot_task.cancel()
        table.bot_task = None

    # -- seats ------------------------------------------------------------------------------

    def seat_for_token(self, table: LiveTable, token: str | None,
                       player_id: str | None = None) -> int | None:
        """The seat of a token; without one, the seat of the signed-in player ``player_id``;
        None (spectator) for neither; Forbidden for a stranger's token."""
        if token is None:
            return table.seat_for_player(player_id)
        token_hash = hash_token(token)
        seat = table.seat_for_hash(token_hash)
        if seat is None and not table.is_creator(token_hash) and not table.is_away_player(token_hash):
            raise Forbidden("this token is not a seat at this table")
        # The creator, or a player, whose own seat went to a bot watches as a spectator.
        return seat

    async def join(self, table_id: str, name: str,
                   player_id: str | None = None) -> tuple[int, str | None]:
        """Take a seat: the one kept for this player (a rematch's invitation), else the lowest
        open seat kept for nobody. A player who holds a seat here already gets it back, with no
        new token (their session is their key). Returns the seat and its token."""
        async with self.locked(table_id) as table:
            held = table.seat_for_player(player_id)
            if held is not None:
                return held, None
            token = secrets.token_urlsafe(24)
            token_hash = hash_token(token)
            while True:
                seat = _seat_to_take(table.seats, player_id)
                seats = list(table.seats)
                seats[seat] = dataclasses.replace(seats[seat], kind="human", name=name,
                                                  token_hash=token_hash, player_id=player_id)
                # the last seat taken starts the game, and the clocks of the seats to decide
                seats = clocked(table.record, table.state, seats, now_ms())
                due = bot_to_move(table.state, seats) is not None
                if await self._log_db(self.store.claim_seat, table.id, seat, name, token_hash,
                                      due if due != table.bot_due else None, player_id,
                                      changed_seats(table.seats, seats)):
                    break
                # Another process filled that seat first: look again.
                table.seats = await self._db(self.store.load_seats, table.id)
            table.seats, table.bot_due = seats, due
            await self._changed(table)
            return seat, token

    async def adopt_seat(self, table_id: str, token: str | None, player_id: str) -> int:
        """The seat of ``token`` becomes ``player_id``'s (a seat taken before its person was a
        player, by token only): from then on the session finds it. Returns the seat."""
        async with self.locked(table_id) as table:
            if token is None:
                raise Unauthorized("send the seat's token as 'Authorization: Bearer <token>'")
            seat = self.seat_for_token(table, token)
            if seat is None:
                raise Forbidden("this token holds no seat at this table now")
            owner = table.seats[seat].player_id
            if owner == player_id:
                return seat
            if owner is not None or not await self._log_db(self.store.give_seat_to_player,
                                                           table.id, seat, player_id):
                raise Conflict("this seat belongs to another player")
            table.seats = [replace(s, player_id=player_id) if s.seat == seat else s for s in table.seats]
            await self._changed(table)
            return seat

    async def hand_to_bot(self, table_id: str, token: str | None, seat: int,
                          player_id: str | None = None) -> None:
        """A seat goes to a server bot: a player hands over their own seat (they leave), or
        the creator hands over a seat nobody took, whose player is not connected, or that has
        timed out. The player keeps their token (or, signed in, their player) to take the seat
        back (take_back)."""
        async with self.locked(table_id) as table:
            if token is None and player_id is None:
                raise Unauthorized("send your seat token (your own seat) or the creator's token "
                                   "(another player's seat) to hand a seat to a bot, or sign in")
            if not 0 <= seat < len(table.seats):
                raise NotFound(f"this table has no seat {seat}")
            token_hash = hash_token(token) if token is not None else None
            own = (table.seat_for_hash(token_hash) if token_hash is not None
                   else table.seat_for_player(player_id)) == seat
            if not own and not table.is_creator(token_hash, player_id):
                raise Forbidden("only the seat's own player, or the table's creator, can hand a "
                                "seat to a bot")
            if table.status == "finished":
                raise Conflict("the game is over")
            current = table.seats[seat]
            if current.kind == "bot":
                return
            if (not own and current.kind == "human" and current.timeouts == 0
                    and seat in self._online(table)):
                raise Conflict(f"seat {seat}'s player is here: the creator can hand over only a "
                               "seat whose player is not connected, or who has run out of time")
            seats = list(table.seats)
            seats[seat] = dataclasses.replace(current, kind="bot", token_hash=None,
                                              reclaim_hash=current.token_hash)
            await self._save_seats(table, seats)

    async def take_back(self, table_id: str, token: str | None, seat: int,
                        player_id: str | None = None) -> None:
        """A player whose seat the bot plays (they left, timed out, or the creator handed it
        over) takes it back with their old seat token, or signed in as the seat's player."""
        async with self.locked(table_id) as table:
            if token is None and player_id is None:
                raise Unauthorized("send the seat's token to take it back, or sign in as its player")
            if not 0 <= seat < len(table.seats):
                raise NotFound(f"this table has no seat {seat}")
            current = table.seats[seat]
            if token is not None:
                theirs = current.reclaim_hash is not None and hmac.compare_digest(
                    current.reclaim_hash, hash_token(token))
            else:
                theirs = current.player_id is not None and current.player_id == player_id
            if current.kind != "bot" or current.reclaim_hash is None or not theirs:
                raise Forbidden(f"only the player whose seat {seat} went to the bot can take it "
                                "back, with their seat token")
            if table.status == "finished":
                raise Conflict("the game is over")
            seats = list(table.seats)
            seats[seat] = dataclasses.replace(current, kind="human", token_hash=current.reclaim_hash,
                                              reclaim_hash=None, timeouts=0)
            await self._save_seats(table, seats)

    async def _save_seats(self, table: LiveTable, seats: list[SeatRecord]) -> None:
        """Commit a hand-over (with the clocks it starts or stops) and tell everyone."""
        seats = clocked(table.record, table.state, seats, now_ms())
        due = bot_to_move(table.state, seats) is not None
        await self._log_db(self.store.save_seats, table.id, changed_seats(table.seats, seats),
                           due if due != table.bot_due else None)
        table.seats, table.bot_due = seats, due
        await self._changed(table)

    # -- playing ----------------------------------------------------------------------------

    def _acting_seat(self, table: LiveTable, token: str | None, player_id: str | None = None) -> int:
        """The person's seat a request acts for (by seat token, or as the signed-in player
        ``player_id``); 401 with neither, 403 for a bot's seat or a player with no seat here."""
        if token is None and player_id is None:
            raise Unauthorized("send your seat token: as 'Authorization: Bearer <token>' over HTTP, "
                               "in the hello over the WebSocket (or sign in as the seat's player)")
        seat = self.seat_for_token(table, token, player_id)
        if seat is None:
            raise Forbidden("your seat is played by a bot now" if token is not None else
                            "you have no seat at this table")
        return seat

    async def _check_current(self, table: LiveTable, seat: int, seq: int) -> None:
        """409 unless the game runs and a decision ``seat`` made at ``seq`` is still current."""
        if seq > table.seq:
            # Another server process may have committed actions we have not heard of yet.
            await self._catch_up(table)
        if table.status == "finished":
            raise Conflict("the game is over; no more actions can be taken")
        if table.status == "waiting":
            raise Conflict("the game starts when every seat is taken")
        if not table.is_current(seat, seq):
            raise Conflict(f"stale seq {seq}: the table is at seq {table.seq} and your "
                           "choices have changed since; look at the table again and decide anew")

    async def act(self, table_id: str, token: str | None, seq: int, action: Any,
                  received_at: float | None = None, player_id: str | None = None) -> int:
        """A person's action (by seat token, or as the signed-in player ``player_id``):
        checked, committed, then announced. Returns the new seq. ``received_at``: when its
        request arrived (time.perf_counter()), for the metrics."""
        async with self.locked(table_id) as table:
            seat = self._acting_seat(table, token, player_id)
            await self._check_current(table, seat, seq)
            if seat not in table.state.to_act():
                waiting = ", ".join(map(str, table.state.to_act()))
                raise Forbidden(f"it is not seat {seat}'s turn (waiting for seat {waiting})")
            if is_undo(action):
                raise BadRequest("an undo is not an action: send it to POST /api/tables/{id}/undo")
            await self.commit(table, seat, action, received_at)
            return table.seq

    async def undo(self, table_id: str, token: str | None, seq: int, steps: int = 1,
                   received_at: float | None = None, player_id: str | None = None) -> int:
        """A person takes back its seat's last ``steps`` actions of this turn (engine/undo.py):
        logged as an undo entry of its own, applied and announced like an action. 409 when
        they may not be (nothing to undo since the last reveal, or fewer actions than asked)."""
        async with self.locked(table_id) as table:
            seat = self._acting_seat(table, token, player_id)
            await self._check_current(table, seat, seq)
            allowed = table.undo_steps(seat)
            if allowed < steps:
                raise Conflict(
                    f"seat {seat} can take back {allowed} action(s) now, not {steps}" if allowed else
                    "nothing to undo: only your own actions since the start of your turn, the last "
                    "card, tile or event drawn, shuffle or other seat's action can be taken back")
            await self.commit(table, seat, undo_entry(steps), received_at)
            return table.seq

    def _apply_entry(self, table: LiveTable, seat: int, entry: Any) -> Action:
        """Apply a log entry (a game action or an undo) to the hot state; returns it as the
        log stores it. An undo cuts the game log back: the connections must know (LogCuts)."""
        canonical = table.timeline.apply(seat, entry, keep_base=table.keeps_base(seat))
        if is_undo(canonical):
            table.log_cuts.lengths.append(len(table.state.log))
        return canonical

    async def on_deadline(self, table_id: str) -> None:
        """The scheduler says a clock of this table may have run out: the bot plays one action
        for each person seat whose deadline has passed (logged as a timeout), until none has."""
        try:
            async with self.locked(table_id) as table:
                for _attempt in range(8):  # each time: one timeout, or a table rebuilt after a race
                    now = now_ms()
                    overdue = [s for s in waiting_for_people(table.state, table.seats)
                               if table.seats[s].deadline_ms is not None
                               and table.seats[s].deadline_ms <= now]
                    if not overdue:
                        break
                    seat = min(overdue, key=lambda s: (table.seats[s].deadline_ms, s))
                    try:
                        await self.commit(table, seat, await self.bots.decide(table, seat), timed_out=True)
                    except Conflict:
                        continue  # another process committed first: the table was rebuilt
                self.deadlines.note(table.id, clocks.next_deadline(table.seats))
        except (NotFound, OwnedElsewhere):
            return  # deleted meanwhile, or another process's clock to play

    async def commit(self, table: LiveTable, seat: int, action: Any,
                     received_at: float | None = None, timed_out: bool = False) -> None:
        """Apply, commit, announce; the caller holds the table's lock. Used by people and bots,
        for game actions and undo entries alike (``timed_out``: the bot plays for a person seat
        whose time ran out)."""
        try:
            try:
                # the action as the game offered it, so that e.g. 1.0 or true for 1 never reach the log
                canonical = self._apply_entry(table, seat, action)
            except BaseMissing:
                # An undo whose starting state this process did not keep: reload (which keeps
                # it for the last seat) and try once more.
                await self._rebuild(table)
                canonical = self._apply_entry(table, seat, action)
        except IllegalAction as exc:
            raise BadRequest(str(exc)) from None  # the state is untouched
        except Exception:
            self._evict(table)  # a game bug may have left the state half-changed
            raise
        state = table.state
        record = ActionRecord(seq=table.seq + 1, seat=seat, action=canonical, time=now_ms(),
                              timeout=timed_out)
        # the seats that had a decision to make before this action (table.legal is not updated yet)
        waited_for = {s for s, legal in enumerate(table.legal) if legal}
        seats = clocked(table.record, state, table.seats, record.time, seat, timed_out)
        due = bot_to_move(state, seats) is not None
        to_act = state.to_act()  # stored when it changes, for My tables (store.Append.to_act)
        try:
            await self.writer.append(Append(table.id, record, state.is_over(),
                                            due if due != table.bot_due else None,
                                            changed_seats(table.seats, seats),
                                            tuple(to_act) if set(to_act) != waited_for else None))
        except SeqTaken:
            await self._rebuild(table)
            raise Conflict(f"another action took seq {record.seq} first; the table is at seq "
                           f"{table.seq}") from None
        except BaseException:
            # We cannot know whether the commit happened: the log will tell on the next load.
            self._evict(table)
            raise
        if self.metrics is not None:
            self.metrics.committed(table.record.game, received_at)
        table.seq, table.bot_due, table.seats = record.seq, due, seats
        if timed_out:
            table.timed_out.append((record.seq, seat))
        table.advanced(seat)
        # Durable now: store the state every few actions, written after the answer, off the loop.
        self.checkpoints.offer(table, table.id, table.seq, table.game, table.timeline)
        await self._changed(table)
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
        players = rated_players(table.seats)
        ranked = (list(zip(players, finishing_ranks(result, len(players))))
                  if players is not None else None)
        try:
            await self._log_db(self.players.settle, table.id, table.record.game, result, ranked, now_ms())
        except Exception:  # noqa: BLE001 - the action is committed; settling is tried again later
            log.exception("table %s: could not store its result and ratings", table.id)
        return result

    async def _changed(self, table: LiveTable) -> None:
        """Tell everyone about a committed change (caller holds the lock)."""
        self._refreshed(table)
        await self.fanout.publish(table.id, table.seq)

    # -- what a seat sees -------------------------------------------------------------------

    def snapshot(self, table: LiveTable, seat: int | None,
                 online: frozenset[int] | None = None) -> Snapshot:
        """Everything a seat (None = spectator) may know of the table now; ``online``: the seats
        with a socket here, if the caller knows them already."""
        state = table.state
        self.views_built += 1
        if online is None:
            online = self._online(table)
        view = state.view(seat)
        legal = table.legal[seat] if seat is not None else []
        undo_steps = table.undo_steps(seat)
        return Snapshot({
            "clock": ClockSpec.from_json(table.record.clock).to_json(),
            "timeouts_to_bot": table.record.timeouts_to_bot,
            "timed_out": [{"seq": seq, "seat": s} for seq, s in table.timed_out],
            "id": table.id,
            "game": table.record.game,
            "seq": table.seq,
            "status": table.status,
            "bot_level": table.record.bot_level,
            "you": seat,
            "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "online": s.seat in online,
                       "player": s.player_id, "away": s.reclaim_hash is not None,
                       "clock_ms": s.clock_ms, "deadline_ms": s.deadline_ms, "timeouts": s.timeouts}
                      for s in table.seats],
            "view": view,
            "legal_actions": legal,
            # what each legal action costs and gives (the game's optional hook; [] for spectators)
            "action_notes": state.action_notes(seat, view) if legal else [],
            # parallel to legal_actions: which always end this seat's turn (engine protocol)
            "ends_turn": [action["type"] in state.turn_end_actions for action in legal],
            # how many of its own latest actions this seat may take back (POST .../undo)
            "can_undo": undo_steps > 0,
            "undo_steps": undo_steps,
            "result": state.result() if state.is_over() else None,
            "rematch": table.record.rematch_id,
        }, table.log_cuts)

    def _watcher_seat(self, table: LiveTable, watcher: Watcher) -> int | None:
        # Resolved on every update: a seat handed to a bot turns its old watcher into a spectator.
        if watcher.token_hash is not None:
            return table.seat_for_hash(watcher.token_hash)
        return table.seat_for_player(watcher.player_id)

    def _online(self, table: LiveTable) -> frozenset[int]:
        audience = self.audiences.get(table.id)
        return audience.online() if audience is not None else frozenset()

    async def view(self, table_id: str, token: str | None,
                   player_id: str | None = None) -> dict[str, Any]:
        async with self.locked(table_id) as table:
            return self.snapshot(table, self.seat_for_token(table, token, player_id)).data

    def deliver(self, table: LiveTable) -> None:
        """Hand each local watcher its own seat's snapshot, made once per seat; the spectators
        beyond the direct ones get theirs through the audience's shared feed."""
        audience = self.audiences.get(table.id)
        if audience is None:
            return
        for watcher in audience.direct:
            audience.direct[watcher] = self._watcher_seat(table, watcher)
        online = audience.online()
        audience.announced = online  # every snapshot below carries these flags
        by_seat: dict[int | None, Snapshot] = {}
        for watcher, seat in audience.direct.items():
            if seat not in by_seat:
                by_seat[seat] = self.snapshot(table, seat, online)
            watcher.push(by_seat[seat])
        if audience.feed.members:
            audience.feed.offer(by_seat.get(None) or self.snapshot(table, None, online))

    def _announce_presence(self, table: LiveTable, audience: Audience,
                           newcomer: Watcher | None = None) -> None:
        """If a seat's online flag changed, tell the others (the newcomer has it in its snapshot)."""
        online = audience.online()
        if online == audience.announced:
            return
        audience.announced = online
        presence = Presence(table.seq, online)
        for watcher in audience.direct:
            if watcher is not newcomer:
                watcher.push_presence(presence)
        if audience.feed.members:
            audience.feed.offer_presence(presence)

    async def watch(self, table_id: str, watcher: Watcher) -> None:
        """Start sending a watcher updates, beginning with the table as it is now. Raises
        Crowded when the table (or the watcher's seat) has as many sockets as it takes."""
        async with self.locked(table_id) as table:
            audience = self.audiences.get(table_id) or Audience(self.audience_limits)
            seat = self._watcher_seat(table, watcher)
            audience.admit(watcher, seat)
            self.audiences[table_id] = audience
            watcher.push(self.snapshot(table, seat, audience.online()))
            self._announce_presence(table, audience, newcomer=watcher)

    async def resync(self, table_id: str, watcher: Watcher) -> None:
        async with self.locked(table_id) as table:
            watcher.push(self.snapshot(table, self._watcher_seat(table, watcher)))

    async def unwatch(self, table_id: str, watcher: Watcher) -> None:
        audience = self.audiences.get(table_id)
        if audience is None:
            return
        audience.remove(watcher)
        if not audience:
            del self.audiences[table_id]
            return
        table = self.tables.get(table_id)
        if table is not None:  # (one not in memory says who is online when it is next loaded)
            self._announce_presence(table, audience)

    # -- chat -------------------------------------------------------------------------------

    async def playing_seat(self, table_id: str, token: str | None, doing: str,
                           player_id: str | None = None) -> int:
        """The seat of this token (or signed-in player), for something only a seat may do
        (``doing``: what, for the refusal); spectators, and players whose seat a bot plays,
        are refused."""
        async with self.locked(table_id) as table:
            if token is None and player_id is None:
                raise Unauthorized(f"send your seat token (or sign in) to {doing}")
            seat = self.seat_for_token(table, token, player_id)
            if seat is None:
                raise Forbidden(f"only the players at their seats {doing}; spectators cannot")
            return seat

    async def post_chat(self, table_id: str, seat: int, text: str) -> ChatRecord:
        """Keep a seat's message with the table, hand it to every watcher here and tell the
        other processes (they read it from the store)."""
        async with self.locked(table_id) as table:
            message = await self._log_db(self.store.add_chat, table.id, seat,
                                         table.seats[seat].name, text, now_ms())
            self._deliver_chat(table, [message])
            await self.fanout.publish(table.id, table.seq)
            return message

    async def chat(self, table_id: str) -> list[ChatRecord]:
        await self.table(table_id)  # 404 for no table
        return await self._db(self.store.chat_after, table_id, 0)

    def _deliver_chat(self, table: LiveTable, messages: list[ChatRecord]) -> None:
        fresh = [m for m in messages if m.id > table.chat_seen]
        if not fresh:
            return
        table.chat_seen = fresh[-1].id
        audience = self.audiences.get(table.id)
        if audience is None:
            return
        for message in fresh:
            text = orjson.dumps({"type": "chat", "message": chat_json(message)}).decode()
            for watcher in [*audience.direct, *audience.feed.members]:
                watcher.push_chat(text)

    # -- Web Push subscriptions (gametable.server.push) -------------------------------------

    async def subscribe_push(self, table_id: str, token: str | None, subscription: PushSubscription,
                             most: int, schemes: tuple[str, ...] = ("https://",),
                             player_id: str | None = None) -> None:
        """Keep a seat's browser's subscription; ``schemes``: the endpoints accepted (push
        services are https; plain http only where the operator allows it)."""
        seat = await self.playing_seat(table_id, token, "subscribe to push messages", player_id)
        if not subscription.endpoint.startswith(schemes):
            raise BadRequest("the push endpoint must be an https:// address (a browser's push service)")
        if not await self._log_db(self.store.subscribe, table_id, seat, subscription, most):
            raise Conflict(f"seat {seat} has {most} push subscriptions already; unsubscribe one "
                           "of its browsers first")

    async def unsubscribe_push(self, table_id: str, token: str | None, endpoint: str,
                               player_id: str | None = None) -> None:
        seat = await self.playing_seat(table_id, token, "unsubscribe from push messages", player_id)
        await self._log_db(self.store.unsubscribe, table_id, seat, endpoint)

    async def push_subscriptions(self, table_id: str, seats: list[int]) -> list[tuple[int, PushSubscription]]:
        return await self._db(self.store.subscriptions, table_id, seats)

    async def forget_push(self, table_id: str, endpoint: str) -> None:
        """A subscription the push service says is gone."""
        await self._log_db(self.store.unsubscribe, table_id, None, endpoint)

    # -- the log and replays ----------------------------------------------------------------

    async def public_log(self, table_id: str) -> dict[str, Any]:
        """A running game: the public game log only. A finished one: everything, seed included."""
        async with self.locked(table_id) as table:
            state, record = table.state, table.record
            data: dict[str, Any] = {
                "id": table.id, "game": record.game, "status": table.status, "seq": table.seq,
                "players": record.num_players, "options": record.options,
                "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name} for s in table.seats],
                "log": log_for(state.log, None), "seed": None, "actions": None, "result": None,
            }
            finished = state.is_over()
            if finished:
                data["result"] = state.result()
                data["log"] = list(state.log)
        if finished:
            actions = await self._db(self.store.actions_after, table_id, 0)
            data["seed"] = record.seed
            data["actions"] = [{"seq": a.seq, "seat": a.seat, "action": a.action, "time": a.time,
                                "timeout": a.timeout}
                               for a in actions]
        return data

    async def replay_view(self, table_id: str, n: int, token: str | None = None,
                          player_id: str | None = None) -> dict[str, Any]:
        """The table after its first ``n`` actions, as the caller may see it: while the game
        runs, a seat's token gets that seat's view then (what it saw at the time) and anyone
        else the spectators' view; a finished game shows everyone the spectators' view. From
        the nearest checkpoint at or before n plus at most CHECKPOINT_EVERY - 1 actions
        (replays.py). A signed-in player (``player_id``, no token) is their seat."""
        async with self.locked(table_id) as table:
            seat = self.seat_for_token(table, token, player_id)  # Forbidden for a token of no seat here
            if table.status == "finished":
                seat = None
            seq = table.seq
            if not 0 <= n <= seq:
                raise NotFound(f"this game has positions 0 to {seq}, not {n}")
        checkpoints = await self._replay_checkpoints(table, seq)
        view, to_act = await asyncio.to_thread(checkpoints.view_at, n, seat)
        return {"id": table_id, "n": n, "seq": seq, "you": seat, "view": view, "to_act": to_act}

    async def _replay_checkpoints(self, table: LiveTable, seq: int) -> ReplayCheckpoints:
        """The table's checkpoints, holding at least its first ``seq`` actions: from the cache
        (extended by the actions committed since, in a running game), or built once (one full
        replay, on a worker thread) however many ask at the same time."""
        checkpoints = self._replays.get(table.id)
        if checkpoints is not None:
            self._replays.move_to_end(table.id)
        else:
            async def build() -> ReplayCheckpoints:
                actions = await self._db(self.store.actions_after, table.id, 0)
                record = table.record
                start = table.game.new(record.num_players, record.seed, record.options)
                return await asyncio.to_thread(ReplayCheckpoints, start,
                                               [(a.seat, a.action) for a in actions])

            checkpoints, made_here = await _made_once(self._replay_builds, table.id, build)
            if made_here:
                self._replays[table.id] = checkpoints
                while len(self._replays) > _REPLAY_CACHE_SIZE:
                    self._replays.popitem(last=False)
        if checkpoints.length < seq:
            known = checkpoints.length
            newer = await self._db(self.store.actions_after, table.id, known)
            await asyncio.to_thread(checkpoints.extend, known, [(a.seat, a.action) for a in newer])
        return checkpoints

    # -- other processes --------------------------------------------------------------------

    async def on_remote_change(self, table_id: str) -> None:
        """Another process committed something at this table: catch up and tell our watchers."""
        table = self.tables.get(table_id)
        if table is None:
            return
        async with table.lock:
            if not table.evicted:
                await self._catch_up(table)

    async def on_fanout_reconnect(self) -> None:
        """Messages may have been missed while the fan-out was down: check every hot table."""
        for table_id in list(self.tables):
            await self.on_remote_change(table_id)

    async def catch_up_behind(self) -> None:
        """Read the log heads of every hot table in one query and catch up those behind."""
        if not self.tables:
            return
        heads = await self._db(self.store.log_heads, list(self.tables))
        for table_id, head in heads.items():
            table = self.tables.get(table_id)
            if table is not None and head != TableHead.of(table.seq, table.seats):
                await self.on_remote_change(table_id)

    async def _watch_log_heads(self) -> None:
        """Bound how stale a hot table can be without notices: while the fan-out is not
        healthy, look at the store every ``unheard_poll_interval`` seconds (and every
        ``backstop_poll_interval`` seconds anyway)."""
        last = time.monotonic()
        while True:
            await asyncio.sleep(self.unheard_poll_interval)
            if self.fanout.healthy and time.monotonic() - last < self.backstop_poll_interval:
                continue
            last = time.monotonic()
            try:
                await self.catch_up_behind()
            except Exception:  # the store may be down too; try again next time
                log.exception("could not read the log heads of the hot tables")

    # -- memory -----------------------------------------------------------------------------

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(min(60.0, max(self.idle_seconds / 2, 0.05)))
            self.sweep()

    async def _prune_forever(self) -> None:
        await asyncio.sleep(_PRUNE_FIRST_AFTER)
        while True:
            try:
                deleted = await self.prune()
                if deleted:
                    log.info("retention: deleted %d tables", deleted)
                players = await self._log_db(self.players.prune, now_ms())
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
            found = await self._log_db(self.store.expired_tables, finished_before,
                                       abandoned_before, sorted(hot), _PRUNE_BATCH)
            hot.update(t for t in found if t in self.tables or t in self._loading)
            expired = [t for t in found if t not in hot]
            gone = await self._log_db(self.store.delete_expired, expired, finished_before,
                                      abandoned_before)
            for table_id in gone:
                self._replays.pop(table_id, None)
            deleted += len(gone)
            if len(found) < _PRUNE_BATCH:
                return deleted

    def sweep(self) -> None:
        """Drop idle tables nobody watches from memory; they reload from the log when needed."""
        limit = time.monotonic() - self.idle_seconds
        dropped = []
        for table in list(self.tables.values()):
            if (table.touched < limit and table.id not in self.audiences
                    and table.bot_task is None and not table.lock.locked()):
                self._evict(table)
                dropped.append(table.id)
        if dropped and self.leases is not None:
            asyncio.ensure_future(self._release(dropped))

    async def _release(self, table_ids: list[str]) -> None:
        try:
            await self.leases.release(table_ids)
        except Exception:  # noqa: BLE001 - they run out by themselves
            log.exception("could not release the leases of %d idle tables", len(table_ids))

    # -- leases (several processes) ---------------------------------------------------------

    async def _keep_leases(self) -> None:
        """Renew our leases every second; drop the tables whose lease another process took
        over (this one was too slow to renew); take over the tables whose owner died while
        a bot or a clock had something to do, so that their games go on unasked."""
        while True:
            await asyncio.sleep(self.leases.renew_every)
            try:
                for table_id in await self.leases.renew():
                    await self._moved(table_id)
                for table_id in await self.leases.orphaned():
                    if table_id not in self.tables:
                        await self._take_over(table_id)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - the store may be down: try again next time
                log.exception("could not renew or take over table leases")

    async def _moved(self, table_id: str) -> None:
        table = self.tables.get(table_id)
        log.warning("table %s: another process took over its lease; dropping it here", table_id)
        if table is not None:
            async with table.lock:
                self._evict(table)
        if self.on_moved is not None:
            await self.on_moved(table_id)

    async def _take_over(self, table_id: str) -> None:
        try:
            await self.table(table_id)  # takes the lease, schedules its bots and clocks
            log.info("table %s: took over from a process whose lease ran out", table_id)
        except OwnedElsewhere:
            pass  # another process was quicker
        except TableError as exc:
            log.warning("table %s cannot be taken over: %s", table_id, exc.message)


def _seat_to_take(seats: list[SeatRecord], player_id: str | None) -> int:
    """The open seat a joining person takes: the one kept for their player, else the lowest
    kept for nobody; Conflict when there is none."""
    open_seats = [s for s in seats if s.kind == "open"]
    kept = next((s.seat for s in open_seats if player_id is not None and s.player_id == player_id), None)
    if kept is not None:
        return kept
    free = [s.seat for s in open_seats if s.player_id is None]
    if free:
        return free[0]
    if open_seats:
        raise Conflict("the open seats of this table are kept for the players of its last game")
    raise Conflict("this table is full")


async def _made_once(pending: dict[str, asyncio.Future[T]], key: str,
                     make: Callable[[], Awaitable[T]]) -> tuple[T, bool]:
    """``make()``'s result, made once however many ask for ``key`` at the same time (the others
    wait for it, sharing its result or its error); and whether it was made by this call, whose
    caller then keeps it where it belongs."""
    waiting = pending.get(key)
    if waiting is not None:
        return await asyncio.shield(waiting), False
    made = pending[key] = asyncio.get_running_loop().create_future()
    try:
        result = await make()
    except BaseException as exc:
        made.set_exception(exc)
        made.exception()  # mark retrieved: nobody else may be waiting
        raise
    finally:
        del pending[key]
    made.set_result(result)
    return result, True
