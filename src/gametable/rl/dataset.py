"""Saved games (``gametable simulate --save``) as training data: one sample per decision.

``decisions(path)`` replays every game of the file and yields, for each action, what the acting
seat saw and could choose before it acted (the encoding of its view and the action mask), the index
of the action it chose, and the game's outcome for that seat (+1 winner, -1 otherwise, as the
environments' final reward). Bad files raise ``SavedGameError`` naming the file, line and step.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator, NamedTuple

import numpy as np

from gametable.engine import IllegalAction
from gametable.rl import encodings
from gametable.rl.arrays import decision
from gametable.rl.encoding import outcome
from gametable.sim.savefile import SavedGameError, read_games


class Sample(NamedTuple):
    """One decision; unpacks as (observation, action_mask, action, outcome, seat, game, index, step)."""

    observation: np.ndarray  # float32: the encoding of the acting seat's view
    action_mask: np.ndarray  # int8: 1 at each legal action's index
    action: int  # the index of the action taken
    outcome: float  # +1 if the acting seat won the game (ties too), -1 otherwise
    seat: int
    game: str
    index: int | None  # the game's number in the saved run
    step: int  # 1 for the game's first action


def decisions(path: str | Path, seats: set[int] | None = None) -> Iterator[Sample]:
    """Every decision of every game in ``path`` (only those of ``seats``, if given)."""
    for saved in read_games(Path(path)):
        encoding = encodings.get(saved.game.name, saved.players)
        if saved.result is None or not isinstance(saved.result.get("winners"), list):
            raise SavedGameError(f"{saved.source}: the game has no result with 'winners' to learn from")
        steps = saved.steps()
        state = next(steps)  # the position before the first action; each next() applies one
        for step, (seat, action) in enumerate(saved.actions, start=1):
            now = decision(encoding, state, seat) if (seats is None or seat in seats) else None
            if now is not None and action not in now.legal:
                try:  # an unordered list given in another order: take the engine's own action
                    action = state.clone().apply(seat, action)
                except IllegalAction:
                    pass  # replaying it below raises SavedGameError naming the file, line and step
            state = next(steps)
            if now is not None:
                yield Sample(now.observation, now.mask, now.indices[now.legal.index(action)],
                             outcome(saved.result, seat), seat, saved.game.name, saved.index, step)
