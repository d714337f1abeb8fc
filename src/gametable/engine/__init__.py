"""Game-agnostic core: the Game/State protocol, options, log, seeded RNG, errors, replay.

Nothing here imports another part of gametable, and nothing here needs a third-party package.
"""

from gametable.engine.errors import IllegalAction, InvalidOptions
from gametable.engine.log import LogEntry, entry_for, log_for
from gametable.engine.options import OptionSpec, resolve_options
from gametable.engine.protocol import Action, Game, State
from gametable.engine.replay import ReplayRefused, replay, replay_steps
from gametable.engine.rng import Rng

__all__ = [
    "Action",
    "Game",
    "IllegalAction",
    "InvalidOptions",
    "LogEntry",
    "OptionSpec",
    "ReplayRefused",
    "Rng",
    "State",
    "entry_for",
    "log_for",
    "replay",
    "replay_steps",
    "resolve_options",
]
