"""Building exact positions for rule scenarios, and the card-accounting checks every test shares.

``scenario(...)`` writes a complete, consistent state as JSON and loads it with ``GAME.from_json``:
whatever resource and building cards the scenario does not place stay in the decks, so every card
is accounted for and the checks below hold for scenarios as well as for random games.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from gametable.games.catan_road import GAME
from gametable.games.catan_road.cards import (
    BUILDING_DECK_COUNTS,
    BUILDINGS,
    EVENT_DECK,
    EVENTS,
    METROPOLIS_A,
    METROPOLIS_B,
    NUM_METROPOLISES,
    RESOURCE_COUNTS,
    RESOURCES,
    ROW_TYPES,
    VP_BONUS_CARD,
    VP_CITY,
    VP_METROPOLIS,
    VP_VILLAGE,
)
from gametable.games.catan_road.state import CatanState

Hand = Mapping[str, int]


def hand(**cards: int) -> dict[str, int]:
    """hand(brick=1, wool=3) -> the full five-resource dict."""
    return {r: cards.get(r, 0) for r in RESOURCES}


def area(roads: int = 1, villages: int = 1, cities: int = 0, metropolises: Iterable[str] = (),
         knights: int = 0) -> dict[str, Any]:
    return {"roads": roads, "villages": villages, "cities": cities,
            "metropolises": list(metropolises), "knights": knights}


def scenario(players: int = 3, *, hands: Iterable[Hand] | None = None,
             areas: Iterable[Mapping[str, Any]] | None = None, row: Iterable[str] = ("road", "village", "city", "knight", "road"),
             deck_top: Iterable[str] = (), discard: Hand | str | None = None,
             building_top: Iterable[str] = (), events_top: Iterable[str] = (),
             metropolis_side: str = "A", active: int = 0, longest_road: int | None = None,
             largest_army: int | None = None, trade_used: bool = False, seed: int = 1,
             charity_receivers: str = "fewer") -> CatanState:
    """A state in ``active``'s action phase with exactly the given cards.

    ``deck_top`` are the next resource cards drawn, in order; the other resource cards not in a
    hand lie below them, unless ``discard`` names them (a hand dict, or "rest" for all of them).
    ``building_top``/``events_top`` likewise order the top of the building and event decks.
    """
    hands = [hand(**h) for h in (hands or [{}] * players)]
    areas = [dict(a) for a in (areas or [area() for _ in range(players)])]
    assert len(hands) == players and len(areas) == players

    left = [RESOURCE_COUNTS[r] - sum(h[RESOURCES[r]] for h in hands) for r in range(5)]
    top = list(deck_top)
    for name in top:
        left[RESOURCES.index(name)] -= 1
    if discard == "rest":
        discard_counts, left = list(left), [0] * 5
    else:
        discard_counts = [hand(**(discard or {}))[r] for r in RESOURCES]
        left = [left[r] - discard_counts[r] for r in range(5)]
    assert min(left) >= 0 and min(discard_counts) >= 0, "more resource cards than the game has"
    below = [RESOURCES[r] for r in range(5) for _ in range(left[r])]
    resource_deck = below + top[::-1]  # drawn from the end

    built = [0, 0, 0, 0]
    for a in areas:
        built[0] += a["roads"] - 1
        built[1] += a["villages"] + a["cities"] + len(a["metropolises"]) - 1
        built[2] += a["cities"] + len(a["metropolises"])
        built[3] += a["knights"]
    row = list(row)
    btop = list(building_top)
    bleft = list(BUILDING_DECK_COUNTS)
    for name in row + btop:
        bleft[BUILDINGS.index(name)] -= 1
    bleft = [bleft[i] - built[i] for i in range(4)]
    assert min(bleft) >= 0, "more building cards than the game has"
    building_deck = [BUILDINGS[c] for c in ROW_TYPES for _ in range(bleft[c])] + btop[::-1]

    etop = list(events_top)
    erest = [EVENTS[e] for e in EVENT_DECK]
    for name in etop:
        erest.remove(name)
    event_deck = erest + etop[::-1]

    used_metros = [m for a in areas for m in a["metropolises"]]
    if metropolis_side == "A":
        stack = [METROPOLIS_A] * (NUM_METROPOLISES - len(used_metros))
    else:
        stack = [m for m in METROPOLIS_B if m not in used_metros]

    data = GAME.new(players, seed, {"metropolis_side": metropolis_side,
                                   "charity_receivers": charity_receivers}).to_json()
    data.update({
        "turn": 1, "active_seat": active, "phase": "main", "trade_used": trade_used,
        "hands": hands, "resource_deck": resource_deck,
        "resource_discard": dict(zip(RESOURCES, discard_counts)),
        "building_deck": building_deck, "row": row, "event_deck": event_deck, "event_discard": [],
        "metropolis_stack": stack, "areas": areas, "longest_road": longest_road,
        "largest_army": largest_army, "paying": None, "trade": None, "robber_owed": [0] * players,
        "charity": None, "last_event": None, "winner": None, "log": [],
    })
    state = GAME.from_json(data)
    check_cards(state)
    return state


def hands_of(state: CatanState) -> list[dict[str, int]]:
    return state.to_json()["hands"]


def hand_of(state: CatanState, seat: int) -> dict[str, int]:
    return state.to_json()["hands"][seat]


def play(state: CatanState, *steps: tuple[int, dict]) -> CatanState:
    for seat, action in steps:
        state.apply(seat, action)
        check_cards(state)
    return state


def log_keys(state: CatanState, since: int = 0) -> list[str]:
    return [e["key"] for e in state.log[since:]]


def recomputed_vp(data: Mapping[str, Any], seat: int) -> int:
    """VP from the cards in a seat's area and the bonus cards it holds (rules reference section 9)."""
    a = data["areas"][seat]
    return (VP_VILLAGE * a["villages"] + VP_CITY * a["cities"] + VP_METROPOLIS * len(a["metropolises"])
            + VP_BONUS_CARD * ((data["longest_road"] == seat) + (data["largest_army"] == seat)))


