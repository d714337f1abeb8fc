"""What a seat sees: everything a client needs to draw the whole table, and no hidden card.

Hidden: other players' hands and everybody's draw piles (sizes only), the Kansas City piles, the
cattle and objective stacks (sizes only). A discard pile lies face up: its owner may look through
it, other players see its top card (§9.6). The shape is documented in docs/gwt-view.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from . import common as C
from . import garth

if TYPE_CHECKING:
    from .editions import Edition
    from .state import GwtState, Player


#: what other players see of a starting objective: it lies face down until the game ends (seed 001)
HIDDEN_START = "hidden_start"


def _pending(st: "GwtState") -> dict[str, Any] | None:
    ed = st.edition
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
        out["place"] = (ed.STATIONS[frame["index"]]["number"] if frame["target"] == "station"
                        else ed.CITY_IDS[frame["index"]])
    return out


def _static_node(ed: "Edition", i: int) -> dict[str, Any]:
    name = ed.NODES[i]
    node: dict[str, Any] = {"id": name, "kind": ed.NODE_KIND[i], "next": [ed.NODES[j] for j in ed.NEXT[i]]}
    if ed.NODE_KIND[i] == "private":
        node["woods"] = ed.WOODS[i]
        node["risk"] = ed.RISK[i]
    elif ed.NODE_KIND[i] == "hazard":
        node["hazard"] = ed.HAZARD_TYPE[i]
    elif ed.NODE_KIND[i] == "teepee":
        node["value"] = ed.TEEPEE_VALUE[i]
        node["off_trail"] = ed.OFF_TRAIL[i]
        if ed.TEEPEE_EXCHANGE[i]:  # second edition: outlaw space 1 pays an exchange token
            node["exchange"] = ed.TEEPEE_EXCHANGE[i]
    elif ed.NODE_KIND[i] == "neutral":
        node["letter"] = ed.NEUTRAL_LETTER[i]
    return node


def derived_tables(ed: "Edition") -> dict[str, Any]:
    """The printed board (trail and railroad topology) is the same in every view of an edition:
    it is built once here and shared by all views, which is why a view must be treated as
    read-only."""
    return {
        "VIEW_NODES": [_static_node(ed, i) for i in range(len(ed.NODES))],
        "VIEW_PRIVATE": [ed.NODE_KIND[i] == "private" for i in range(len(ed.NODES))],
        "VIEW_POSITIONS": [{"label": ed.POS_LABEL[p], "turnout": ed.IS_TURNOUT[p],
                            "station": ed.POS_STATION[p] + 1 if ed.POS_STATION[p] >= 0 else None,
                            "forward": [ed.POS_LABEL[q] for q in ed.TRACK_FORWARD[p]]}
                           for p in range(ed.NUM_POSITIONS)],
        "VIEW_CROSSES_AFTER": list(ed.CROSSES_AFTER),
        "VIEW_STATIONS": [{"number": s["number"], "position": ed.POS_LABEL[ed.STATION_POS_T[k]],
                           "cost": s["cost"], "vp": s["vp"], "corner": s["corner"],
                           "master_space": bool(s["station_master"])}
                          for k, s in enumerate(ed.STATIONS)],
        "VIEW_CITIES": [{"id": c["id"], "value": c["value"], "corner": c["corner"],
                         "repeatable": c["repeatable"], "money": c["money"], "vp": c["vp"]}
                        for c in ed.CITIES],
        "VIEW_ARROWS": [{"cities": [ed.CITY_IDS[a["cities"][0]], ed.CITY_IDS[a["cities"][1]]],
                         "objective": a["objective"], "vp": a["vp"],
                         **({"exchange": a["exchange"]} if a["exchange"] else {})}  # second edition
                        for a in ed.ARROWS],
        #: the auxiliary actions a player board has unlocked, per count of discs left on each disc
        #: group (all aux_unlocked reads): every view shows them for every player
        "VIEW_AUX_BY_DISCS": {},
    }


class ViewMemo(dict):
    """GwtState.view_memo: the parts of the views given again while unchanged (_lasting), by
    name. A cache, not the game's state: a pickled or copied state (a bot's worker process is
    sent one) starts without it."""

    __slots__ = ()

    def __reduce__(self) -> tuple[type, tuple[()]]:
        return (ViewMemo, ())


def _lasting(st: "GwtState", name: str, made_from: Any, build: "Callable[[GwtState], Any]") -> Any:
    """The part ``name`` of the views, built by ``build`` from what ``made_from`` holds: the
    very object built before for as long as that is unchanged (never to be changed, then). The
    server encodes such a part once and compares it by identity (State.lasting_view_keys)."""
    memo = st.view_memo
    known = memo.get(name)
    if known is not None and known[0] == made_from:
        return known[1]
    part = build(st)
    memo[name] = (made_from, part)
    return part


def _trail(st: "GwtState") -> list[dict[str, Any]]:
    return _lasting(st, "trail", (tuple(st.trail_tile), tuple(st.trail_owner)), _build_trail)


def _build_trail(st: "GwtState") -> list[dict[str, Any]]:
    tiles, owners = st.trail_tile, st.trail_owner
    private = st.edition.VIEW_PRIVATE
    return [{**node, "tile": tiles[i], "owner": owners[i] if owners[i] >= 0 else None} if private[i]
            else {**node, "tile": tiles[i]}
            for i, node in enumerate(st.edition.VIEW_NODES)]


def _railroad(st: "GwtState") -> dict[str, Any]:
    return _lasting(st, "railroad", (tuple(p.engine for p in st.players), tuple(map(tuple, st.station_discs)),
                                     tuple(st.station_master), tuple(st.station_worker),
                                     tuple(map(tuple, st.city_discs))), _build_railroad)


def _build_railroad(st: "GwtState") -> dict[str, Any]:
    ed = st.edition
    return {
        "positions": ed.VIEW_POSITIONS,
        "crosses_after": ed.VIEW_CROSSES_AFTER,
        "engines": [ed.POS_LABEL[p.engine] for p in st.players],
        "stations": [{**station, "discs": list(st.station_discs[k]),
                      "station_master": st.station_master[k], "worker": st.station_worker[k]}
                     for k, station in enumerate(ed.VIEW_STATIONS)],
        "cities": [{**city, "discs": list(st.city_discs[i])} for i, city in enumerate(ed.VIEW_CITIES)],
        "arrows": ed.VIEW_ARROWS,
    }


def _aux(ed: "Edition", p: "Player") -> dict[str, dict[str, bool]]:
    discs = tuple(p.discs)
    known = ed.VIEW_AUX_BY_DISCS
    if discs not in known:
        known[discs] = {str(n): {"single": C.aux_unlocked(ed, p, n, False),
                                 "double": C.aux_unlocked(ed, p, n, True)}
                        for n in ed.AUX}
    return known[discs]


def _own_player(st: "GwtState", seat: int, as_others_see_it: dict[str, Any]) -> dict[str, Any]:
    """A player as its own seat sees it: as the others do (``as_others_see_it``, whose members
    it shares), and its hand, discard pile, herd and starting objectives too."""
    p = st.players[seat]
    out = dict(as_others_see_it)
    out["objectives"] = list(p.objectives)
    out["hand"] = sorted(p.hand)
    out["discard"] = list(p.discard)
    # the draw pile is face down, but what it holds is known to its owner: the starting herd,
    # the cattle bought, less the cards removed (all of it in the log); a bot plans with it
    out["herd"] = sorted(c for c in p.all_deck_cards() if c in st.edition.CATTLE)
    del out["hand_size"]
    return out


def _player(st: "GwtState", seat: int) -> dict[str, Any]:
    """A player as the other seats (and spectators) see it: its starting objectives face down
    until the game is over."""
    ed = st.edition
    p = st.players[seat]
    out: dict[str, Any] = {
        "seat": seat,
        "money": p.money,
        "certificates": C.certificates(ed, p),
        "certificate_limit": C.cert_limit(ed, p),
        "permanent_certificates": p.perm_certs,
        "workers": dict(zip(ed.WORKER_KINDS, p.workers)),
        "discs": dict(zip(ed.DISC_GROUP_IDS, p.discs)),
        "discs_left": sum(p.discs),
        "aux": _aux(ed, p),  # (the edition's, for these discs: views are read-only)
        "step_limit": C.step_limit(st, seat),
        "hand_limit": C.hand_limit(ed, p),
        "hand_size": len(p.hand),
        "deck_size": len(p.deck),
        "discard_size": len(p.discard),
        "discard_top": p.discard[-1] if p.discard else None,
        "objectives": [HIDDEN_START if (not st.over and ed.OBJECTIVE[c]["start"]) else c
                       for c in p.objectives],
        "buildings_left": list(p.buildings),
        "hazards": list(p.hazards),
        "teepees": list(p.teepees),
        "station_masters": list(p.masters),
        "removed_cards": list(p.removed),
        "replaced_buildings": list(p.replaced),
        "herder": ed.NODES[p.herder] if p.herder >= 0 else None,
        "engine": ed.POS_LABEL[p.engine],
        "job_token": p.job_token,
        "starting_money_order": (seat - st.first_player) % st.n,
    }
    if ed.second:  # exchange tokens
        out["exchange_tokens"] = p.exchange
    return out


def build_view(st: "GwtState", seat: int | None) -> dict[str, Any]:
    return build_views(st, [seat])[seat]


def build_views(st: "GwtState", seats: "Iterable[int | None]") -> "dict[int | None, dict[str, Any]]":
    """Each seat's view; what every seat sees alike (the board, the markets, and a player as
    every other seat sees it) is built once and shared by the views (State.views)."""
    ed = st.edition
    public: dict[str, Any] = {
        "to_act": st.to_act(),
        "current": st.current,
        "phase": st.phase,
        "first_player": st.first_player,
        "options": dict(st.options),
        "building_sides": "".join(st.sides),
        "pending": _pending(st),
        "phase_b": {"location": ed.NODES[st.b_location] if st.b_location >= 0 else None,
                    "available": list(st.b_available), "local_used": st.b_local_used,
                    "aux_used": st.b_aux_used, "acted": st.b_acted},
        "kansas_city": {"visiting": st.kc_visit, "total": st.kc_total if st.kc_visit else None},
        "trail": _trail(st),
        "railroad": _railroad(st),
        "job_market": {
            "rows": [{"row": r + 1, "cost": ed.JOB_COST[r], "workers": list(st.jobs[r]),
                      "arrow": ed.JOB_ARROW_AFTER.get(r + 1)} for r in range(ed.JOB_ROWS)],
            "token_row": st.token_row + 1 if st.token_row < ed.JOB_ROWS else None,
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
    }
    simmental = ({"heifers": len(st.sim_heifers), "cows": len(st.sim_cows)}
                 if C.simmental(st) else None)  # the Heifer and Cow stacks beside Kansas City (second edition)
    garth_board = garth.view_of(st) if st.garth else None  # Garth's seats: its board and revealed cards
    # a player as another seat sees it is the same for every such seat
    others = [None] * st.n
    views = {}
    for seat in seats:
        players = []
        for s in range(st.n):
            if others[s] is None:
                others[s] = _player(st, s)
            players.append(_own_player(st, s, others[s]) if s == seat else others[s])
        view = {"game": ed.name, "seat": seat, **public, "players": players, "log": st.visible_log(seat)}
        if simmental is not None:
            view["simmental"] = simmental
        if garth_board is not None:
            view["garth"] = garth_board
        if st.over:
            view["result"] = st.result_cache
        views[seat] = view
    return views
