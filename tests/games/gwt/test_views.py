"""State.views (engine protocol): the server asks for every seat's view of a change at once, and
GWT builds what the seats see alike once and shares it. Each view must be exactly what
``view(seat)`` alone gives, for every seat and the spectators, in both editions."""

from __future__ import annotations

import pickle
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


@pytest.mark.parametrize("name, players, seed", [("gwt", 2, 4), ("gwt", 3, 5), ("gwt", 4, 6), ("gwt-2e", 2, 7)])
def test_the_board_given_again_is_the_board_built_anew(name, players, seed):
    # State.lasting_view_keys: the trail and the railroad are the same objects from view to
    # view while unchanged. At every step of random games (played in place and on clones, as
    # the server's undo window does) they must be exactly what a copy of the state with nothing
    # remembered builds, and every seat's view must hold the very same parts.
    game = registry.get(name)
    state = game.new(players, seed)
    rnd = random.Random(seed)
    seats = [*range(players), None]
    given_again = changed = 0
    last = None
    for step in range(200):
        if state.is_over():
            break
        views = state.views(seats)
        assert state.lasting_view_keys == ("trail", "railroad")
        lasting = {key: views[0][key] for key in state.lasting_view_keys}
        for seat in seats:
            for key, part in lasting.items():
                assert views[seat][key] is part and state.view(seat)[key] is part, (key, seat, step)
        fresh = game.from_json(state.to_json())
        assert not fresh.view_memo  # (nothing remembered: built anew)
        for seat in seats:
            assert orjson.dumps(fresh.view(seat)) == orjson.dumps(views[seat]), (seat, step)
        if last is not None:
            for key, part in lasting.items():
                if part is last[key]:
                    given_again += 1
                else:
                    changed += 1
                    assert orjson.dumps(part) != orjson.dumps(last[key]), (key, step)  # (it did change)
        last = lasting
        seat = rnd.choice([s for s in range(players) if state.legal_actions(s)])
        if step % 2:
            state = state.clone()
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    # most actions leave the board as it was; some build on it or deliver
    assert given_again > 4 * changed > 0


def test_a_board_changed_in_place_is_built_anew():
    # §5 (a building placed on the trail) and §7 (a disc on a city): a scenario changes the
    # position in place, as the rules do; the parts given before must not be given again.
    state = registry.get("gwt").new(2, 8)
    trail, railroad = state.view(0)["trail"], state.view(0)["railroad"]
    assert state.view(1)["trail"] is trail and state.view(None)["railroad"] is railroad
    empty = next(i for i, node in enumerate(trail) if node["kind"] == "private" and node["tile"] is None)
    state.trail_tile[empty], state.trail_owner[empty] = state.players[0].buildings[0], 0
    now = state.view(0)
    assert now["trail"] is not trail and now["railroad"] is railroad
    assert now["trail"][empty]["tile"] == state.players[0].buildings[0] and now["trail"][empty]["owner"] == 0
    assert trail[empty]["tile"] is None  # the part given before was not changed
    state.city_discs[0].append(1)
    assert state.view(0)["railroad"] is not railroad
    assert state.view(0)["railroad"]["cities"][0]["discs"][-1] == 1
    assert state.view(0)["trail"] is now["trail"]


def test_a_pickled_state_leaves_the_board_it_gave_behind():
    # A bot's worker process is sent the state pickled: the parts kept for the views are a
    # cache, not the game, and must not double what is sent; the copy builds its own.
    state = registry.get("gwt").new(2, 10)
    views = state.views([0, 1])
    sent = pickle.dumps(state)
    kept, state.view_memo = state.view_memo, type(state.view_memo)()
    assert kept and len(sent) == len(pickle.dumps(state))  # (the same without the parts)
    state.view_memo = kept
    copy = pickle.loads(pickle.dumps(state))
    assert not copy.view_memo and type(copy.view_memo) is type(state.view_memo)
    again = copy.views([0, 1])
    assert all(orjson.dumps(again[seat]) == orjson.dumps(views[seat]) for seat in (0, 1)) and copy.view_memo
