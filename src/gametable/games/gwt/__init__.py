"""Great Western Trail, first edition (eggertspiele 2016), for 2 to 4 players.

The rules modules below serve the second edition too (gametable/games/gwt2e/ loads them again with
its own tables; docs/architecture.md, "Two editions of one game").

Module map:
  data/           the components as TOML, loaded once into Python structures
  state.py        the state (plain lists, fast clone, JSON)
  setup.py        a new game (§12)
  turn.py         phases A/B/C and the stack of pending decisions
  movement.py     herder paths and fees (§5, §2.4)
  effects.py      every local action, bonus and immediate action, as data-driven effects
  railroad.py     engines, stations, discs, station masters, cities (§6, §7, §9.1)
  kansas_city.py  foresight, income, delivery (§10)
  objectives.py   objective cards (§8)
  exchange.py     exchange tokens (second edition only; inert without tokens)
  simmental.py    Simmental upgrades in Kansas City (second edition's variant)
  scoring.py      game end and the 11 scoring categories (§11)
  view.py         what each seat sees; text.py: terminal rendering
"""

from __future__ import annotations

from typing import Any, Mapping

from gametable.engine import Game, OptionSpec

from .state import GwtState


class GreatWesternTrail(Game):
    name = "gwt"
    title = "Great Western Trail"
    domain = "gwt"
    min_players = 2
    max_players = 4
    options = {
        "building_sides": OptionSpec(
            "building_sides", ("a", "b", "random"), "a",
            "Side of the private buildings 1-10, the same for everybody: a (first games), b, "
            "or a random side per number"),
        "neutral_buildings": OptionSpec(
            "neutral_buildings", ("letters", "random"), "letters",
            "Neutral buildings A-G on their letters (first games) or shuffled onto the 7 spaces"),
    }

    def _new(self, num_players: int, seed: int, options: dict[str, Any]) -> GwtState:
        from .setup import new_state
        return new_state(num_players, seed, options)

    def from_json(self, data: Mapping[str, Any]) -> GwtState:
        from .turn import settle  # noqa: F401  (rules are imported with the state)
        return GwtState.from_json(data)


GAME = GreatWesternTrail()
GwtState.game = GAME
