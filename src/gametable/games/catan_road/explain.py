"""Why an action is refused, in words a player understands."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gametable.games.catan_road.cards import (
    BUILDING_INDEX,
    BUILDINGS,
    CITY,
    COSTS,
    METROPOLIS,
    RESOURCES,
    names,
    substitution_rate,
)
from gametable.games.catan_road.payment import can_pay

if TYPE_CHECKING:
    from gametable.games.catan_road.state import CatanState

# action type -> its parameters
SHAPES: dict[str, tuple[str, ...]] = {
    "end_turn": (), "build": ("card", "metropolis"), "pay": ("cards",),
    "discard": ("resource",), "give": ("resource", "to_seat"),
    "start_trade": (), "offer_give": ("resource",), "offer_ask": ("resource",), "propose": (),
    "cancel_trade": (), "accept": (), "decline": (), "counter": (), "counter_give": ("resource",),
    "counter_ask": ("resource",), "submit_counter": (), "trade_with": ("seat",), "withdraw": (),
    "offer_remove_give": ("resource",), "offer_remove_ask": ("resource",),
    "counter_remove_give": ("resource",), "counter_remove_ask": ("resource",),
}

PHASES = {
    "main": "it is your action phase",
    "pay": "you must first choose which cards pay for your {card}",
    "trade": "a trade is in progress",
    "robber": "the Robber is being resolved: players over their limit discard",
    "charity": "Charity is being resolved: the leaders give a card",
}


def explain(state: "CatanState", seat: int, action: dict[str, Any]) -> str:
    kind = action.get("type")
    legal = state.legal_actions(seat)
    legal_types = sorted({a["type"] for a in legal})
    allowed = f"you can now: {', '.join(legal_types)}"
    if kind not in SHAPES:
        return f"there is no action {kind!r} in CATAN: On the Road; {allowed}"
    extra = sorted(set(action) - {"type"} - set(SHAPES[kind]))
    if extra:
        return f"{kind!r} takes no parameter {', '.join(map(repr, extra))}"
    if kind == "build" and state.phase == "main":
        return _explain_build(state, seat, action)
    if kind == "start_trade" and state.phase == "main":
        if state.trade_used:
            return "you have already traded this turn (one completed trade per turn)"
        return "a trade needs cards on both sides, and you or all other players have none"
    if kind in ("propose", "submit_counter") and kind not in legal_types and state.phase == "trade" \
            and seat in state.to_act() and any(a["type"] in _TRADE_CARD_SIDES for a in legal):
        return ("an offer needs at least 1 card to give and 1 card to ask for (cards are never given "
                f"away): add cards first; {allowed}")
    if "_remove_" in kind and state.phase == "trade" and seat in state.to_act() \
            and action.get("resource") in RESOURCES and not any(a == action for a in legal):
        side = "give" if kind.endswith("give") else "ask for"
        return (f"there is no {action['resource']} on the {side} side of this offer to take out; "
                f"{allowed}")
    if kind not in legal_types:
        phase = PHASES.get(state.phase, "").format(
            card=BUILDINGS[state.paying[0]] if state.paying else "")
        return f"you cannot {kind.replace('_', ' ')} now ({phase}); {allowed}"
    for key in ("resource",):
        if key in SHAPES[kind] and action.get(key) not in RESOURCES:
            return f"{action.get(key)!r} is not a resource; resources are {', '.join(RESOURCES)}"
    if kind in _TRADE_CARD_SIDES:
        return _explain_trade_card(state, seat, kind, RESOURCES.index(action["resource"]))

    examples = "; ".join(_short(a) for a in legal if a["type"] == kind)
    if kind == "pay":
        return (f"these cards do not pay for your {BUILDINGS[state.paying[0]]}; "
                f"ways to pay: {examples}")
    return f"this {kind.replace('_', ' ')} is not possible now; possible: {examples}"


# trade steps that add one card, and whether they add it to the giving side
_TRADE_CARD_SIDES = {"offer_give": True, "counter_give": True, "offer_ask": False, "counter_ask": False}


def _explain_trade_card(state: "CatanState", seat: int, kind: str, r: int) -> str:
    t = state.trade
    give, ask = (t.give, t.ask) if kind.startswith("offer") else t.counters[seat]
    name = RESOURCES[r]
    if (ask if _TRADE_CARD_SIDES[kind] else give)[r]:
        return f"{name} is already on the other side: a trade cannot have the same type on both sides"
    if _TRADE_CARD_SIDES[kind]:
        return f"you hold no more {name} to give"
    return f"nobody could give more {name} (or more cards in all) than this offer already asks for"


def _short(action: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in action.items() if k != "type") or action["type"]


def _explain_build(state: "CatanState", seat: int, action: dict[str, Any]) -> str:
    name = action.get("card")
    if not isinstance(name, str) or name not in BUILDING_INDEX:
        return f"{name!r} is not a building card; cards are {', '.join(BUILDINGS)}"
    card = BUILDING_INDEX[name]
    if card == METROPOLIS:
        if action.get("metropolis") not in state.metro_stack:
            return (f"metropolis {action.get('metropolis')!r} is not in the metropolis stack "
                    f"(left: {', '.join(state.metro_stack) or 'none'})")
        if not state.cities[seat]:
            return "a metropolis goes on one of your cities without a metropolis, and you have none"
    else:
        if "metropolis" in action:
            return "only a metropolis names a metropolis card"
        if card not in state.row:
            return f"there is no {name} in the building row ({', '.join(BUILDINGS[c] for c in state.row)})"
        if card == CITY and not state.villages[seat]:
            return "a city goes on one of your villages without a city, and you have none"
    rate = substitution_rate(state.roads[seat])
    if not can_pay(state.hands[seat], COSTS[card], rate):
        return (f"you cannot pay for a {name}: it costs {', '.join(names(COSTS[card]))}; you hold "
                f"{', '.join(names(state.hands[seat])) or 'nothing'}, and with {state.roads[seat]} "
                f"road(s) {rate} identical cards of another type replace 1 card")
    return f"you cannot build a {name} now"
