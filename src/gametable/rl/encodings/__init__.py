"""Which games have a research encoding, found by convention so a new game needs no change here.

The encoding of the game named ``name`` (as in ``gametable.games.names()``) is the class
``Encoding`` of the module ``gametable.rl.encodings.<name with '-' as '_'>`` (``gwt``,
``catan_on_the_road``, ``gwt_2e``). The adapters (Gymnasium ids, OpenSpiel names) list the games
from the game registry and keep those that have such a module.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import import_module

from gametable import games
from gametable.rl.encoding import Encoding


class NoEncoding(KeyError):
    def __str__(self) -> str:
        return (f"game {self.args[0]!r} has no research encoding (module "
                f"{module_name(self.args[0])}); games with one: {', '.join(names())}")


def module_name(game_name: str) -> str:
    return f"{__name__}.{game_name.replace('-', '_')}"


def _encoding_class(game_name: str) -> type[Encoding] | None:
    try:
        module = import_module(module_name(game_name))
    except ModuleNotFoundError as exc:
        if exc.name != module_name(game_name):  # a broken encoding must surface, not vanish
            raise
        return None
    return module.Encoding


def names() -> list[str]:
    """The installed games that have an encoding, in the game registry's order."""
    return [name for name in games.names() if _encoding_class(name) is not None]


@lru_cache(maxsize=None)
def get(game_name: str, num_players: int) -> Encoding:
    """The encoding of ``game_name`` for ``num_players`` (built once; encodings are read-only)."""
    game = games.get(game_name)
    cls = _encoding_class(game_name)
    if cls is None:
        raise NoEncoding(game_name)
    if type(num_players) is not int or not game.min_players <= num_players <= game.max_players:
        raise ValueError(f"{game.title} is for {game.min_players} to {game.max_players} players, "
                         f"not {num_players!r}")
    return cls(num_players)
