"""The bot levels: one name per strength, each with a bot for every game.

``get(level, game_name, seed)`` returns a fresh bot whose choices depend only on the seed and the
position, so a server that seeds each decision from the table's bot seed and the action's seq
makes the same move after a restart or in another process.
"""

from __future__ import annotations

import importlib
from functools import cache, partial
from typing import Any, Callable, Mapping, Protocol, Sequence

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

#: Garth, the fan-made solo automa of Great Western Trail, by difficulty, weakest first. A seat of
#: a garth level is played by the engine's automa (the game option ``garth``, which
#: table_options sets); its bot only plays the automa's one action. In a game without Garth (or
#: at a seat that is not Garth's, such as a person's seat handed to the table's bots) a garth
#: level plays as ``basic``.
GARTH_LEVELS = {"garth-easy": "easy", "garth-medium": "medium", "garth-hard": "hard",
                "garth-very-hard": "very-hard"}
#: the games Garth plays
GARTH_GAMES = ("gwt", "gwt-2e")


@cache
def _level(level: str) -> dict[str, BotFactory]:
    """The bot of each game at ``level``; a game a level has no bot for gets the random bot."""
    if level == "random":
        return {}
    bots = {name: basic_bot(name) for name in _BASIC_BOTS}
    if level in GARTH_LEVELS:
        return {**bots, **{name: partial(GarthBot, basic=basic_bot(name)) for name in GARTH_GAMES}}
    if level != "basic":
        bots.update({name: partial(SearchBot, basic=basic_bot(name), budget=budget)
                     for name, budget in SEARCH_BUDGETS[level].items()})
    return bots


class UnknownBotLevel(ValueError):
    pass


def levels() -> list[str]:
    """Every bot level: our bots weakest first, then Garth's difficulties."""
    return list(_LEVEL_NAMES) + list(GARTH_LEVELS)


def best_level() -> str:
    """The strongest of our own bots by design."""
    return _LEVEL_NAMES[-1]


def level_games(level: str) -> list[str] | None:
    """The games a level is made for: None for every game, Garth's levels only Garth's games."""
    return list(GARTH_GAMES) if check_level(level, hidden=True) in GARTH_LEVELS else None


class GarthBot:
    """A seat of a garth level: Garth's turn is one forced action (the engine plays the automa,
    gametable.games.gwt.garth); any other decision (a seat that is not Garth's) goes to the
    game's basic bot."""

    def __init__(self, seed: int, basic: BotFactory) -> None:
        self.basic = basic(seed)

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1 and legal[0].get("type") == "garth":
            return legal[0]
        return self.basic.choose(state, seat)


def table_options(game_name: str, options: Mapping[str, Any] | None,
                  seat_levels: Sequence[str | None]) -> dict[str, Any]:
    """The game options of a table or game whose seat s is played at ``seat_levels[s]`` (None: a
    person): ``options`` with the seats of garth levels given to Garth (game option ``garth``,
    docs/engine-protocol.md) in a game Garth plays; unchanged otherwise."""
    out = dict(options or {})
    if game_name not in GARTH_GAMES:
        return out
    seats = {str(seat): GARTH_LEVELS[level] for seat, level in enumerate(seat_levels)
             if level in GARTH_LEVELS}
    if seats:
        out["garth"] = seats
    return out


#: the level of new tables and `gametable play` when none is named: one whose moves cost a server
#: next to nothing. The search levels play better (docs/bots.md) but cost about 0.1 s of CPU a
#: decision, so a table's creator chooses them in the lobby.
DEFAULT_LEVEL = "basic"


def default_level() -> str:
    return DEFAULT_LEVEL


#: the level that plays a guided first game's written moves (gametable.learn), which fit only
#: the guide's own deal
GUIDE_LEVEL = "guide"
#: levels the lobby never offers
_HIDDEN_LEVELS = (GUIDE_LEVEL,)


def check_level(level: str, hidden: bool = False) -> str:
    """Return ``level`` if it exists, else raise UnknownBotLevel naming the levels there are.
    ``hidden``: the levels no table creator may ask for are accepted too."""
    if hidden and level in _HIDDEN_LEVELS:
        return level
    if level not in _LEVEL_NAMES and level not in GARTH_LEVELS:
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
    if check_level(level, hidden=True) == GUIDE_LEVEL:
        from gametable.learn import ScriptedBot  # its seed is the table's seq (rooms/learning.py)
        return ScriptedBot(game_name, seed)
    factory = _level(level).get(game_name, RandomBot)
    return factory(seed)
