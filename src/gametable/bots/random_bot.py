"""A bot that picks uniformly among the legal actions, with its own seeded RNG."""

from __future__ import annotations

from gametable.engine import Action, Rng, State


class RandomBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, seat: int) -> Action:
        return self.rng.choice(state.legal_actions(seat))
