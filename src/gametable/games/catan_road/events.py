"""The event cards, drawn whenever a village is built, and the decisions two of them ask for.

Players are affected in turn order starting with the active player, which matters only when the
resource cards run out (rules reference section 8).
"""

from __future__ import annotations

from typing import Final, TYPE_CHECKING

from gametable.games.catan_road.cards import (
    ABUNDANCE,
    CHARITY,
    CHARITY_FEWEST,
    EVENT_DECK,
    MIDWINTER_FEAST,
    RESOURCES,
    ROBBER,
    ROBBER_LIMIT,
    SUBSIDY,
    names,
)

if TYPE_CHECKING:
    from gametable.games.catan_road.state import CatanState

DISCARD_ACTIONS: Final = [{"type": "discard", "resource": r} for r in RESOURCES]


class Charity:
    """Leaders who still have to give a card, and the players with fewer VP who may receive it."""

    __slots__ = ("givers", "receivers")

    def __init__(self, givers: list[int], receivers: list[int]) -> None:
        self.givers = givers
        self.receivers = receivers

    def to_act(self) -> list[int]:
        return list(self.givers)

    def copy(self) -> "Charity":
        return Charity(self.givers[:], self.receivers[:])


def resolve(state: "CatanState", event: int) -> None:
    order = state.order()
    if event == ROBBER:
        _robber(state, order)
    elif event == ABUNDANCE:
        # everyone except a holder of Longest Road or Largest Army draws 2
        for seat in order:
            if seat != state.longest_road and seat != state.largest_army:
                state.draw(seat, 2, "abundance")
    elif event == CHARITY:
        _charity(state, order)
    elif event == MIDWINTER_FEAST:
        for seat in order:
            state.draw(seat, 1, "midwinter_feast")
        # all 7 event cards, this one and the discarded ones, become a new shuffled deck
        state.edeck = list(EVENT_DECK)
        state.ediscard = []
        state.rng.shuffle(state.edeck)
        state.log.append({"key": "catan.events_reshuffled"})
    elif event == SUBSIDY:
        # 1 card per village with no city on it
        for seat in order:
            state.draw(seat, state.villages[seat], "subsidy")


# -- Robber --------------------------------------------------------------------------------------

def _robber(state: "CatanState", order: tuple[int, ...]) -> None:
    over = False
    for seat in order:
        size = sum(state.hands[seat])
        limit = ROBBER_LIMIT + state.knights[seat]
        if size > limit:
            over = True
            state.owed[seat] = size // 2
            state.log.append({"key": "catan.robber_owes", "seat": seat, "count": size // 2,
                              "limit": limit})
            _discard_if_forced(state, seat)
    if not over:
        state.log.append({"key": "catan.robber_nobody"})
    if any(state.owed):
        state.phase = "robber"


def _discard_if_forced(state: "CatanState", seat: int) -> None:
    """With a single resource type left in hand the choice is made: discard the rest owed at once."""
    hand = state.hands[seat]
    owed = state.owed[seat]
    kinds = [r for r in range(5) if hand[r]]
    if owed and len(kinds) == 1:
        cards = [0, 0, 0, 0, 0]
        cards[kinds[0]] = owed
        state.discard_cards(seat, cards)
        state.owed[seat] = 0
        state.log.append({"key": "catan.discarded", "seat": seat, "cards": names(cards)})


def legal_robber(state: "CatanState", seat: int) -> list[dict]:
    hand = state.hands[seat]
    return [DISCARD_ACTIONS[r] for r in range(5) if hand[r]]


def apply_discard(state: "CatanState", seat: int, action: dict) -> None:
    r = RESOURCES.index(action["resource"])
    cards = [0, 0, 0, 0, 0]
    cards[r] = 1
    state.discard_cards(seat, cards)
    state.owed[seat] -= 1
    state.log.append({"key": "catan.discarded", "seat": seat, "cards": [action["resource"]]})
    _discard_if_forced(state, seat)
    if not any(state.owed):
        state.resume_main()


# -- Charity -------------------------------------------------------------------------------------

def _charity(state: "CatanState", order: tuple[int, ...]) -> None:
    vps = [state.vp(s) for s in range(state.n)]
    top = max(vps)
    if min(vps) == top:
        state.log.append({"key": "catan.charity_all_tied", "vp": top})
        return
    # the rule page: "to a player with fewer VP" -- anyone below the leaders, the giver chooses;
    # the option "fewest" narrows it to the last, as the English rulebook reads it
    if state.charity_receivers == CHARITY_FEWEST:
        receivers = [s for s in order if vps[s] == min(vps)]
    else:
        receivers = [s for s in order if vps[s] < top]
    givers = []
    for seat in order:
        if vps[seat] != top:
            continue
        if sum(state.hands[seat]):
            givers.append(seat)
        else:
            state.log.append({"key": "catan.charity_no_card", "seat": seat})
    state.charity = Charity(givers, receivers)
    for seat in givers[:]:
        options = legal_charity(state, seat)
        if len(options) == 1:  # one card type and one receiver: nothing to decide
            _give(state, seat, options[0])
    if state.charity.givers:
        state.phase = "charity"
    else:
        state.charity = None


def legal_charity(state: "CatanState", seat: int) -> list[dict]:
    hand = state.hands[seat]
    return [{"type": "give", "resource": RESOURCES[r], "to_seat": to}
            for r in range(5) if hand[r] for to in state.charity.receivers]


def _give(state: "CatanState", seat: int, action: dict) -> None:
    r = RESOURCES.index(action["resource"])
    to = action["to_seat"]
    state.hands[seat][r] -= 1
    state.hands[to][r] += 1
    state.charity.givers.remove(seat)
    state.log.append({"key": "catan.charity_gave", "seat": seat, "to_seat": to,
                      "private": {"resource": action["resource"]}, "private_to": [seat, to]})


def apply_give(state: "CatanState", seat: int, action: dict) -> None:
    _give(state, seat, action)
    if not state.charity.givers:
        state.charity = None
        state.resume_main()
