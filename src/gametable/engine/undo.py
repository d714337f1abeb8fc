"""Undo within a turn: a seat takes back its own latest actions, never past revealed information.

The rule, the same for every game: an action is *undoable* when it revealed nothing (the
game's ``State.reveal_marker()`` is the same after it: no card, tile or event drawn, no deck
shuffled; ``Timeline.revealed``) and its
seat is then still the only seat to decide. A seat's *undo window* is its run of undoable
actions since the last action that was not (a reveal, another seat's action, a hand-over of
the decision to other seats, the end of a turn): those, and only those, it may take back, the
latest first.

A log stores an undo as an entry of its own, ``{"type": "@undo", "steps": n}`` by the seat
that undid (action types starting with "@" are reserved: no game offers one), so the log only
ever grows and every reader that replays it through :class:`Timeline` (gametable.engine.replay,
the server) reaches the same position.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Sequence

from gametable.engine.errors import IllegalAction
from gametable.engine.protocol import Action, State

#: the action type of an undo entry in a log
UNDO = "@undo"

#: Timeline.apply_marked's marker when the caller does not know it (a game's may be None)
UNKNOWN_MARKER: Any = object()


def undo_entry(steps: int = 1) -> Action:
    return {"type": UNDO, "steps": steps}


def is_undo(entry: Any) -> bool:
    # asked twice for every entry a table's replay applies: a plain dict (every decoded log
    # entry) skips the slower ABC check
    return (type(entry) is dict or isinstance(entry, Mapping)) and entry.get("type") == UNDO


def undo_steps(entry: Mapping[str, Any]) -> int:
    """How many actions an undo entry takes back; IllegalAction for a malformed one."""
    steps = entry.get("steps", 1)
    if type(steps) is not int or steps < 1 or set(entry) - {"type", "steps"}:
        raise IllegalAction('an undo is {"type": "@undo", "steps": n} with a whole n >= 1')
    return steps


class UndoWindow:
    """One seat's undoable actions since the last barrier, and the state before the first
    of them (``base``: kept only where an undo may need it, because it costs a clone)."""

    __slots__ = ("seat", "actions", "base")

    def __init__(self) -> None:
        self.seat: int | None = None
        self.actions: list[Action] = []
        self.base: State | None = None

    def continues(self, seat: int) -> bool:
        """Whether an action of ``seat`` now would join the open window (so needs no new base)."""
        return self.seat == seat

    def steps(self, seat: int | None) -> int:
        """How many actions ``seat`` may take back now."""
        return len(self.actions) if seat is not None and seat == self.seat else 0

    def close(self) -> None:
        self.seat, self.actions, self.base = None, [], None

    def record(self, state: State, seat: int, action: Action, revealed: bool,
               base: State | None) -> None:
        """``seat``'s ``action`` has just been applied to ``state`` (``revealed``: it revealed
        information); ``base``: a copy of the state before it, in case it opens a window (None
        when no undo will need it)."""
        if revealed or state.to_act() != [seat]:
            self.close()
        elif self.continues(seat):
            self.actions.append(action)
        else:
            self.seat, self.actions, self.base = seat, [action], base

    def copy(self) -> "UndoWindow":
        other = UndoWindow()
        # the base is shared: nothing changes it (undo replays a clone of it)
        other.seat, other.actions, other.base = self.seat, list(self.actions), self.base
        return other


class BaseMissing(Exception):
    """An undo is allowed, but the state before the window was not kept: replay the log."""


class Timeline:
    """A state and its undo window: applies log entries (game actions and undo entries)."""

    __slots__ = ("state", "window", "revealed")

    def __init__(self, state: State) -> None:
        self.state = state
        self.window = UndoWindow()
        #: whether the last game action applied revealed information (an undo barrier)
        self.revealed = True

    def apply(self, seat: int, entry: Any, keep_base: bool = True) -> Action:
        """Apply a game action or an undo entry of ``seat``; returns the entry as it belongs in
        a log (the game's own action, or a well-formed undo). IllegalAction leaves everything as
        it was. ``keep_base``: keep the state before an action that opens a window, so that
        undoing it costs a clone and a few actions rather than a replay (False for a seat that
        will never undo, such as a bot)."""
        return self.apply_marked(seat, entry, keep_base)[0]

    def apply_marked(self, seat: int, entry: Any, keep_base: bool = True,
                     marker: Any = UNKNOWN_MARKER) -> tuple[Action, Any]:
        """As :meth:`apply`, given ``marker``, the state's ``reveal_marker()`` now, if the caller
        knows it (a replay: the marker after the entry before, the state untouched since), and
        returning the marker after this entry too (UNKNOWN_MARKER after an undo, which replaces
        the state): a replay asks the game for one marker per action instead of two."""
        if is_undo(entry):
            steps = undo_steps(entry)
            self.state = self.undone(seat, steps)
            del self.window.actions[len(self.window.actions) - steps:]
            return undo_entry(steps), UNKNOWN_MARKER
        base = self.state.clone() if keep_base and not self.window.continues(seat) else None
        if marker is UNKNOWN_MARKER:
            marker = self.state.reveal_marker()
        canonical = self.state.apply(seat, entry)
        after = self.state.reveal_marker()
        self.revealed = marker is None or marker != after
        self.window.record(self.state, seat, canonical, self.revealed, base)
        return canonical, after

    def undone(self, seat: int, steps: int) -> State:
        """A new state: this one without ``seat``'s last ``steps`` actions (this one is not
        changed). IllegalAction when they may not be taken back; BaseMissing when they may but
        the state before them was not kept."""
        allowed = self.window.steps(seat)
        if allowed < steps:
            if not allowed:
                raise IllegalAction(f"seat {seat} has nothing to undo: only its own actions since "
                                    "the last card, tile or event drawn, shuffle or other seat's "
                                    "action can be taken back")
            raise IllegalAction(f"seat {seat} can take back {allowed} actions now, not {steps}")
        if self.window.base is None:
            raise BaseMissing
        state = self.window.base.clone()
        for action in self.window.actions[:len(self.window.actions) - steps]:
            state.apply(seat, action)
        return state

    def copy(self) -> "Timeline":
        other = Timeline(self.state.clone())
        other.window, other.revealed = self.window.copy(), self.revealed
        return other


def bases_needed(entries: Sequence[tuple[int, Any]], keep_last: bool = False) -> list[bool]:
    """Per entry of a log, whether a replay should keep the state before it (should it open
    an undo window): only where an undo by the same seat follows with no other seat's entry
    in between, so a replay clones nothing for a log without undos. ``keep_last``: also in the
    run of entries that ends the log (a live table, whose last seat may still undo)."""
    needed = [False] * len(entries)
    undo_ahead = entries[-1][0] if keep_last and entries else None
    for i in range(len(entries) - 1, -1, -1):
        seat, entry = entries[i]
        if is_undo(entry):
            undo_ahead = seat
        elif undo_ahead != seat:
            undo_ahead = None
        else:
            needed[i] = True
    return needed
