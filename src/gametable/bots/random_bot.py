"""A bot that picks uniformly among the legal actions, with its own seeded RNG."""

from __future__ import annotations

from typing import Any

from gametable.engine import Action, Rng


class RandomBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    # state: Any, not State: a bot may be handed anything that lists legal actions (a wrapper in
    # tests/bots/test_bots.py), which the build compiled by mypyc would refuse as not a State
    def choose(self, state: Any, seat: int) -> Action:
        return self.rng.choice(state.legal_actions(seat))
