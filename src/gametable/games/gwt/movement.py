"""Phase A: the herder's paths along the trail, and the fees for hand icons (§5.1, §2.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

if TYPE_CHECKING:
    from .editions import Edition
    from .state import GwtState

#: the kinds of trail space whose tile may show hand icons (tile_hand_icons)
_CHARGING = frozenset({"private", "hazard", "teepee"})


def derived_tables(ed: "Edition") -> dict[str, Any]:
    """What a move reads of the trail, prepared once: see _chains, fee_at."""
    return {
        "TRAIL_RUNS": _chains(ed.NEXT, ed.KANSAS_CITY),
        #: each node's name as a 1-tuple, to lengthen a path with
        "NAME_TUPLES": tuple((name,) for name in ed.NODES),
        #: the trail nodes whose tile may charge a fee (move_herder looks up fees only there)
        "CHARGING_NODES": frozenset(n for n, kind in enumerate(ed.NODE_KIND) if kind in _CHARGING),
        "PRIVATE_NODES": frozenset(n for n, kind in enumerate(ed.NODE_KIND) if kind == "private"),
        #: per player count, what the hand icons of each tile that can charge a fee cost (private
        #: buildings charge others than their owner, hazards and teepees everybody:
        #: tile_hand_icons), read at every move
        "TILE_FEES": {n: {tile: fee_of_icons(ed, tile_hand_icons(ed, tile, kind, None, -1)[0], n)
                          for tile, kind in [(b, "private") for b, spec in ed.BUILDING.items()
                                             if spec["kind"] == "private"]
                          + [(t, spec["kind"]) for t, spec in ed.TILE.items()
                             if spec["kind"] in ("hazard", "teepee")]}
                      for n in ed.FEES},
    }


def is_location(st: "GwtState", node: int) -> bool:
    return node == st.edition.KANSAS_CITY or st.trail_tile[node] is not None


def paths(st: "GwtState", start: int, limit: int, allow_kc: bool = True) -> Iterable[tuple[str, ...]]:
    """Every distinct list of locations a herder can pass through, ending on a location, each as
    the tuple of its node names (a move action holds them as a list: a node has one name, so the
    walk collects names, with no second pass to convert them), in the order a move lists them.

    Only locations count as steps; empty spaces are crossed for free; Kansas City ends a move.
    """
    found: dict[tuple[str, ...], None] = {}
    if limit >= 1:
        ed = st.edition
        _walk(st.trail_tile, ed.TRAIL_RUNS, ed.NAME_TUPLES, ed.KANSAS_CITY, start, (), 0, limit,
              allow_kc, found)
    return found  # its keys, in insertion order (two branches may lead to the same names)


def _chains(nexts: tuple[tuple[int, ...], ...], kansas_city: int) -> tuple:
    """Per trail node, each way on from it as the run of nodes up to the next fork or the trail's
    end (a node with other than one way on, included), or up to Kansas City (left out, and said):
    the walk goes along a run in a loop and calls itself only at forks."""
    out = []
    for node in range(len(nexts)):
        runs = []
        for nxt in nexts[node]:
            run = [nxt]
            while run[-1] != kansas_city and len(nexts[run[-1]]) == 1:
                run.append(nexts[run[-1]][0])
            to_kc = run[-1] == kansas_city
            runs.append((tuple(run[:-1] if to_kc else run), to_kc))
        out.append(tuple(runs))
    return tuple(out)


def _walk(tiles: list, runs: tuple, names: tuple, kc: int, node: int, path: tuple[str, ...],
          steps: int, limit: int, allow_kc: bool, found: dict[tuple[str, ...], None]) -> None:
    """paths' depth-first walk, adding to ``found`` in the order a move lists them. A function of
    its own, not a closure: a closure that calls itself is a reference cycle, garbage that only
    the cyclic collector frees (the server runs it rarely, gametable.server.collector)."""
    for run, to_kc in runs[node]:
        longer, taken = path, steps
        for nxt in run:
            if tiles[nxt] is not None:  # a location: one more step (empty spaces are free)
                longer += names[nxt]
                found[longer] = None
                taken += 1
                if taken >= limit:
                    break
        else:  # with steps to spare at the end of the run: Kansas City, or a fork to go on from
            if to_kc:
                if allow_kc:
                    found[longer + names[kc]] = None
            else:
                _walk(tiles, runs, names, kc, run[-1], longer, taken, limit, allow_kc, found)


def hand_icons(st: "GwtState", seat: int, node: int) -> tuple[tuple[str, ...], int | None]:
    """Hand icons charging ``seat`` at ``node``, and who is paid (None = the bank)."""
    ed = st.edition
    if node == ed.KANSAS_CITY:
        return (), None
    return tile_hand_icons(ed, st.trail_tile[node], ed.NODE_KIND[node], st.trail_owner[node], seat)


def tile_hand_icons(ed: "Edition", tile: str | None, kind: str, owner: int | None,
                    seat: int) -> tuple[tuple[str, ...], int | None]:
    """Hand icons of a trail space holding ``tile`` (of ``kind``, owned by ``owner``) for
    ``seat``, and who is paid; the views carry the same three facts, so the terminal's move
    descriptions price a path with this too."""
    if tile is None:
        return (), None
    if kind == "private":
        if owner == seat:
            return (), None
        return ed.BUILDING[tile]["hands"], owner
    if kind in ("hazard", "teepee"):
        return (ed.TILE[tile]["hand"],), None
    return (), None


def fee_of_icons(ed: "Edition", hands: tuple[str, ...], num_players: int) -> int:
    """What the hand icons cost at a table of ``num_players`` (§2.4)."""
    table = ed.FEES[num_players]
    return sum(table[h] for h in hands)


def fee_at(st: "GwtState", seat: int, node: int) -> tuple[int, int | None]:
    """The fee ``seat`` owes for the hand icons at ``node`` and who is paid (None: the bank), as
    tile_hand_icons and fee_of_icons tell it, from the table above. It restates their owner rule
    rather than calling them: every move asks here, and the call cost random play 1-3%
    (bench/engine_throughput.py --compare); a test checks that the two always agree."""
    tile = st.trail_tile[node]
    ed = st.edition
    if tile is None or node not in ed.CHARGING_NODES:
        return 0, None
    fee = ed.TILE_FEES[st.n][tile]
    if node not in ed.PRIVATE_NODES:
        return fee, None
    owner = st.trail_owner[node]
    return (fee, owner) if fee and owner != seat else (0, None)


def move_herder(st: "GwtState", seat: int, names: list[str], fees: bool) -> None:
    """Walk the path (node names, as a move action holds it), paying each fee in turn (what one
    can when short, never later)."""
    ed = st.edition
    player = st.players[seat]
    index = ed.NODE_INDEX
    if fees:
        tiles = st.trail_tile
        charging = ed.CHARGING_NODES
        for name in names:
            node = index[name]
            if node not in charging or tiles[node] is None:
                continue  # no hand icons there: fee_at would say 0
            amount, payee = fee_at(st, seat, node)
            if amount == 0:
                continue
            paid = min(amount, player.money)
            if paid == 0:
                st.say("fee_unpaid", seat=seat, amount=amount, space=name)
                continue
            player.money -= paid
            if payee is None:
                st.say("fee_to_bank", seat=seat, amount=paid, owed=amount, space=name)
            else:
                st.players[payee].money += paid
                st.say("fee_to_player", seat=seat, to_seat=payee, amount=paid, owed=amount,
                       space=name)
    player.herder = index[names[-1]]
    st.say("herder_moved", seat=seat, path=list(names), fees=fees)
