"""The PettingZoo AEC environments pass PettingZoo's own API test, for each game and player count."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test

from gametable.engine import InvalidOptions
from gametable.rl import encodings
from gametable.rl.pettingzoo import env


@pytest.mark.parametrize("players", (2, 3, 4))
@pytest.mark.parametrize("name", encodings.names())
def test_pettingzoo_api_test_passes(name, players):
    # Truncated after 60 decisions, which the API test's 40 cycles of every agent reach.
    api_test(env(name, players, max_decisions=60), num_cycles=40)


@pytest.mark.parametrize("players", (2, 3, 4))
def test_pettingzoo_api_test_passes_on_the_second_edition_with_simmental(players):
    environment = env("gwt-2e", players, {"simmental": "on", "building_sides": "random"}, max_decisions=60)
    api_test(environment, num_cycles=40)
    environment.reset(seed=3)
    assert environment.state.view(0)["simmental"] == {"heifers": 8, "cows": 8}


def test_pettingzoo_api_test_passes_on_a_whole_game():
    api_test(env("catan-on-the-road", 2), num_cycles=1000)


def play_out(environment, seed: int):
    """A whole game with uniform random legal actions; returns the rewards summed per agent."""
    environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total = {agent: 0.0 for agent in environment.possible_agents}
    for agent in environment.agent_iter():
        obs, reward, terminated, truncated, _ = environment.last()
        total[agent] += reward
        action = None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        environment.step(action)
    return total


def test_a_whole_game_ends_with_plus_one_for_the_winners_and_minus_one_for_the_others():
    environment = env("catan-on-the-road", 3)
    total = play_out(environment, 4)
    winners = environment.state.result()["winners"]
    assert total == {f"player_{s}": (1.0 if s in winners else -1.0) for s in range(3)}
    assert environment.agents == []


def test_the_same_seed_plays_the_same_game():
    one, two = env("gwt", 2, max_decisions=80), env("gwt", 2, max_decisions=80)
    play_out(one, 9)
    play_out(two, 9)
    assert one.state.to_json() == two.state.to_json()


def test_the_observation_is_the_encoding_of_the_agents_own_view():
    environment = env("catan-on-the-road", 2)
    environment.reset(seed=3)
    agent = environment.agent_selection
    seat = environment.possible_agents.index(agent)
    encoding = encodings.get("catan-on-the-road", 2)
    obs = environment.observe(agent)
    view = environment.state.view(seat)
    assert obs["observation"].tolist() == encoding.observe(view)
    assert sorted(np.flatnonzero(obs["action_mask"]).tolist()) == \
        sorted(encoding.legal_indices(view, environment.state.legal_actions(seat)))


def test_an_illegal_index_is_refused_and_changes_nothing():
    environment = env("catan-on-the-road", 2)
    environment.reset(seed=3)
    before = environment.state.to_json()
    mask = environment.observe(environment.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="not legal"):
        environment.step(int(np.flatnonzero(mask == 0)[0]))
    assert environment.state.to_json() == before


def test_bad_game_options_fail_at_construction():
    with pytest.raises(InvalidOptions, match="building_sides"):
        env("gwt", 2, options={"building_sides": "c"})
