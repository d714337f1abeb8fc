"""State.views (engine protocol): the server asks for every seat's view of a change at once, and
GWT builds what the seats see alike once and shares it. Each view must be exactly what
``view(seat)`` alone gives, for every seat and the spectators, in both editions."""

from __future__ import annotations

import random

import orjson
import pytest

from gametable import games as registry


@pytest.mark.parametrize("name, players, seed", [("gwt", 2, 1), ("gwt", 4, 2), ("gwt-2e", 3, 3)])
def test_views_at_once_are_each_seats_view(name, players, seed):
    state = registry.get(name).new(players, seed)
    rnd = random.Random(seed)
    seats = [*range(players), None]
    checked = 0
    while not state.is_over() and checked < 150:
        views = state.views(seats)
        for seat in seats:
            assert orjson.dumps(views[seat]) == orjson.dumps(state.view(seat)), (seat, checked)
        # a seat's own player is its own; another's is the one every other seat sees
        assert "hand" in views[0]["players"][0] and "hand" not in views[1]["players"][0]
        seat = rnd.choice([s for s in range(players) if state.legal_actions(s)])
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
        checked += 1
    assert checked == 150
