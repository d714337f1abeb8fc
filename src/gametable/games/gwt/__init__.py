"""Great Western Trail, both editions: the first (eggertspiele 2016) and the second (eggertspiele /
Plan B Games 2021), for 2 to 4 players.

One rules package serves both: every module below is imported once, and each state holds its
``Edition`` (editions.py): the edition's tables, its rule hooks (``ed.second`` marks every rule the
second edition changes) and the rule modules (docs/architecture.md, "Two editions of one game").
This module is the registry's ``gwt``; second_edition.py is its ``gwt-2e``.

Module map:
  data/           the components as TOML (the second edition's own tables in data/second_edition/)
  editions.py     the two editions: tables, rule hooks, the rule modules
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
  garth.py        Garth, the fan-made solo automa, at the seats the option ``garth`` names
  view.py         what each seat sees; notes.py: what a choice costs; text.py: terminal rendering
"""

from __future__ import annotations

from typing import Any, Mapping

from gametable.engine import Game, OptionSpec

from . import garth
from .editions import FIRST, SECOND, Edition
from .setup import new_state
from .state import GwtState

_SIDES = {FIRST: "1-10", SECOND: "1-12"}


class GreatWesternTrail(Game):
    """Either edition of the game, as the registry lists it."""

    min_players = 2
    max_players = 4

    def __init__(self, edition: Edition, title: str, extra_options: Mapping[str, OptionSpec] = {},
                 state_version: int = 1) -> None:
        self.edition = edition
        self.state_version = state_version
        self.name = edition.name
        self.domain = edition.domain
        self.title = title
        self.options = {
            "building_sides": OptionSpec(
                "building_sides", ("a", "b", "random"), "a",
                f"Side of the private buildings {_SIDES[edition]}, the same for everybody: a (first "
                "games), b, or a random side per number"),
            "neutral_buildings": OptionSpec(
                "neutral_buildings", ("letters", "random"), "letters",
                "Neutral buildings A-G on their letters (first games) or shuffled onto the 7 spaces"),
            **extra_options,
            "garth": OptionSpec(
                "garth", (), None,
                "Seats played by Garth, the solo automa, and their difficulty: null, or an object "
                "of seat number -> easy | medium | hard | very-hard, e.g. {\"1\": \"hard\"} "
                "(set by the garth-* bot levels; docs/engine-protocol.md)",
                check=garth.check_option, lobby=False),
        }
        edition.game = self

    def _new(self, num_players: int, seed: int, options: dict[str, Any]) -> GwtState:
        return new_state(self.edition, num_players, seed, options)

    def from_json(self, data: Mapping[str, Any]) -> GwtState:
        return GwtState.from_json(data, self.edition)


GAME = GreatWesternTrail(FIRST, "Great Western Trail")
