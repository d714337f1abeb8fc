"""Finished games in the saved-game format (gametable.sim.savefile; `gametable replay --verify`
reads them): a player's own games (GET /api/me/games.jsonl) and the operator's open dataset of
games between people (`gametable export`), whose player and table ids are replaced by stable
pseudonyms: HMAC-SHA256 with the operator's secret, so the same player has the same pseudonym in
every export made with that secret and nobody without it can tell who it is. A table's id is
the secret of its address, so it never leaves the server as it is."""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any, Callable, Iterator

from sqlalchemy import and_, exists, select

from gametable.server import models
from gametable.server.records import seat_record_from_row
from gametable.server.store import LogStore
from gametable.sim.savefile import FORMAT

#: tables read from the store at once
BATCH = 50


def pseudonym(secret: bytes, kind: str, value: str) -> str:
    """A stable stand-in for ``value`` (a player's or a table's id): 32 hex digits."""
    digest = hmac.new(secret, f"{kind}:{value}".encode(), hashlib.sha256).hexdigest()
    return digest[:32]


class FinishedGames:
    def __init__(self, store: LogStore) -> None:
        self.store = store
        self.engine = store.engine

    def table_ids(self, player_id: str | None = None, people_only: bool = False) -> list[str]:
        """The settled finished tables, the oldest first: those where ``player_id`` held a seat,
        or (``people_only``) those where every seat was a person's."""
        t, s = models.tables, models.seats
        query = select(t.c.id).where(t.c.finished_ms.is_not(None), t.c.result.is_not(None))
        if player_id is not None:
            query = query.where(exists().where(s.c.table_id == t.c.id, s.c.player_id == player_id))
        if people_only:
            query = query.where(~exists().where(and_(s.c.table_id == t.c.id, s.c.kind != "human")))
        with self.engine.connect() as conn:
            return list(conn.execute(query.order_by(t.c.finished_ms, t.c.id)).scalars())

    def lines(self, table_ids: list[str], seat_fields: Callable[[Any], dict[str, Any]],
              table_id: Callable[[str], str], first_index: int = 0) -> list[dict[str, Any]]:
        """The saved-game lines of ``table_ids``; ``seat_fields`` says what a seat shows of its
        person, ``table_id`` what the table's id becomes."""
        t, s, a = models.tables, models.seats, models.actions
        with self.engine.connect() as conn:
            tables = {r.id: r for r in conn.execute(select(t).where(t.c.id.in_(table_ids)))}
            seats: dict[str, list] = {}
            for row in conn.execute(select(s).where(s.c.table_id.in_(table_ids)).order_by(s.c.seat)):
                seats.setdefault(row.table_id, []).append(seat_record_from_row(row))
            actions: dict[str, list] = {}
            for row in conn.execute(select(a.c.table_id, a.c.seat, a.c.action, a.c.timeout)
                                    .where(a.c.table_id.in_(table_ids)).order_by(a.c.table_id, a.c.seq)):
                actions.setdefault(row.table_id, []).append([row.seat, json.loads(row.action)])
        lines = []
        for index, tid in enumerate(table_ids, start=first_index):
            row = tables[tid]
            table_seats = seats.get(tid, [])
            lines.append({
                "format": FORMAT, "index": index, "game": row.game, "players": row.num_players,
                "seed": row.seed, "options": json.loads(row.options),
                "bots": [row.bot_level if seat.kind == "bot" else "person" for seat in table_seats],
                "actions": actions.get(tid, []), "result": json.loads(row.result),
                "table": table_id(tid), "finished_ms": row.finished_ms,
                "seats": [{"seat": seat.seat, **seat_fields(seat)} for seat in table_seats],
            })
        return lines


def batches(ids: list[str]) -> Iterator[tuple[int, list[str]]]:
    for start in range(0, len(ids), BATCH):
        yield start, ids[start:start + BATCH]
