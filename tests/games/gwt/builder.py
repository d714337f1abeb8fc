"""A tidy way to set up exact Great Western Trail positions for scenario tests.

    st = scenario(players=2)                      # a real setup, then cleared to a known position
    put_building(st, "A-1", "3a", owner=0)
    at(st, 0, "A-1", hand=["jersey", "jersey"], money=5)   # seat 0 in phase B on A-1
    act(st, type="discard", src="3a/1", cards=["jersey", "jersey"])

Every helper works for both editions: it reads the tables of the state's own edition
(``st.edition``); ``scenario(game="gwt-2e")`` sets up a second-edition game.
"""

from __future__ import annotations

from typing import Any

from gametable.games import get
from gametable.games.gwt.editions import FIRST as D
from gametable.games.gwt.state import GwtState

GAME = get("gwt")


def turn(st: GwtState):
    """The rules module ``turn`` (the same for both editions)."""
    return st.edition.turn


def refresh(st: GwtState) -> None:
    """Recompute pending decisions after a test changed the state by hand."""
    st._legal_cache = None
    st._acts = None
    turn(st).settle(st)


def scenario(players: int = 2, seed: int = 0, *, clear_trail: bool = True,
             options: dict[str, Any] | None = None, game: str = "gwt") -> GwtState:
    """A new game with empty hands, empty decks, $0 each and (by default) no hazard/teepee tiles,
    seat 0 to act in phase A. Tiles and cards taken off the board go back to the supply piles
    and the market stack, so the conservation invariants still hold."""
    st = get(game).new(players, seed, options)
    st.frames = []  # no first-turn discard (second edition): hands are set by the test
    for node, tile in enumerate(st.trail_tile):
        if clear_trail and tile is not None and st.edition.NODE_KIND[node] in ("hazard", "teepee"):
            st.piles[0].append(tile)
            st.trail_tile[node] = None
    for p in st.players:
        p.deck.extend(p.hand)
        p.hand = []
        p.money = 0
    st.current = 0
    st.phase = "A"
    st.log = []
    refresh(st)
    return st


def node(name: str) -> int:
    return D.NODE_INDEX[name]


def put_building(st: GwtState, space: str, building: str, owner: int) -> None:
    n = st.edition.NODE_INDEX[space]
    st.players[owner].buildings.remove(building)
    st.trail_tile[n] = building
    st.trail_owner[n] = owner


def put_tile(st: GwtState, space: str, tile: str) -> None:
    """Move a hazard or teepee tile from the supply onto a trail space."""
    for pile in st.piles:
        if tile in pile:
            pile.remove(tile)
            break
    else:
        raise ValueError(f"no {tile} left in the supply")
    st.trail_tile[st.edition.NODE_INDEX[space]] = tile


def give_tile(st: GwtState, seat: int, tile: str) -> None:
    """Move a hazard or teepee tile from the supply to a player."""
    for pile in st.piles:
        if tile in pile:
            pile.remove(tile)
            break
    kind = st.edition.TILE[tile]["kind"]
    (st.players[seat].hazards if kind == "hazard" else st.players[seat].teepees).append(tile)


def set_hand(st: GwtState, seat: int, cards: list[str]) -> None:
    """Give the player exactly these cards in hand, taken from their deck or the market stack."""
    p = st.players[seat]
    p.deck.extend(p.hand)
    p.hand = []
    for card in cards:
        for source in (p.deck, p.discard, st.cattle_stack, st.market, st.obj_stack, st.obj_display):
            if card in source:
                source.remove(card)
                break
        else:
            raise ValueError(f"card {card} is nowhere to be taken")
        p.hand.append(card)


def set_deck(st: GwtState, seat: int, cards: list[str]) -> None:
    """Put these cards (top card last) on the draw pile; the rest of the deck goes to the discard."""
    p = st.players[seat]
    rest = p.deck
    p.deck = []
    for card in cards:
        if card in rest:
            rest.remove(card)
        else:
            for source in (st.cattle_stack, st.market, st.obj_stack):
                if card in source:
                    source.remove(card)
                    break
            else:
                raise ValueError(f"card {card} is nowhere to be taken")
        p.deck.append(card)
    p.discard.extend(rest)


def hire_workers(st: GwtState, seat: int, cowboys: int = 1, craftsmen: int = 1, engineers: int = 1) -> None:
    """Set worker counts (printed ones included), moving tiles from the back-2 pile."""
    p = st.players[seat]
    for i, (kind, count) in enumerate(zip(st.edition.WORKER_KINDS, (cowboys, craftsmen, engineers))):
        while p.workers[i] < count:
            st.piles[1].remove(kind)
            p.workers[i] += 1
        while p.workers[i] > count:
            st.piles[1].append(kind)
            p.workers[i] -= 1


def at(st: GwtState, seat: int, space: str, *, hand: list[str] | None = None,
       money: int | None = None) -> GwtState:
    """Seat ``seat`` has just moved to ``space`` and is at the start of phase B there."""
    st.current = seat
    st.phase = "B"
    st.frames = []
    p = st.players[seat]
    p.herder = st.edition.NODE_INDEX[space]
    if hand is not None:
        set_hand(st, seat, hand)
    if money is not None:
        p.money = money
    st.log = []
    turn(st).arrive(st, seat, p.herder, fresh_after_action=False)
    refresh(st)
    return st


def act(st: GwtState, **action: Any) -> None:
    st.apply(st.current, action)


def legal(st: GwtState, kind: str | None = None) -> list[dict[str, Any]]:
    actions = st.legal_actions(st.current)
    return [a for a in actions if kind is None or a["type"] == kind]


def keys(st: GwtState) -> list[str]:
    return [e["key"] for e in st.log]


def set_market(st: GwtState, cards: list[str]) -> None:
    """The cattle market holds exactly these cards (the rest go back to the market stack)."""
    st.cattle_stack.extend(st.market)
    st.market = []
    for card in cards:
        st.cattle_stack.remove(card)
        st.market.append(card)
    st.market.sort(key=st.edition.MARKET_SORT_KEY.__getitem__)


def set_jobs(st: GwtState, rows: list[list[str]], token_row: int | None = None) -> None:
    """Job market rows (1-based row i = rows[i-1]); the token sits in ``token_row`` (1-based)."""
    for row in st.jobs:
        st.piles[1].extend(w for w in row if w is not None)
    st.jobs = [[] for _ in range(st.edition.JOB_ROWS)]
    for r, row in enumerate(rows):
        for worker in row:
            pile = st.piles[1] if worker in st.piles[1] else st.piles[2]
            pile.remove(worker)
            st.jobs[r].append(worker)
    st.token_row = (token_row if token_row is not None else len(rows)) - 1


def clear_disc(st: GwtState, seat: int, group: str, to_station: int = 0) -> None:
    """Clear a disc space by putting its disc on a station (1-based) of the railroad."""
    GROUP_INDEX = {g: i for i, g in enumerate(st.edition.DISC_GROUP_IDS)}
    st.players[seat].discs[GROUP_INDEX[group]] -= 1
    st.station_discs[to_station - 1 if to_station else 0].append(seat)


def leave_only_discs(st: GwtState, seat: int, groups: list[str]) -> None:
    """Every disc of the seat goes onto Kansas City except those of ``groups`` (disc shortage)."""
    GROUP_INDEX = {g: i for i, g in enumerate(st.edition.DISC_GROUP_IDS)}
    p = st.players[seat]
    keep = {GROUP_INDEX[g] for g in groups}
    for g in range(len(p.discs)):
        while p.discs[g] and g not in keep:
            p.discs[g] -= 1
            st.city_discs[0].append(seat)
