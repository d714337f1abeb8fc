"""The log store: tables, seats and the append-only action log in SQLite or PostgreSQL.

Every method is synchronous and runs one short transaction (the table manager decides where
they run: see gametable.server.writer). Actions arrive in batches, one transaction per batch,
so that one fsync acknowledges many moves (group commit). The store knows nothing about
games: actions are JSON text to it.
"""

from __future__ import annotations

import dataclasses
import json
import re
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (ColumnElement, Engine, and_, create_engine, delete, event, func, insert,
                        or_, select, text, update)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, IntegrityError

from gametable.server import models
from gametable.server.config import SQLITE_SYNC_MODES

MIGRATIONS_DIR = Path(__file__).parent / "migrations"

#: an arbitrary constant naming our PostgreSQL advisory lock for migrations
_MIGRATION_LOCK = 0x6761_6D65


def _dialect_insert(dialect: str) -> Any:
    """The INSERT with ON CONFLICT of the store's database. Imported here: a start on SQLite
    need not load the PostgreSQL dialect (an engine loads its own)."""
    if dialect == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    else:
        from sqlalchemy.dialects.sqlite import insert
    return insert


class SeqTaken(Exception):
    """Another writer has already committed an action with this seq for this table."""


@dataclass(frozen=True)
class TableRecord:
    id: str
    game: str
    num_players: int
    options: dict[str, Any]
    seed: int
    bot_seed: int
    creator_hash: str
    created_ms: int
    finished_ms: int | None
    #: a bot seat must decide next (see models.tables.c.bot_due)
    bot_due: bool = False
    #: the strength of the server's bots at this table (gametable.bots.levels())
    bot_level: str = "random"
    #: the game's result once the finished game is settled (see gametable.server.players)
    result: dict[str, Any] | None = None
    #: the table a rematch of this one opened
    rematch_id: str | None = None
    #: the table's clock as JSON (gametable.server.clocks.ClockSpec; None: no clock)
    clock: dict[str, Any] | None = None
    #: after this many timeouts in a row a seat goes to the bot
    timeouts_to_bot: int = 3
    #: the seats the game waited for at the last commit, as stored (models.tables.c.to_act;
    #: None: not known). Only My tables reads it; a hot table's own state is what counts.
    to_act: list[int] | None = None


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    kind: str  # "open" | "human" | "bot"
    name: str
    token_hash: str | None
    #: the player whose seat it is; on an open seat, the player it is kept for
    player_id: str | None = None
    #: the token hash of the player who may take this bot seat back (see models.seats)
    reclaim_hash: str | None = None
    #: the seat's clock (gametable.server.clocks)
    clock_ms: int | None = None
    deadline_ms: int | None = None
    timeouts: int = 0


@dataclass(frozen=True)
class ActionRecord:
    seq: int
    seat: int
    action: dict[str, Any]
    time: int
    #: the server's bot played it because the seat's time ran out
    timeout: bool = False


@dataclass(frozen=True)
class ChatRecord:
    id: int
    seat: int
    name: str
    text: str
    time: int


@dataclass(frozen=True)
class PushSubscription:
    endpoint: str
    p256dh: str
    auth: str
    lang: str


@dataclass(frozen=True)
class TableHead:
    """Where a table stands in the store: enough to tell whether a hot copy is behind (seats
    go from open to taken, from a person to a bot and back, so the counts tell a change; a
    hand-over and a take-back between two looks cancel out, and the next action shows them)."""

    seq: int
    open_seats: int
    bot_seats: int

    @classmethod
    def of(cls, seq: int, seats: list[SeatRecord]) -> "TableHead":
        kinds = [s.kind for s in seats]
        return cls(seq=seq, open_seats=kinds.count("open"), bot_seats=kinds.count("bot"))


@dataclass(frozen=True)
class Lease:
    """Which process serves a table until when (see models.table_leases)."""

    table_id: str
    owner: str
    #: where the owner takes the requests other processes forward (http://host:port)
    address: str
    expires_ms: int


