"""Play complete games with bots and gather the figures researchers ask for."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from gametable.bots import RandomBot
from gametable.engine import Game, State


class GameDidNotEnd(RuntimeError):
    pass


@dataclass
class GameRecord:
    seed: int
    decisions: int
    winners: list[int]
    totals: list[int]
    breakdowns: list[dict[str, Any]]


def play_random_game(
    game: Game,
    num_players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    max_decisions: int = 1_000_000,
    on_step: Callable[[State], None] | None = None,
) -> tuple[State, int]:
    """Play one game with random bots; returns the final state and the number of decisions.

    The bots' RNG is seeded from the game seed so a run is reproducible end to end.
    ``on_step`` is called with the state before the first and after every decision
    (tests use it to check invariants at every step).
    """
    state = game.new(num_players, seed, options)
    bot = RandomBot(seed ^ 0x5EED)
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
        state.apply(seat, bot.choose(state, seat))
        decisions += 1
        if on_step:
            on_step(state)
    return state, decisions


@dataclass
class SimulationSummary:
    game: str
    players: int
    seed: int
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
) -> SimulationSummary:
    """Play ``games`` random games with seeds seed, seed+1, ...; time only the playing."""
    summary = SimulationSummary(game.name, num_players, seed)
    start = time.perf_counter()
    for i in range(games):
        state, decisions = play_random_game(game, num_players, seed + i, options, max_decisions)
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
