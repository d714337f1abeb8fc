"""The log store: tables, seats and the append-only action log in SQLite or PostgreSQL.

Every method is synchronous and runs one short transaction (the table manager decides where
they run: see gametable.server.writer). Actions arrive in batches, one transaction per batch,
so that one fsync acknowledges many moves (group commit). The store knows nothing about
games: actions are JSON text to it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import json
import threading
from typing import Any, Iterator

from sqlalchemy import (ColumnElement, Connection, Engine, and_, bindparam, delete, func, insert, or_, select,
                        text, update)
from sqlalchemy.exc import IntegrityError

from gametable.server import models
from gametable.server.lease_store import LeaseRows
# (the names other modules import from here)
from gametable.server.database import (MIGRATIONS_DIR, create_db_engine, head_revision,  # noqa: F401
                                       is_migrated, migrate)
from gametable.server.records import (ActionRecord, Append, ChatRecord, Lease, PushSubscription,  # noqa: F401
                                      ResumeCandidate, SeatRecord, SeqTaken, StateCheckpoint, StoredTable,
                                      TableHead, TableRecord, action_record_from_row,
                                      seat_record_from_row, seat_row, seat_rows, table_record_from_row)


class LogStore(LeaseRows):
    """The store's tables, seats and action log (and, from LeaseRows, the tables' leases)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        # SQLite has one writer at a time anyway; serialising our own writes in-process
        # avoids busy-waiting on its file lock.
        self._sqlite_write = threading.Lock() if engine.dialect.name == "sqlite" else None
        #: SQLite: the connection the action log is written through, kept (under _sqlite_write)
        #: rather than taken from the pool for every group commit, which costs as much CPU
        #: as the commit's own statements. (PostgreSQL's connections come from the pool, which
        #: checks them after a restart of the database.)
        self._log_connection: Connection | None = None

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
        with self.writing():
            if self._log_connection is not None:
                self._log_connection.close()
                self._log_connection = None
        self.engine.dispose()

    def writing(self):
        return self._sqlite_write if self._sqlite_write is not None else _NoLock()

    @contextlib.contextmanager
    def _appending(self) -> Iterator[Connection]:
        """A transaction for a group commit (the caller holds ``writing()``)."""
        if self._sqlite_write is None:
            with self.engine.begin() as conn:
                yield conn
            return
        if self._log_connection is None:
            self._log_connection = self.engine.connect()
        conn = self._log_connection
        try:
            with conn.begin():
                yield conn
        except IntegrityError:
            raise  # (rolled back; the connection is as good as before)
        except BaseException:
            # Whatever went wrong, the next commit starts from a fresh connection.
            self._log_connection = None
            conn.close()
            raise

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
                timeouts_to_bot=record.timeouts_to_bot, hints=record.hints,
                to_act=json.dumps(record.to_act) if record.to_act is not None else None,
                listed=record.listed, lang=record.lang,
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
        # Each kind of row goes in one statement for the whole batch (executemany), and the
        # statements are made once: this runs for every action the server commits.
        table_changes: dict[tuple[str, ...], list[dict[str, Any]]] = {}
        seat_changes: list[dict[str, Any]] = []
        for a in batch:
            changes: dict[str, Any] = {}
            if a.finished:
                changes["finished_ms"] = a.record.time
            if a.bot_due is not None:
                changes["bot_due"] = a.bot_due
            if a.to_act is not None:
                changes["to_act"] = json.dumps(list(a.to_act))
            if changes:
                table_changes.setdefault(tuple(changes), []).append({"row_id": a.table_id, **changes})
            seat_changes += _seat_updates(a.table_id, a.seats)
        try:
            with self.writing(), self._appending() as conn:
                conn.execute(_INSERT_ACTION, [
                    {"table_id": a.table_id, "seq": a.record.seq, "seat": a.record.seat,
                     "action": json.dumps(a.record.action, sort_keys=True, separators=(",", ":")),
                     "time": a.record.time, "timeout": a.record.timeout}
                    for a in batch])
                for columns, rows in table_changes.items():
                    conn.execute(_table_update(columns), rows)
                if seat_changes:
                    conn.execute(_UPDATE_SEAT, seat_changes)
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
        return table_record_from_row(row) if row is not None else None

    def load_tables(self, table_ids: list[str], checkpoints: bool = True) -> dict[str, "StoredTable"]:
        """Everything needed to rebuild these tables (those that exist), in a few queries for
        all of them: a restarting server reads its tables in batches. ``checkpoints``: read
        each table's newest checkpoint within its log, and only the log after it."""
        t, seats, actions = models.tables, models.seats, models.actions
        with self.engine.connect() as conn:
            records = {r.id: table_record_from_row(r)
                       for r in conn.execute(select(t).where(t.c.id.in_(table_ids)))}
            ids = list(records)
            seat_rows: dict[str, list[SeatRecord]] = {i: [] for i in ids}
            for r in conn.execute(select(seats).where(seats.c.table_id.in_(ids))
                                  .order_by(seats.c.table_id, seats.c.seat)):
                seat_rows[r.table_id].append(seat_record_from_row(r))
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
            # Only the tails, one query per checkpoint seq among these tables (a few: tables are
            # checkpointed every so many actions): the rows before a checkpoint, over half of a
            # log, are never fetched (a condition per table costs SQLite more than it saves).
            by_after: dict[int, list[str]] = {}
            for i in ids:
                by_after.setdefault(newest[i].seq if i in newest else 0, []).append(i)
            for after, group in by_after.items():
                for r in conn.execute(select(actions.c.table_id, actions.c.seq, actions.c.seat,
                                             actions.c.action, actions.c.time, actions.c.timeout)
                                      .where(actions.c.table_id.in_(group), actions.c.seq > after)
                                      .order_by(actions.c.table_id, actions.c.seq)):
                    tails[r.table_id].append(action_record_from_row(r))
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
            records = {r.id: table_record_from_row(r) for r in conn.execute(select(t).where(t.c.id.in_(table_ids)))}
            seat_rows: dict[str, list[SeatRecord]] = {i: [] for i in records}
            for r in conn.execute(select(seats).where(seats.c.table_id.in_(list(records)))
                                  .order_by(seats.c.table_id, seats.c.seat)):
                seat_rows[r.table_id].append(seat_record_from_row(r))
        return [(records[i], seat_rows[i]) for i in table_ids if i in records]

    def load_seats(self, table_id: str) -> list[SeatRecord]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(models.seats).where(models.seats.c.table_id == table_id)
                                .order_by(models.seats.c.seat)).all()
        return [seat_record_from_row(r) for r in rows]

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
        return [action_record_from_row(r) for r in rows]

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


