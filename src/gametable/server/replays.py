"""Positions of a game, from checkpoints: every ``every``-th position is kept (a clone of the
state), so that position n is the nearest checkpoint at or before n, cloned, plus at most
``every - 1`` actions, whichever way someone steps through the replay; and the position served
last is kept, so that stepping forward costs one action.

Built once per game (one full replay, off the event loop) and, while the game runs, extended by
the actions committed since (``extend``: the last checkpoint plus at most ``every - 1`` actions,
then the new ones); the table manager keeps the checkpoints of the replays opened lately (see
TableManager.replay_view).
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
        self.moves: list[tuple[int, Action]] = []
        self.checkpoints: list[State] = []
        # The position served last, kept so that stepping forward costs one action, as it did
        # before checkpoints; the lock because positions are computed (and the game extended)
        # on worker threads.
        self._lock = threading.Lock()
        self._last: tuple[int, State] | None = None
        self._record(start, moves)

    def _record(self, state: State, moves: Sequence[tuple[int, Action]]) -> None:
        """Apply ``moves`` to ``state`` (the position after every move so far), keeping a
        checkpoint at every ``every``-th position."""
        for seat, action in moves:
            if self._checkpoint_due():
                self.checkpoints.append(state.clone())
            state.apply(seat, action)
            self.moves.append((seat, action))
        if self._checkpoint_due():
            self.checkpoints.append(state)  # no clone: nothing changes this state any more

    def _checkpoint_due(self) -> bool:
        """Whether the position after every move so far is a checkpoint not kept yet."""
        return len(self.moves) % self.every == 0 and len(self.checkpoints) <= len(self.moves) // self.every

    def extend(self, first: int, moves: Sequence[tuple[int, Action]]) -> None:
        """The game went on: ``moves`` are its actions from number ``first`` on (counting from
        0); those already here are skipped, so two callers extending at once add each once."""
        with self._lock:
            if first > self.length:
                raise ValueError(f"actions from {first} on cannot follow the {self.length} known")
            new = moves[self.length - first:]
            if new:
                self._record(self._position(self.length), new)

    @property
    def length(self) -> int:
        """The number of actions: positions run from 0 to this."""
        return len(self.moves)

    def position(self, n: int) -> State:
        """A fresh state after the first ``n`` actions (the caller may change it)."""
        with self._lock:
            return self._position(n)

    def _position(self, n: int) -> State:
        if not 0 <= n <= self.length:
            raise IndexError(f"positions run from 0 to {self.length}, not {n}")
        base = n // self.every
        state = self.checkpoints[base].clone()
        for seat, action in self.moves[base * self.every:n]:
            state.apply(seat, action)
        return state

    def view_at(self, n: int, seat: int | None = None) -> tuple[dict[str, Any], list[int]]:
        """The view of ``seat`` (None: the spectators') and the seats to act after ``n``
        actions: from the position served last when ``n`` is a few actions after it (stepping
        forward), else from the nearest checkpoint."""
        with self._lock:
            if not 0 <= n <= self.length:
                raise IndexError(f"positions run from 0 to {self.length}, not {n}")
            last = self._last
            if last is not None and last[0] <= n and n - last[0] <= n % self.every:
                done, state = last
                for mover, action in self.moves[done:n]:
                    state.apply(mover, action)
            else:
                state = self._position(n)
            self._last = (n, state)
            return state.view(seat), state.to_act()
