"""A player's tables: the list of My tables, and a rematch of a finished table.

Both work through the table manager's public methods, so that every change still goes through
its locks and its one way of telling the watchers.
"""

from __future__ import annotations

import hmac
import json
import logging
import secrets
from dataclasses import replace
from typing import Any

from gametable.server.clocks import ClockSpec
from gametable.server.errors import Conflict, Forbidden, TableError, Unauthorized
from gametable.server.leases import OwnedElsewhere
from gametable.server.store import SeatRecord, TableRecord
from gametable.server.live_table import LiveTable, bot_to_move, hash_token, now_ms
from gametable.server.tables import TableManager

log = logging.getLogger("gametable.server")

#: how many of a player's newest tables My tables lists
MY_TABLES_LIMIT = 100


async def my_tables(manager: TableManager, player_id: str) -> list[dict[str, Any]]:
    """The player's tables: those where it is their turn first, then the other running ones,
    then the finished ones (newest first). Answered from the tables' rows: whose turn it is is
    stored with each commit that changes it (models.tables.c.to_act) and a finished game's
    result when it is settled, so no table is replayed or brought into memory, on whichever
    process serves the request. Only a row that does not say (a table from before the column,
    a finished game not settled yet) is read from the table itself."""
    found = await manager.read(manager.players.tables_of, player_id, MY_TABLES_LIMIT)
    entries = []
    for record, seats in found:
        if record.to_act is not None and not (record.finished_ms is not None and record.result is None):
            entries.append(_entry(record, seats, None, player_id))
            continue
        table = await _read_table(manager, record)
        if table is _CANNOT_LOAD:
            continue
        entry = _entry(record, seats, table, player_id)
        if entry["status"] == "finished" and entry["result"] is None:
            entry["result"] = await manager.settle(table)  # finished before it could be settled
        entries.append(entry)
    entries.sort(key=lambda e: (not e["your_turn"], e["status"] == "finished",
                                -(e["finished_ms"] or e["created_ms"])))
    return entries


#: a table that cannot be brought into memory (its game is no longer offered here): not listed
_CANNOT_LOAD = object()


async def _read_table(manager: TableManager, record: TableRecord) -> LiveTable | object:
    try:
        try:
            return await manager.table(record.id)
        except OwnedElsewhere:  # served by another process: read a copy of it here
            return await manager.copy_of(record.id)
    except TableError as exc:
        log.warning("My tables: table %s cannot be loaded: %s", record.id, exc.message)
        return _CANNOT_LOAD


def _entry(record: TableRecord, seats: list[SeatRecord], table: LiveTable | None,
           player_id: str) -> dict[str, Any]:
    """``table``: the table itself; None: its row says all (see my_tables)."""
    if table is not None:
        seats, status = table.seats, table.status
        to_act = table.state.to_act() if status == "playing" else []
        result = table.state.result() if status == "finished" else None
        rematch = table.record.rematch_id
    else:
        status = ("finished" if record.finished_ms is not None
                  else "waiting" if any(s.kind == "open" for s in seats) else "playing")
        to_act = list(record.to_act or []) if status == "playing" else []
        result, rematch = record.result, record.rematch_id
    you = next((s.seat for s in seats if s.kind == "human" and s.player_id == player_id), None)
    kept = next((s.seat for s in seats if s.kind == "open" and s.player_id == player_id), None)
    return {
        "id": record.id, "game": record.game, "status": status,
        # away: a person's seat the bot plays (they left, or ran out of time): "bots finished"
        "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "player": s.player_id,
                   "away": s.reclaim_hash is not None} for s in seats],
        "you": you, "invited": kept, "to_act": to_act, "your_turn": you is not None and you in to_act,
        "result": result, "rematch": rematch,
        "created_ms": record.created_ms, "finished_ms": record.finished_ms,
    }


async def rematch(manager: TableManager, table_id: str, token: str | None,
                  player_id: str | None) -> tuple[str, int, str | None]:
    """Open (or join) the rematch of a finished table for one of its people: the same game,
    players, options and every other setting. The caller sits where they sat; each other
    person's seat is kept open for their player (or open to anyone for a seat played without
    a player); bots stay bots. Returns the rematch's id, the caller's seat and its token (None
    when the caller's player already held that seat)."""
    if token is None and player_id is None:
        raise Unauthorized("send your seat token as 'Authorization: Bearer <token>' (or sign in "
                           "as the seat's player)")
    async with manager.locked(table_id) as old:
        seat = _players_seat(manager, old, token, player_id)
        if seat is None:
            raise Forbidden("only the people who played at this table can ask for its rematch")
        if old.status != "finished":
            raise Conflict("a rematch opens once the game is over")
        name, owner = old.seats[seat].name, old.seats[seat].player_id
        created_token = None
        if old.record.rematch_id is None:
            created_token = secrets.token_urlsafe(24)
            fresh, seats = _rematch_of(old, seat, created_token)
            made = await manager.write(manager.players.open_rematch, old.id, fresh, seats)
            if made != fresh["id"]:
                created_token = None  # another process opened it first: join theirs below
            old.record = replace(old.record, rematch_id=made)
            manager.deliver(old)  # the invitation, to everyone watching the finished table
            await manager.fanout.publish(old.id, old.seq)
        rematch_id = old.record.rematch_id
    if created_token is not None:
        await manager.table(rematch_id)  # in memory, and its bots scheduled
        return rematch_id, seat, created_token
    joined, new_token = await manager.seating.join(rematch_id, name, owner)
    return rematch_id, joined, new_token


def _players_seat(manager: TableManager, table: LiveTable, token: str | None,
                  player_id: str | None) -> int | None:
    """The seat the caller played at a table, also one that went to the bot before the end
    (they left, or their time ran out): they played there too, and may ask for a rematch."""
    seat = manager.seat_for_token(table, token, player_id)
    if seat is not None:
        return seat
    if token is not None:
        token_hash = hash_token(token)
        return next((s.seat for s in table.seats if s.reclaim_hash is not None
                     and hmac.compare_digest(s.reclaim_hash, token_hash)), None)
    return next((s.seat for s in table.seats
                 if s.kind == "bot" and player_id is not None and s.player_id == player_id), None)


def _rematch_of(old: LiveTable, seat: int, token: str) -> tuple[dict[str, Any], list[SeatRecord]]:
    """The columns of the rematch's table row that belong to one game (everything else is
    copied from the old row), and its seats."""
    record = old.record
    seed = secrets.randbelow(2**62)
    state = old.game.new(record.num_players, seed, record.options)
    bank = ClockSpec.from_json(record.clock).first_bank_ms()  # a real-time clock's first time
    seats = []
    for s in old.seats:
        if s.seat == seat:
            seats.append(SeatRecord(s.seat, "human", s.name, hash_token(token), s.player_id, clock_ms=bank))
        elif s.kind == "bot" and s.player_id is None:  # a bot from the start
            seats.append(SeatRecord(s.seat, "bot", s.name, None, clock_ms=bank))
        else:  # kept for its player (also one who left it to the bot); without one, open to anyone
            seats.append(SeatRecord(s.seat, "open", s.name if s.player_id else "", None, s.player_id,
                                    clock_ms=bank))
    fresh = {"id": secrets.token_urlsafe(16), "seed": seed, "bot_seed": secrets.randbelow(2**62),
             "creator_hash": hash_token(token), "created_ms": now_ms(), "finished_ms": None,
             "bot_due": bot_to_move(state, seats) is not None, "result": None, "rematch_id": None,
             "to_act": json.dumps(state.to_act())}
    return fresh, seats