def check_cards(state: CatanState) -> None:
    """Every card is somewhere, exactly once, and the reported VP equal the VP of the cards."""
    data = state.to_json()
    n = data["num_players"]
    # 61 resource cards: deck + discard pile + hands
    for r, name in enumerate(RESOURCES):
        total = (data["resource_deck"].count(name) + data["resource_discard"][name]
                 + sum(h[name] for h in data["hands"]))
        assert total == RESOURCE_COUNTS[r], f"{name}: {total} cards instead of {RESOURCE_COUNTS[r]}"
        assert data["resource_discard"][name] >= 0 and all(h[name] >= 0 for h in data["hands"])
    # 34 building cards: deck + row + built (starting road and village are not building cards)
    built = {"road": 0, "village": 0, "city": 0, "knight": 0}
    for a in data["areas"]:
        assert min(a["roads"] - 1, a["villages"], a["cities"], a["knights"]) >= 0
        built["road"] += a["roads"] - 1
        built["village"] += a["villages"] + a["cities"] + len(a["metropolises"]) - 1
        built["city"] += a["cities"] + len(a["metropolises"])
        built["knight"] += a["knights"]
    for c in ROW_TYPES:
        name = BUILDINGS[c]
        total = data["building_deck"].count(name) + data["row"].count(name) + built[name]
        assert total == BUILDING_DECK_COUNTS[c], f"{name}: {total} building cards"
    assert len(data["row"]) <= 5
    # 7 event cards: deck + discard pile
    assert sorted(data["event_deck"] + data["event_discard"]) == sorted(EVENTS[e] for e in EVENT_DECK)
    # 4 metropolis cards: stack + built
    metros = data["metropolis_stack"] + [m for a in data["areas"] for m in a["metropolises"]]
    side = data["options"]["metropolis_side"]
    expected = [METROPOLIS_A] * NUM_METROPOLISES if side == "A" else list(METROPOLIS_B)
    assert sorted(metros) == sorted(expected)
    # VP: what the game reports is what the cards say
    for seat in range(n):
        assert state.vp(seat) == recomputed_vp(data, seat)
    view = state.view(None)
    assert [p["vp"] for p in view["players"]] == [recomputed_vp(data, s) for s in range(n)]
    if data["winner"] is not None:
        assert recomputed_vp(data, data["winner"]) >= 7
        result = state.result()
        assert [s["total"] for s in result["scores"]] == [recomputed_vp(data, s) for s in range(n)]
        assert all(sum(s["breakdown"].values()) == s["total"] for s in result["scores"])
