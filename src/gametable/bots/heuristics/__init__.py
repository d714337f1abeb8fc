"""Heuristic bots: score every legal action with simple game knowledge, play the best.

A heuristic bot sees exactly what a person in its seat sees: ``state.view(seat)`` and
``state.legal_actions(seat)``. It never touches the rest of the state (hands of others, decks,
the RNG), so it cannot cheat, and its choice is a pure function of its view, its legal actions
and its seed. Ties between equally good actions are broken by the bot's own seeded RNG.
"""

from __future__ import annotations

from typing import Any, Callable

from gametable.engine import Action, Rng, State

#: scores one legal action; built once per decision from the seat's view
Scorer = Callable[[Action], float]


class HeuristicBot:
    """Base class: a game's bot provides ``scorer(view, seat)``."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, seat: int) -> Action:
        actions = state.legal_actions(seat)
        if len(actions) == 1:
            return actions[0]
        score = self.scorer(state.view(seat), seat)
        best: list[Action] = []
        best_score = float("-inf")
        for action in actions:
            value = score(action)
            if value > best_score:
                best, best_score = [action], value
            elif value == best_score:
                best.append(action)
        return self.rng.choice(best)

    def scorer(self, view: dict[str, Any], seat: int) -> Scorer:
        raise NotImplementedError