@dataclass(frozen=True)
class Append:
    """One action to commit, with what it changes on its table's row."""

    table_id: str
    record: ActionRecord
    finished: bool = False
    #: the table's new bot_due, or None when the action does not change it
    bot_due: bool | None = None
    #: seat rows the action changes (their clocks, or a seat that timed out going to the bot)
    seats: tuple[SeatRecord, ...] = ()
    #: the seats the game waits for after the action, or None when the action does not change them
    to_act: tuple[int, ...] | None = None


@dataclass(frozen=True)
class StateCheckpoint:
    """A table's game state after its first ``seq`` actions, as ``State.to_json()`` text
    (``state``), written by the game's ``state_version``."""

    table_id: str
    seq: int
    state_version: int
    state: str


@dataclass(frozen=True)
class ResumeCandidate:
    """An unfinished table a starting server may bring back into memory, with what orders it."""

    table_id: str
    bot_due: bool
    #: the earliest running deadline of its seats (None: no clock runs)
    deadline_ms: int | None
    #: when anything last happened there: its newest action, or its creation
    active_ms: int


@dataclass(frozen=True)
class StoredTable:
    """What rebuilding a table needs from the store (LogStore.load_tables)."""

    record: TableRecord
    seats: list[SeatRecord]
    #: its newest checkpoint within the log (None: none, or not asked for)
    checkpoint: StateCheckpoint | None
    #: the log after the checkpoint (the whole log without one)
    tail: list[ActionRecord]
    #: (seq, seat) of every action the bot played for a seat whose time ran out
    timeouts: list[tuple[int, int]]
    #: the id of its newest chat message (0: none)
    newest_chat: int


