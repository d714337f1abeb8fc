"""What each choice costs and gives, as language-free notes (catalog key + parameters) that the
terminal and the browser both show (see docs/engine-protocol.md, ``action_notes``).

Everything is computed from the deciding seat's view (its own hand, the public table, deck
sizes, the face-up event discard pile, the trade, which is made in public) and the card data,
so the notes never know more than the view: two positions that differ only in deck order or in
another seat's hand give the same notes (tests/games/catan_road/test_notes.py). Cheap: no copy
of the state, no trial move.
"""

from __future__ import annotations

from typing import Any

from gametable.games.catan_road.building import bonus_move
from gametable.games.catan_road.cards import (
    BUILDING_INDEX,
    CITY,
    COSTS,
    DRAW_PER_KNIGHT,
    DRAW_PER_ROAD,
    EVENT_DECK,
    EVENTS,
    KNIGHT,
    LARGEST_ARMY,
    LARGEST_ARMY_MIN,
    LARGEST_ARMY_TIES,
    LONGEST_ROAD,
    LONGEST_ROAD_MIN,
    LONGEST_ROAD_TIES,
    METROPOLIS,
    METROPOLIS_DRAW_BONUS,
    RESOURCE_INDEX,
    ROAD,
    ROBBER,
    VILLAGE,
    VP_BONUS_CARD,
    VP_CITY,
    VP_METROPOLIS,
    VP_VILLAGE,
    WINNING_VP,
    counts,
    names,
    substitution_rate,
)
from gametable.games.catan_road.payment import payments
from gametable.games.catan_road.trade import ACCEPTED

Note = dict[str, Any]
View = dict[str, Any]

# VP a build adds: a city covers a village, a metropolis a city
_VP_GAIN = {ROAD: 0, VILLAGE: VP_VILLAGE, CITY: VP_CITY - VP_VILLAGE, KNIGHT: 0,
            METROPOLIS: VP_METROPOLIS - VP_CITY}
_ROBBERS = EVENT_DECK.count(ROBBER)


def cards(vector: list[int] | tuple[int, ...]) -> list[Any]:
    """A count vector as the log writes cards: resource names, which clients show counted ("2× wool
    and ore", i18n.join_counted); a note "nothing" when there are none."""
    return names(vector) or [{"key": "catan.note.nothing"}]


def action_notes(action: dict[str, Any], view: View) -> list[Note]:
    """What ``action`` (a legal action of ``view``'s seat) costs and gives; [] when the label says it all
    (start_trade, cancel_trade, counter, decline, withdraw, give)."""
    kind = action["type"]
    if kind == "build":
        return _build(view, action)
    if kind == "pay":
        return _pay(view, counts(action["cards"]))
    if kind == "end_turn":
        return _end_turn(view)
    if kind == "discard":
        return _discard(view, RESOURCE_INDEX[action["resource"]])
    if kind in _TRADE:
        return _TRADE[kind](view, action)
    return []


def _me(view: View) -> dict[str, Any]:
    return view["players"][view["seat"]]


def _hand(view: View) -> list[int]:
    return counts(_me(view)["hand"])


# -- building ------------------------------------------------------------------------------------

