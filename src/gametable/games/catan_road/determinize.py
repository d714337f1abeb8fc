"""Determinization for CATAN: On the Road (see gametable.engine.determinize).

What a seat cannot see: the other hands (their sizes are public), the order and content of the
resource deck, the order of the building and event decks, and the RNG. Everything else is public:
the resource discard pile holds exactly the cards paid and discarded in the open since the last
reshuffle (the log names them), the building deck holds the cards not yet dealt to the row, the
event deck the events not yet drawn since its last reshuffle.

So the other hands and the resource deck are dealt again from their common pool (the 61 resource
cards less the seat's hand and the discard pile), each keeping its size; the building and event
decks are shuffled; the RNG is new.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gametable.engine import Rng
from gametable.engine.determinize import fresh_rng, redeal, seat_log

if TYPE_CHECKING:
    from gametable.games.catan_road.state import CatanState


def determinize(state: "CatanState", seat: int, rng: Rng) -> "CatanState":
    sample = state.clone()
    others = [s for s in range(sample.n) if s != seat]
    # hands are counts per resource: deal lists of resource indexes, then count them back
    hands = [[r for r in range(5) for _ in range(sample.hands[s][r])] for s in others]
    redeal(rng, [sample.res_deck, *hands])
    for s, cards in zip(others, hands):
        sample.hands[s] = [cards.count(r) for r in range(5)]
    redeal(rng, [sample.bdeck])
    redeal(rng, [sample.edeck])
    sample.rng = fresh_rng(rng)
    sample.log = seat_log(sample.log, seat)
    return sample
