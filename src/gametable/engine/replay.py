"""Rebuild a state from its seed and its action log."""

from __future__ import annotations

from typing import Any, Iterable, Iterator, Mapping

from gametable.engine.errors import IllegalAction
from gametable.engine.protocol import Action, Game, State


class ReplayRefused(IllegalAction):
    """The engine refused an action of the log: which step (1 = the first action), whose, and why."""

    def __init__(self, step: int, seat: Any, action: Any, reason: str) -> None:
        super().__init__(f"step {step}: seat {seat!r}'s action {action!r} is refused: {reason}")
        self.step, self.seat, self.action, self.reason = step, seat, action, reason


def replay_steps(
    game: Game,
    num_players: int,
    seed: int,
    options: Mapping[str, Any] | None,
    actions: Iterable[tuple[int, Action]],
) -> Iterator[State]:
    """The state at the start, then after each action of ``actions`` (seat, action), one at a time.

    The same state object is yielded each time (clone it to keep a position). Raises ReplayRefused
    at the first action the engine refuses.
    """
    state = game.new(num_players, seed, options)
    yield state
    for step, (seat, action) in enumerate(actions, start=1):
        try:
            state.apply(seat, action)
        except IllegalAction as exc:
            raise ReplayRefused(step, seat, action, str(exc)) from exc
        yield state


def replay(
    game: Game,
    num_players: int,
    seed: int,
    options: Mapping[str, Any] | None,
    actions: Iterable[tuple[int, Action]],
) -> State:
    """Play ``actions`` (seat, action) from the start; raises IllegalAction (a ReplayRefused that
    names the step) at the first bad one."""
    for state in replay_steps(game, num_players, seed, options, actions):
        pass
    return state