def _build(view: View, action: dict) -> list[Note]:
    me = _me(view)
    hand = counts(me["hand"])
    card = BUILDING_INDEX[action["card"]]
    cost = COSTS[card]
    notes = [{"key": "catan.note.cost", "cards": cards(cost)}]
    options = payments(hand, cost, me["substitution_rate"])  # the build's own list (building.payment_options)
    payment = options[0] if len(options) == 1 else None
    if payment is None:  # apply_build asks how to pay next
        notes.append({"key": "catan.note.ways_to_pay", "count": len(options)})
    elif any(payment[r] != cost[r] for r in range(5)):
        notes.append({"key": "catan.note.pays_instead", "cards": cards(payment),
                      "replaced": cards(_replaced(cost, payment))})

    vp = me["vp"] + _VP_GAIN[card]
    metropolis = action.get("metropolis")
    if card == ROAD:
        vp += _bonus_note(view, notes, LONGEST_ROAD, "roads", LONGEST_ROAD_MIN, LONGEST_ROAD_TIES, 1)
        rate = substitution_rate(me["roads"] + 1)
        if rate != me["substitution_rate"]:
            notes.append({"key": "catan.note.rate", "rate": rate})
    elif card == KNIGHT:
        vp += _bonus_note(view, notes, LARGEST_ARMY, "knights", LARGEST_ARMY_MIN, LARGEST_ARMY_TIES, 1)
        notes.append({"key": "catan.note.robber_limit", "limit": me["robber_limit"] + 1})
    elif card == CITY:
        notes.append({"key": "catan.note.draw_bonus", "count": 1})
    elif card == METROPOLIS:
        more = METROPOLIS_DRAW_BONUS[view["metropolis_stack"]["side"]] - 1  # the city under it gives its +1 no more
        if more:
            notes.append({"key": "catan.note.draw_bonus", "count": more})
        if metropolis == LONGEST_ROAD_TIES:
            vp += _bonus_note(view, notes, LONGEST_ROAD, "roads", LONGEST_ROAD_MIN, LONGEST_ROAD_TIES, 0)
        elif metropolis == LARGEST_ARMY_TIES:
            vp += _bonus_note(view, notes, LARGEST_ARMY, "knights", LARGEST_ARMY_MIN, LARGEST_ARMY_TIES, 0)
    if vp != me["vp"]:
        notes.append({"key": "catan.note.vp", "vp": vp})
    if vp >= WINNING_VP:  # the game ends before anything else of the build happens
        notes.append({"key": "catan.note.wins"})
        return notes
    if metropolis == DRAW_PER_ROAD or metropolis == DRAW_PER_KNIGHT:
        count = me["roads"] if metropolis == DRAW_PER_ROAD else me["knights"]
        notes.append({"key": "catan.note.draws_now", "count": count})
    if card == VILLAGE:
        notes += _event_notes(view, None if payment is None else sum(hand) - sum(payment))
    return notes


def _replaced(cost: tuple[int, ...], payment: tuple[int, ...] | list[int]) -> list[int]:
    """The printed cards a payment does not hold: those the road exchange stands in for."""
    return [max(0, cost[r] - payment[r]) for r in range(5)]


def _bonus_note(view: View, notes: list[Note], bonus: str, unit: str, minimum: int, tie_card: str,
                more: int) -> int:
    """The bonus card the build would bring, by the test of building.recheck_bonus: its note, and
    the VP it adds. ``more``: roads/knights the build adds (0: it is the metropolis that wins ties)."""
    me = _me(view)
    holder = view[bonus]
    theirs = None if holder is None else view["players"][holder][unit]
    wins_ties = more == 0 or tie_card in me["metropolises"]
    if bonus_move(holder, view["seat"], me[unit] + more, theirs, minimum, wins_ties) is None:
        return 0
    notes.append({"key": "catan.note.bonus", "bonus": bonus} if holder is None else
                 {"key": "catan.note.bonus_from", "bonus": bonus, "from_seat": holder})
    return VP_BONUS_CARD


def _event_notes(view: View, hand_after: int | None) -> list[Note]:
    """A village draws an event card: how many Robbers are among the cards it can be, and what a
    Robber would take from this hand (``hand_after``: its size once paid; None while the payment
    is still to be chosen)."""
    robbers, events = _robbers_left(view)
    notes: list[Note] = [{"key": "catan.note.event", "robbers": robbers, "events": events}]
    if robbers and hand_after is not None:
        notes += _robber_risk(view, hand_after)
    return notes


def _robbers_left(view: View) -> tuple[int, int]:
    """(Robbers in the event deck, cards in it): the deck holds the 7 event cards less the face-up
    discard pile; an empty deck is reshuffled whole before a draw (state.draw_event)."""
    if not view["event_deck_size"]:
        return _ROBBERS, len(EVENT_DECK)
    return _ROBBERS - view["event_discard"].count(EVENTS[ROBBER]), view["event_deck_size"]


