"""Great Western Trail: Second Edition (eggertspiele / Plan B Games 2021), for 2 to 4 players.

The second edition shares its rules code with the first (gametable/games/gwt/): this package's
path lists this folder and then the first edition's, so ``gametable.games.gwt2e.turn`` (and every
other rule module) is the first edition's source file loaded a second time, bound to this
edition's ``data`` module. That module is the first edition's table loader run on the folder
list [gwt2e/data, gwt/data]: a TOML table the second edition prints differently lies in
gwt2e/data/ and replaces the first edition's, every other table is shared. What the editions do
differently is therefore either data (a table, or a field of one) or a rule hook that reads a
field of ``data`` (see docs/architecture.md, "Two editions of one game").
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any, Mapping

from gametable.engine import Game, OptionSpec

_HERE = Path(__file__).parent
_FIRST = _HERE.parent / "gwt"

# rule modules not found in this folder come from the first edition's
__path__.append(str(_FIRST))  # noqa: F821 (a package's __path__)


def _load_data() -> None:
    """Load the first edition's table loader as this package's ``data``, reading this edition's
    tables first (the loader looks through its ``__path__``)."""
    name = __name__ + ".data"
    spec = importlib.util.spec_from_file_location(
        name, _FIRST / "data" / "__init__.py",
        submodule_search_locations=[str(_HERE / "data"), str(_FIRST / "data")])
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)


_load_data()

from .state import GwtState  # noqa: E402  (after the data module it binds to)


class GreatWesternTrailSecondEdition(Game):
    name = "gwt-2e"
    title = "Great Western Trail: Second Edition"
    domain = "gwt2e"
    min_players = 2
    max_players = 4
    options = {
        "building_sides": OptionSpec(
            "building_sides", ("a", "b", "random"), "a",
            "Side of the private buildings 1-12, the same for everybody: a (first games), b, "
            "or a random side per number"),
        "neutral_buildings": OptionSpec(
            "neutral_buildings", ("letters", "random"), "letters",
            "Neutral buildings A-G on their letters (first games) or shuffled onto the 7 spaces"),
        "simmental": OptionSpec(
            "simmental", ("off", "on"), "off",
            "The Simmental variant: orange Calves in the cattle market, upgraded to Heifers and "
            "Cows in Kansas City"),
    }

    def _new(self, num_players: int, seed: int, options: dict[str, Any]) -> GwtState:
        from .setup import new_state
        return new_state(num_players, seed, options)

    def from_json(self, data: Mapping[str, Any]) -> GwtState:
        from .turn import settle  # noqa: F401  (rules are imported with the state)
        return GwtState.from_json(data)


GAME = GreatWesternTrailSecondEdition()
GwtState.game = GAME
