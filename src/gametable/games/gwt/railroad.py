"""The railroad: engine moves, station upgrades, discs, transport costs, cities (§6, §9.1)."""

from __future__ import annotations

from functools import lru_cache, partial
from typing import TYPE_CHECKING, Any

from . import common as C

if TYPE_CHECKING:
    from .editions import Edition
    from .state import GwtState


def derived_tables(ed: "Edition") -> dict[str, Any]:
    return {
        "HAND_DISC_COST": ed.DISC_GROUP["hand"]["pay_money"],
        "WHITE_GROUPS": frozenset(g for g, spec in enumerate(ed.DISC_GROUPS) if spec["corner"] == "white"),
        # The targets depend only on the edition's track, the engine's position, the other
        # engines' (``occupied``) and the distance, and every phase B free point asks for them
        # (the auxiliary actions 3-5): computed once per case, in a cache of the edition's own
        # (an edition in the cache's key made every look-up 50% dearer)
        "FORWARD_FROM": lru_cache(maxsize=8192)(partial(_forward_from, ed.TRACK_FORWARD, ed.POS_ORDER)),
        "BACKWARD_FROM": lru_cache(maxsize=8192)(partial(_backward_from, ed.TRACK_BACK, ed.POS_ORDER)),
    }


def occupied(st: "GwtState", seat: int) -> frozenset[int]:
    """Positions holding another engine; space 0 is shared and never blocks (§6.1)."""
    me = st.players[seat]
    occ = []  # a plain loop: a comprehension is a call of its own (every phase B free point asks)
    for p in st.players:
        if p is not me and p.engine != 0:
            occ.append(p.engine)
    return frozenset(occ)


def _one_step(frontier: set[int], links: tuple[tuple[int, ...], ...], occ: frozenset[int]) -> set[int]:
    """Positions one counted step on; an occupied position is passed without counting."""
    out: set[int] = set()
    todo = list(frontier)
    while todo:
        p = todo.pop()
        for q in links[p]:
            if q in occ:
                todo.append(q)
            else:
                out.add(q)
    return out


def forward_targets(st: "GwtState", seat: int, up_to: int) -> tuple[int, ...]:
    """Where the engine can stop moving 1..up_to counted spaces forward (a cached tuple)."""
    return st.edition.FORWARD_FROM(st.players[seat].engine, occupied(st, seat), up_to)


def backward_targets(st: "GwtState", seat: int, exactly: int | None) -> tuple[int, ...]:
    """Where the engine can stop moving exactly ``exactly`` spaces back (None: any number >= 1;
    a cached tuple)."""
    return st.edition.BACKWARD_FROM(st.players[seat].engine, occupied(st, seat), exactly)

def _forward_from(links: tuple, order: tuple, start: int, occ: frozenset[int], up_to: int) -> tuple[int, ...]:
    """Where an engine on ``start`` can stop 1..up_to counted spaces forward (ed.FORWARD_FROM)."""
    frontier = {start}
    reached: set[int] = set()
    for _ in range(up_to):
        frontier = _one_step(frontier, links, occ)
        if not frontier:
            break
        reached |= frontier
    return tuple(sorted(reached, key=order.__getitem__))


def _backward_from(links: tuple, order: tuple, start: int, occ: frozenset[int],
                   exactly: int | None) -> tuple[int, ...]:
    """Where an engine on ``start`` can stop ``exactly`` spaces back, None: any number >= 1
    (ed.BACKWARD_FROM)."""
    frontier = {start}
    reached: set[int] = set()
    steps = 0
    while frontier:
        frontier = _one_step(frontier, links, occ)
        steps += 1
        if exactly is None:
            reached |= frontier
        elif steps == exactly:
            reached = frontier
            break
    return tuple(sorted(reached, key=order.__getitem__))


def back_distance(st: "GwtState", seat: int, start: int, target: int) -> int:
    """Spaces moved back, turnouts and other engines' spaces not counted (building 9a, §4)."""
    ed = st.edition
    occ = occupied(st, seat)
    low, high = ed.POS_ORDER[target], ed.POS_ORDER[start]
    return sum(1 for m in range(ed.LAST_SPACE + 1)
               if low <= 2 * m < high and m not in occ)


