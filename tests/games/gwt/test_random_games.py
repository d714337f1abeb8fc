"""Random complete games for 2, 3 and 4 players with the protocol checks of tests/conformance.py
and the conservation invariants of invariants.py at every decision (§ all)."""

import json

import pytest

from gametable.engine import Rng, log_for
from gametable.games import get
from gametable.sim.runner import play_random_game
from tests.conformance import (assert_deterministic, assert_illegal_actions_rejected,
                               assert_json_round_trip_and_clone, play_checked)

from .invariants import check, check_views

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


@pytest.mark.parametrize("players", [2, 4])
def test_every_view_shows_the_seats_log_and_its_herd_as_the_log_tells_it(players):
    play_random_game(GAME, players, 300 + players, RANDOM_OPTIONS, on_step=check_views)


def test_a_clone_and_a_determinization_keep_their_own_view_of_the_log():
    """The views' log is kept per state between views: a clone or a world dealt from a state must
    not see the other's later entries, nor change what the state shows."""
    state = GAME.new(3, 9)
    _first_legal_steps(state, 300)
    for seat in (None, 0, 1, 2):
        state.view(seat)  # the state now keeps each seat's log
    shown = [state.view(seat)["log"] for seat in (None, 0, 1, 2)]
    clone = state.clone()
    world = state.determinize(1, Rng(4))
    for copy in (clone, world):
        _first_legal_steps(copy, 40)
        for seat in (None, 0, 1, 2):
            assert copy.view(seat)["log"] == log_for(copy.log, seat)
    assert len(clone.log) > len(state.log)
    assert [state.view(seat)["log"] for seat in (None, 0, 1, 2)] == shown == [
        log_for(state.log, seat) for seat in (None, 0, 1, 2)]


def _first_legal_steps(state, count: int) -> None:
    for _ in range(count):
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
