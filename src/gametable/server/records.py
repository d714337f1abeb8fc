"""What the log store reads and writes, as plain records: a table, its seats, an action, a chat
message, a push subscription, a lease, a checkpoint; and how a database row becomes one."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


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
    #: a friendly table: the acting seat may ask for hints; never rated
    hints: bool = False
    #: listed among the open tables while a seat is free, and the creator's language
    listed: bool = False
    lang: str | None = None


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


def lease_from_row(row: Any) -> Lease:
    return Lease(table_id=row.table_id, owner=row.owner, address=row.address, expires_ms=row.expires_ms)


def table_record_from_row(row: Any) -> TableRecord:
    return TableRecord(
        id=row.id, game=row.game, num_players=row.num_players, options=json.loads(row.options),
        seed=row.seed, bot_seed=row.bot_seed, creator_hash=row.creator_hash,
        created_ms=row.created_ms, finished_ms=row.finished_ms, bot_due=row.bot_due,
        bot_level=row.bot_level, result=json.loads(row.result) if row.result else None,
        rematch_id=row.rematch_id, clock=json.loads(row.clock) if row.clock else None,
        timeouts_to_bot=row.timeouts_to_bot, to_act=json.loads(row.to_act) if row.to_act else None,
        hints=bool(row.hints), listed=row.listed, lang=row.lang,
    )


def seat_record_from_row(r: Any) -> SeatRecord:
    return SeatRecord(seat=r.seat, kind=r.kind, name=r.name, token_hash=r.token_hash,
                      player_id=r.player_id, reclaim_hash=r.reclaim_hash, clock_ms=r.clock_ms,
                      deadline_ms=r.deadline_ms, timeouts=r.timeouts)


def action_record_from_row(r: Any) -> ActionRecord:
    return ActionRecord(seq=r.seq, seat=r.seat, action=json.loads(r.action), time=r.time, timeout=r.timeout)


def seat_row(seat: SeatRecord) -> dict[str, Any]:
    return {"seat": seat.seat, "kind": seat.kind, "name": seat.name, "token_hash": seat.token_hash,
            "player_id": seat.player_id, "reclaim_hash": seat.reclaim_hash,
            "clock_ms": seat.clock_ms, "deadline_ms": seat.deadline_ms, "timeouts": seat.timeouts}


def seat_rows(table_id: str, seat_records: list[SeatRecord]) -> list[dict[str, Any]]:
    """The seats table's rows for a table's seats."""
    return [{"table_id": table_id, **seat_row(s)} for s in seat_records]
