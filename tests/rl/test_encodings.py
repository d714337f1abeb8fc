"""The research encodings: every legal action has exactly one index of the fixed table and back,
the observation has its documented size, and it is read from the seat's view only."""

from __future__ import annotations

import math
import random
import subprocess
import sys

import pytest

from gametable import games
from gametable.bots import get as bot
from gametable.rl import encodings
from gametable.rl.encoding import UnencodableAction
from gametable.rl.encodings import gwt as gwt_encoding
from tests.games.catan_road.test_notes import _hidden_twin as catan_hidden_twin

GAMES = encodings.names()  # every game with an encoding, so a new one is checked too
PLAYERS = (2, 3, 4)


#: how many kinds of action GWT's random games show at least (the test covers more than a few)
KINDS_SEEN = {"gwt": 25, "gwt-2e": 25}


#: the games of odd seeds use these options, so that both sides of the cards are played (and the
#: second edition is played with and without its Simmental variant)
ODD_SEED_OPTIONS = {"gwt": {"building_sides": "random"}, "catan-on-the-road": {"metropolis_side": "B"},
                    "gwt-2e": {"building_sides": "random", "neutral_buildings": "random", "simmental": "on"}}


def positions(name: str, players: int, seed: int, max_steps: int | None = None):
    """Every position of a game between a basic bot (seat 0) and random bots, with the seats asked."""
    game = games.get(name)
    state = game.new(players, seed, ODD_SEED_OPTIONS.get(name) if seed % 2 else None)
    seats = [bot("basic" if s == 0 else "random", name, seed * 10 + s) for s in range(players)]
    step = 0
    while not state.is_over() and (max_steps is None or step < max_steps):
        yield state
        seat = state.to_act()[0]
        state.apply(seat, seats[seat].choose(state, seat))
        step += 1


def test_every_game_has_an_encoding():
    assert {"gwt", "gwt-2e", "catan-on-the-road"} <= set(GAMES)


def kind(key) -> str:
    """The action type of a table key, with the building for CATAN's builds (metropolis cards apart)."""
    return "/".join(str(part) for part in key[:3]) if key[0] == "build" else key[0]


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_action_has_exactly_one_index_and_back(name):
    """Whole games (a basic and random bots) with every player count, every seat asked at every
    step: the legal actions' indices are distinct, inside the table, and each leads back to its
    action. CATAN's games show every kind of action of the table; GWT's rarer ones are reached by
    the rules' scenarios (test_gwt_scenarios.py)."""
    seen = set()
    for players in PLAYERS:
        encoding = encodings.get(name, players)
        for seed in (1, 2):
            for state in positions(name, players, seed):
                for seat in state.to_act():
                    view, legal = state.view(seat), state.legal_actions(seat)
                    indices = encoding.legal_indices(view, legal)
                    assert len(set(indices)) == len(indices)
                    assert all(0 <= i < encoding.action_size for i in indices)
                    for index, action in zip(indices, legal):
                        assert encoding.action_for(view, legal, index) == action
                        seen.add(kind(encoding.keys[index]))
    if name == "catan-on-the-road":
        assert seen == {kind(key) for key in encodings.get(name, 4).keys}
    elif name in KINDS_SEEN:
        assert len(seen) >= KINDS_SEEN[name], sorted(seen)


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("name", GAMES)
def test_the_observation_has_the_documented_size_and_numbers_only(name, players):
    encoding = encodings.get(name, players)
    assert sum(f.size for f in encoding.layout.fields) == encoding.observation_size
    assert sum(b.count for b in encoding.blocks) == encoding.action_size
    seen = set()
    for state in positions(name, players, 3, max_steps=150):
        for seat in state.to_act():
            values = encoding.observe(state.view(seat))
            assert len(values) == encoding.observation_size
            assert all(isinstance(v, float) and math.isfinite(v) and v >= 0 for v in values)
            seen.add(tuple(values))
    assert len(seen) > 50  # the observation follows the game


