"""Which games a server offers: the registry, optionally plus games from extra modules.

The app takes a catalog as a dependency so that tests can serve the toy game and a game in
development can be tried in the browser (``gametable serve --extra-game my.module``) before
it is registered.
"""

from __future__ import annotations

from importlib import import_module
from typing import Iterable, Protocol

from gametable import games as registry
from gametable.engine import Game


class GameCatalog(Protocol):
    def get(self, name: str) -> Game: ...

    def names(self) -> list[str]: ...


class ExtendedCatalog:
    """The registry's games followed by the ``GAME`` of each extra module."""

    def __init__(self, extra_modules: Iterable[str], base: GameCatalog = registry) -> None:
        self.base = base
        self.extra: dict[str, Game] = {}
        for module_name in extra_modules:
            game = import_module(module_name).GAME
            self.extra[game.name] = game

    def get(self, name: str) -> Game:
        if isinstance(name, str) and name in self.extra:
            return self.extra[name]
        return self.base.get(name)

    def names(self) -> list[str]:
        return [*self.base.names(), *(n for n in self.extra if n not in self.base.names())]


class SingleGames:
    """A catalog of exactly the given games (what tests use)."""

    def __init__(self, *games: Game) -> None:
        self.games = {g.name: g for g in games}

    def get(self, name: str) -> Game:
        if not isinstance(name, str) or name not in self.games:
            raise registry.UnknownGame(name)
        return self.games[name]

    def names(self) -> list[str]:
        return list(self.games)
