"""Rebuild a state from its seed and its action log (undo entries included: engine/undo.py)."""

from __future__ import annotations

from typing import Any, Iterable, Iterator, Mapping

from gametable.engine.errors import IllegalAction
from gametable.engine.protocol import Action, Game, State
from gametable.engine.undo import UNKNOWN_MARKER, Timeline, bases_needed


class ReplayRefused(IllegalAction):
    """The engine refused an action of the log: which step (1 = the first action), whose, and why."""

    def __init__(self, step: int, seat: Any, action: Any, reason: str) -> None:
        super().__init__(f"step {step}: seat {seat!r}'s action {action!r} is refused: {reason}")
        self.step, self.seat, self.action, self.reason = step, seat, action, reason


def timeline_steps(
    game: Game,
    num_players: int,
    seed: int,
    options: Mapping[str, Any] | None,
    entries: Iterable[tuple[int, Any]],
    keep_last: bool = False,
) -> Iterator[Timeline]:
    """The timeline at the start, then after each log entry (seat, game action or undo entry:
    gametable.engine.undo), one at a time; the same timeline object each time. ``keep_last``:
    keep what an undo of the log's last seat would need (a live table). Raises ReplayRefused at
    the first entry the engine refuses (an undo included)."""
    yield from timeline_steps_from(game.new(num_players, seed, options), entries, keep_last)


def timeline_steps_from(
    start: State,
    entries: Iterable[tuple[int, Any]],
    keep_last: bool = False,
    first_step: int = 1,
) -> Iterator[Timeline]:
    """As :func:`timeline_steps`, from a given position (a stored checkpoint of the game) with
    its undo window closed: ``entries`` are the log from there on, ``first_step`` the number of
    the first of them in the whole log (for ReplayRefused). An undo in ``entries`` can reach
    back only to actions among them, so the position must be one no undo could cross."""
    yield from _steps(start, entries, keep_last, first_step, chain_markers=False)


def _steps(start: State, entries: Iterable[tuple[int, Any]], keep_last: bool, first_step: int,
           chain_markers: bool) -> Iterator[Timeline]:
    """timeline_steps_from's steps. ``chain_markers``: nobody touches the state between the
    steps, so each action's reveal marker after it is the next one's before it, and the game is
    asked for one marker per action instead of two (a table's load replays its tail so)."""
    entries = list(entries)
    keep = bases_needed(entries, keep_last)
    timeline = Timeline(start)
    yield timeline
    marker = UNKNOWN_MARKER
    for step, (seat, action) in enumerate(entries, start=first_step):
        try:
            after = timeline.apply_marked(seat, action, keep[step - first_step], marker)[1]
        except IllegalAction as exc:
            raise ReplayRefused(step, seat, action, str(exc)) from exc
        if chain_markers:
            marker = after
        yield timeline


def replay_steps(
    game: Game,
    num_players: int,
    seed: int,
    options: Mapping[str, Any] | None,
    actions: Iterable[tuple[int, Action]],
) -> Iterator[State]:
    """The state at the start, then after each entry of ``actions`` (seat, action; an undo
    entry takes actions back), one at a time.

    The same state object is yielded each time until an undo, which yields a new one (clone
    a state to keep a position). Raises ReplayRefused at the first entry the engine refuses.
    """
    for timeline in timeline_steps(game, num_players, seed, options, actions):
        yield timeline.state


def replay_timeline(
    game: Game,
    num_players: int,
    seed: int,
    options: Mapping[str, Any] | None,
    entries: Iterable[tuple[int, Any]],
    keep_last: bool = False,
) -> Timeline:
    """The timeline after every entry: the state and the last seat's undo window."""
    return replay_timeline_from(game.new(num_players, seed, options), entries, keep_last)


def replay_timeline_from(
    start: State,
    entries: Iterable[tuple[int, Any]],
    keep_last: bool = False,
    first_step: int = 1,
) -> Timeline:
    """The timeline after ``entries`` applied from ``start`` (see :func:`timeline_steps_from`)."""
    for timeline in _steps(start, entries, keep_last, first_step, chain_markers=True):
        pass
    return timeline


def replay(
    game: Game,
    num_players: int,
    seed: int,
    options: Mapping[str, Any] | None,
    actions: Iterable[tuple[int, Action]],
) -> State:
    """Play ``actions`` (seat, action; undo entries included) from the start; raises
    IllegalAction (a ReplayRefused that names the step) at the first bad one."""
    return replay_timeline(game, num_players, seed, options, actions).state