def test_an_index_that_is_not_legal_is_refused_with_the_legal_ones_named():
    encoding = encodings.get("catan-on-the-road", 2)
    state = games.get("catan-on-the-road").new(2, 1)
    seat = state.to_act()[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    free = next(i for i in range(encoding.action_size) if i not in encoding.legal_indices(view, legal))
    with pytest.raises(ValueError, match=f"action index {free} is not legal now"):
        encoding.action_for(view, legal, free)


def test_an_action_outside_the_table_is_an_error_not_a_wrong_index():
    encoding = encodings.get("catan-on-the-road", 2)
    view = games.get("catan-on-the-road").new(2, 1).view(0)
    with pytest.raises(UnencodableAction, match="no index"):
        encoding.action_index(view, {"type": "build", "card": "castle"})


def test_a_spectator_view_or_another_player_count_is_refused():
    encoding = encodings.get("gwt", 2)
    state = games.get("gwt").new(3, 1)
    with pytest.raises(ValueError, match="not a spectator"):
        encoding.observe(state.view(None))
    with pytest.raises(ValueError, match="for 2 players"):
        encoding.observe(state.view(0))
    with pytest.raises(ValueError, match="2 to 4 players"):
        encodings.get("gwt", 5)


# -- hidden information ----------------------------------------------------------------------------

def gwt_hidden_twin(state, viewer: int, seed: int):
    """The same position with every part hidden from ``viewer`` changed: the order of every
    stack and deck (the second edition's Simmental stacks too), the RNG, and each other player's
    hand mixed with that player's deck."""
    rnd = random.Random(seed)
    data = state.to_json()
    for name in ("cattle_stack", "obj_stack", "sim_heifers", "sim_cows"):
        rnd.shuffle(data.get(name, []))
    for pile in data["piles"]:
        rnd.shuffle(pile)
    data["rng"] = rnd.randrange(2 ** 63)
    for seat, player in enumerate(data["players"]):
        rnd.shuffle(player["deck"])
        if seat != viewer and player["deck"]:
            pool = player["hand"] + player["deck"]
            rnd.shuffle(pool)
            player["hand"], player["deck"] = pool[:len(player["hand"])], pool[len(player["hand"]):]
    return games.get(state.edition.name).from_json(data)


@pytest.mark.parametrize("players", (2, 4))
@pytest.mark.parametrize("name", ("gwt", "gwt-2e"))
def test_gwt_positions_differing_only_in_hidden_parts_encode_alike(name, players):
    encoding = encodings.get(name, players)
    differed = 0
    for step, state in enumerate(positions(name, players, 5, max_steps=250)):
        if step % 5:
            continue
        for seat in state.to_act():
            twin = gwt_hidden_twin(state, seat, step)
            differed += twin.to_json()["players"] != state.to_json()["players"]
            assert encoding.observe(twin.view(seat)) == encoding.observe(state.view(seat))
    assert differed > 20, "the twins did differ in hidden cards"


def test_gwt_a_hidden_change_that_shows_in_the_view_changes_the_observation():
    """The counterpart of the test above: the same change made to the viewer's own hand is seen."""
    encoding = encodings.get("gwt", 2)
    state = games.get("gwt").new(2, 7)
    data = state.to_json()
    mine = data["players"][0]
    mine["hand"][0], mine["deck"][0] = mine["deck"][0], mine["hand"][0]
    assume = mine["hand"][0] != mine["deck"][0]
    twin = games.get("gwt").from_json(data)
    assert assume and encoding.observe(twin.view(0)) != encoding.observe(state.view(0))
    assert encoding.observe(twin.view(1)) == encoding.observe(state.view(1))


@pytest.mark.parametrize("players", (2, 4))
def test_catan_positions_differing_only_in_hidden_parts_encode_alike(players):
    encoding = encodings.get("catan-on-the-road", players)
    differed = 0
    for step, state in enumerate(positions("catan-on-the-road", players, 6, max_steps=300)):
        twin = catan_hidden_twin(state, step)
        for seat in state.to_act():
            differed += twin.to_json()["hands"] != state.to_json()["hands"]
            assert encoding.observe(twin.view(seat)) == encoding.observe(state.view(seat))
            assert encoding.legal_indices(twin.view(seat), twin.legal_actions(seat)) == \
                encoding.legal_indices(state.view(seat), state.legal_actions(seat))
    assert differed > 50, "the twins did differ in other seats' hands"


# -- the GWT path routes ---------------------------------------------------------------------------

def test_gwt_a_path_is_indexed_by_the_route_it_walks():
    """From START with only neutral buildings on the trail, 'to NEUTRAL-B' can go over the private
    spaces A-1..A-3 or over the flood spaces: one path, so one index (the first route in the
    trail's order), and it walks the nodes between as the route says."""
    state = games.get("gwt").new(2, 1)
    data = state.to_json()
    data["trail_tile"] = [tile if kind == "neutral" else None
                          for tile, kind in zip(data["trail_tile"], gwt_encoding.D.NODE_KIND)]
    data["players"][0]["herder"] = gwt_encoding.D.NODE_INDEX["NEUTRAL-A"]
    view = games.get("gwt").from_json(data).view(0)
    route = gwt_encoding.route_of(view, ["NEUTRAL-B"])
    assert [gwt_encoding.D.NODES[n] for n in route] == ["A-1", "A-2", "A-3", "NEUTRAL-B"]
    encoding = encodings.get("gwt", 2)
    index = encoding.action_index(view, {"type": "move", "path": ["NEUTRAL-B"]})
    assert encoding.keys[index] == ("move", route)


def test_importing_gametable_and_the_encodings_loads_no_numpy_nor_rl_library():
    code = ("import sys, gametable, gametable.games, gametable.bots, gametable.rl.encodings as e; "
            "[e.get(n, 2) for n in e.names()]; "
            "print(sorted(m for m in ('numpy', 'pettingzoo', 'gymnasium', 'pyspiel') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
