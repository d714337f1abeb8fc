"""The bot levels: one name per strength, each with a bot for every game.

``get(level, game_name, seed)`` returns a fresh bot whose choices depend only on the seed and the
position, so a server that seeds each decision from the table's bot seed and the action's seq
makes the same move after a restart or in another process.
"""

from __future__ import annotations

from typing import Callable, Protocol

from gametable.bots.heuristics.catan_road import CatanRoadBot
from gametable.bots.heuristics.gwt import GwtBot
from gametable.bots.heuristics.gwt2e import GwtBot as GwtBot2e
from gametable.bots.random_bot import RandomBot
from gametable.engine import Action, State


class Bot(Protocol):
    def choose(self, state: State, seat: int) -> Action: ...


BotFactory = Callable[[int], Bot]

#: level -> the bot of each game; a game a level has no bot for gets the random bot.
#: Weakest first; the last one is the best (the default for new tables).
_LEVELS: dict[str, dict[str, BotFactory]] = {
    # uniform over the legal actions
    "random": {},
    # scores each legal action with simple game knowledge (gametable.bots.heuristics)
    "basic": {CatanRoadBot.game_name: CatanRoadBot, GwtBot.game_name: GwtBot,
              GwtBot2e.game_name: GwtBot2e},
}


class UnknownBotLevel(ValueError):
    pass


def levels() -> list[str]:
    """Every bot level, weakest first."""
    return list(_LEVELS)


def best_level() -> str:
    return levels()[-1]


def check_level(level: str) -> str:
    """Return ``level`` if it exists, else raise UnknownBotLevel naming the levels there are."""
    if level not in _LEVELS:
        raise UnknownBotLevel(f"there is no bot level {level!r}; choose one of: {', '.join(levels())}")
    return level


def get(level: str, game_name: str, seed: int) -> Bot:
    """A bot of ``level`` for the game ``game_name``, seeded with ``seed``.

    A level without its own bot for a game (e.g. a game added later, or one served with
    --extra-game) falls back to the random bot, so every level plays every game.
    """
    factory = _LEVELS[check_level(level)].get(game_name, RandomBot)
    return factory(seed)