def transport_cost(ed: "Edition", position: int, city_value: int) -> int:
    """Crosses from the engine up to the city (a turnout counts as the space after it, §6.1)."""
    start = ed.POS_TRANSPORT[position]
    return sum(1 for k in ed.CROSSES_AFTER if start <= k < city_value)


def place_note(ed: "Edition", position: int) -> dict[str, Any]:
    """A railroad position as the printed track shows it, for the log and the terminal: a
    numbered space, or a station's turnout (its label "7.5" is no number a player sees)."""
    station = ed.POS_STATION[position]
    if "." in ed.POS_LABEL[position] and station >= 0:
        return {"key": "gwt.terminal.place_turnout", "station": station + 1}
    return {"key": "gwt.terminal.place_space", "space": int(ed.POS_LABEL[position])}


def move_engine(st: "GwtState", seat: int, target: int) -> None:
    """Move and queue what stopping there allows: a station upgrade, the space-39 rule."""
    ed = st.edition
    player = st.players[seat]
    before = player.engine
    player.engine = target
    st.say("engine_moved", seat=seat, frm=place_note(ed, before), to=place_note(ed, target))
    if target == ed.LAST_SPACE:
        st.frames.append({"kind": "end_of_track"})
    station = ed.POS_STATION[target]
    if station >= 0:
        st.frames.append({"kind": "upgrade", "station": station})


# ------------------------------------------------------------------------------- discs
def disc_groups_for(st: "GwtState", seat: int, corner: str, money: int) -> list[int]:
    """Disc groups a disc may be taken from for a space with this corner colour (§6.2, §9.1).

    White-corner discs go anywhere, black-corner ones only on black spaces; if a white space must
    be filled and only black discs are left, a black one may be used. Hand-limit discs cost $5.
    """
    ed = st.edition
    hand = ed.G_HAND
    usable = [g for g, left in enumerate(st.players[seat].discs)
              if left and (g != hand or money >= ed.HAND_DISC_COST)]
    if corner == "black":
        return usable
    white = [g for g in usable if g in ed.WHITE_GROUPS]
    return white or usable


def clear_disc(st: "GwtState", seat: int, group: int) -> None:
    """Take a disc off the player board and apply what clearing that space does at once."""
    ed = st.edition
    player = st.players[seat]
    player.discs[group] -= 1
    spec = ed.DISC_GROUPS[group]
    st.say("disc_cleared", seat=seat, group=spec["group"])
    if spec.get("gain_money"):
        C.gain(st, seat, spec["gain_money"], "disc_step")
    if spec.get("pay_money"):
        C.pay(st, seat, spec["pay_money"], "disc_hand")


def can_upgrade(st: "GwtState", seat: int, station: int) -> bool:
    ed = st.edition
    if seat in st.station_discs[station]:
        return False
    spec = ed.STATIONS[station]
    money = st.players[seat].money
    if money < spec["cost"]:
        return False
    if disc_groups_for(st, seat, spec["corner"], money - spec["cost"]):
        return True
    # the second edition's rulebook, "General notes and special cases": with no usable disc, one
    # comes back from another station, as for a delivery (the first edition: no upgrade)
    return ed.second and any(seat in seats for seats in st.station_discs)


def upgrade(st: "GwtState", seat: int, station: int) -> None:
    """Pay for the station; the disc choice follows as a decision (§6.2)."""
    ed = st.edition
    spec = ed.STATIONS[station]
    C.pay(st, seat, spec["cost"], "station_upgrade")
    st.say("station_upgraded", seat=seat, station=station + 1)
    st.frames.append({"kind": "disc", "target": "station", "index": station})


