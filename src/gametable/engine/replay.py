"""Rebuild a state from its seed and its action log."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from gametable.engine.protocol import Action, Game, State


def replay(
    game: Game,
    num_players: int,
    seed: int,
    options: Mapping[str, Any] | None,
    actions: Iterable[tuple[int, Action]],
) -> State:
    """Play ``actions`` (seat, action) from the start; raises IllegalAction at the first bad one."""
    state = game.new(num_players, seed, options)
    for seat, action in actions:
        state.apply(seat, action)
    return state
