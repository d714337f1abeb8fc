"""Second edition: random complete games for 2, 3 and 4 players with the protocol checks of
tests/conformance.py and the conservation invariants of the first edition's invariants.py at
every decision (reference § all)."""

import json

import pytest

from gametable.games import get
from gametable.sim.runner import play_random_game
from tests.conformance import (assert_deterministic, assert_illegal_actions_rejected,
                               assert_json_round_trip_and_clone, play_checked)
from tests.games.gwt.invariants import check, check_money_is_explained, check_views

GAME = get("gwt-2e")
#: without and with the Simmental variant (§1.17)
OPTIONS = [{"building_sides": "random", "neutral_buildings": "random"},
           {"building_sides": "b", "simmental": "on"}]


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_component_and_hide_hands(players, options):
    state, _ = play_checked(GAME, players, seed=players, options=options, invariant=check)
    result = state.result()
    for score in result["scores"]:
        assert score["total"] == sum(score["breakdown"].values())
        assert len(score["breakdown"]) == 11
    assert state.to_json()["game"] == "gwt-2e"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinism(players):
    assert_deterministic(GAME, players, seed=7, options=OPTIONS[players % 2])


@pytest.mark.parametrize("players", [2, 4])
def test_round_trip_and_clone(players):
    assert_json_round_trip_and_clone(GAME, players, seed=11, every=13, options=OPTIONS[1])


@pytest.mark.parametrize("players", [2, 3])
def test_illegal_actions_leave_the_state_unchanged(players):
    assert_illegal_actions_rejected(GAME, players, seed=5, every=29)


def test_views_hold_no_hidden_stack_or_other_hand():
    state = GAME.new(3, 1)
    for viewer in (None, 0, 1, 2):
        view = state.view(viewer)
        text = json.dumps(view)
        for seat in range(3):
            if seat != viewer:
                assert "hand" not in view["players"][seat] and "deck" not in view["players"][seat]
        assert "cattle_stack" not in text and "obj_stack" not in text and "piles" not in text
    assert state.view(0)["game"] == "gwt-2e"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_log_explains_every_dollar(players):
    for seed, options in enumerate(OPTIONS):
        play_random_game(GAME, players, 200 + seed, options, on_step=check_money_is_explained)


@pytest.mark.parametrize("options", OPTIONS)
def test_every_view_shows_the_seats_log_and_its_herd_as_the_log_tells_it(options):
    """With the Simmental variant, upgraded cattle change the herd."""
    play_random_game(GAME, 3, 31, options, on_step=check_views)
