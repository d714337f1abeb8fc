"""Random complete games for 2, 3 and 4 players with the protocol checks of tests/conformance.py
and the conservation invariants of invariants.py at every decision (§ all)."""

import json

import pytest

from gametable.games import get
from gametable.sim.runner import play_random_game
from tests.conformance import (assert_deterministic, assert_illegal_actions_rejected,
                               assert_json_round_trip_and_clone, play_checked)

from .invariants import check

GAME = get("gwt")
RANDOM_OPTIONS = {"building_sides": "random", "neutral_buildings": "random"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_component_and_hide_hands(players):
    state, _ = play_checked(GAME, players, seed=players, options=RANDOM_OPTIONS, invariant=check)
    result = state.result()
    for score in result["scores"]:
        assert score["total"] == sum(score["breakdown"].values())
        assert len(score["breakdown"]) == 11


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_random_games_end_with_invariants(players):
    for seed in range(12):
        options = RANDOM_OPTIONS if seed % 2 else None
        play_random_game(GAME, players, 100 + seed, options, on_step=check)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinism(players):
    assert_deterministic(GAME, players, seed=7, options=RANDOM_OPTIONS)


@pytest.mark.parametrize("players", [2, 4])
def test_round_trip_and_clone(players):
    assert_json_round_trip_and_clone(GAME, players, seed=11, every=13)


@pytest.mark.parametrize("players", [2, 3])
def test_illegal_actions_leave_the_state_unchanged(players):
    assert_illegal_actions_rejected(GAME, players, seed=5, every=29)


def test_views_hold_no_hidden_stack_or_other_hand():
    state = GAME.new(3, 1)
    for viewer in (None, 0, 1, 2):
        text = json.dumps(state.view(viewer))
        for seat, player in enumerate(state.players):
            if seat != viewer:
                assert "deck" not in state.view(viewer)["players"][seat]
        # stacks are shown by size only
        assert "cattle_stack" not in text and "obj_stack" not in text and "piles" not in text
    view = state.view(0)
    assert view["players"][0]["hand"] == sorted(state.players[0].hand)
    assert "discard" not in view["players"][1] and "hand" not in view["players"][1]


def test_s12_starting_objectives_lie_face_down_until_the_game_ends():
    """Seed 001 (setup 13): each player keeps the starting objective closed below the board."""
    state = GAME.new(3, 2)
    for viewer in (None, 0, 1, 2):
        view = state.view(viewer)
        for seat, player in enumerate(state.players):
            shown = view["players"][seat]["objectives"]
            assert shown == (player.objectives if seat == viewer else ["hidden_start"])
        text = json.dumps(view)
        for seat, player in enumerate(state.players):
            if seat != viewer:
                assert player.objectives[0] not in text
    final, _ = play_random_game(GAME, 2, 3)
    assert all(c != "hidden_start" for p in final.view(None)["players"] for c in p["objectives"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_log_explains_every_dollar(players):
    """Fees, income, transport, purchases, hires, builds, discs: the log accounts for every dollar."""
    from .invariants import check_money_is_explained
    for seed in range(3):
        play_random_game(GAME, players, 200 + seed, RANDOM_OPTIONS, on_step=check_money_is_explained)