def create_db_engine(url: str, sqlite_sync: str = "full") -> Engine:
    """An engine with the settings that make each commit durable."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        if sqlite_sync not in SQLITE_SYNC_MODES:
            raise ValueError(f"sqlite_sync must be one of {', '.join(SQLITE_SYNC_MODES)}, not {sqlite_sync!r}")
        engine = create_engine(url, connect_args={"timeout": 30})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection, _record) -> None:
            cursor = dbapi_connection.cursor()
            # WAL lets readers run beside the writer; synchronous=FULL fsyncs every commit,
            # so an acknowledged action survives even a power cut, not just a killed process.
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(f"PRAGMA synchronous={sqlite_sync.upper()}")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=8, max_overflow=4)


def head_revision() -> str | None:
    """The newest migration's revision id, read from the migration files without loading
    Alembic (a start with nothing to migrate should not pay for importing it); None unless
    they form one line."""
    revisions, parents = set(), set()
    for path in (MIGRATIONS_DIR / "versions").glob("*.py"):
        source = path.read_text(encoding="utf-8")
        revision = re.search(r'^revision = "([^"]+)"$', source, re.M)
        parent = re.search(r'^down_revision = "([^"]+)"$', source, re.M)
        if revision is None:
            return None
        revisions.add(revision.group(1))
        if parent is not None:
            parents.add(parent.group(1))
    heads = revisions - parents
    return heads.pop() if len(heads) == 1 else None


def is_migrated(engine: Engine) -> bool:
    """Whether the database's schema is at the newest revision already."""
    head = head_revision()
    try:
        with engine.connect() as connection:
            current = connection.execute(text("SELECT version_num FROM alembic_version")).scalars().all()
    except DBAPIError:  # no alembic_version table yet: a new database
        return False
    return head is not None and current == [head]


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision (safe to call on every start)."""
    if is_migrated(engine):
        return
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    with engine.connect() as connection:
        if connection.dialect.name == "sqlite":
            # SQLite changes a table's constraints by copying it and dropping the old one; with
            # foreign keys on, that drop would delete (ON DELETE CASCADE) every row referencing
            # it. So, as SQLite's documentation says to, they are off while the schema changes
            # (the pragma is a no-op inside a transaction: it runs before the migration's).
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            connection.commit()
        elif connection.dialect.name == "postgresql":
            # Two servers starting at once must not both create the schema.
            connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": _MIGRATION_LOCK})
            connection.commit()
        try:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
            connection.commit()
        finally:
            if connection.dialect.name == "postgresql":
                connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": _MIGRATION_LOCK})
                connection.commit()
            elif connection.dialect.name == "sqlite":
                connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                connection.commit()
        if connection.dialect.name == "sqlite":
            broken = connection.exec_driver_sql("PRAGMA foreign_key_check").all()
            if broken:
                raise RuntimeError(f"the migrated database has rows whose references are broken: {broken[:5]}")


class LogStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        # SQLite has one writer at a time anyway; serialising our own writes in-process
        # avoids busy-waiting on its file lock.
        self._sqlite_write = threading.Lock() if engine.dialect.name == "sqlite" else None

    @classmethod
    def from_url(cls, url: str, sqlite_sync: str = "full") -> "LogStore":
        return cls(create_db_engine(url, sqlite_sync))

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    def ping(self) -> None:
        """A trivial query (readiness): raises if the database does not answer."""
        with self.engine.connect() as conn:
            conn.execute(text("SELECT 1"))

    def close(self) -> None:
        self.engine.dispose()

    def writing(self):
        return self._sqlite_write if self._sqlite_write is not None else _NoLock()

    # -- writes ---------------------------------------------------------------------------

    def create_table(self, record: TableRecord, seat_records: list[SeatRecord]) -> None:
        with self.writing(), self.engine.begin() as conn:
            conn.execute(insert(models.tables).values(
                id=record.id, game=record.game, num_players=record.num_players,
                options=json.dumps(record.options, sort_keys=True), seed=record.seed,
                bot_seed=record.bot_seed, creator_hash=record.creator_hash,
                created_ms=record.created_ms, finished_ms=record.finished_ms,
                bot_due=record.bot_due, bot_level=record.bot_level,
                clock=json.dumps(record.clock) if record.clock is not None else None,
                timeouts_to_bot=record.timeouts_to_bot,
                to_act=json.dumps(record.to_act) if record.to_act is not None else None,
            ))
            conn.execute(insert(models.seats), seat_rows(record.id, seat_records))

    def append(self, table_id: str, record: ActionRecord, finished: bool,
               bot_due: bool | None = None) -> None:
        """Commit one action; raises SeqTaken if its seq is already in the log."""
        error = self.append_many([Append(table_id, record, finished, bot_due)])[0]
        if error is not None:
            raise error

    def append_many(self, batch: list[Append]) -> list[SeqTaken | None]:
        """Commit a batch of actions in one transaction: one fsync for all of them.

        Returns, per entry, None if it is committed or the SeqTaken that refused it. A batch
        holds at most one action per table (the caller holds each table's lock until its
        commit is done), so only a seq committed by another process can collide; then the
        batch is committed again one entry at a time, so that only the colliding entry fails.
        """
        try:
            with self.writing(), self.engine.begin() as conn:
                conn.execute(insert(models.actions), [
                    {"table_id": a.table_id, "seq": a.record.seq, "seat": a.record.seat,
                     "action": json.dumps(a.record.action, sort_keys=True, separators=(",", ":")),
                     "time": a.record.time, "timeout": a.record.timeout}
                    for a in batch])
                for a in batch:
                    changes: dict[str, Any] = {}
                    if a.finished:
                        changes["finished_ms"] = a.record.time
                    if a.bot_due is not None:
                        changes["bot_due"] = a.bot_due
                    if a.to_act is not None:
                        changes["to_act"] = json.dumps(list(a.to_act))
                    if changes:
                        conn.execute(update(models.tables)
                                     .where(models.tables.c.id == a.table_id).values(**changes))
                    _write_seats(conn, a.table_id, a.seats)
            return [None] * len(batch)
        except IntegrityError:
            if len(batch) == 1:
                a = batch[0]
                return [SeqTaken(f"seq {a.record.seq} of table {a.table_id} is already taken")]
            return [self.append_many([a])[0] for a in batch]

    def save_checkpoints(self, checkpoints: list[StateCheckpoint]) -> None:
        """Store these checkpoints in one transaction; each replaces its table's older ones
        (only the newest is ever read)."""
        table = models.state_checkpoints
        with self.writing(), self.engine.begin() as conn:
            for c in checkpoints:
                conn.execute(delete(table).where(table.c.table_id == c.table_id))
                conn.execute(insert(table).values(table_id=c.table_id, seq=c.seq,
                                                  state_version=c.state_version, state=c.state))

    def set_bot_due(self, table_id: str, due: bool) -> None:
        with self.writing(), self.engine.begin() as conn:
            conn.execute(update(models.tables).where(models.tables.c.id == table_id)
                         .values(bot_due=due))

    def claim_seat(self, table_id: str, seat: int, name: str, token_hash: str,
                   bot_due: bool | None = None, player_id: str | None = None,
                   others: tuple[SeatRecord, ...] = ()) -> bool:
        """Give an open seat to a person (``player_id``: signed in as that player); False if
        someone else took it first. ``bot_due`` (if not None) is the table's bot_due once the
        seat is taken, and ``others`` the other seat rows that change with it (the clocks that
        start), committed with it."""
        with self.writing(), self.engine.begin() as conn:
            result = conn.execute(
                update(models.seats)
                .where(models.seats.c.table_id == table_id, models.seats.c.seat == seat,
                       models.seats.c.kind == "open")
                .values(kind="human", name=name, token_hash=token_hash, player_id=player_id)
            )
            if result.rowcount != 1:
                return False
            if bot_due is not None:
                conn.execute(update(models.tables).where(models.tables.c.id == table_id)
                             .values(bot_due=bot_due))
            _write_seats(conn, table_id, others)
            return True

    def give_seat_to_player(self, table_id: str, seat: int, player_id: str) -> bool:
        """Make a person's seat that belongs to no player this player's; False if it is not
        such a seat (any more)."""
        with self.writing(), self.engine.begin() as conn:
            result = conn.execute(
                update(models.seats)
                .where(models.seats.c.table_id == table_id, models.seats.c.seat == seat,
                       models.seats.c.kind == "human", models.seats.c.player_id.is_(None))
                .values(player_id=player_id))
            return result.rowcount == 1

    def save_seats(self, table_id: str, seat_records: tuple[SeatRecord, ...],
                   bot_due: bool | None = None) -> None:
        """Write these seat rows (a seat handed to the bot or taken back, and the clocks that
        start or stop with it); ``bot_due`` as in claim_seat."""
        with self.writing(), self.engine.begin() as conn:
            _write_seats(conn, table_id, seat_records)
            if bot_due is not None:
                conn.execute(update(models.tables).where(models.tables.c.id == table_id)
                             .values(bot_due=bot_due))

    def delete_expired(self, table_ids: list[str], finished_before: int | None,
                       abandoned_before: int | None) -> list[str]:
        """Delete those of ``table_ids`` that are past retention (checked again here, in the
        same statement, so a table someone acted at meanwhile stays); their seats and actions
        go with them (ON DELETE CASCADE). Returns the ids deleted."""
        if not table_ids:
            return []
        with self.writing(), self.engine.begin() as conn:
            rows = conn.execute(delete(models.tables)
                                .where(models.tables.c.id.in_(table_ids),
                                       _expired(finished_before, abandoned_before))
                                .returning(models.tables.c.id)).all()
        return [r.id for r in rows]

    # -- reads ----------------------------------------------------------------------------

    def expired_tables(self, finished_before: int | None, abandoned_before: int | None,
                       skip: list[str] = (), limit: int = 500) -> list[str]:
        """Up to ``limit`` ids of tables past retention (see delete_expired), other than
        ``skip``."""
        query = select(models.tables.c.id).where(_expired(finished_before, abandoned_before))
        if skip:
            query = query.where(models.tables.c.id.not_in(list(skip)))
        with self.engine.connect() as conn:
            rows = conn.execute(query.limit(limit)).all()
        return [r.id for r in rows]

    def load_table(self, table_id: str) -> TableRecord | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(models.tables).where(models.tables.c.id == table_id)).first()
        return _table_record(row) if row is not None else None

    def load_tables(self, table_ids: list[str], checkpoints: bool = True) -> dict[str, "StoredTable"]:
        """Everything needed to rebuild these tables (those that exist), in a few queries for
        all of them: a restarting server reads its tables in batches. ``checkpoints``: read
        each table's newest checkpoint within its log, and only the log after it."""
        t, seats, actions = models.tables, models.seats, models.actions
        with self.engine.connect() as conn:
            records = {r.id: _table_record(r) for r in conn.execute(select(t).where(t.c.id.in_(table_ids)))}
            ids = list(records)
            seat_rows: dict[str, list[SeatRecord]] = {i: [] for i in ids}
            for r in conn.execute(select(seats).where(seats.c.table_id.in_(ids))
                                  .order_by(seats.c.table_id, seats.c.seat)):
                seat_rows[r.table_id].append(_seat_record(r))
            lengths = dict(conn.execute(select(actions.c.table_id, func.max(actions.c.seq))
                                        .where(actions.c.table_id.in_(ids))
                                        .group_by(actions.c.table_id)).all())
            newest: dict[str, StateCheckpoint] = {}
            if checkpoints and ids:
                c = models.state_checkpoints
                for r in conn.execute(select(c).where(c.c.table_id.in_(ids)).order_by(c.c.seq)):
                    if r.seq <= lengths.get(r.table_id, 0):
                        newest[r.table_id] = StateCheckpoint(r.table_id, r.seq, r.state_version, r.state)
            tails: dict[str, list[ActionRecord]] = {i: [] for i in ids}
            after = {i: newest[i].seq if i in newest else 0 for i in ids}
            # The whole logs, by the primary key, in one query, decoding only the tails: a
            # condition per table (or a join with the checkpoints) costs SQLite more than it saves.
            for r in conn.execute(select(actions.c.table_id, actions.c.seq, actions.c.seat,
                                         actions.c.action, actions.c.time, actions.c.timeout)
                                  .where(actions.c.table_id.in_(ids))
                                  .order_by(actions.c.table_id, actions.c.seq)):
                if r.seq > after[r.table_id]:
                    tails[r.table_id].append(_action_record(r))
            timeouts: dict[str, list[tuple[int, int]]] = {i: [] for i in ids}
            for r in conn.execute(select(actions.c.table_id, actions.c.seq, actions.c.seat)
                                  .where(actions.c.table_id.in_(ids), actions.c.timeout)
                                  .order_by(actions.c.table_id, actions.c.seq)):
                timeouts[r.table_id].append((r.seq, r.seat))
            chat = dict(conn.execute(select(models.chat.c.table_id, func.max(models.chat.c.id))
                                     .where(models.chat.c.table_id.in_(ids))
                                     .group_by(models.chat.c.table_id)).all())
        return {i: StoredTable(records[i], seat_rows[i], newest.get(i), tails[i], timeouts[i], chat.get(i, 0))
                for i in ids}

    def tables_with_bot_due(self) -> list[str]:
        """Unfinished tables where a bot seat must decide next: a restarted server resumes them."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(models.tables.c.id)
                                .where(models.tables.c.bot_due, models.tables.c.finished_ms.is_(None))
                                .order_by(models.tables.c.created_ms)).all()
        return [r.id for r in rows]

    def tables_to_resume(self) -> list[ResumeCandidate]:
        """Every unfinished table, with its bot_due, earliest running deadline and last activity."""
        t, seats, actions = models.tables, models.seats, models.actions
        deadline = (select(func.min(seats.c.deadline_ms)).where(seats.c.table_id == t.c.id)
                    .scalar_subquery())
        last_action = (select(actions.c.time).where(actions.c.table_id == t.c.id)
                       .order_by(actions.c.seq.desc()).limit(1).scalar_subquery())
        with self.engine.connect() as conn:
            rows = conn.execute(select(t.c.id, t.c.bot_due, deadline,
                                       func.coalesce(last_action, t.c.created_ms))
                                .where(t.c.finished_ms.is_(None))).all()
        return [ResumeCandidate(table_id=r[0], bot_due=bool(r[1]), deadline_ms=r[2], active_ms=r[3])
                for r in rows]

    def newest_checkpoint(self, table_id: str) -> StateCheckpoint | None:
        """The table's newest checkpoint within its log (never one past the log's end)."""
        table, actions = models.state_checkpoints, models.actions
        length = (select(func.coalesce(func.max(actions.c.seq), 0))
                  .where(actions.c.table_id == table_id).scalar_subquery())
        with self.engine.connect() as conn:
            row = conn.execute(select(table.c.seq, table.c.state_version, table.c.state)
                               .where(table.c.table_id == table_id, table.c.seq <= length)
                               .order_by(table.c.seq.desc()).limit(1)).first()
        if row is None:
            return None
        return StateCheckpoint(table_id, row.seq, row.state_version, row.state)

    def records_with_seats(self, table_ids: list[str]) -> list[tuple[TableRecord, list[SeatRecord]]]:
        """These tables' rows and seats (those that exist, in the order given), in two queries."""
        t, seats = models.tables, models.seats
        with self.engine.connect() as conn:
            records = {r.id: _table_record(r) for r in conn.execute(select(t).where(t.c.id.in_(table_ids)))}
            seat_rows: dict[str, list[SeatRecord]] = {i: [] for i in records}
            for r in conn.execute(select(seats).where(seats.c.table_id.in_(list(records)))
                                  .order_by(seats.c.table_id, seats.c.seat)):
                seat_rows[r.table_id].append(_seat_record(r))
        return [(records[i], seat_rows[i]) for i in table_ids if i in records]

    def load_seats(self, table_id: str) -> list[SeatRecord]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(models.seats).where(models.seats.c.table_id == table_id)
                                .order_by(models.seats.c.seat)).all()
        return [_seat_record(r) for r in rows]

    def deadlines(self) -> list[tuple[int, str]]:
        """(earliest deadline, table id) of every unfinished table with a running clock: a
        starting server schedules them (an overdue one is played at once)."""
        seats, tables = models.seats, models.tables
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(func.min(seats.c.deadline_ms), seats.c.table_id)
                .join(tables, tables.c.id == seats.c.table_id)
                .where(seats.c.deadline_ms.is_not(None), tables.c.finished_ms.is_(None))
                .group_by(seats.c.table_id)).all()
        return [(r[0], r[1]) for r in rows]

    def log_heads(self, table_ids: list[str]) -> dict[str, TableHead]:
        """Where each table stands (its newest seq and its seats' kinds), in one query per 500
        tables: cheap enough to ask every second for every table a process holds."""
        actions, seats, tables = models.actions, models.seats, models.tables

        def seats_of_kind(kind: str):
            return (select(func.count()).where(seats.c.table_id == tables.c.id, seats.c.kind == kind)
                    .scalar_subquery())

        newest = (select(func.coalesce(func.max(actions.c.seq), 0))
                  .where(actions.c.table_id == tables.c.id).scalar_subquery())
        heads: dict[str, TableHead] = {}
        with self.engine.connect() as conn:
            for start in range(0, len(table_ids), 500):
                rows = conn.execute(select(tables.c.id, newest, seats_of_kind("open"), seats_of_kind("bot"))
                                    .where(tables.c.id.in_(table_ids[start:start + 500]))).all()
                heads.update((row[0], TableHead(seq=row[1], open_seats=row[2], bot_seats=row[3]))
                             for row in rows)
        return heads

    def actions_after(self, table_id: str, seq: int = 0) -> list[ActionRecord]:
        """The log entries with a seq above ``seq``, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(models.actions.c.seq, models.actions.c.seat, models.actions.c.action,
                       models.actions.c.time, models.actions.c.timeout)
                .where(models.actions.c.table_id == table_id, models.actions.c.seq > seq)
                .order_by(models.actions.c.seq)
            ).all()
        return [_action_record(r) for r in rows]

    # -- table leases (several processes: gametable.server.leases) ------------------------

    def take_lease(self, table_id: str, owner: str, address: str, now: int, until: int) -> Lease | None:
        """Take the table's lease until ``until`` if nobody holds a live one (expired at
        ``now``, or ours already), in one atomic statement; returns the lease as it stands
        afterwards (another owner's if theirs is live), or None when there is no such table."""
        leases = models.table_leases
        upsert = _dialect_insert(self.engine.dialect.name)(leases)
        upsert = upsert.values(table_id=table_id, owner=owner, address=address, expires_ms=until)
        upsert = upsert.on_conflict_do_update(
            index_elements=[leases.c.table_id],
            set_={"owner": upsert.excluded.owner, "address": upsert.excluded.address,
                  "expires_ms": upsert.excluded.expires_ms},
            where=or_(leases.c.expires_ms < now, leases.c.owner == owner))
        try:
            with self.writing(), self.engine.begin() as conn:
                conn.execute(upsert)
                row = conn.execute(select(leases).where(leases.c.table_id == table_id)).first()
        except IntegrityError:  # the table's foreign key: no such table
            return None
        return _lease(row) if row is not None else None

    def lease(self, table_id: str) -> Lease | None:
        leases = models.table_leases
        with self.engine.connect() as conn:
            row = conn.execute(select(leases).where(leases.c.table_id == table_id)).first()
        return _lease(row) if row is not None else None

    def renew_leases(self, owner: str, until: int) -> list[str]:
        """Extend every lease ``owner`` still holds to ``until`` in one statement; returns
        their table ids (a lease another process took over is not among them)."""
        leases = models.table_leases
        with self.writing(), self.engine.begin() as conn:
            rows = conn.execute(update(leases).where(leases.c.owner == owner)
                                .values(expires_ms=until).returning(leases.c.table_id)).all()
        return [r.table_id for r in rows]

    def release_leases(self, owner: str, table_ids: list[str] | None = None) -> None:
        """Give up ``owner``'s leases (of these tables; None: all of them)."""
        leases = models.table_leases
        condition = leases.c.owner == owner
        if table_ids is not None:
            if not table_ids:
                return
            condition = and_(condition, leases.c.table_id.in_(table_ids))
        with self.writing(), self.engine.begin() as conn:
            conn.execute(delete(leases).where(condition))

    def orphaned_tables(self, now: int, limit: int = 100) -> list[str]:
        """Unfinished tables whose owner's lease has run out while it had something to do by
        itself (a bot to move, or a clock running): another process must take them over."""
        leases, tables, seats = models.table_leases, models.tables, models.seats
        clock_runs = (select(seats.c.seat).where(seats.c.table_id == tables.c.id,
                                                 seats.c.deadline_ms.is_not(None)).exists())
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(leases.c.table_id).join(tables, tables.c.id == leases.c.table_id)
                .where(leases.c.expires_ms < now, tables.c.finished_ms.is_(None),
                       or_(tables.c.bot_due, clock_runs))
                .order_by(leases.c.expires_ms).limit(limit)).all()
        return [r.table_id for r in rows]

    # -- chat -----------------------------------------------------------------------------

    def add_chat(self, table_id: str, seat: int, name: str, text: str, time: int) -> ChatRecord:
        with self.writing(), self.engine.begin() as conn:
            row_id = conn.execute(insert(models.chat).values(
                table_id=table_id, seat=seat, name=name, text=text, time=time)
                .returning(models.chat.c.id)).scalar_one()
        return ChatRecord(id=row_id, seat=seat, name=name, text=text, time=time)

    def chat_after(self, table_id: str, after: int = 0, limit: int = 200) -> list[ChatRecord]:
        """The table's messages with an id above ``after``: the newest ``limit`` of them, oldest first."""
        chat = models.chat
        with self.engine.connect() as conn:
            rows = conn.execute(select(chat.c.id, chat.c.seat, chat.c.name, chat.c.text, chat.c.time)
                                .where(chat.c.table_id == table_id, chat.c.id > after)
                                .order_by(chat.c.id.desc()).limit(limit)).all()
        return [ChatRecord(id=r.id, seat=r.seat, name=r.name, text=r.text, time=r.time)
                for r in reversed(rows)]

    # -- Web Push subscriptions ----------------------------------------------------------

    def subscribe(self, table_id: str, seat: int, subscription: PushSubscription,
                  most: int) -> bool:
        """Keep a seat's push subscription (again: its keys are replaced); False if the seat
        already has ``most`` others."""
        subs = models.push_subscriptions
        mine = and_(subs.c.table_id == table_id, subs.c.seat == seat)
        with self.writing(), self.engine.begin() as conn:
            conn.execute(delete(subs).where(mine, subs.c.endpoint == subscription.endpoint))
            if conn.execute(select(func.count()).where(mine)).scalar_one() >= most:
                return False
            conn.execute(insert(subs).values(table_id=table_id, seat=seat,
                                             **dataclasses.asdict(subscription)))
        return True

    def unsubscribe(self, table_id: str, seat: int | None, endpoint: str) -> None:
        """Forget a subscription (of one seat; None: of any seat, e.g. one the push service
        says is gone)."""
        subs = models.push_subscriptions
        condition = and_(subs.c.table_id == table_id, subs.c.endpoint == endpoint)
        if seat is not None:
            condition = and_(condition, subs.c.seat == seat)
        with self.writing(), self.engine.begin() as conn:
            conn.execute(delete(subs).where(condition))

    def subscriptions(self, table_id: str, seats: list[int]) -> list[tuple[int, PushSubscription]]:
        subs = models.push_subscriptions
        with self.engine.connect() as conn:
            rows = conn.execute(select(subs).where(subs.c.table_id == table_id,
                                                   subs.c.seat.in_(seats))).all()
        return [(r.seat, PushSubscription(endpoint=r.endpoint, p256dh=r.p256dh, auth=r.auth,
                                          lang=r.lang)) for r in rows]


