"""The shared protocol checks, run on a toy game so they are proven independent of any real game."""

import pytest

from gametable.engine import IllegalAction, InvalidOptions
from tests import conformance
from tests.engine.toy_game import GAME


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_protocol(players):
    for seed in range(20):
        state, actions = conformance.play_checked(GAME, players, seed)
        assert state.is_over() and len(state.result()["winners"]) == 1


def test_determinism():
    conformance.assert_deterministic(GAME, 3, 5)


def test_round_trip_and_clone():
    conformance.assert_json_round_trip_and_clone(GAME, 3, 5, every=1)


def test_illegal_actions_rejected():
    conformance.assert_illegal_actions_rejected(GAME, 3, 5, every=1)


def test_apply_refuses_the_wrong_seat_with_a_clear_message():
    state = GAME.new(2, 1)
    with pytest.raises(IllegalAction, match="not seat 1's turn"):
        state.apply(1, {"type": "take", "count": 1})


def test_action_not_offered_is_refused_and_state_unchanged():
    state = GAME.new(2, 1, {"pile": 5})
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(0, {"type": "take", "count": 3})
    assert state.to_json() == before


def test_result_before_the_end_is_refused():
    with pytest.raises(IllegalAction, match="not over"):
        GAME.new(2, 1).result()


def test_legal_actions_of_a_waiting_seat_are_empty():
    state = GAME.new(3, 1)
    assert state.legal_actions(1) == []
    assert state.legal_actions(0)


@pytest.mark.parametrize("players", [1, 5, "2", 2.0, True])
def test_player_count_outside_the_game_is_refused(players):
    with pytest.raises(InvalidOptions):
        GAME.new(players, 1)


@pytest.mark.parametrize("options, message", [
    ({"pile": 7}, "cannot be 7"),
    ({"pile": True}, "cannot be True"),
    ({"size": 5}, "unknown option"),
    ("pile=5", "must be an object"),
])
def test_bad_options_are_refused_with_what_is_allowed(options, message):
    with pytest.raises(InvalidOptions, match=message):
        GAME.new(2, 1, options)


def test_defaults_fill_in_missing_options():
    assert GAME.new(2, 1).pile == 10
    assert GAME.new(2, 1, {"pile": 21}).pile == 21


def test_describe_lists_options():
    info = GAME.describe()
    assert info["options"] == [{"name": "pile", "choices": [5, 10, 21], "default": 10,
                                "description": "Tokens in the shared pile at the start."}]
