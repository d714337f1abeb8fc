"""The OpenSpiel Python games pass OpenSpiel's random-simulation test, for each game and player count."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest

from gametable.rl import encodings
from gametable.rl import openspiel as gametable_spiel


@pytest.mark.parametrize("players", (2, 3, 4))
@pytest.mark.parametrize("name", gametable_spiel.register_all())
def test_random_sim_test_passes(name, players):
    # Short games (max_decisions) keep it quick; the test still plays, clones and observes them.
    game = pyspiel.load_game(name, {"players": players, "max_decisions": 40})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("players", (2, 3, 4))
def test_random_sim_test_passes_on_the_second_edition_with_simmental(players):
    game = pyspiel.load_game("python_gametable_gwt_2e", {"players": players, "max_decisions": 40,
                                                         "simmental": "on", "building_sides": "b"})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    state = game.new_initial_state()
    state.apply_action(5)
    assert state._engine.state.view(0)["simmental"] == {"heifers": 8, "cows": 8}


def test_the_games_options_are_parameters_and_a_wrong_one_is_refused():
    with pytest.raises(Exception, match="simmental.*choose one of 'off', 'on'"):
        pyspiel.load_game("python_gametable_gwt_2e", {"simmental": "maybe"})
    game = pyspiel.load_game("python_gametable_catan_on_the_road", {"first_game": True})
    assert game.get_parameters()["first_game"] is True


def test_random_sim_test_passes_on_whole_games():
    game = pyspiel.load_game("python_gametable_catan_on_the_road", {"players": 2})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_every_game_with_an_encoding_is_registered():
    assert gametable_spiel.register_all() == [gametable_spiel.game_name(n) for n in encodings.names()]
    assert {"python_gametable_gwt", "python_gametable_catan_on_the_road"} <= set(pyspiel.registered_names())


def test_the_deal_is_a_hidden_chance_node_and_the_tensors_are_the_encoding_of_the_view():
    game = pyspiel.load_game("python_gametable_gwt", {"players": 3, "seeds": 16})
    assert game.num_distinct_actions() == encodings.get("gwt", 3).action_size
    assert game.information_state_tensor_size() == encodings.get("gwt", 3).observation_size
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 16
    state.apply_action(5)
    player = state.current_player()
    view = state.engine.view(player)
    encoded = encodings.get("gwt", 3).observe(view)
    assert np.array_equal(state.information_state_tensor(player), np.asarray(encoded, np.float32))
    assert np.array_equal(state.observation_tensor(player), np.asarray(encoded, np.float32))
    assert sorted(state.legal_actions()) == sorted(
        encodings.get("gwt", 3).legal_indices(view, state.engine.legal_actions(player)))


def test_a_whole_game_returns_plus_one_for_the_winners():
    game = pyspiel.load_game("python_gametable_catan_on_the_road", {"players": 2})
    state = game.new_initial_state()
    state.apply_action(3)
    rng = np.random.default_rng(3)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    winners = state.engine.result()["winners"]
    assert state.returns() == [1.0 if s in winners else -1.0 for s in range(2)]


def test_a_game_cut_at_max_decisions_returns_zero():
    game = pyspiel.load_game("python_gametable_gwt", {"players": 2, "max_decisions": 10})
    state = game.new_initial_state()
    state.apply_action(0)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert len(state.history()) == 11 and state.returns() == [0.0, 0.0]