def _lease(row: Any) -> Lease:
    return Lease(table_id=row.table_id, owner=row.owner, address=row.address, expires_ms=row.expires_ms)


def _table_record(row: Any) -> TableRecord:
    return TableRecord(
        id=row.id, game=row.game, num_players=row.num_players, options=json.loads(row.options),
        seed=row.seed, bot_seed=row.bot_seed, creator_hash=row.creator_hash,
        created_ms=row.created_ms, finished_ms=row.finished_ms, bot_due=row.bot_due,
        bot_level=row.bot_level, result=json.loads(row.result) if row.result else None,
        rematch_id=row.rematch_id, clock=json.loads(row.clock) if row.clock else None,
        timeouts_to_bot=row.timeouts_to_bot, to_act=json.loads(row.to_act) if row.to_act else None,
    )


def _seat_record(r: Any) -> SeatRecord:
    return SeatRecord(seat=r.seat, kind=r.kind, name=r.name, token_hash=r.token_hash,
                      player_id=r.player_id, reclaim_hash=r.reclaim_hash, clock_ms=r.clock_ms,
                      deadline_ms=r.deadline_ms, timeouts=r.timeouts)


def _action_record(r: Any) -> ActionRecord:
    return ActionRecord(seq=r.seq, seat=r.seat, action=json.loads(r.action), time=r.time, timeout=r.timeout)


