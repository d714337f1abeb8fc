"""Positions of a game, from checkpoints: every ``every``-th position is kept (a copy of the
state and its undo window), so that position n is the nearest checkpoint at or before n, copied,
plus at most ``every - 1`` log entries, whichever way someone steps through the replay; and the
position served last is kept, so that stepping forward costs one entry. A position is a log
entry: an undo entry is one too (it shows the position before the actions it took back).

Built once per game (one full replay, off the event loop) and, while the game runs, extended by
the entries committed since (``extend``: the last checkpoint plus at most ``every - 1`` entries,
then the new ones); the replay room keeps the checkpoints of the replays opened lately (see
rooms.replay.Replays.replay_view).
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
        self.moves: list[tuple[int, Action]] = []
        self.checkpoints: list[Timeline] = []
        # Per entry, whether replaying it keeps the state before it (an undo may need it).
        # The run of entries ending the log keeps it too: a running game's last seat may still
        # undo, and its undo entry arrives through extend() after those entries were recorded.
        self._keep: list[bool] = []
        # The position served last, kept so that stepping forward costs one entry, as it did
        # before checkpoints; the lock because positions are computed (and the game extended)
        # on worker threads.
        self._lock = threading.Lock()
        self._last: tuple[int, Timeline] | None = None
        self._record(Timeline(start), moves)

    def _record(self, timeline: Timeline, moves: Sequence[tuple[int, Action]]) -> None:
        """Apply ``moves`` to ``timeline`` (the position after every entry so far), keeping a
        checkpoint at every ``every``-th position."""
        done = len(self.moves)
        self.moves.extend(moves)
        needed = bases_needed(self.moves, keep_last=True)
        self._keep = [old or new for old, new in zip(self._keep, needed)] + needed[done:]
        for step in range(done, len(self.moves)):
            if self._checkpoint_due(step):
                self.checkpoints.append(timeline.copy())
            seat, action = self.moves[step]
            timeline.apply(seat, action, self._keep[step])
        if self._checkpoint_due(len(self.moves)):
            self.checkpoints.append(timeline)  # no copy: nothing changes this timeline any more

    def _checkpoint_due(self, done: int) -> bool:
        """Whether the position after ``done`` entries is a checkpoint not kept yet."""
        return done % self.every == 0 and len(self.checkpoints) <= done // self.every

    def extend(self, first: int, moves: Sequence[tuple[int, Action]]) -> None:
        """The game went on: ``moves`` are its entries from number ``first`` on (counting from
        0); those already here are skipped, so two callers extending at once add each once."""
        with self._lock:
            if first > self.length:
                raise ValueError(f"entries from {first} on cannot follow the {self.length} known")
            new = moves[self.length - first:]
            if new:
                self._record(self._timeline(self.length), new)

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
        if not 0 <= n <= self.length:
            raise IndexError(f"positions run from 0 to {self.length}, not {n}")
        base = n // self.every
        return self._advance(self.checkpoints[base].copy(), base * self.every, n)

    def position(self, n: int) -> State:
        """A fresh state after the first ``n`` log entries (the caller may change it)."""
        with self._lock:
            return self._timeline(n).state

    def view_at(self, n: int, seat: int | None = None) -> tuple[dict[str, Any], list[int]]:
        """The view of ``seat`` (None: the spectators') and the seats to act after ``n`` log
        entries: from the position served last when ``n`` is a few entries after it (stepping
        forward), else from the nearest checkpoint."""
        with self._lock:
            if not 0 <= n <= self.length:
                raise IndexError(f"positions run from 0 to {self.length}, not {n}")
            last = self._last
            if last is not None and last[0] <= n and n - last[0] <= n % self.every:
                timeline = self._advance(last[1], last[0], n)
            else:
                timeline = self._timeline(n)
            self._last = (n, timeline)
            return timeline.state.view(seat), timeline.state.to_act()
