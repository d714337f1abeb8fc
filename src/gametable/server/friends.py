"""Friends in the store: whom a player added (one way: each adds the other), whether they are
online (a session used in the last ``ONLINE_MINUTES``) and the unfinished tables they sit at."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete, func, insert, select
from sqlalchemy.exc import IntegrityError

from gametable.server import models
from gametable.server.store import LogStore

#: a player is online to their friends while a session of theirs was used this recently
ONLINE_MINUTES = 5
#: a player has at most this many friends
FRIENDS_MAX = 200
#: a friend's current tables told, at most
CURRENT_TABLES_MAX = 5


@dataclass(frozen=True)
class Friend:
    id: str
    name: str
    online: bool
    #: (table id, game) of the unfinished tables where the friend has a seat, newest first
    tables: list[tuple[str, str]]


def count(store: LogStore, player_id: str) -> int:
    f = models.friends
    with store.engine.connect() as conn:
        return conn.execute(select(func.count()).where(f.c.player_id == player_id)).scalar_one()


def add(store: LogStore, player_id: str, friend_id: str, now: int) -> bool:
    """Add a friend; False when they were one already."""
    f = models.friends
    try:
        with store.writing(), store.engine.begin() as conn:
            if conn.execute(select(f.c.friend_id).where(f.c.player_id == player_id,
                                                        f.c.friend_id == friend_id)).first():
                return False
            conn.execute(insert(f).values(player_id=player_id, friend_id=friend_id, created_ms=now))
    except IntegrityError:  # the same two added at once (two tabs): the key kept one row
        return False
    return True


def remove(store: LogStore, player_id: str, friend_id: str) -> bool:
    f = models.friends
    with store.writing(), store.engine.begin() as conn:
        return conn.execute(delete(f).where(f.c.player_id == player_id,
                                            f.c.friend_id == friend_id)).rowcount > 0


def friends_among(store: LogStore, player_id: str, others: list[str]) -> set[str]:
    """Which of ``others`` the player has added as friends."""
    f = models.friends
    with store.engine.connect() as conn:
        rows = conn.execute(select(f.c.friend_id).where(f.c.player_id == player_id,
                                                        f.c.friend_id.in_(others))).all()
    return {r.friend_id for r in rows}


def friends_of(store: LogStore, player_id: str, now: int) -> list[Friend]:
    """The player's friends, online ones first, then by name."""
    f, p, t, s = models.friends, models.players, models.tables, models.seats
    with store.engine.connect() as conn:
        people = conn.execute(select(p.c.id, p.c.name, p.c.seen_ms).join(f, f.c.friend_id == p.c.id)
                              .where(f.c.player_id == player_id)).all()
        ids = [r.id for r in people]
        seated = conn.execute(select(s.c.player_id, t.c.id, t.c.game).join(t, t.c.id == s.c.table_id)
                              .where(s.c.player_id.in_(ids), s.c.kind == "human", t.c.finished_ms.is_(None))
                              .order_by(t.c.created_ms.desc())).all() if ids else []
    tables: dict[str, list[tuple[str, str]]] = {}
    for row in seated:
        mine = tables.setdefault(row.player_id, [])
        if len(mine) < CURRENT_TABLES_MAX:
            mine.append((row.id, row.game))
    recent = now - ONLINE_MINUTES * 60_000
    found = [Friend(r.id, r.name, r.seen_ms is not None and r.seen_ms >= recent, tables.get(r.id, []))
             for r in people]
    return sorted(found, key=lambda friend: (not friend.online, friend.name.casefold(), friend.id))
