"""Positions of a finished game, from checkpoints: every ``every``-th position is kept (a clone
of the state), so that position n is the nearest checkpoint at or before n, cloned, plus at
most ``every - 1`` actions, whichever way someone steps through the replay; and the position
served last is kept, so that stepping forward costs one action.

Built once per finished game (one full replay, off the event loop); the table manager keeps
the checkpoints of the replays opened lately (see TableManager.replay_view).
"""

from __future__ import annotations

import threading
from typing import Any, Sequence

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
        # The position served last, kept so that stepping forward costs one action, as it did
        # before checkpoints; the lock because positions are computed on worker threads.
        self._lock = threading.Lock()
        self._last: tuple[int, State] | None = None

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

    def view_at(self, n: int) -> tuple[dict[str, Any], list[int]]:
        """The spectator's view and the seats to act after ``n`` actions: from the position
        served last when ``n`` is a few actions after it (stepping forward), else from the
        nearest checkpoint."""
        if not 0 <= n <= self.length:
            raise IndexError(f"positions run from 0 to {self.length}, not {n}")
        with self._lock:
            last = self._last
            if last is not None and last[0] <= n and n - last[0] <= n % self.every:
                done, state = last
                for seat, action in self.moves[done:n]:
                    state.apply(seat, action)
            else:
                state = self.position(n)
            self._last = (n, state)
            return state.view(None), state.to_act()