def _write_seats(conn: Any, table_id: str, seat_records: tuple[SeatRecord, ...]) -> None:
    if seat_records:
        conn.execute(_UPDATE_SEAT, _seat_updates(table_id, seat_records))


def _seat_updates(table_id: str, seat_records: tuple[SeatRecord, ...]) -> list[dict[str, Any]]:
    """The parameters of _UPDATE_SEAT for these seats of a table."""
    return [{"row_table_id": table_id, "row_seat": seat.seat, **seat_row(seat)} for seat in seat_records]


_INSERT_ACTION = insert(models.actions)
#: a seat's row, all of it (records.seat_row), found by the parameters row_table_id and row_seat
_UPDATE_SEAT = (update(models.seats)
                .where(models.seats.c.table_id == bindparam("row_table_id"),
                       models.seats.c.seat == bindparam("row_seat"))
                .values({column: bindparam(column) for column in
                         seat_row(SeatRecord(0, "open", "", None))}))


@functools.cache
def _table_update(columns: tuple[str, ...]) -> Any:
    """The UPDATE of these columns of a table's row, found by the parameter row_id (one per
    set of columns an action changes: a handful)."""
    return (update(models.tables).where(models.tables.c.id == bindparam("row_id"))
            .values({column: bindparam(column) for column in columns}))



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
