"""Open tables in the store: the listed tables that still have a seat for anyone, read from the
table and seat rows alone (never a replay), newest first.

A listed table leaves the list when no seat is free for a newcomer (full, or the open seats
are kept for invited players), when it finishes, when its creator has left (seat 0 went to a
bot) or when it has waited ``LISTED_HOURS`` for players (abandoned).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import exists, func, select

from gametable.server import models
from gametable.server.store import LogStore

#: a listed table waits this long for players, then leaves the list (abandoned)
LISTED_HOURS = 72
#: at most this many open tables in one answer
OPEN_TABLES_MAX = 50


@dataclass(frozen=True)
class OpenTable:
    id: str
    game: str
    options: dict[str, Any]
    clock: dict[str, Any] | None
    players: int
    seats_taken: int
    lang: str | None
    created_ms: int


def open_tables(store: LogStore, now: int, game: str | None = None, lang: str | None = None,
                limit: int = OPEN_TABLES_MAX) -> list[OpenTable]:
    t, s = models.tables, models.seats
    free = (select(func.count()).where(s.c.table_id == t.c.id, s.c.kind == "open",
                                       s.c.player_id.is_(None)).scalar_subquery())
    taken = select(func.count()).where(s.c.table_id == t.c.id, s.c.kind != "open").scalar_subquery()
    creator_stays = exists().where(s.c.table_id == t.c.id, s.c.seat == 0, s.c.kind == "human")
    query = (select(t.c.id, t.c.game, t.c.options, t.c.clock, t.c.num_players, t.c.lang, t.c.created_ms,
                    taken.label("taken"))
             .where(t.c.listed.is_(True), t.c.finished_ms.is_(None),
                    t.c.created_ms > now - LISTED_HOURS * 3_600_000, free > 0, creator_stays)
             .order_by(t.c.created_ms.desc(), t.c.id).limit(limit))
    if game:
        query = query.where(t.c.game == game)
    if lang:
        query = query.where(t.c.lang == lang)
    with store.engine.connect() as conn:
        rows = conn.execute(query).all()
    return [OpenTable(id=r.id, game=r.game, options=json.loads(r.options),
                      clock=json.loads(r.clock) if r.clock else None, players=r.num_players,
                      seats_taken=r.taken, lang=r.lang, created_ms=r.created_ms) for r in rows]
