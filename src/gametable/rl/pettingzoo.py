"""Every game as a PettingZoo AEC environment: ``env(game, num_players)``.

Agents are ``player_0`` .. ``player_{n-1}`` (the seats). Each observation is a dict with
``observation`` (float32, the encoding of the agent's own view) and ``action_mask`` (int8, 1 at each
legal action's index of the game's fixed action table); see docs/research.md. When several seats
must answer at once (a CATAN trade offer), they are asked one after the other, lowest seat first,
as the engine accepts the answers in any order. At the end every agent gets its outcome as its
reward: +1 for a winner (every tied winner), -1 otherwise. ``max_decisions`` truncates an episode.
"""

from __future__ import annotations

import random
from typing import Any, Mapping

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from gametable import games
from gametable.rl import encodings
from gametable.rl.arrays import Decision, decision
from gametable.rl.encoding import outcome


def observation_space(encoding: encodings.Encoding) -> spaces.Dict:
    """The space of one agent's observation dict (every value is a count, a flag or a number >= 0)."""
    return spaces.Dict({
        "observation": spaces.Box(0.0, np.inf, (encoding.observation_size,), np.float32),
        "action_mask": spaces.Box(0, 1, (encoding.action_size,), np.int8),
    })


class GametableAEC(AECEnv):
    metadata = {"name": "gametable_v0", "render_modes": [], "is_parallelizable": False}

    def __init__(self, game: str, num_players: int = 2, options: Mapping[str, Any] | None = None,
                 max_decisions: int | None = None) -> None:
        super().__init__()
        self.game = games.get(game)
        self.encoding = encodings.get(game, num_players)
        self.game_options = dict(options or {})
        self.game.new(num_players, 0, self.game_options)  # bad options fail here, not at reset
        self.max_decisions = max_decisions
        self.num_players = num_players
        self.possible_agents = [f"player_{seat}" for seat in range(num_players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        space = observation_space(self.encoding)
        self.observation_spaces = {agent: space for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.encoding.action_size) for agent in self.possible_agents}
        self.metadata = dict(self.metadata, name=f"gametable_{game.replace('-', '_')}_v0")
        self._seeds = random.Random()
        self.state = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game: with ``seed``, the engine's game of that seed (and the following resets go on
        from it); without, the next seed of this environment. ``options`` are not used (the game's
        options are given to the constructor)."""
        if seed is not None:
            self._seeds.seed(seed)
        self.state = self.game.new(self.num_players, self._seeds.randrange(2 ** 62), self.game_options)
        self.decisions = 0
        self._seen: tuple[tuple[str, int], Decision] | None = None
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state.to_act()[0]]

    def _decision(self, agent: str) -> Decision:
        """The agent's decision now, kept until the next action (``last()`` then ``step`` use one)."""
        key = (agent, self.decisions)
        if self._seen is None or self._seen[0] != key:
            self._seen = (key, decision(self.encoding, self.state, self._seat[agent]))
        return self._seen[1]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seen = self._decision(agent)
        return {"observation": seen.observation.copy(), "action_mask": seen.mask.copy()}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act now: give an action index (see its action_mask)")
        seat = self._seat[agent]
        chosen = self._decision(agent).action(int(action))
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(seat, chosen)
        self.decisions += 1
        if self.state.is_over():
            result = self.state.result()
            for other in self.agents:
                self.rewards[other] = outcome(result, self._seat[other])
                self.terminations[other] = True
        elif self.max_decisions is not None and self.decisions >= self.max_decisions:
            for other in self.agents:
                self.truncations[other] = True
        else:
            self.agent_selection = self.possible_agents[self.state.to_act()[0]]
        self._accumulate_rewards()
        if self.state.is_over() or self.truncations[agent]:
            self._deads_step_first()


def env(game: str, num_players: int = 2, options: Mapping[str, Any] | None = None,
        max_decisions: int | None = None) -> GametableAEC:
    """The AEC environment of ``game`` (a name of ``gametable.games.names()`` with an encoding)."""
    return GametableAEC(game, num_players, options, max_decisions)
