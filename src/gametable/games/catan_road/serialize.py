"""The full state as JSON (hidden parts included) and back. Cards are written by name."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from gametable.engine import Rng
from gametable.games.catan_road.cards import (
    BUILDING_INDEX,
    BUILDINGS,
    CHARITY_FEWER,
    EVENT_INDEX,
    EVENTS,
    RESOURCE_INDEX,
    RESOURCES,
    counts,
    names,
)

if TYPE_CHECKING:
    from gametable.games.catan_road.state import CatanState

FORMAT = 1


def hand_json(hand: list[int]) -> dict[str, int]:
    return {RESOURCES[r]: hand[r] for r in range(5)}


def hand_from_json(data: Mapping[str, int]) -> list[int]:
    vec = [0, 0, 0, 0, 0]
    for name, n in data.items():
        vec[RESOURCE_INDEX[name]] = int(n)
    return vec


def to_json(state: "CatanState") -> dict[str, Any]:
    t = state.trade
    return {
        "game": state.game.name,
        "format": FORMAT,
        "num_players": state.n,
        "options": {"metropolis_side": state.side, "first_game": state.first_game,
                    "charity_receivers": state.charity_receivers},
        "rng": state.rng.to_json(),
        "turn": state.turn,
        "active_seat": state.active,
        "phase": state.phase,
        "trade_used": state.trade_used,
        "hands": [hand_json(h) for h in state.hands],
        "resource_deck": [RESOURCES[r] for r in state.res_deck],
        "resource_discard": hand_json(state.res_discard),
        "building_deck": [BUILDINGS[c] for c in state.bdeck],
        "row": [BUILDINGS[c] for c in state.row],
        "event_deck": [EVENTS[e] for e in state.edeck],
        "event_discard": [EVENTS[e] for e in state.ediscard],
        "metropolis_stack": list(state.metro_stack),
        "areas": [
            {"roads": state.roads[s], "villages": state.villages[s], "cities": state.cities[s],
             "metropolises": list(state.metros[s]), "knights": state.knights[s]}
            for s in range(state.n)
        ],
        "longest_road": state.longest_road,
        "largest_army": state.largest_army,
        "paying": None if state.paying is None else
        {"card": BUILDINGS[state.paying[0]], "metropolis": state.paying[1]},
        "trade": None if t is None else {
            "stage": t.stage,
            "give": names(t.give),
            "ask": names(t.ask),
            "answers": list(t.answers),
            "counters": [None if c is None else {"give": names(c[0]), "ask": names(c[1])}
                         for c in t.counters],
        },
        "robber_owed": list(state.owed),
        "charity": None if state.charity is None else
        {"givers": list(state.charity.givers), "receivers": list(state.charity.receivers)},
        "last_event": None if state.last_event is None else
        {"seat": state.last_event[0], "event": EVENTS[state.last_event[1]]},
        "winner": state.winner,
        "log": list(state.log),
    }


def from_json(cls: type["CatanState"], data: Mapping[str, Any]) -> "CatanState":
    from gametable.games.catan_road.events import Charity
    from gametable.games.catan_road.trade import Trade

    n = int(data["num_players"])
    options = data["options"]
    # states saved before the option existed played the rule page's reading
    state = cls(n, options["metropolis_side"], bool(options["first_game"]), Rng.from_json(data["rng"]),
                options.get("charity_receivers", CHARITY_FEWER))
    state.turn = int(data["turn"])
    state.active = int(data["active_seat"])
    state.phase = data["phase"]
    state.trade_used = bool(data["trade_used"])
    state.hands = [hand_from_json(h) for h in data["hands"]]
    state.res_deck = [RESOURCE_INDEX[r] for r in data["resource_deck"]]
    state.res_discard = hand_from_json(data["resource_discard"])
    state.bdeck = [BUILDING_INDEX[c] for c in data["building_deck"]]
    state.row = [BUILDING_INDEX[c] for c in data["row"]]
    state.edeck = [EVENT_INDEX[e] for e in data["event_deck"]]
    state.ediscard = [EVENT_INDEX[e] for e in data["event_discard"]]
    state.metro_stack = list(data["metropolis_stack"])
    areas = data["areas"]
    state.roads = [int(a["roads"]) for a in areas]
    state.villages = [int(a["villages"]) for a in areas]
    state.cities = [int(a["cities"]) for a in areas]
    state.metros = [list(a["metropolises"]) for a in areas]
    state.knights = [int(a["knights"]) for a in areas]
    state.longest_road = data["longest_road"]
    state.largest_army = data["largest_army"]
    paying = data["paying"]
    state.paying = None if paying is None else (BUILDING_INDEX[paying["card"]], paying["metropolis"])
    trade = data["trade"]
    if trade is not None:
        t = Trade(n)
        t.stage = trade["stage"]
        t.give = counts(trade["give"])
        t.ask = counts(trade["ask"])
        t.answers = list(trade["answers"])
        t.counters = [None if c is None else (counts(c["give"]), counts(c["ask"])) for c in trade["counters"]]
        state.trade = t
    state.owed = [int(x) for x in data["robber_owed"]]
    charity = data["charity"]
    state.charity = None if charity is None else Charity(list(charity["givers"]), list(charity["receivers"]))
    last = data["last_event"]
    state.last_event = None if last is None else (int(last["seat"]), EVENT_INDEX[last["event"]])
    state.winner = data["winner"]
    state.log = list(data["log"])
    return state
