"""Bots that play any game through the engine protocol only.

Use the registry: ``levels()`` lists the strengths, ``get(level, game_name, seed)`` makes a bot.
"""

from gametable.bots.random_bot import RandomBot
from gametable.bots.registry import Bot, UnknownBotLevel, best_level, check_level, default_level, get, levels, searches

__all__ = ["Bot", "RandomBot", "UnknownBotLevel", "best_level", "check_level", "default_level", "get", "levels", "searches"]
