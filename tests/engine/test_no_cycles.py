"""The engines and the basic bots leave no reference cycles behind.

The server switches CPython's automatic cyclic collector off and collects rarely
(gametable.server.collector), so whatever a move leaves in a cycle (a closure that calls
itself, an lru_cache'd closure, an object that refers to itself) stays in memory until then.
Everything else is freed by reference counting as soon as it is dropped.
"""

from __future__ import annotations

import collections
import gc
import random

import pytest

from gametable import bots, games


@pytest.fixture
def garbage_kept():
    """The automatic collector off and what a collection finds kept in gc.garbage."""
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        yield gc.garbage
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was_enabled:
            gc.enable()


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("game", games.names())
def test_a_game_played_and_viewed_leaves_no_cycles(game, players, garbage_kept) -> None:
    state = games.get(game).new(players, seed=players)
    rnd = random.Random(players)
    bot = bots.get("basic", game, 7)
    for step in range(250):
        if state.is_over():
            break
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.action_notes(seat)
        for viewer in [*range(players), None]:
            state.view(viewer)
        # the server's bots and people's choices both: the bot's heuristics run at every other move
        action = bot.choose(state, seat) if step % 2 else rnd.choice(legal)
        state.apply(seat, action)
    state.clone()
    state.provisional_scores()
    found = gc.collect()
    kinds = collections.Counter(type(thing).__name__ for thing in garbage_kept).most_common(5)
    functions = sorted({getattr(thing, "__qualname__", "") for thing in garbage_kept
                        if callable(thing)})[:5]
    assert found == 0, f"reference cycles left behind: {kinds}, functions {functions}"
