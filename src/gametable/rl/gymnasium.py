"""Every game as a single-agent Gymnasium environment against bots: ``gametable/<game>-v0``.

Importing this module registers one id per game of ``gametable.games.names()`` that has an
encoding (``gametable/gwt-v0``, ``gametable/catan-on-the-road-v0``, and a new game's as soon as it
has one), so ``gymnasium.make("gametable/gwt-v0", num_players=3, opponents="basic")`` works.

The agent plays ``seat`` (default 0); the other seats are bots of ``gametable.bots`` at the given
levels, each seeded from the episode's seed. An observation is the encoding of the agent's view
(float32); ``info["action_mask"]`` (int8) marks the legal indices of the game's action table. The
reward is 0 until the game ends, then +1 if the agent is a winner (ties included), -1 otherwise.
An action index that is not legal ends the episode as a loss (reward -1, ``info["illegal_action"]``)
unless ``illegal_action="raise"``; ``max_decisions`` (the agent's) truncates an episode.
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

import gymnasium
import numpy as np
from gymnasium import spaces

from gametable import bots, games
from gametable.rl import encodings
from gametable.rl.arrays import Decision, decision, observation
from gametable.rl.encoding import outcome

ILLEGAL_ACTION_CHOICES = ("lose", "raise")


def env_id(game_name: str) -> str:
    return f"gametable/{game_name}-v0"


class GametableEnv(gymnasium.Env):
    metadata = {"render_modes": []}

    def __init__(self, game: str, num_players: int = 2, seat: int = 0,
                 opponents: str | Sequence[str] = "random", options: Mapping[str, Any] | None = None,
                 max_decisions: int | None = None, illegal_action: str = "lose") -> None:
        self.game = games.get(game)
        self.encoding = encodings.get(game, num_players)
        if type(seat) is not int or not 0 <= seat < num_players:
            raise ValueError(f"seat must be 0 to {num_players - 1}, not {seat!r}")
        levels = [opponents] * (num_players - 1) if isinstance(opponents, str) else list(opponents)
        if len(levels) != num_players - 1:
            raise ValueError(f"give one bot level per other seat ({num_players - 1}), not {len(levels)}")
        for level in levels:
            bots.check_level(level)
        if illegal_action not in ILLEGAL_ACTION_CHOICES:
            raise ValueError(f"illegal_action must be one of {ILLEGAL_ACTION_CHOICES}, not {illegal_action!r}")
        self.num_players, self.seat = num_players, seat
        self.levels = {other: levels.pop(0) for other in range(num_players) if other != seat}
        self.game_options = dict(options or {})
        self.game.new(num_players, 0, self.game_options)  # bad options fail here, not at reset
        self.max_decisions = max_decisions
        self.illegal_action = illegal_action
        self.observation_space = spaces.Box(0.0, np.inf, (self.encoding.observation_size,), np.float32)
        self.action_space = spaces.Discrete(self.encoding.action_size)
        self._seeds = random.Random()
        self.state = None
        self._decision: Decision | None = None

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """A new game (``seed``: the engine's game of that seed; later resets go on from it)."""
        super().reset(seed=seed)
        if seed is not None:
            self._seeds.seed(seed)
        game_seed = self._seeds.randrange(2 ** 62)
        self.state = self.game.new(self.num_players, game_seed, self.game_options)
        self.bots = {other: bots.get(level, self.game.name, game_seed + other)
                     for other, level in self.levels.items()}
        self.decisions = 0
        self._play_bots()
        return self._observe()

    def step(self, action: int):
        if self._decision is None:
            raise RuntimeError("the episode is over (or not started): call reset()")
        try:
            chosen = self._decision.action(int(action))
        except ValueError:
            if self.illegal_action == "raise":
                raise
            obs, info = self._observe()
            self._decision = None
            return obs, -1.0, True, False, dict(info, illegal_action=True)
        self.state.apply(self.seat, chosen)
        self.decisions += 1
        self._play_bots()
        obs, info = self._observe()
        if self.state.is_over():
            return obs, outcome(self.state.result(), self.seat), True, False, info
        if self.max_decisions is not None and self.decisions >= self.max_decisions:
            self._decision = None
            return obs, 0.0, False, True, info
        return obs, 0.0, False, False, info

    def _play_bots(self) -> None:
        """Let the bots decide until the agent must (or the game is over)."""
        state = self.state
        while not state.is_over() and self.seat not in state.to_act():
            other = state.to_act()[0]
            state.apply(other, self.bots[other].choose(state, other))

    def _observe(self) -> tuple[np.ndarray, dict[str, Any]]:
        if self.state.is_over():  # the last view: nothing is legal any more
            self._decision = None
            mask = np.zeros(self.encoding.action_size, dtype=np.int8)
            return observation(self.encoding, self.state.view(self.seat)), {"action_mask": mask}
        self._decision = decision(self.encoding, self.state, self.seat)
        return self._decision.observation, {"action_mask": self._decision.mask}

def register_all() -> list[str]:
    """Register ``gametable/<game>-v0`` for every game that has an encoding; returns the ids."""
    ids = []
    for name in encodings.names():
        ids.append(env_id(name))
        if env_id(name) not in gymnasium.registry:
            gymnasium.register(id=env_id(name), entry_point=GametableEnv, kwargs={"game": name})
    return ids


register_all()
