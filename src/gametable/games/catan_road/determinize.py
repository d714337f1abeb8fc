"""Determinization for CATAN: On the Road (see gametable.engine.determinize).

What a seat cannot see: the other hands (their sizes are public), the order and content of the
resource deck, the order of the building and event decks, and the RNG. Everything else is public:
the resource discard pile holds exactly the cards paid and discarded in the open since the last
reshuffle (the log names them), the building deck holds the cards not yet dealt to the row, the
event deck the events not yet drawn since its last reshuffle.

So the other hands and the resource deck are dealt again from their common pool (the 61 resource
cards less the seat's hand and the discard pile), each keeping its size; the building and event
decks are shuffled; the RNG is new. Cards a player has shown to hold during the trade in progress
stay in that hand: what it accepted to give (it may only accept holding the cards asked for) and the
cards its counter-offer gives (it may only offer cards it holds).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gametable.engine import Rng
from gametable.engine.determinize import fresh_rng, redeal
from gametable.games.catan_road.trade import ACCEPTED

if TYPE_CHECKING:
    from gametable.games.catan_road.state import CatanState


def determinize(state: "CatanState", seat: int, rng: Rng) -> "CatanState":
    sample = state.clone()
    others = [s for s in range(sample.n) if s != seat]
    # hands are counts per resource: deal lists of resource indexes, then count them back
    shown = {s: _shown_in_trade(sample, s) for s in others}
    hands = [[r for r in range(5) for _ in range(sample.hands[s][r] - shown[s][r])] for s in others]
    redeal(rng, [sample.res_deck, *hands])
    for s, cards in zip(others, hands):
        sample.hands[s] = [cards.count(r) + shown[s][r] for r in range(5)]
    redeal(rng, [sample.bdeck])
    redeal(rng, [sample.edeck])
    sample.rng = fresh_rng(rng)
    # the other seats' private log details left out, as the state keeps them between views: a
    # search deals many worlds from one state, and filtering the whole log for each grows with the game
    sample.log = state.visible_log(seat)
    return sample


def _shown_in_trade(state: "CatanState", seat: int) -> list[int]:
    """The cards ``seat`` is known to hold from its answer to the trade in progress (per resource)."""
    trade = state.trade
    if trade is None:
        return [0] * 5
    accepted = trade.ask if trade.answers[seat] == ACCEPTED else [0] * 5
    counter_give = trade.counters[seat][0] if trade.counters[seat] is not None else [0] * 5
    return [max(a, c) for a, c in zip(accepted, counter_give)]