def _robber_risk(view: View, size: int) -> list[Note]:
    """A Robber takes half of a hand over 7 + knights (events._robber)."""
    limit = _me(view)["robber_limit"]
    if size <= limit:
        return []
    return [{"key": "catan.note.robber_risk", "count": size, "limit": limit, "lose": size // 2}]


def _pay(view: View, payment: list[int]) -> list[Note]:
    card = BUILDING_INDEX[view["paying"]["card"]]
    hand = _hand(view)
    notes: list[Note] = []
    replaced = _replaced(COSTS[card], payment)
    if any(replaced):
        notes.append({"key": "catan.note.instead", "replaced": cards(replaced)})
    left = [hand[r] - payment[r] for r in range(5)]
    notes.append({"key": "catan.note.keeps", "cards": cards(left)})
    if card == VILLAGE and _me(view)["vp"] + VP_VILLAGE < WINNING_VP:  # a winning village draws no event
        notes += _event_notes(view, sum(left))
    return notes


# -- the end of the turn -------------------------------------------------------------------------

def _end_turn(view: View) -> list[Note]:
    """The next player's draw phase (state.draw_phase: everyone 1, the next player first and this
    seat last, then the next player's city and metropolis bonus), as far as the cards left to draw
    (deck and discard pile) go; then this hand against a Robber that a village could show before
    the seat's next turn."""
    players = view["players"]
    n = len(players)
    following = players[(view["seat"] + 1) % n]
    available = view["resource_deck_size"] + view["resource_discard_size"]
    extra = following["cities"] + len(following["metropolises"]) * METROPOLIS_DRAW_BONUS[view["metropolis_stack"]["side"]]
    extra = max(0, min(extra, available - n))
    notes: list[Note] = []
    if available >= n:
        notes.append({"key": "catan.note.next_draw"} if not extra else
                     {"key": "catan.note.next_draw_more", "seat": following["seat"], "count": 1 + extra})
    if _robbers_left(view)[0]:
        notes += _robber_risk(view, len(_me(view)["hand"]) + (1 if available >= n else 0))
    return notes


def _discard(view: View, r: int) -> list[Note]:
    """The Robber: what is still owed after this card, or the rest the game takes by itself when
    a single type is left (events._discard_if_forced)."""
    owed = _me(view)["discards_owed"] - 1
    if not owed:
        return []
    hand = _hand(view)
    hand[r] -= 1
    kinds = [k for k in range(5) if hand[k]]
    if len(kinds) == 1:
        rest = [0, 0, 0, 0, 0]
        rest[kinds[0]] = owed
        return [{"key": "catan.note.then_forced", "cards": cards(rest)}]
    return [{"key": "catan.note.still_owed", "count": owed}]


# -- trading (the offer and every answer are public: the view's trade) ---------------------------

def _give_get(give: list[str], get: list[str]) -> Note:
    return {"key": "catan.note.give_get", "give": cards(counts(give)), "get": cards(counts(get))}


def _offer(give: list[str], ask: list[str]) -> Note:
    # counts, then names again: the cards in their canonical order, as the log lists them
    return {"key": "catan.note.offer", "give": cards(counts(give)), "ask": cards(counts(ask))}


def _mine(view: View) -> dict[str, Any]:
    """The seat's own answer to the offer, with its counter-offer while it composes one."""
    return next(a for a in view["trade"]["answers"] if a["seat"] == view["seat"])


def _offer_step(counter: bool, side: int, remove: bool):
    """The note of a card put into or taken out of one side (0: what is given, 1: what is asked
    for) of the offer being built, the proposer's or the seat's counter-offer: the offer after it."""

    def note(view: View, action: dict) -> list[Note]:
        offer = _mine(view) if counter else view["trade"]
        sides = [list(offer["give"]), list(offer["ask"])]
        if remove:
            sides[side].remove(action["resource"])
        else:
            sides[side].append(action["resource"])
        return [_offer(*sides)]

    return note


def _propose(view: View, action: dict) -> list[Note]:
    t = view["trade"]
    return [_give_get(t["give"], t["ask"]), {"key": "catan.note.partner_draws"}]


def _accept(view: View, action: dict) -> list[Note]:
    t = view["trade"]
    return [_give_get(t["ask"], t["give"]), {"key": "catan.note.you_draw"}]


def _submit_counter(view: View, action: dict) -> list[Note]:
    mine = _mine(view)
    return [_give_get(mine["give"], mine["ask"]), {"key": "catan.note.you_draw"}]


def _trade_with(view: View, action: dict) -> list[Note]:
    t = view["trade"]
    answer = next(a for a in t["answers"] if a["seat"] == action["seat"])
    if answer["answer"] == ACCEPTED:
        note = _give_get(t["give"], t["ask"])
    else:  # a counter-offer, made from the partner's side
        note = _give_get(answer["ask"], answer["give"])
    return [note, {"key": "catan.note.seat_draws", "seat": action["seat"]}]


_TRADE = {
    "offer_remove_give": _offer_step(False, 0, True),
    "offer_remove_ask": _offer_step(False, 1, True),
    "counter_remove_give": _offer_step(True, 0, True),
    "counter_remove_ask": _offer_step(True, 1, True),
    "offer_give": _offer_step(False, 0, False),
    "offer_ask": _offer_step(False, 1, False),
    "counter_give": _offer_step(True, 0, False),
    "counter_ask": _offer_step(True, 1, False),
    "propose": _propose,
    "accept": _accept,
    "submit_counter": _submit_counter,
    "trade_with": _trade_with,
}
