"""Play complete games with bots and gather the figures researchers ask for."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from gametable import bots
from gametable.bots import Bot, RandomBot
from gametable.engine import Game, State

#: mixed into a game's seed to seed its bots, so that bots and game draw different numbers
BOT_SEED_SALT = 0x5EED


class GameDidNotEnd(RuntimeError):
    pass


@dataclass
class GameRecord:
    seed: int
    decisions: int
    winners: list[int]
    totals: list[int]
    breakdowns: list[dict[str, Any]]


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
) -> tuple[State, int]:
    """Play one game, seat s played by ``players[s]``; returns the final state and the number
    of decisions.

    Seed the bots from the game seed (seat_bots does) and a run is reproducible end to end.
    ``on_step`` is called with the state before the first and after every decision
    (tests use it to check invariants at every step).
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
        state.apply(seat, players[seat].choose(state, seat))
        decisions += 1
        if on_step:
            on_step(state)
    return state, decisions


@dataclass
class SimulationSummary:
    game: str
    players: int
    seed: int
    levels: list[str] = field(default_factory=list)
    records: list[GameRecord] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def decisions(self) -> int:
        return sum(r.decisions for r in self.records)

    def to_json(self) -> dict[str, Any]:
        n = len(self.records)
        wins = [0] * self.players
        score_sum = [0] * self.players
        for record in self.records:
            for seat in record.winners:
                wins[seat] += 1
            for seat, total in enumerate(record.totals):
                score_sum[seat] += total
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
            "wins_per_seat": wins,
            "average_score_per_seat": [round(s / n, 2) if n else 0 for s in score_sum],
            "average_decisions_per_game": round(self.decisions / n, 1) if n else 0,
            "games_without_winner": sum(1 for r in self.records if not r.winners),
        }


def simulate(
    game: Game,
    num_players: int,
    games: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    max_decisions: int = 1_000_000,
    on_game: Callable[[GameRecord], None] | None = None,
    levels: Sequence[str] = ("random",),
) -> SimulationSummary:
    """Play ``games`` games with seeds seed, seed+1, ...; time only the playing.

    ``levels``: the bot level of each seat, or one level for all (see seat_levels).
    """
    levels = seat_levels(levels, num_players)
    summary = SimulationSummary(game.name, num_players, seed, levels=levels)
    start = time.perf_counter()
    for i in range(games):
        players = seat_bots(game, levels, num_players, seed + i)
        state, decisions = play_game(game, num_players, seed + i, players, options, max_decisions)
        result = state.result()
        record = GameRecord(
            seed=seed + i,
            decisions=decisions,
            winners=list(result["winners"]),
            totals=[s["total"] for s in result["scores"]],
            breakdowns=[s["breakdown"] for s in result["scores"]],
        )
        summary.records.append(record)
        if on_game:
            on_game(record)
    summary.seconds = time.perf_counter() - start
    return summary
