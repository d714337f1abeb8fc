"""A new game: shuffled decks, the building row, starting villages (one marked) and starting hands."""

from __future__ import annotations

from typing import Any

from gametable.engine import Rng
from gametable.games.catan_road import turn
from gametable.games.catan_road.cards import (
    BUILDING_DECK_COUNTS,
    BUILDINGS,
    EVENT_DECK,
    METROPOLIS_A,
    METROPOLIS_B,
    NUM_METROPOLISES,
    RESOURCE_COUNTS,
    ROW_SIZE,
    ROW_TYPES,
    SIDE_A,
    STARTING_HAND,
)
from gametable.games.catan_road.state import CatanState


def new_state(num_players: int, seed: int, options: dict[str, Any]) -> CatanState:
    rng = Rng(seed)
    state = CatanState(num_players, options["metropolis_side"], options["first_game"], rng,
                       options["charity_receivers"])
    state.log.append({"key": "catan.game_started", "players": num_players,
                      "metropolis_side": state.side,
                      "row_setup": "first_game" if state.first_game else "random"})

    # building deck and row
    deck = [card for card, n in zip(ROW_TYPES, BUILDING_DECK_COUNTS) for _ in range(n)]
    rng.shuffle(deck)
    if state.first_game:
        # first game: the row shows all four building types (the topmost card of each), plus one more
        row = []
        for card in ROW_TYPES:
            i = len(deck) - 1 - deck[::-1].index(card)
            row.append(deck.pop(i))
        row.append(deck.pop())
    else:
        row = [deck.pop() for _ in range(ROW_SIZE)]
    state.bdeck, state.row = deck, row
    state.log.append({"key": "catan.row_dealt", "cards": [BUILDINGS[c] for c in row]})
    state.redeal_five_of_a_kind()

    # metropolis stack, one side for all four cards
    state.metro_stack = [METROPOLIS_A] * NUM_METROPOLISES if state.side == SIDE_A else list(METROPOLIS_B)

    # resource and event decks
    state.res_deck = [r for r in range(5) for _ in range(RESOURCE_COUNTS[r])]
    rng.shuffle(state.res_deck)
    state.edeck = list(EVENT_DECK)
    rng.shuffle(state.edeck)

    # as many starting villages as players, the marked one among them: its holder starts
    villages = [True] + [False] * (num_players - 1)
    rng.shuffle(villages)
    start = villages.index(True)
    state.active = start
    state.log.append({"key": "catan.starting_player", "seat": start})
    for seat in state.order():
        state.draw(seat, STARTING_HAND, "starting_hand")

    turn.start_turn(state, start)
    return state
