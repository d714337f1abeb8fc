"""Bots that play any game through the engine protocol only."""

from gametable.bots.random_bot import RandomBot

__all__ = ["RandomBot"]
