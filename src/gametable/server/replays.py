"""Positions of a finished game, from checkpoints: every ``every``-th position is kept (a clone
of the state), so that position n is the nearest checkpoint at or before n, cloned, plus at
most ``every - 1`` actions, whichever way someone steps through the replay; and the position
served last is kept, so that stepping forward costs one action. A position is a log entry:
an undo entry is one too (it shows the position before the actions it took back).

Built once per finished game (one full replay, off the event loop); the table manager keeps
the checkpoints of the replays opened lately (see TableManager.replay_view).
"""

from __future__ import annotations

import threading
from typing import Any, Sequence

from gametable.engine import Action, State, Timeline
from gametable.engine.undo import bases_needed

#: a checkpoint every this many actions. A late 4-player GWT state's clone takes about 15 KB
#: (tracemalloc; bench/replay_steps.py prints it): a 450-action game's checkpoints and log take
#: about 0.5 MB, and a position costs one clone and at most 31 actions (a fraction of a ms).
CHECKPOINT_EVERY = 32


class ReplayCheckpoints:
    def __init__(self, start: State, moves: Sequence[tuple[int, Action]],
                 every: int = CHECKPOINT_EVERY) -> None:
        """``start`` (the game as dealt, which this consumes) and every (seat, entry) of the
        log in order, undo entries included (a checkpoint keeps the undo window with its state)."""
        if every < 1:
            raise ValueError(f"checkpoints need every >= 1, not {every}")
        self.every = every
        self.moves = list(moves)
        self._keep = bases_needed(self.moves)
        self.checkpoints: list[Timeline] = []
        timeline = Timeline(start)
        for done, (seat, action) in enumerate(self.moves):
            if done % every == 0:
                self.checkpoints.append(timeline.copy())
            timeline.apply(seat, action, self._keep[done])
        if len(self.moves) % every == 0:
            self.checkpoints.append(timeline)
        # The position served last, kept so that stepping forward costs one action, as it did
        # before checkpoints; the lock because positions are computed on worker threads.
        self._lock = threading.Lock()
        self._last: tuple[int, Timeline] | None = None

    @property
    def length(self) -> int:
        """The number of log entries: positions run from 0 to this."""
        return len(self.moves)

    def _advance(self, timeline: Timeline, done: int, n: int) -> Timeline:
        for step in range(done, n):
            seat, action = self.moves[step]
            timeline.apply(seat, action, self._keep[step])
        return timeline

    def _timeline(self, n: int) -> Timeline:
        base = n // self.every
        return self._advance(self.checkpoints[base].copy(), base * self.every, n)

    def position(self, n: int) -> State:
        """A fresh state after the first ``n`` log entries (the caller may change it)."""
        if not 0 <= n <= self.length:
            raise IndexError(f"positions run from 0 to {self.length}, not {n}")
        return self._timeline(n).state

    def view_at(self, n: int) -> tuple[dict[str, Any], list[int]]:
        """The spectator's view and the seats to act after ``n`` log entries: from the position
        served last when ``n`` is a few entries after it (stepping forward), else from the
        nearest checkpoint."""
        if not 0 <= n <= self.length:
            raise IndexError(f"positions run from 0 to {self.length}, not {n}")
        with self._lock:
            last = self._last
            if last is not None and last[0] <= n and n - last[0] <= n % self.every:
                timeline = self._advance(last[1], last[0], n)
            else:
                timeline = self._timeline(n)
            self._last = (n, timeline)
            return timeline.state.view(None), timeline.state.to_act()
