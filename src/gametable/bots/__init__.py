"""Bots that play any game through the engine protocol only.

Use the registry: ``levels()`` lists the strengths, ``get(level, game_name, seed)`` makes a bot.
"""

from gametable.bots.random_bot import RandomBot
from gametable.bots.registry import (GARTH_LEVELS, Bot, UnknownBotLevel, best_level, check_level, default_level, get,
                                     level_games, levels, searches, table_options)

__all__ = ["Bot", "GARTH_LEVELS", "RandomBot", "UnknownBotLevel", "best_level", "check_level", "default_level", "get",
           "level_games", "levels", "searches", "table_options"]
