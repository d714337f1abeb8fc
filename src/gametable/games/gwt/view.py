"""What a seat sees: everything a client needs to draw the whole table, and no hidden card.

Hidden: other players' hands and everybody's draw piles (sizes only), the Kansas City piles, the
cattle and objective stacks (sizes only). A discard pile lies face up: its owner may look through
it, other players see its top card (§9.6). The shape is documented in docs/gwt-view.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import common as C
from . import data as D

if TYPE_CHECKING:
    from .state import GwtState, Player


#: what other players see of a starting objective: it lies face down until the game ends (seed 001)
HIDDEN_START = "hidden_start"


def _pending(st: "GwtState") -> dict[str, Any] | None:
    if not st.frames:
        return None
    frame = st.frames[-1]
    out: dict[str, Any] = {"kind": frame["kind"]}
    for key in ("src", "count", "cowboys", "max_value", "extraordinary", "optional", "double"):
        if key in frame:
            out[key] = frame[key]
    if "column" in frame:  # numbered from 1, as the board, the choices and the log number it
        out["column"] = frame["column"] + 1
    if "station" in frame:
        out["station"] = frame["station"] + 1
    if frame["kind"] == "disc":
        out["target"] = frame["target"]
        out["place"] = (D.STATIONS[frame["index"]]["number"] if frame["target"] == "station"
                        else D.CITY_IDS[frame["index"]])
    return out


def _static_node(i: int) -> dict[str, Any]:
    name = D.NODES[i]
    node: dict[str, Any] = {"id": name, "kind": D.NODE_KIND[i], "next": [D.NODES[j] for j in D.NEXT[i]]}
    if D.NODE_KIND[i] == "private":
        node["woods"] = D.WOODS[i]
        node["risk"] = D.RISK[i]
    elif D.NODE_KIND[i] == "hazard":
        node["hazard"] = D.HAZARD_TYPE[i]
    elif D.NODE_KIND[i] == "teepee":
        node["value"] = D.TEEPEE_VALUE[i]
        node["off_trail"] = D.OFF_TRAIL[i]
        if D.TEEPEE_EXCHANGE[i]:  # second edition: outlaw space 1 pays an exchange token
            node["exchange"] = D.TEEPEE_EXCHANGE[i]
    elif D.NODE_KIND[i] == "neutral":
        node["letter"] = D.NEUTRAL_LETTER[i]
    return node


# The printed board (trail and railroad topology) is the same in every view: it is built once
# here and shared by all views, which is why a view must be treated as read-only.
_NODES = [_static_node(i) for i in range(len(D.NODES))]
_PRIVATE = [D.NODE_KIND[i] == "private" for i in range(len(D.NODES))]
_POSITIONS = [{"label": D.POS_LABEL[p], "turnout": D.IS_TURNOUT[p],
               "station": D.POS_STATION[p] + 1 if D.POS_STATION[p] >= 0 else None,
               "forward": [D.POS_LABEL[q] for q in D.TRACK_FORWARD[p]]}
              for p in range(D.NUM_POSITIONS)]
_CROSSES_AFTER = list(D.CROSSES_AFTER)
_STATIONS = [{"number": s["number"], "position": D.POS_LABEL[D.STATION_POS_T[k]], "cost": s["cost"],
              "vp": s["vp"], "corner": s["corner"], "master_space": bool(s["station_master"])}
             for k, s in enumerate(D.STATIONS)]
_CITIES = [{"id": c["id"], "value": c["value"], "corner": c["corner"], "repeatable": c["repeatable"],
            "money": c["money"], "vp": c["vp"]} for c in D.CITIES]
_ARROWS = [{"cities": [D.CITY_IDS[a["cities"][0]], D.CITY_IDS[a["cities"][1]]],
            "objective": a["objective"], "vp": a["vp"],
            **({"exchange": a["exchange"]} if a["exchange"] else {})}  # second edition
           for a in D.ARROWS]


def _trail(st: "GwtState") -> list[dict[str, Any]]:
    tiles, owners = st.trail_tile, st.trail_owner
    return [{**node, "tile": tiles[i], "owner": owners[i] if owners[i] >= 0 else None} if _PRIVATE[i]
            else {**node, "tile": tiles[i]}
            for i, node in enumerate(_NODES)]


def _railroad(st: "GwtState") -> dict[str, Any]:
    return {
        "positions": _POSITIONS,
        "crosses_after": _CROSSES_AFTER,
        "engines": [D.POS_LABEL[p.engine] for p in st.players],
        "stations": [{**station, "discs": list(st.station_discs[k]),
                      "station_master": st.station_master[k], "worker": st.station_worker[k]}
                     for k, station in enumerate(_STATIONS)],
        "cities": [{**city, "discs": list(st.city_discs[i])} for i, city in enumerate(_CITIES)],
        "arrows": _ARROWS,
    }


#: the auxiliary actions a player board has unlocked, per count of discs left on each disc group
#: (all aux_unlocked reads): every view shows them for every player
_AUX_BY_DISCS: dict[tuple[int, ...], dict[str, dict[str, bool]]] = {}


def _aux(p: "Player") -> dict[str, dict[str, bool]]:
    discs = tuple(p.discs)
    if discs not in _AUX_BY_DISCS:
        _AUX_BY_DISCS[discs] = {str(n): {"single": C.aux_unlocked(p, n, False), "double": C.aux_unlocked(p, n, True)}
                                for n in D.AUX}
    return _AUX_BY_DISCS[discs]


def _player(st: "GwtState", seat: int, viewer: int | None) -> dict[str, Any]:
    p = st.players[seat]
    out: dict[str, Any] = {
        "seat": seat,
        "money": p.money,
        "certificates": C.certificates(p),
        "certificate_limit": C.cert_limit(p),
        "permanent_certificates": p.perm_certs,
        "workers": dict(zip(D.WORKER_KINDS, p.workers)),
        "discs": dict(zip(D.DISC_GROUP_IDS, p.discs)),
        "discs_left": sum(p.discs),
        "aux": {n: dict(sides) for n, sides in _aux(p).items()},
        "step_limit": C.step_limit(st, seat),
        "hand_limit": C.hand_limit(p),
        "hand_size": len(p.hand),
        "deck_size": len(p.deck),
        "discard_size": len(p.discard),
        "discard_top": p.discard[-1] if p.discard else None,
        "objectives": [HIDDEN_START if (seat != viewer and not st.over and D.OBJECTIVE[c]["start"]) else c
                       for c in p.objectives],
        "buildings_left": list(p.buildings),
        "hazards": list(p.hazards),
        "teepees": list(p.teepees),
        "station_masters": list(p.masters),
        "removed_cards": list(p.removed),
        "replaced_buildings": list(p.replaced),
        "herder": D.NODES[p.herder] if p.herder >= 0 else None,
        "engine": D.POS_LABEL[p.engine],
        "job_token": p.job_token,
        "starting_money_order": (seat - st.first_player) % st.n,
    }
    if "exchange" in D.EXTRA_PLAYER_FIELDS:  # second edition
        out["exchange_tokens"] = p.exchange
    if seat == viewer:
        out["hand"] = sorted(p.hand)
        out["discard"] = list(p.discard)
        # the draw pile is face down, but what it holds is known to its owner: the starting herd,
        # the cattle bought, less the cards removed (all of it in the log); a bot plans with it
        out["herd"] = sorted(c for c in p.all_deck_cards() if c in D.CATTLE)
        del out["hand_size"]
    return out


def build_view(st: "GwtState", seat: int | None) -> dict[str, Any]:
    view: dict[str, Any] = {
        "game": D.GAME_NAME,
        "seat": seat,
        "to_act": st.to_act(),
        "current": st.current,
        "phase": st.phase,
        "first_player": st.first_player,
        "options": dict(st.options),
        "building_sides": "".join(st.sides),
        "pending": _pending(st),
        "phase_b": {"location": D.NODES[st.b_location] if st.b_location >= 0 else None,
                    "available": list(st.b_available), "local_used": st.b_local_used,
                    "aux_used": st.b_aux_used, "acted": st.b_acted},
        "kansas_city": {"visiting": st.kc_visit, "total": st.kc_total if st.kc_visit else None},
        "trail": _trail(st),
        "railroad": _railroad(st),
        "job_market": {
            "rows": [{"row": r + 1, "cost": D.JOB_COST[r], "workers": list(st.jobs[r]),
                      "arrow": D.JOB_ARROW_AFTER.get(r + 1)} for r in range(D.JOB_ROWS)],
            "token_row": st.token_row + 1 if st.token_row < D.JOB_ROWS else None,
            "columns": st.n,
        },
        "foresight": [list(col) for col in st.foresight],
        "kansas_city_supply": [len(p) for p in st.piles],
        "cattle_market": {"cards": list(st.market), "stack_size": len(st.cattle_stack),
                          "size": C.market_size(st)},
        "objective_cards": {"display": list(st.obj_display), "stack_size": len(st.obj_stack)},
        "out_of_game": list(st.out_of_game),
        "end_triggered": st.end_triggered,
        "final_turns_left": st.final_turns,
        "players": [_player(st, s, seat) for s in range(st.n)],
        "log": st.visible_log(seat),
    }
    if C.simmental(st):  # the Heifer and Cow stacks beside Kansas City (second edition)
        view["simmental"] = {"heifers": len(st.sim_heifers), "cows": len(st.sim_cows)}
    if st.over:
        view["result"] = st.result_cache
    return view
