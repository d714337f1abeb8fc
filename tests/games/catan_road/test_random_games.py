"""Random complete games for 2, 3 and 4 players: every card accounted for and VP recomputed at every
step, the protocol kept (tests/conformance.py), the winner at 7 VP or more."""

import pytest

from gametable.games.catan_road import GAME
from tests import conformance
from tests.games.catan_road.helpers import check_cards, recomputed_vp

OPTIONS = [
    {"metropolis_side": "A", "first_game": False},
    {"metropolis_side": "B", "first_game": False},
    {"metropolis_side": "A", "first_game": True},
    {"metropolis_side": "B", "first_game": True},
]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: f"{o['metropolis_side']}-first{o['first_game']}")
def test_random_games_account_for_every_card(players, options):
    for seed in range(12):
        state, actions = conformance.play_checked(GAME, players, seed, options, invariant=check_cards,
                                                  check_views=seed % 4 == 0)
        data = state.to_json()
        winner = state.result()["winners"]
        assert len(winner) == 1
        assert recomputed_vp(data, winner[0]) >= 7
        assert data["active_seat"] == winner[0], "a player wins only during their own turn"
        assert state.log[-1]["key"] == "catan.won"


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_random_games_end_with_a_winner(players):
    for seed in range(100, 400):
        options = OPTIONS[seed % 4]
        state, _ = conformance.play_checked(GAME, players, seed, options, check_views=False)
        data = state.to_json()
        assert recomputed_vp(data, state.result()["winners"][0]) >= 7
        check_cards(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinism(players):
    conformance.assert_deterministic(GAME, players, 21, {"metropolis_side": "B"})
    conformance.assert_deterministic(GAME, players, 22)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_json_round_trip_and_clone(players):
    conformance.assert_json_round_trip_and_clone(GAME, players, 5, {"metropolis_side": "B"}, every=3)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_illegal_and_malformed_actions_change_nothing(players):
    conformance.assert_illegal_actions_rejected(GAME, players, 8, {"metropolis_side": "B"}, every=4)
