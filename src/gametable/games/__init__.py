"""The registry of games: ``get(name)`` and ``names()``.

Each game lives in its own subpackage and exposes a module attribute ``GAME``. They are
imported on first use, so a tool that needs one game does not pay for loading the others.
"""

from __future__ import annotations

from importlib import import_module

from gametable.engine import Game

# name -> module that defines GAME
_REGISTRY: dict[str, str] = {
    "catan-on-the-road": "gametable.games.catan_road",
    "gwt": "gametable.games.gwt",
    "gwt-2e": "gametable.games.gwt.second_edition",
}

_loaded: dict[str, Game] = {}


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r}; available games: {', '.join(names())}"


def names() -> list[str]:
    """Names of the games that are installed, in a stable order."""
    return [name for name in _REGISTRY if _available(name)]


def get(name: str) -> Game:
    if not isinstance(name, str) or name not in _REGISTRY or not _available(name):
        raise UnknownGame(name)
    return _loaded[name]


def _available(name: str) -> bool:
    if name not in _loaded:
        try:
            module = import_module(_REGISTRY[name])
        except ModuleNotFoundError as exc:
            # Only a missing game package counts as "not installed"; any other import
            # error is a bug and must surface.
            if exc.name != _REGISTRY[name]:
                raise
            return False
        _loaded[name] = module.GAME
    return True
