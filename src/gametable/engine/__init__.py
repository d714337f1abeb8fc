"""Game-agnostic core: the Game/State protocol, options, log, seeded RNG, errors, replay, undo.

Nothing here imports another part of gametable, and nothing here needs a third-party package.
"""

from gametable.engine.errors import IllegalAction, InvalidOptions
from gametable.engine.log import LogEntry, SeatLogs, entry_for, log_for
from gametable.engine.options import OptionSpec, resolve_options
from gametable.engine.protocol import Action, Game, State
from gametable.engine.replay import (ReplayRefused, replay, replay_steps, replay_timeline,
                                     replay_timeline_from, timeline_steps, timeline_steps_from)
from gametable.engine.undo import UNDO, BaseMissing, Timeline, UndoWindow, is_undo, undo_entry
from gametable.engine.rng import Rng

__all__ = [
    "Action",
    "BaseMissing",
    "Game",
    "IllegalAction",
    "InvalidOptions",
    "LogEntry",
    "OptionSpec",
    "ReplayRefused",
    "Rng",
    "SeatLogs",
    "State",
    "Timeline",
    "UNDO",
    "UndoWindow",
    "entry_for",
    "is_undo",
    "log_for",
    "replay",
    "replay_steps",
    "replay_timeline",
    "replay_timeline_from",
    "resolve_options",
    "timeline_steps",
    "timeline_steps_from",
    "undo_entry",
]
