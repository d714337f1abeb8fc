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
        values = self.scores(state, seat, actions)
        best_score = max(values)
        return self.rng.choice([a for a, v in zip(actions, values) if v == best_score])

    def scores(self, state: State, seat: int, actions: list[Action]) -> list[float]:
        """The score of each of ``actions`` (the seat's legal actions), in the same order; a search
        bot ranks its candidate moves with them."""
        score = self.scorer(state.view(seat), seat)
        return [score(action) for action in actions]

    def search_candidates(self, state: State, seat: int, actions: list[Action]) -> list[Action]:
        """The moves among ``actions`` a search bot should weigh here; a single one is played
        without searching. A game's bot narrows them where single steps cannot be told apart by
        a search (the parts of one larger move): the default keeps every legal action."""
        return actions

    def estimated_scores(self, state: State) -> list[float]:
        """Each seat's expected final score, for a search that cuts an imagined game off (on a
        state it dealt itself). By default the final scoring applied now; a game's bot may add
        what its investments should still bring."""
        return state.provisional_scores()

    def scorer(self, view: dict[str, Any], seat: int) -> Scorer:
        raise NotImplementedError
