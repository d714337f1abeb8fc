"""Positions of a finished game, from checkpoints: every ``every``-th position is kept (a clone
of the state), so that position n is the nearest checkpoint at or before n, cloned, plus at
most ``every - 1`` actions, whichever way someone steps through the replay.

Built once per finished game (one full replay, off the event loop); the table manager keeps
the checkpoints of the replays opened lately (see TableManager.replay_view).
"""

from __future__ import annotations

from typing import Sequence

from gametable.engine import Action, State

#: a checkpoint every this many actions. A late 4-player GWT state's clone takes about 15 KB
#: (tracemalloc; bench/replay_steps.py prints it): a 450-action game's checkpoints and log take
#: about 0.5 MB, and a position costs one clone and at most 31 actions (a fraction of a ms).
CHECKPOINT_EVERY = 32


class ReplayCheckpoints:
    def __init__(self, start: State, moves: Sequence[tuple[int, Action]],
                 every: int = CHECKPOINT_EVERY) -> None:
        """``start`` (the game as dealt, which this consumes) and every (seat, action) of the
        log in order."""
        if every < 1:
            raise ValueError(f"checkpoints need every >= 1, not {every}")
        self.every = every
        self.moves = list(moves)
        self.checkpoints: list[State] = []
        state = start
        for done, (seat, action) in enumerate(self.moves):
            if done % every == 0:
                self.checkpoints.append(state.clone())
            state.apply(seat, action)
        if len(self.moves) % every == 0:
            self.checkpoints.append(state)

    @property
    def length(self) -> int:
        """The number of actions: positions run from 0 to this."""
        return len(self.moves)

    def position(self, n: int) -> State:
        """A fresh state after the first ``n`` actions (the caller may change it)."""
        if not 0 <= n <= self.length:
            raise IndexError(f"positions run from 0 to {self.length}, not {n}")
        base = n // self.every
        state = self.checkpoints[base].clone()
        for seat, action in self.moves[base * self.every:n]:
            state.apply(seat, action)
        return state
