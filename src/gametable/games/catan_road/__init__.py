"""CATAN: On the Road, the 120-card CATAN game, for 2 to 4 players.

Modules: ``cards`` (components as data), ``state`` (the state and shared card movements),
``setup``, ``turn`` (action phase, end of turn), ``building`` (building, paying, bonus cards, win),
``payment`` (road substitution), ``events``, ``trade``, ``view``, ``serialize``, ``explain``
(messages for refused actions) and ``text`` (the terminal table).
"""

from __future__ import annotations

from typing import Any, Mapping

from gametable.engine import Game, OptionSpec
from gametable.games.catan_road import serialize
from gametable.games.catan_road.cards import CHARITY_FEWER, CHARITY_FEWEST, SIDE_A, SIDE_B
from gametable.games.catan_road.setup import new_state
from gametable.games.catan_road.state import CatanState


class CatanRoadGame(Game):
    name = "catan-on-the-road"
    title = "CATAN: On the Road"
    domain = "catan"
    min_players = 2
    max_players = 4
    options = {
        "metropolis_side": OptionSpec(
            "metropolis_side", (SIDE_A, SIDE_B), SIDE_A,
            "Side of all four metropolis cards: A (+2 cards in your draw phase; the rule page's choice "
            "for a first game) or B (+1 card and a different ability on each card).",
        ),
        "first_game": OptionSpec(
            "first_game", (False, True), False,
            "First-game setup: the starting building row shows all four building types "
            "(road, village, city, knight). Otherwise the row is dealt at random.",
        ),
        "charity_receivers": OptionSpec(
            "charity_receivers", (CHARITY_FEWER, CHARITY_FEWEST), CHARITY_FEWER,
            "Who may receive a leader's Charity card: any player with fewer VP than the leaders (the "
            "rule page's words) or only the players with the fewest VP (the English rulebook's reading).",
        ),
    }

    def _new(self, num_players: int, seed: int, options: dict[str, Any]) -> CatanState:
        return new_state(num_players, seed, options)

    def from_json(self, data: Mapping[str, Any]) -> CatanState:
        return serialize.from_json(CatanState, data)


CatanState.game = CatanRoadGame()
GAME = CatanState.game
