"""Ratings per game for players who finish games against other people.

The model is OpenSkill's Plackett-Luce (the ``openskill`` package): a rating is a skill
estimate ``mu`` and its uncertainty ``sigma``, updated from the finishing order of any number of
players. What a page shows is the **displayed rating**, on the familiar scale of chess and
Board Game Arena players: 1500 for a new player, rising with wins and falling with losses
(:func:`displayed`); it is "provisional" until :data:`PROVISIONAL_GAMES` rated games. The API
also gives OpenSkill's conservative estimate ``mu - 3 sigma`` (its ordinal) and mu, sigma.

Only games where every seat was a person signed in as a different player are rated (no bots,
no seat handed to a bot, no player holding two seats): see :func:`rated_players`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from openskill.models import PlackettLuce

from gametable.server.store import SeatRecord

_MODEL = PlackettLuce()

#: the displayed rating of a new player (mu = 25)
DISPLAY_CENTRE = 1500
#: displayed points per unit of mu: 200 / beta, with beta = 25/6 the model's performance spread.
#: A skill gap of one beta wins about 76% of two-player games, which Elo calls 200 points.
DISPLAY_POINTS_PER_MU = 48
#: a rating is provisional (still moving fast, sigma large) until this many rated games
PROVISIONAL_GAMES = 5


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def shown(self) -> float:
        """What a page shows: the conservative estimate (OpenSkill's ordinal)."""
        return _MODEL.rating(mu=self.mu, sigma=self.sigma).ordinal()

    @property
    def displayed(self) -> int:
        """The rating as people read it: see :func:`displayed`."""
        return displayed(self.mu)


def displayed(mu: float) -> int:
    """1500 + 48 (mu - 25), rounded: a new player shows 1500, and the number moves like an Elo
    rating. It is mu, not the conservative estimate, because that one rises with every game
    played (sigma shrinks), even for a player who loses half their games; the uncertainty is
    said instead by "provisional" (:func:`provisional`)."""
    return round(DISPLAY_CENTRE + DISPLAY_POINTS_PER_MU * (mu - _MODEL.mu))


def provisional(games: int) -> bool:
    return games < PROVISIONAL_GAMES


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
