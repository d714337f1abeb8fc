"""Ratings per game for players who finish games against other people.

The model is OpenSkill's Plackett-Luce (the ``openskill`` package): a rating is a skill
estimate ``mu`` and its uncertainty ``sigma``, updated from the finishing order of any number of
players; what a page shows is the conservative estimate ``mu - 3 sigma`` (OpenSkill's ordinal),
which starts at 0 and rises as games show a player's strength.

Only games where every seat was a person signed in as a different player are rated (no bots,
no seat handed to a bot, no player holding two seats): see :func:`rated_players`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from openskill.models import PlackettLuce

from gametable.server.store import SeatRecord

_MODEL = PlackettLuce()


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def shown(self) -> float:
        """What a page shows (see :func:`displayed`)."""
        return displayed(self.mu, self.sigma)


def displayed(mu, sigma):
    """The rating on the scale pages show, from ``mu`` and ``sigma``: the conservative estimate
    ``mu - 3 sigma`` (OpenSkill's ordinal). The one place the scale is defined: it takes floats
    or SQL column expressions alike, so the leaderboard orders by the same formula it shows."""
    return mu - 3 * sigma


def new_skill() -> Skill:
    start = _MODEL.rating()
    return Skill(start.mu, start.sigma)


def rated_players(seats: Sequence[SeatRecord]) -> list[str] | None:
    """The player of each seat if the game counts for ratings: at least two seats, every one a
    person signed in as a player, no player twice. None otherwise."""
    players = [s.player_id for s in seats]
    if (len(seats) < 2 or any(s.kind != "human" for s in seats) or None in players
            or len(set(players)) != len(players)):
        return None
    return players  # type: ignore[return-value]


def finishing_ranks(result: dict[str, Any], num_players: int) -> list[int]:
    """Each seat's place (1 = first, equal places for ties) from a game's ``result()``: the
    winners first (a game's tie-breakers decided them), then the others by their total score."""
    winners = set(result.get("winners") or [])
    totals = {score["seat"]: score.get("total", 0) for score in result.get("scores") or []}

    def standing(seat: int) -> tuple[int, float]:
        return (0 if seat in winners else 1, -totals.get(seat, 0))

    order = sorted({standing(seat) for seat in range(num_players)})
    return [order.index(standing(seat)) + 1 for seat in range(num_players)]


def updated(skills: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """Each player's skill after a game they finished in places ``ranks`` (one player a team)."""
    teams = [[_MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    rated = _MODEL.rate(teams, ranks=list(ranks))
    return [Skill(team[0].mu, team[0].sigma) for team in rated]
