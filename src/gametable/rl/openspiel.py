"""Every game as an OpenSpiel Python game: ``pyspiel.load_game("python_gametable_gwt")`` after
importing this module (one name per game with an encoding: ``python_gametable_<name, '-' as '_'>``).

Parameters: ``players`` (default 2), ``seeds`` (how many deals the opening chance node chooses
from, uniformly; default 1024), ``max_decisions`` (a game still running after that many actions
ends with every return 0; default 5000, which bounds ``max_game_length``) and the game's own
options by their names and defaults (``gametable options``: ``simmental="on"`` for gwt-2e's
Simmental variant, ``building_sides``...). The engine draws its
cards from the RNG held in its state, so the one chance node is the deal: the game's seed, which no
player observes. After it, every decision is the engine's, a player's action index is its index in
the game's action table, and the information-state and observation tensors are both the encoding
of the player's own view (docs/research.md). Returns: +1 for each winner, -1 for the others.
"""

from __future__ import annotations

import json

import numpy as np
import pyspiel

from gametable import games
from gametable.rl import encodings
from gametable.rl.arrays import choices, observation
from gametable.rl.encoding import outcome, pick

DEFAULT_SEEDS = 1024
DEFAULT_MAX_DECISIONS = 5000


def game_name(name: str) -> str:
    return "python_gametable_" + name.replace("-", "_")


def _game_type(name: str) -> pyspiel.GameType:
    game = games.get(name)
    return pyspiel.GameType(
        short_name=game_name(name),
        long_name=f"gametable {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": game.min_players, "seeds": DEFAULT_SEEDS,
                                 "max_decisions": DEFAULT_MAX_DECISIONS,
                                 # the options with listed choices (Garth's seats are not one)
                                 **{spec.name: spec.default for spec in game.options.values() if spec.lobby}},
    )


class _Config:
    """What a game's states share: the engine's game, the encoding and the parameters. OpenSpiel
    clones a Python state with ``copy.deepcopy``; this is shared by the copies, not copied."""

    def __init__(self, name: str, params: dict) -> None:
        self.engine_game = games.get(name)
        self.num_players = int(params.get("players", self.engine_game.min_players))
        self.encoding = encodings.get(name, self.num_players)
        self.seeds = int(params.get("seeds", DEFAULT_SEEDS))
        self.max_decisions = int(params.get("max_decisions", DEFAULT_MAX_DECISIONS))
        if self.seeds < 1 or self.max_decisions < 1:
            raise ValueError("seeds and max_decisions must be at least 1")
        #: the game's own options (the registry's, e.g. gwt-2e's simmental), as parameters
        self.options = {key: params[key] for key in self.engine_game.options if key in params}
        self.engine_game.new(self.num_players, 0, self.options)  # bad options fail here, not at the deal

    def __deepcopy__(self, memo) -> "_Config":
        return self


class _Engine:
    """The engine's state inside an OpenSpiel state, copied with its own fast ``clone``."""

    def __init__(self, state) -> None:
        self.state = state
        #: ((player, decisions), choices(...)): legal_actions then apply_action compute it once
        self.cached: tuple[tuple[int, int], tuple] | None = None

    def __deepcopy__(self, memo) -> "_Engine":
        return _Engine(self.state.clone())


def _game_class(name: str, game_type: pyspiel.GameType) -> type:
    class GametableGame(pyspiel.Game):
        def __init__(self, params=None):
            params = dict(params or {})
            self.config = _Config(name, params)
            info = pyspiel.GameInfo(
                num_distinct_actions=self.config.encoding.action_size,
                max_chance_outcomes=self.config.seeds,
                num_players=self.config.num_players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=None,
                max_game_length=self.config.max_decisions,
            )
            super().__init__(game_type, info, params)

        def new_initial_state(self):
            return GametableState(self, self.config)

        def make_py_observer(self, iig_obs_type=None, params=None):
            return ViewObserver(self.config.encoding, params)

    GametableGame.__name__ = GametableGame.__qualname__ = f"Game_{name.replace('-', '_')}"
    return GametableGame


class GametableState(pyspiel.State):
    """Before the deal: a chance node choosing the seed; then the engine's state."""

    def __init__(self, game, config: _Config) -> None:
        super().__init__(game)
        self.config = config
        self._engine: _Engine | None = None
        self.seed: int | None = None
        self.decisions = 0

    @property
    def engine(self):
        """The engine's state (None before the deal)."""
        return None if self._engine is None else self._engine.state

    # -- who acts ------------------------------------------------------------------------------
    def current_player(self):
        if self.engine is None:
            return pyspiel.PlayerId.CHANCE
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self.engine.to_act()[0]

    def is_terminal(self) -> bool:
        return self.engine is not None and (self.engine.is_over() or self.decisions >= self.config.max_decisions)

    def chance_outcomes(self):
        p = 1.0 / self.config.seeds
        return [(seed, p) for seed in range(self.config.seeds)]

    def _choices(self, player: int) -> tuple:
        key = (player, self.decisions)
        if self._engine.cached is None or self._engine.cached[0] != key:
            self._engine.cached = (key, choices(self.config.encoding, self.engine, player))
        return self._engine.cached[1]

    def _action(self, player: int, index: int):
        _, legal, indices = self._choices(player)
        return pick(legal, indices, index)

    def _legal_actions(self, player):
        return sorted(self._choices(player)[2])

    def _apply_action(self, action):
        if self.engine is None:
            self.seed = int(action)
            self._engine = _Engine(self.config.engine_game.new(self.config.num_players, self.seed, self.config.options))
            return
        player = self.current_player()
        self.engine.apply(player, self._action(player, int(action)))
        self.decisions += 1

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        if self.engine is not None and not self.is_terminal() and player in self.engine.to_act():
            try:
                return json.dumps(self._action(player, int(action)), sort_keys=True)
            except ValueError:
                pass
        return f"action {action}"

    def returns(self):
        n = self.config.num_players
        if self.engine is None or not self.engine.is_over():
            return [0.0] * n
        result = self.engine.result()
        return [outcome(result, seat) for seat in range(n)]

    def __str__(self) -> str:
        if self.engine is None:
            return "before the deal"
        return f"seed {self.seed}, {self.decisions} decisions, to act {self.engine.to_act()}"


class ViewObserver:
    """Observation and information-state tensors and strings: the encoding of the player's view."""

    def __init__(self, encoding, params) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self.encoding = encoding
        self.tensor = np.zeros(encoding.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: GametableState, player: int) -> None:
        if state.engine is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = observation(self.encoding, state.engine.view(player))

    def string_from(self, state: GametableState, player: int) -> str:
        if state.engine is None:
            return f"p{player}: before the deal"
        view = state.engine.view(player)
        return json.dumps(view, sort_keys=True, separators=(",", ":"))


def register_all() -> list[str]:
    """Register ``python_gametable_<game>`` for every game that has an encoding; returns the names."""
    registered = set(pyspiel.registered_names())
    names = []
    for name in encodings.names():
        names.append(game_name(name))
        if game_name(name) not in registered:
            game_type = _game_type(name)
            pyspiel.register_game(game_type, _game_class(name, game_type))
    return names


register_all()
