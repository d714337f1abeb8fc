"""Play a choice out in many worlds the seat cannot tell from the real one, and measure the end.

A world is a determinization from the seat's information (``State.determinize``); in it the
basic bots play every seat on, exactly as the search's roll-outs do (bots/search.py ``play_out``:
to the end of the game, the horizon, or the seat's n-th turn), and the position reached gives
two measures for the seat:

- the *margin*: its expected final score minus the best other seat's (a finished game's
  result, else the basic bot's estimate of the final scores);
- the *win chance*: a finished game's share of the win (1, 1/winners, 0), else the margin
  squashed as the search squashes it, 0.5 + 0.5 * tanh(margin / scale).

Choices compared in one position share their worlds and their players' seeds (common random
numbers): the same hidden cards and the same future draws for both, so the difference measures
the choices, not the deal.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from gametable.bots.search import BasicFactory, SearchBudget, play_out, score_margin, turn_counter
from gametable.engine import Action, IllegalAction, Rng, State


@dataclass
class Outcome:
    """The measures of every roll-out of one choice (or one position)."""
    margins: list[float] = field(default_factory=list)
    win_chances: list[float] = field(default_factory=list)

    def add(self, margin: float, win_chance: float) -> None:
        self.margins.append(margin)
        self.win_chances.append(win_chance)

    @property
    def margin(self) -> float:
        return _mean(self.margins)

    @property
    def win_chance(self) -> float:
        return _mean(self.win_chances)


def compare_actions(state: State, seat: int, actions: list[Action], basic: BasicFactory,
                    budget: SearchBudget, worlds: int, seed: int) -> list[Outcome]:
    """Each of ``actions`` (legal for ``seat`` in ``state``) played out in the same ``worlds``
    worlds. A world where one of them is not legal (it cannot happen when the seat's legal
    actions depend on its view only) is left out for all of them, so the outcomes stay paired."""
    rng = Rng(seed)
    outcomes = [Outcome() for _ in actions]
    for _ in range(worlds):
        world = state.determinize(seat, rng)
        players_seed = rng.next_u64()
        measured = []
        for action in actions:
            played = world.clone()
            try:
                played.apply(seat, action)
            except IllegalAction:
                break
            measured.append(_play_out(played, seat, basic, budget, players_seed))
        else:
            for outcome, (margin, chance) in zip(outcomes, measured):
                outcome.add(margin, chance)
    return outcomes


def position_outcome(state: State, seat: int, basic: BasicFactory, budget: SearchBudget, worlds: int,
                     seed: int) -> Outcome:
    """The position played out from ``seat``'s information, whoever acts next."""
    rng = Rng(seed)
    outcome = Outcome()
    for _ in range(worlds):
        world = state.determinize(seat, rng)
        outcome.add(*_play_out(world, seat, basic, budget, rng.next_u64()))
    return outcome


def _play_out(world: State, seat: int, basic: BasicFactory, budget: SearchBudget,
              players_seed: int) -> tuple[float, float]:
    players = [basic(players_seed + p) for p in range(world.num_players)]
    play_out(world, players, budget, turn_counter(seat, budget))
    margin = score_margin(world, seat, players[seat].estimated_scores)
    return margin, win_chance(world, seat, margin, budget.margin_scale)


def win_chance(world: State, seat: int, margin: float, scale: float) -> float:
    """A finished game's share of the win; else the margin squashed on ``scale``."""
    if world.is_over():
        winners = world.result()["winners"]
        return 1 / len(winners) if seat in winners else 0.0
    return 0.5 + 0.5 * math.tanh(margin / scale)


def paired_difference(better: list[float], worse: list[float]) -> tuple[float, float]:
    """The mean of ``better - worse`` over paired roll-outs, and its standard error."""
    diffs = [b - w for b, w in zip(better, worse)]
    if not diffs:
        return 0.0, 0.0
    mean = _mean(diffs)
    if len(diffs) < 2:
        return mean, math.inf
    variance = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
    return mean, math.sqrt(variance / len(diffs))


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0
