"""Round-robin matches between bot levels, played in worker processes, rated with OpenSkill.

Every line-up of ``players`` seats drawn from the bots (repeats allowed, one bot alone left out)
is played in every rotation of its seats on the same deal, so no seat order favours a bot: game
``i`` plays line-up ``(i // players) % len(lineups)`` rotated by ``i % players`` on seed
``first_seed + i // players``. Like a simulation run (gametable.sim.runner.RunPlan), any process
can play any game of the match and gets the same game.
"""

from __future__ import annotations

import itertools
import math
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from gametable import bots
from gametable.engine import Action, Game, State
from gametable.sim.runner import BOT_SEED_SALT, play_game

if TYPE_CHECKING:
    from gametable.sim.cluster import Cluster


def lineups(levels: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The line-ups of a match: ``players`` seats from ``levels`` (repeats allowed), each with
    at least two different bots."""
    unique = list(dict.fromkeys(levels))
    if len(unique) < 2:
        raise ValueError("an arena needs at least two different bot levels")
    for level in unique:
        bots.check_level(level)
    return [combo for combo in itertools.combinations_with_replacement(unique, players)
            if len(set(combo)) > 1]


class _TimedBot:
    """Counts a bot's decisions and the processor time it spends on them."""

    def __init__(self, bot: bots.Bot) -> None:
        self.bot, self.decisions, self.seconds = bot, 0, 0.0

    def choose(self, state: State, seat: int) -> Action:
        start = time.process_time()
        action = self.bot.choose(state, seat)
        self.seconds += time.process_time() - start
        self.decisions += 1
        return action


@dataclass
class ArenaGame:
    """One finished game of a match: who sat where, the scores, the winners, the thinking time."""
    index: int
    seed: int
    levels: list[str]
    totals: list[float]
    winners: list[int]
    decisions: list[int]
    seconds: list[float]
    #: each seat's score by scoring category (the game's ``result()`` breakdown)
    breakdowns: list[dict[str, float]]


@dataclass(frozen=True)
class ArenaPlan:
    """What every game of a match shares; small and picklable (worker processes receive it)."""
    game: Game
    players: int
    levels: tuple[str, ...]
    first_seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    max_decisions: int = 1_000_000

    def seating(self, index: int) -> list[str]:
        table = lineups(self.levels, self.players)
        lineup = table[(index // self.players) % len(table)]
        turn = index % self.players
        return list(lineup[turn:] + lineup[:turn])

    def deal(self, index: int) -> int:
        """The game seed of game ``index``: each deal is played once per seat rotation."""
        return self.first_seed + index // self.players

    def played(self, index: int) -> tuple[State, list[str], list[_TimedBot]]:
        """Game ``index`` played to its end: the final state (its log included), the level of
        each seat and each seat's timed bot. Benchmarks that read more than the result use it."""
        seed = self.deal(index)
        levels = self.seating(index)
        seats = [_TimedBot(bots.get(level, self.game.name, (seed ^ BOT_SEED_SALT) + seat))
                 for seat, level in enumerate(levels)]
        # a garth level's seat is Garth's in the engine (bots.table_options): it moves with the rotation
        options = bots.table_options(self.game.name, self.options, levels)
        state, _ = play_game(self.game, self.players, seed, seats, options, self.max_decisions)
        return state, levels, seats

    def play(self, index: int) -> ArenaGame:
        state, levels, seats = self.played(index)
        result = state.result()
        return ArenaGame(index, self.deal(index), levels, [s["total"] for s in result["scores"]],
                         list(result["winners"]),
                         [b.decisions for b in seats], [b.seconds for b in seats],
                         [dict(s.get("breakdown", {})) for s in result["scores"]])


@dataclass
class LevelStanding:
    """A bot level's figures over a match."""
    level: str
    mu: float
    sigma: float
    seats: int = 0
    wins: float = 0.0
    share: float = 0.0
    score: float = 0.0
    decisions: int = 0
    seconds: float = 0.0
    #: the scores of its seats added up per scoring category (where a level scores, not only how much)
    categories: dict[str, float] = field(default_factory=dict)

    def win_rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """95% Wilson score interval of the win rate (a seat is a trial)."""
        return wilson(self.win_rate(), self.seats, z)

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval()
        return {"level": self.level, "rating": round(self.mu, 2),
                "rating_interval": [round(self.mu - 2 * self.sigma, 2), round(self.mu + 2 * self.sigma, 2)],
                "seats": self.seats, "win_rate": round(self.win_rate(), 4),
                "win_rate_ci95": [round(low, 4), round(high, 4)],
                "equal_share": round(self.share / self.seats, 4) if self.seats else 0,
                "average_score": round(self.score / self.seats, 2) if self.seats else 0,
                "decisions_per_game": round(self.decisions / self.seats, 1) if self.seats else 0,
                "ms_per_decision": round(1000 * self.seconds / self.decisions, 2) if self.decisions else 0,
                "average_breakdown": {category: round(total / self.seats, 2)
                                      for category, total in self.categories.items()} if self.seats else {}}


def wilson(rate: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    centre = (rate + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


class Ratings:
    """OpenSkill (Plackett-Luce) ratings of the levels, updated game by game in game order (a
    rating depends on the order of its games, so games that finish out of order wait)."""

    def __init__(self, levels: Sequence[str]) -> None:
        from openskill.models import PlackettLuce

        self.model = PlackettLuce()
        self.standings = {level: LevelStanding(level, self.model.mu, self.model.sigma)
                          for level in dict.fromkeys(levels)}
        self._waiting: dict[int, ArenaGame] = {}
        self._next = 0

    def add(self, game: ArenaGame) -> None:
        self._waiting[game.index] = game
        while self._next in self._waiting:
            self._rate(self._waiting.pop(self._next))
            self._next += 1

    def _rate(self, game: ArenaGame) -> None:
        players = len(game.levels)
        for seat, level in enumerate(game.levels):
            standing = self.standings[level]
            standing.seats += 1
            standing.share += 1 / players
            standing.score += game.totals[seat]
            standing.decisions += game.decisions[seat]
            standing.seconds += game.seconds[seat]
            for category, points in game.breakdowns[seat].items():
                standing.categories[category] = standing.categories.get(category, 0) + points
            if seat in game.winners:
                standing.wins += 1 / len(game.winners)
        # one team per level at the table, ranked by the average place of its seats (1 = best)
        places = [1 + sum(other > total for other in game.totals) for total in game.totals]
        present = list(dict.fromkeys(game.levels))
        ranks = [sum(p for p, lv in zip(places, game.levels) if lv == level) / game.levels.count(level)
                 for level in present]
        teams = [[self.model.rating(mu=self.standings[lv].mu, sigma=self.standings[lv].sigma)] for lv in present]
        for level, (rating,) in zip(present, self.model.rate(teams, ranks=ranks)):
            self.standings[level].mu, self.standings[level].sigma = rating.mu, rating.sigma

    def table(self) -> list[LevelStanding]:
        """The standings, best rating first."""
        return sorted(self.standings.values(), key=lambda s: -s.mu)


def run_arena(plan: ArenaPlan, games: int, workers: int = 1,
              on_game: Callable[[ArenaGame], None] | None = None, cluster: "Cluster | None" = None) -> Ratings:
    """Play games 0 .. games-1 of ``plan`` on ``workers`` processes or on a Ray ``cluster`` and
    rate the levels."""
    from gametable.sim.pool import play_all

    ratings = Ratings(plan.levels)
    for game in play_all(plan, games, workers, cluster):
        ratings.add(game)
        if on_game:
            on_game(game)
    return ratings


def plot(ratings: Ratings, plan: ArenaPlan, games: int, path) -> None:
    """Ratings (±2σ) and win rates (95% intervals, equal share dashed) side by side, as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = ratings.table()
    names = [r.level for r in rows]
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    left.bar(names, [r.mu for r in rows], yerr=[2 * r.sigma for r in rows], capsize=5, color="#4477aa")
    left.set_ylabel("OpenSkill rating (±2σ)")
    rates = [r.win_rate() for r in rows]
    errors = [[p - r.interval()[0] for p, r in zip(rates, rows)], [r.interval()[1] - p for p, r in zip(rates, rows)]]
    right.bar(names, rates, yerr=errors, capsize=5, color="#66aa55")
    right.axhline(1 / plan.players, color="black", linestyle="dashed", label="equal share")
    right.set_ylim(0, 1)
    right.set_ylabel("win rate per seat (95% interval)")
    right.legend()
    fig.suptitle(f"{plan.game.title}, {plan.players} players, {games} games")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
