"""Players in the store: who they are, their sessions and one-time sign-in links, their tables,
ratings, and the two writes that concern several tables at once (settling a finished game, and
opening its rematch).

A player is reached only through a session: the browser's HttpOnly cookie holds an opaque
random id, the store its sha256 (see gametable.server.identity). A sign-in link holds another
random secret, stored hashed with its expiry; using it deletes the row, so it works once.
Like the LogStore, every method is synchronous and runs one short transaction; the table
manager runs them off the event loop (``TableCore.read`` / ``write``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, exists, insert, select, update

from gametable.server import models
from gametable.server.ratings import Skill, new_skill, updated
from gametable.server.store import LogStore, SeatRecord, TableRecord, seat_rows


@dataclass(frozen=True)
class Player:
    id: str
    name: str
    lang: str
    created_ms: int
    #: when a session of the player was last used, to a minute (None: not since it was recorded)
    seen_ms: int | None = None
    #: when an operator suspended the player (`gametable admin suspend`); None: not suspended
    suspended_ms: int | None = None


@dataclass(frozen=True)
class Rating:
    game: str
    skill: Skill
    games: int


class PlayerStore:
    def __init__(self, store: LogStore) -> None:
        self.store = store
        self.engine = store.engine

    # -- players and sessions ---------------------------------------------------------------

    def create(self, player: Player, session_hash: str, session_expires_ms: int) -> None:
        """A new player with its first session."""
        with self.store.writing(), self.engine.begin() as conn:
            conn.execute(insert(models.players).values(
                id=player.id, name=player.name, lang=player.lang, created_ms=player.created_ms))
            conn.execute(insert(models.player_sessions).values(
                id_hash=session_hash, player_id=player.id, created_ms=player.created_ms,
                expires_ms=session_expires_ms))

    def add_session(self, player_id: str, session_hash: str, now: int, expires_ms: int) -> None:
        with self.store.writing(), self.engine.begin() as conn:
            conn.execute(insert(models.player_sessions).values(
                id_hash=session_hash, player_id=player_id, created_ms=now, expires_ms=expires_ms))

    def end_session(self, session_hash: str) -> None:
        with self.store.writing(), self.engine.begin() as conn:
            conn.execute(delete(models.player_sessions)
                         .where(models.player_sessions.c.id_hash == session_hash))

    def by_session(self, session_hash: str, now: int) -> Player | None:
        """The player of an unexpired session."""
        p, s = models.players, models.player_sessions
        with self.engine.connect() as conn:
            row = conn.execute(select(p).join(s, s.c.player_id == p.c.id)
                               .where(s.c.id_hash == session_hash, s.c.expires_ms > now)).first()
        return _player(row)

    def player(self, player_id: str) -> Player | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(models.players).where(models.players.c.id == player_id)).first()
        return _player(row)

    def seen(self, player_id: str, now: int) -> None:
        """Note that the player's session was used now (their friends see them online)."""
        with self.store.writing(), self.engine.begin() as conn:
            conn.execute(update(models.players).where(models.players.c.id == player_id).values(seen_ms=now))

    def update(self, player_id: str, changes: dict[str, str]) -> Player | None:
        """Change a player's name or language (``changes``: column to new value)."""
        if changes:
            with self.store.writing(), self.engine.begin() as conn:
                conn.execute(update(models.players).where(models.players.c.id == player_id)
                             .values(**changes))
        return self.player(player_id)

    # -- sign-in links ----------------------------------------------------------------------

    def add_signin_link(self, player_id: str, token_hash: str, expires_ms: int) -> None:
        with self.store.writing(), self.engine.begin() as conn:
            conn.execute(insert(models.signin_links).values(
                token_hash=token_hash, player_id=player_id, expires_ms=expires_ms))

    def signin_link_player(self, token_hash: str, now: int) -> str | None:
        """The player a link would sign in as, if it is unused and unexpired; the link stays
        (a device signed in as someone else asks its person first)."""
        links = models.signin_links
        with self.engine.connect() as conn:
            row = conn.execute(select(links.c.player_id, links.c.expires_ms)
                               .where(links.c.token_hash == token_hash)).first()
        return row.player_id if row is not None and row.expires_ms > now else None

    def use_signin_link(self, token_hash: str, now: int) -> str | None:
        """The player a link signs in as, if it is unused and unexpired; it is deleted either
        way (one statement, so two devices racing with the same link cannot both win)."""
        links = models.signin_links
        with self.store.writing(), self.engine.begin() as conn:
            row = conn.execute(delete(links).where(links.c.token_hash == token_hash)
                               .returning(links.c.player_id, links.c.expires_ms)).first()
        if row is None or row.expires_ms <= now:
            return None
        return row.player_id

    # -- tables -----------------------------------------------------------------------------

    def tables_of(self, player_id: str, limit: int) -> list[tuple[TableRecord, list[SeatRecord]]]:
        """The newest ``limit`` tables where the player has a seat (or one is kept for them),
        with their seats."""
        t, s = models.tables, models.seats
        mine = exists().where(s.c.table_id == t.c.id, s.c.player_id == player_id)
        with self.engine.connect() as conn:
            ids = [r.id for r in conn.execute(select(t.c.id).where(mine)
                                              .order_by(t.c.created_ms.desc()).limit(limit))]
        return self.store.records_with_seats(ids)

    def settle(self, table_id: str, game: str, result: dict[str, Any],
               ranked: list[tuple[str, int]] | None, now: int) -> bool:
        """Store a finished table's result and, if it counts (``ranked``: each seat's player
        and place), update the players' ratings, all in one transaction. Only the first call
        for a table does anything (the result is written once), so a game is rated once
        however many processes settle it. Returns whether this call did it."""
        t = models.tables
        with self.store.writing(), self.engine.begin() as conn:
            claimed = conn.execute(update(t).where(t.c.id == table_id, t.c.result.is_(None))
                                   .values(result=json.dumps(result, sort_keys=True))).rowcount
            if claimed != 1:
                return False
            if ranked:
                self._rate(conn, table_id, game, ranked, now)
        return True

    def _rate(self, conn, table_id: str, game: str, ranked: list[tuple[str, int]], now: int) -> None:
        r = models.ratings
        players = [player for player, _ in ranked]
        # FOR UPDATE (PostgreSQL): two games of the same player finishing at once update in turn.
        rows = conn.execute(select(r).where(r.c.game == game, r.c.player_id.in_(players))
                            .with_for_update()).all()
        known = {row.player_id: row for row in rows}
        before = [Skill(known[p].mu, known[p].sigma) if p in known else new_skill() for p in players]
        after = updated(before, [rank for _, rank in ranked])
        for player, skill in zip(players, after):
            values = {"mu": skill.mu, "sigma": skill.sigma, "updated_ms": now}
            if player in known:
                conn.execute(update(r).where(r.c.player_id == player, r.c.game == game)
                             .values(games=known[player].games + 1, **values))
            else:
                conn.execute(insert(r).values(player_id=player, game=game, games=1, **values))
        # each rated game's outcome, for the player page's chart (never changed afterwards)
        conn.execute(insert(models.rating_history), [
            {"player_id": player, "table_id": table_id, "game": game, "mu": skill.mu,
             "sigma": skill.sigma, "time": now} for player, skill in zip(players, after)])

    def ratings(self, player_id: str) -> list[Rating]:
        r = models.ratings
        with self.engine.connect() as conn:
            rows = conn.execute(select(r).where(r.c.player_id == player_id).order_by(r.c.game)).all()
        return [Rating(row.game, Skill(row.mu, row.sigma), row.games) for row in rows]

    def open_rematch(self, old_id: str, fresh: dict[str, Any], seat_records: list[SeatRecord]) -> str:
        """Open the rematch of table ``old_id``: a new table row copied column by column from
        the old one (every setting, whatever columns the table has), with ``fresh`` over the
        columns that belong to one game (id, seeds, creator, times, result...), and its seats.
        Returns the rematch's id: the new one, or the one another request opened first."""
        t = models.tables
        with self.store.writing(), self.engine.connect() as conn:
            with conn.begin() as transaction:
                old = conn.execute(select(t).where(t.c.id == old_id)).mappings().one()
                if old["rematch_id"] is not None:
                    return old["rematch_id"]
                conn.execute(insert(t).values({**dict(old), **fresh}))
                conn.execute(insert(models.seats), seat_rows(fresh["id"], seat_records))
                claimed = conn.execute(update(t).where(t.c.id == old_id, t.c.rematch_id.is_(None))
                                       .values(rematch_id=fresh["id"])).rowcount
                if claimed == 1:
                    return fresh["id"]
                transaction.rollback()  # another process opened it meanwhile: keep theirs
            return conn.execute(select(t.c.rematch_id).where(t.c.id == old_id)).scalar_one()

    # -- retention --------------------------------------------------------------------------

    def prune(self, now: int) -> int:
        """Delete expired sign-in links and sessions, then the players left without any session
        (nobody can sign in as them any more; their seats stay, no longer theirs). Returns how
        many players went."""
        p, s, links = models.players, models.player_sessions, models.signin_links
        with self.store.writing(), self.engine.begin() as conn:
            conn.execute(delete(links).where(links.c.expires_ms <= now))
            conn.execute(delete(s).where(s.c.expires_ms <= now))
            return conn.execute(delete(p).where(~exists().where(s.c.player_id == p.c.id))).rowcount


def _player(row) -> Player | None:
    if row is None:
        return None
    return Player(id=row.id, name=row.name, lang=row.lang, created_ms=row.created_ms, seen_ms=row.seen_ms,
                  suspended_ms=row.suspended_ms)