def disc_actions(st: "GwtState", seat: int, frame: dict[str, Any]) -> list[dict[str, Any]]:
    ed = st.edition
    if frame["target"] == "station":
        corner = ed.STATIONS[frame["index"]]["corner"]
    else:
        corner = ed.CITIES[frame["index"]]["corner"]
    money = st.players[seat].money
    groups = disc_groups_for(st, seat, corner, money)
    acts = [{"type": "disc", "group": ed.DISC_GROUP_IDS[g]} for g in groups]
    if not acts and (frame["target"] == "city" or ed.second):  # the second edition: upgrades too
        # Disc shortage (§6.3): take one back from a train station (the second edition also when
        # upgrading a station; never the one being upgraded, which holds no disc of the seat yet).
        acts = [{"type": "disc_from_station", "station": k + 1}
                for k, seats in enumerate(st.station_discs) if seat in seats]
    return acts


def apply_disc(st: "GwtState", seat: int, frame: dict[str, Any], action: dict[str, Any]) -> None:
    if action["type"] == "disc":
        clear_disc(st, seat, st.edition.GROUP_INDEX[action["group"]])
    else:
        station = action["station"] - 1
        st.station_discs[station].remove(seat)
        st.say("disc_taken_back", seat=seat, station=station + 1)
    index = frame["index"]
    if frame["target"] == "station":
        st.station_discs[index].append(seat)
        if st.station_master[index] is not None:
            st.frames.append({"kind": "master", "station": index})
    else:
        place_city_disc(st, seat, index)


def place_city_disc(st: "GwtState", seat: int, city: int) -> None:
    """The disc lands on the city: money printed there, city-pair arrows (§6.3)."""
    ed = st.edition
    st.city_discs[city].append(seat)
    spec = ed.CITIES[city]
    st.say("city_disc", seat=seat, city=spec["id"])
    if spec["money"]:
        C.gain(st, seat, spec["money"], "city_" + spec["id"])
    for arrow in ed.ARROWS:
        a, b = arrow["cities"]
        other = b if a == city else a if b == city else -1
        if other < 0 or seat not in st.city_discs[other]:
            continue
        st.say("arrow_completed", seat=seat, cities=[ed.CITY_IDS[a], ed.CITY_IDS[b]], vp=arrow["vp"])
        C.gain_exchange_tokens(st, seat, arrow["exchange"], "arrow")
        if arrow["objective"]:
            st.frames.append({"kind": "effect", "src": "arrow", "optional": False,
                              "options": [{"effect": "take_objective"}]})


# --------------------------------------------------------------------------- station masters
def master_actions(st: "GwtState", seat: int, frame: dict[str, Any]) -> list[dict[str, Any]]:
    """Give up the rightmost hired worker of a row (never a printed one) for the tile (§6.2)."""
    ed = st.edition
    if st.station_master[frame["station"]] is None:
        return []
    workers = st.players[seat].workers
    acts = [{"type": "station_master", "worker": kind}
            for i, kind in enumerate(ed.WORKER_KINDS) if workers[i] >= 2]
    return acts + [{"type": "skip"}] if acts else []


def apply_master(st: "GwtState", seat: int, frame: dict[str, Any], action: dict[str, Any]) -> None:
    ed = st.edition
    station = frame["station"]
    kind = action["worker"]
    player = st.players[seat]
    player.workers[ed.WORKER_INDEX[kind]] -= 1
    master = st.station_master[station]
    st.station_master[station] = None
    st.station_worker[station] = kind
    player.masters.append(master)
    st.say("station_master_taken", seat=seat, master=master, worker=kind, station=station + 1)
    st.frames.append({"kind": "effect", "src": "master/" + master, "optional": True,
                      "options": [dict(o) for o in ed.STATION_MASTER[master]["immediate"]]})


def end_of_track_actions(st: "GwtState", seat: int) -> list[dict[str, Any]]:
    ed = st.edition
    return [{"type": "end_of_track", "to": ed.POS_LABEL[p]} for p in backward_targets(st, seat, None)]


def apply_end_of_track(st: "GwtState", seat: int, action: dict[str, Any]) -> None:
    """Space 39: move back at least one space and gain $3 (§6.1)."""
    ed = st.edition
    target = ed.POS_BY_LABEL[action["to"]]
    C.gain(st, seat, ed.END_OF_TRACK_MONEY, "end_of_track")
    move_engine(st, seat, target)
