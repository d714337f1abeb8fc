"""Play complete games with bots and gather the figures researchers ask for."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from gametable import bots
from gametable.bots import Bot, RandomBot
from gametable.engine import Action, Game, State

if TYPE_CHECKING:
    from gametable.sim.cluster import Cluster

#: mixed into a game's seed to seed its bots, so that bots and game draw different numbers
BOT_SEED_SALT = 0x5EED


class GameDidNotEnd(RuntimeError):
    pass


@dataclass
class GameRecord:
    """One finished game: its number in the run, seed, length and result (and, when asked, its
    actions in order, which is all it takes to replay it; see gametable.sim.savefile)."""
    index: int
    seed: int
    decisions: int
    result: dict[str, Any]
    actions: list[tuple[int, Action]] | None = None

    @property
    def winners(self) -> list[int]:
        return list(self.result["winners"])

    @property
    def totals(self) -> list[int]:
        return [s["total"] for s in self.result["scores"]]

    @property
    def breakdowns(self) -> list[dict[str, Any]]:
        return [s["breakdown"] for s in self.result["scores"]]


def seat_levels(levels: Sequence[str], num_players: int) -> list[str]:
    """One bot level per seat, from one level per seat or a single level for every seat."""
    for level in levels:
        bots.check_level(level)
    if len(levels) == 1:
        return list(levels) * num_players
    if len(levels) != num_players:
        raise ValueError(f"give one bot level for every seat ({num_players}) or one for all, "
                         f"not {len(levels)}")
    return list(levels)


def seat_bots(game: Game, levels: Sequence[str], num_players: int, seed: int) -> list[Bot]:
    """The bots of one game: seat s plays ``levels[s]``, seeded from the game seed and the seat."""
    return [bots.get(level, game.name, (seed ^ BOT_SEED_SALT) + seat)
            for seat, level in enumerate(seat_levels(levels, num_players))]


def play_random_game(
    game: Game,
    num_players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    max_decisions: int = 1_000_000,
    on_step: Callable[[State], None] | None = None,
) -> tuple[State, int]:
    """Play one game with one random bot for every seat (see play_game)."""
    bot = RandomBot(seed ^ BOT_SEED_SALT)
    return play_game(game, num_players, seed, [bot] * num_players, options, max_decisions, on_step)


def play_game(
    game: Game,
    num_players: int,
    seed: int,
    players: Sequence[Bot],
    options: Mapping[str, Any] | None = None,
    max_decisions: int = 1_000_000,
    on_step: Callable[[State], None] | None = None,
    actions_out: list[tuple[int, Action]] | None = None,
) -> tuple[State, int]:
    """Play one game, seat s played by ``players[s]``; returns the final state and the number
    of decisions.

    Seed the bots from the game seed (seat_bots does) and a run is reproducible end to end.
    ``on_step`` is called with the state before the first and after every decision
    (tests use it to check invariants at every step). ``actions_out``, if given, receives every
    (seat, action) in order.
    """
    state = game.new(num_players, seed, options)
    decisions = 0
    if on_step:
        on_step(state)
    while not state.is_over():
        if decisions >= max_decisions:
            raise GameDidNotEnd(
                f"seed {seed}: no result after {max_decisions} decisions; "
                "raise --max-decisions or report the seed as a bug"
            )
        seat = state.to_act()[0]
        action = players[seat].choose(state, seat)
        state.apply(seat, action)
        if actions_out is not None:
            actions_out.append((seat, action))
        decisions += 1
        if on_step:
            on_step(state)
    return state, decisions


@dataclass(frozen=True)
class RunPlan:
    """What every game of a run shares; game ``index`` of the run plays seed ``first_seed + index``
    with the bots seat_bots gives for that seed, so any process can play any game of the run and
    get the same game. Small and picklable: it is what worker processes receive."""
    game: Game
    players: int
    first_seed: int
    options: Mapping[str, Any]
    levels: tuple[str, ...]
    max_decisions: int = 1_000_000
    record_actions: bool = False

    def play(self, index: int) -> GameRecord:
        seed = self.first_seed + index
        players = seat_bots(self.game, self.levels, self.players, seed)
        actions: list[tuple[int, Action]] | None = [] if self.record_actions else None
        state, decisions = play_game(self.game, self.players, seed, players, self.options, self.max_decisions,
                                     actions_out=actions)
        return GameRecord(index=index, seed=seed, decisions=decisions, result=state.result(), actions=actions)


@dataclass
class SimulationSummary:
    """Running totals over the games of a run. Games may be added in any order (workers finish
    when they finish): every figure is a sum of integers, so the summary does not depend on it."""
    game: str
    players: int
    seed: int
    levels: list[str] = field(default_factory=list)
    seconds: float = 0.0
    games: int = 0
    decisions: int = 0
    wins: list[int] = field(default_factory=list)
    score_sums: list[int] = field(default_factory=list)
    #: category -> sum per seat, categories in the order the games first gave them
    category_sums: dict[str, list[int]] = field(default_factory=dict)
    games_without_winner: int = 0

    def __post_init__(self) -> None:
        self.wins = self.wins or [0] * self.players
        self.score_sums = self.score_sums or [0] * self.players

    def add(self, record: GameRecord) -> None:
        self.games += 1
        self.decisions += record.decisions
        for seat in record.winners:
            self.wins[seat] += 1
        if not record.winners:
            self.games_without_winner += 1
        for seat, (total, breakdown) in enumerate(zip(record.totals, record.breakdowns)):
            self.score_sums[seat] += total
            for category, points in breakdown.items():
                self.category_sums.setdefault(category, [0] * self.players)[seat] += points

    def _average(self, total: int) -> float:
        return round(total / self.games, 2) if self.games else 0

    def to_json(self) -> dict[str, Any]:
        n = self.games
        seconds = max(self.seconds, 1e-9)
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "bots": self.levels,
            "games": n,
            "decisions": self.decisions,
            "seconds": round(self.seconds, 3),
            "decisions_per_second": round(self.decisions / seconds, 1),
            "games_per_second": round(n / seconds, 3),
            "wins_per_seat": list(self.wins),
            "average_score_per_seat": [self._average(s) for s in self.score_sums],
            "average_decisions_per_game": round(self.decisions / n, 1) if n else 0,
            "games_without_winner": self.games_without_winner,
            # a tie gives every winner the win, so the rates may add up to more than 1
            "win_rate_per_seat": [round(w / n, 4) if n else 0 for w in self.wins],
            # category of state.result()'s breakdown -> average points per seat
            "average_score_per_category": {category: [self._average(s) for s in sums]
                                           for category, sums in self.category_sums.items()},
        }


#: the figures that measure the machine rather than the games (they differ from run to run)
TIMING_KEYS = ("seconds", "decisions_per_second", "games_per_second")


def simulate(
    game: Game,
    num_players: int,
    games: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    max_decisions: int = 1_000_000,
    on_game: Callable[[GameRecord], None] | None = None,
    levels: Sequence[str] = ("random",),
    workers: int = 1,
    record_actions: bool = False,
) -> SimulationSummary:
    """Play ``games`` games with seeds seed, seed+1, ...; time only the playing.

    ``levels``: the bot level of each seat, or one level for all (see seat_levels). See run_plan.
    """
    plan = RunPlan(game, num_players, seed, dict(options or {}), tuple(seat_levels(levels, num_players)),
                   max_decisions, record_actions)
    return run_plan(plan, games, workers, on_game)


def run_plan(plan: RunPlan, games: int, workers: int = 1,
             on_game: Callable[[GameRecord], None] | None = None, cluster: "Cluster | None" = None) -> SimulationSummary:
    """Play games 0 .. games-1 of ``plan`` on ``workers`` processes or on a Ray ``cluster`` (see
    gametable.sim.pool); the summary is the same for any. ``on_game`` sees each game as it
    finishes, in the order they finish."""
    from gametable.sim.pool import play_all

    summary = SimulationSummary(plan.game.name, plan.players, plan.first_seed, levels=list(plan.levels))
    start = time.perf_counter()
    for record in play_all(plan, games, workers, cluster):
        summary.add(record)
        if on_game:
            on_game(record)
    summary.seconds = time.perf_counter() - start
    return summary