def _seat_row(seat: SeatRecord) -> dict[str, Any]:
    return {"seat": seat.seat, "kind": seat.kind, "name": seat.name, "token_hash": seat.token_hash,
            "player_id": seat.player_id, "reclaim_hash": seat.reclaim_hash,
            "clock_ms": seat.clock_ms, "deadline_ms": seat.deadline_ms, "timeouts": seat.timeouts}


def _write_seats(conn: Any, table_id: str, seat_records: tuple[SeatRecord, ...]) -> None:
    for seat in seat_records:
        conn.execute(update(models.seats)
                     .where(models.seats.c.table_id == table_id, models.seats.c.seat == seat.seat)
                     .values(**_seat_row(seat)))


def seat_rows(table_id: str, seat_records: list[SeatRecord]) -> list[dict[str, Any]]:
    """The seats table's rows for a table's seats."""
    return [{"table_id": table_id, **_seat_row(s)} for s in seat_records]


def _expired(finished_before: int | None, abandoned_before: int | None) -> ColumnElement[bool]:
    """The tables past retention: finished before ``finished_before``, or unfinished with
    nothing done since ``abandoned_before`` (None: that kind is kept forever)."""
    t = models.tables
    conditions = []
    if finished_before is not None:
        conditions.append(and_(t.c.finished_ms.is_not(None), t.c.finished_ms < finished_before))
    if abandoned_before is not None:
        # The newest action is the one with the highest seq (read through the primary key);
        # a table where nobody ever acted counts from its creation.
        last_action = (select(models.actions.c.time).where(models.actions.c.table_id == t.c.id)
                       .order_by(models.actions.c.seq.desc()).limit(1).scalar_subquery())
        conditions.append(and_(t.c.finished_ms.is_(None), t.c.created_ms < abandoned_before,
                               func.coalesce(last_action, t.c.created_ms) < abandoned_before))
    return or_(*conditions) if conditions else text("1 = 0")


class _NoLock:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None
