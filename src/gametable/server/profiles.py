"""A player's profile in the store: their finished games (newest first, a page at a time),
statistics per game, the rating after each rated game, and the leaderboards. Everything is read
from settled table rows (their stored result), seats, action times and ratings: nothing is
replayed, and only finished games appear, whose logs are public anyway."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import func, select

from gametable.server import models
from gametable.server.ratings import displayed, finishing_ranks
from gametable.server.store import LogStore

#: a page of game history holds at most this many games
GAMES_PAGE_MAX = 50
#: statistics count the player's newest finished games, at most this many
STATS_GAMES_MAX = 500
#: a leaderboard lists players with at least this many rated games
LEADERBOARD_MIN_GAMES = 5
LEADERBOARD_MAX = 100
#: the rating chart's points per game, at most (the newest)
RATING_POINTS_MAX = 200


@dataclass(frozen=True)
class PlayedGame:
    table_id: str
    game: str
    finished_ms: int
    seat: int
    place: int
    score: float
    won: bool
    #: every seat: (seat, name, player id or None)
    seats: list[tuple[int, str, str | None]]


@dataclass
class GameStats:
    game: str
    games: int = 0
    wins: int = 0
    score_sum: float = 0.0
    categories: dict[str, float] = field(default_factory=dict)
    move_ms_sum: int = 0
    moves: int = 0
    #: (time, rating on the shown scale) after each rated game, oldest first
    ratings: list[tuple[int, int]] = field(default_factory=list)


def _finished_of(player_id: str, limit: int, offset: int = 0):
    t, s = models.tables, models.seats
    return (select(t.c.id, t.c.game, t.c.finished_ms, t.c.num_players, t.c.result, s.c.seat)
            .join(s, s.c.table_id == t.c.id)
            .where(s.c.player_id == player_id, s.c.kind != "open", t.c.result.is_not(None),
                   t.c.finished_ms.is_not(None))
            .order_by(t.c.finished_ms.desc(), t.c.id).offset(offset).limit(limit))


def _score_of(result: dict[str, Any], seat: int) -> dict[str, Any]:
    return next((score for score in result.get("scores") or [] if score.get("seat") == seat), {})


def games_of(store: LogStore, player_id: str, offset: int, limit: int) -> list[PlayedGame]:
    """A page of the player's finished games, newest first."""
    s = models.seats
    with store.engine.connect() as conn:
        rows = conn.execute(_finished_of(player_id, limit, offset)).all()
        seat_rows = conn.execute(select(s.c.table_id, s.c.seat, s.c.name, s.c.player_id)
                                 .where(s.c.table_id.in_([r.id for r in rows]))
                                 .order_by(s.c.seat)).all() if rows else []
    seats: dict[str, list[tuple[int, str, str | None]]] = {}
    for r in seat_rows:
        seats.setdefault(r.table_id, []).append((r.seat, r.name, r.player_id))
    games = []
    for row in rows:
        result = json.loads(row.result)
        games.append(PlayedGame(
            table_id=row.id, game=row.game, finished_ms=row.finished_ms, seat=row.seat,
            place=finishing_ranks(result, row.num_players)[row.seat],
            score=_score_of(result, row.seat).get("total", 0),
            won=row.seat in (result.get("winners") or []), seats=seats.get(row.id, [])))
    return games


def stats_of(store: LogStore, player_id: str) -> list[GameStats]:
    """Per game: finished games, wins, scores (total and per scoring category), the time the
    player took per move (from the previous action to theirs; moves the bot played for a seat
    out of time do not count) and the rating after each rated game."""
    a, h = models.actions, models.rating_history
    with store.engine.connect() as conn:
        rows = conn.execute(_finished_of(player_id, STATS_GAMES_MAX)).all()
        seat_of = {r.id: r.seat for r in rows}
        gaps = (select(a.c.table_id, a.c.seat, a.c.timeout,
                       (a.c.time - func.lag(a.c.time).over(partition_by=a.c.table_id, order_by=a.c.seq))
                       .label("spent"))
                .where(a.c.table_id.in_(list(seat_of))).subquery())
        spent = conn.execute(select(gaps.c.table_id, gaps.c.seat, func.sum(gaps.c.spent), func.count())
                             .where(gaps.c.spent.is_not(None), gaps.c.timeout.is_(False))
                             .group_by(gaps.c.table_id, gaps.c.seat)).all() if rows else []
        history = conn.execute(select(h.c.game, h.c.time, h.c.mu)
                               .where(h.c.player_id == player_id)
                               .order_by(h.c.time.desc()).limit(RATING_POINTS_MAX * 8)).all()
    by_game: dict[str, GameStats] = {}
    game_of = {}
    for row in rows:
        stats = by_game.setdefault(row.game, GameStats(row.game))
        game_of[row.id] = row.game
        result = json.loads(row.result)
        score = _score_of(result, row.seat)
        stats.games += 1
        stats.wins += row.seat in (result.get("winners") or [])
        stats.score_sum += score.get("total", 0)
        for category, points in (score.get("breakdown") or {}).items():
            if isinstance(points, (int, float)):
                stats.categories[category] = stats.categories.get(category, 0) + points
    for table_id, seat, total, moves in spent:
        if seat_of.get(table_id) == seat:
            stats = by_game[game_of[table_id]]
            stats.move_ms_sum += int(total or 0)
            stats.moves += moves
    for row in reversed(history):
        points = by_game.setdefault(row.game, GameStats(row.game)).ratings
        points.append((row.time, displayed(row.mu)))
    for stats in by_game.values():
        stats.ratings = stats.ratings[-RATING_POINTS_MAX:]
    return sorted(by_game.values(), key=lambda stats: stats.game)


@dataclass(frozen=True)
class Standing:
    place: int
    player_id: str
    name: str
    rating: int
    games: int


def leaderboard(store: LogStore, game: str, offset: int, limit: int) -> list[Standing]:
    """The players of ``game`` with at least LEADERBOARD_MIN_GAMES rated games, best first, on
    the displayed scale (ratings.displayed, which rises with mu: so the order is mu's)."""
    r, p = models.ratings, models.players
    with store.engine.connect() as conn:
        rows = conn.execute(select(p.c.id, p.c.name, r.c.mu, r.c.games).join(p, p.c.id == r.c.player_id)
                            .where(r.c.game == game, r.c.games >= LEADERBOARD_MIN_GAMES)
                            .order_by(r.c.mu.desc(), r.c.games.desc(), p.c.id)
                            .offset(offset).limit(limit)).all()
    return [Standing(offset + i + 1, row.id, row.name, displayed(row.mu), row.games)
            for i, row in enumerate(rows)]
