"""The bot levels: one name per strength, each with a bot for every game.

``get(level, game_name, seed)`` returns a fresh bot whose choices depend only on the seed and the
position, so a server that seeds each decision from the table's bot seed and the action's seq
makes the same move after a restart or in another process.
"""

from __future__ import annotations

import importlib
from functools import cache, partial
from typing import Callable, Protocol

from gametable.bots.random_bot import RandomBot
from gametable.bots.search import SearchBot, SearchBudget
from gametable.engine import Action, State


class Bot(Protocol):
    def choose(self, state: State, seat: int) -> Action: ...


BotFactory = Callable[[int], Bot]

#: the search levels' budget per game: iterations per decision, roll-out length in decisions, and
#: the score margin that counts as clearly ahead. Iterations, not seconds, so that a decision is
#: the same on any machine and after a restart; sized so that a decision stays within a few
#: seconds on one core (docs/bots.md, "Search levels").
SEARCH_BUDGETS: dict[str, dict[str, SearchBudget]] = {
    "good": {
        "catan-on-the-road": SearchBudget(iterations=24, horizon=200, margin_scale=2.0),
        "gwt": SearchBudget(iterations=8, horizon=24, margin_scale=8.0),
        "gwt-2e": SearchBudget(iterations=8, horizon=24, margin_scale=8.0),
    },
    "strong": {
        "catan-on-the-road": SearchBudget(iterations=128, horizon=30, margin_scale=2.0),
        # GWT: exploring less than the default tells apart by their values the few moves a few
        # dozen iterations try; in the first edition a roll-out ends as the seat begins its
        # second turn after this one, so every move tried is judged at the same moment of the
        # game (docs/bots.md, "The exploration constant" and "Roll-outs cut at a turn")
        "gwt": SearchBudget(iterations=48, horizon=60, horizon_turns=2, margin_scale=8.0,
                            own_score_weight=0.8, exploration=0.3),
        "gwt-2e": SearchBudget(iterations=32, horizon=24, margin_scale=8.0, own_score_weight=0.8,
                               exploration=0.3),
    },
}

#: each game's basic bot: its module and class, imported on first use (they load the game's
#: rules and data, which a starting server need not wait for)
_BASIC_BOTS: dict[str, tuple[str, str]] = {
    "catan-on-the-road": ("gametable.bots.heuristics.catan_road", "CatanRoadBot"),
    "gwt": ("gametable.bots.heuristics.gwt", "GwtBot"),
    "gwt-2e": ("gametable.bots.heuristics.gwt", "GwtBot"),  # one bot for both editions
}


@cache
def basic_bot(game_name: str) -> BotFactory:
    """The basic bot of a game (the search levels' prior, roll-out policy and opponents' model)."""
    module, name = _BASIC_BOTS[game_name]
    return getattr(importlib.import_module(module), name)


#: the levels, weakest first; the last one is the strongest (see default_level for new tables):
#: random: uniform over the legal actions; basic: scores each legal action with simple game
#: knowledge (gametable.bots.heuristics); good, strong: information-set Monte Carlo tree search
#: with the basic bot as prior and roll-out policy (gametable.bots.search), with a growing
#: budget; a game the search has no budget for is played by its basic bot
_LEVEL_NAMES = ("random", "basic", "good", "strong")


@cache
def _level(level: str) -> dict[str, BotFactory]:
    """The bot of each game at ``level``; a game a level has no bot for gets the random bot."""
    if level == "random":
        return {}
    bots = {name: basic_bot(name) for name in _BASIC_BOTS}
    if level != "basic":
        bots.update({name: partial(SearchBot, basic=basic_bot(name), budget=budget)
                     for name, budget in SEARCH_BUDGETS[level].items()})
    return bots


class UnknownBotLevel(ValueError):
    pass


def levels() -> list[str]:
    """Every bot level, weakest first."""
    return list(_LEVEL_NAMES)


def best_level() -> str:
    """The strongest level by design (the last)."""
    return levels()[-1]


#: the level of new tables and `gametable play` when none is named: one whose moves cost a server
#: next to nothing. The search levels play better (docs/bots.md) but cost about 0.1 s of CPU a
#: decision, so a table's creator chooses them in the lobby.
DEFAULT_LEVEL = "basic"


def default_level() -> str:
    return DEFAULT_LEVEL


#: levels the lobby never offers: "guide" plays a guided first game's written moves
#: (gametable.learn), which fit only the guide's own deal
_HIDDEN_LEVELS = ("guide",)


def check_level(level: str, hidden: bool = False) -> str:
    """Return ``level`` if it exists, else raise UnknownBotLevel naming the levels there are.
    ``hidden``: the levels no table creator may ask for are accepted too."""
    if hidden and level in _HIDDEN_LEVELS:
        return level
    if level not in _LEVEL_NAMES:
        raise UnknownBotLevel(f"there is no bot level {level!r}; choose one of: {', '.join(levels())}")
    return level


def searches(level: str, game_name: str) -> bool:
    """Whether ``level`` thinks about ``game_name`` for a while (up to seconds a decision) rather
    than answering at once: the server runs such bots in worker processes."""
    return game_name in SEARCH_BUDGETS.get(check_level(level, hidden=True), {})


def get(level: str, game_name: str, seed: int) -> Bot:
    """A bot of ``level`` for the game ``game_name``, seeded with ``seed``.

    A level without its own bot for a game (e.g. a game added later, or one served with
    --extra-game) falls back to the random bot, so every level plays every game.
    """
    if check_level(level, hidden=True) == "guide":
        from gametable.learn import ScriptedBot  # its seed is the table's seq (rooms/learning.py)
        return ScriptedBot(game_name, seed)
    factory = _level(level).get(game_name, RandomBot)
    return factory(seed)
