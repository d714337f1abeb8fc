"""The Gymnasium environments pass Gymnasium's own checker, for each game and player count, and
their registration follows the game registry."""

from __future__ import annotations

import sys
import types

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from gametable.bots import UnknownBotLevel
from gametable.rl import encodings
from gametable.rl import gymnasium as gametable_gym
from gametable.rl.encodings.catan_on_the_road import Encoding as CatanEncoding


@pytest.mark.parametrize("players", (2, 3, 4))
@pytest.mark.parametrize("game_id", gametable_gym.register_all())
def test_check_env_passes(game_id, players):
    environment = gymnasium.make(game_id, num_players=players, opponents="basic" if players == 3 else "random",
                                 max_decisions=40)
    check_env(environment.unwrapped, skip_render_check=True)


@pytest.mark.parametrize("players", (2, 3, 4))
def test_check_env_passes_on_the_second_edition_with_simmental(players):
    environment = gymnasium.make("gametable/gwt-2e-v0", num_players=players, max_decisions=40,
                                 options={"simmental": "on", "neutral_buildings": "random"})
    check_env(environment.unwrapped, skip_render_check=True)
    environment.reset(seed=2)
    assert "simmental" in environment.unwrapped.state.view(0)


def test_every_game_with_an_encoding_is_registered():
    assert gametable_gym.register_all() == [f"gametable/{name}-v0" for name in encodings.names()]
    assert {"gametable/gwt-v0", "gametable/catan-on-the-road-v0"} <= set(gymnasium.registry)


class ToyEncoding(CatanEncoding):
    """A stand-in encoding for the toy game: only its name matters to the registration."""
    game_name = "toy"


def test_a_new_game_with_an_encoding_is_registered_without_changing_the_adapter(toy_registered, monkeypatch):
    monkeypatch.setitem(sys.modules, "gametable.rl.encodings.toy",
                        types.SimpleNamespace(Encoding=ToyEncoding))
    try:
        assert "gametable/toy-v0" in gametable_gym.register_all()
        assert "gametable/toy-v0" in gymnasium.registry
    finally:
        gymnasium.registry.pop("gametable/toy-v0", None)


def test_a_game_without_an_encoding_is_not_registered(toy_registered):
    assert "gametable/toy-v0" not in gametable_gym.register_all()


def play(environment, seed):
    obs, info = environment.reset(seed=seed)
    rewards, done = [], False
    while not done:
        action = environment.action_space.sample(mask=info["action_mask"])
        obs, reward, terminated, truncated, info = environment.step(action)
        rewards.append(reward)
        done = terminated or truncated
    return rewards, terminated


def test_a_whole_game_against_bots_pays_its_outcome_at_the_end():
    environment = gymnasium.make("gametable/catan-on-the-road-v0", num_players=3, seat=1,
                                 opponents=["basic", "random"])
    environment.action_space.seed(2)
    rewards, terminated = play(environment, 2)
    state = environment.unwrapped.state
    assert terminated and state.is_over()
    assert rewards[:-1] == [0.0] * (len(rewards) - 1)
    assert rewards[-1] == (1.0 if 1 in state.result()["winners"] else -1.0)


def test_the_agent_acts_only_on_its_own_turn_and_bots_play_the_others():
    environment = gymnasium.make("gametable/gwt-v0", num_players=2, seat=1, max_decisions=15)
    obs, info = environment.reset(seed=4)
    state = environment.unwrapped.state
    for _ in range(15):
        assert 1 in state.to_act()
        mask_indices = np.flatnonzero(info["action_mask"])
        view = state.view(1)
        encoding = encodings.get("gwt", 2)
        assert obs.tolist() == encoding.observe(view)
        assert sorted(mask_indices.tolist()) == sorted(encoding.legal_indices(view, state.legal_actions(1)))
        obs, reward, terminated, truncated, info = environment.step(int(mask_indices[0]))
        if terminated or truncated:
            break
    assert truncated


def test_an_illegal_action_loses_or_raises_as_chosen():
    environment = gymnasium.make("gametable/catan-on-the-road-v0")
    obs, info = environment.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = environment.unwrapped.state.to_json()
    obs, reward, terminated, truncated, info = environment.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    assert environment.unwrapped.state.to_json() == before
    with pytest.raises(RuntimeError, match="call reset"):
        environment.step(int(np.flatnonzero(info["action_mask"])[0]))
    strict = gymnasium.make("gametable/catan-on-the-road-v0", illegal_action="raise")
    obs, info = strict.reset(seed=1)
    with pytest.raises(ValueError, match="not legal"):
        strict.step(illegal)


def test_bad_arguments_are_refused_with_what_is_allowed():
    with pytest.raises(UnknownBotLevel, match="choose one of"):
        gymnasium.make("gametable/gwt-v0", opponents="grandmaster")
    with pytest.raises(ValueError, match="one bot level per other seat"):
        gymnasium.make("gametable/gwt-v0", num_players=3, opponents=["basic"])
    with pytest.raises(ValueError, match="seat must be 0 to 1"):
        gymnasium.make("gametable/gwt-v0", seat=2)
