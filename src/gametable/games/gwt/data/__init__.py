"""Components of Great Western Trail, read from TOML files into plain Python structures.

The TOML files are written to be checked by a person against the physical game; ``read_tables``
turns them into structures the rules code can index quickly (tuples and dicts keyed by small
integers or ids). Nothing it returns changes afterwards.

The first edition's tables lie beside this module; the second edition's own folder,
``second_edition/``, holds only the tables it prints differently, and is read first, so every other
table is the first edition's (gametable/games/gwt/editions.py builds one ``Edition`` from each).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from types import MappingProxyType
from typing import Any, Sequence

#: the first edition's tables
FIRST_EDITION = Path(__file__).parent
#: the tables the second edition prints differently
SECOND_EDITION = FIRST_EDITION / "second_edition"


def _freeze_spec(spec: dict[str, Any]) -> MappingProxyType:
    return MappingProxyType(dict(spec))


def read_tables(folders: Sequence[Path]) -> dict[str, Any]:
    """Every table of one edition by name (``NODES``, ``BUILDING``, ...), each TOML file looked up
    in ``folders`` in order."""

    def _load(name: str, optional: bool = False) -> dict[str, Any]:
        path = next((f / f"{name}.toml" for f in folders if (f / f"{name}.toml").exists()), None)
        if path is None and optional:
            return {}
        with path.open("rb") as handle:
            return tomllib.load(handle)

    # ------------------------------------------------------------------------------------------ trail
    _trail = _load("trail")

    NODES: tuple[str, ...] = tuple(_trail["node"])
    NODE_INDEX: dict[str, int] = {name: i for i, name in enumerate(NODES)}
    NODE_KIND: tuple[str, ...] = tuple(_trail["node"][n]["kind"] for n in NODES)
    NEXT: tuple[tuple[int, ...], ...] = tuple(
        tuple(NODE_INDEX[m] for m in _trail["node"][n]["next"]) for n in NODES
    )
    PREV: tuple[tuple[int, ...], ...] = tuple(
        tuple(i for i in range(len(NODES)) if j in NEXT[i]) for j in range(len(NODES))
    )
    WOODS: tuple[bool, ...] = tuple(bool(_trail["node"][n].get("woods")) for n in NODES)
    RISK_SPECS: dict[str, MappingProxyType] = {k: _freeze_spec(v) for k, v in _trail["risk"].items()}
    RISK: tuple[str | None, ...] = tuple(_trail["node"][n].get("risk") for n in NODES)
    HAZARD_TYPE: tuple[str | None, ...] = tuple(_trail["node"][n].get("hazard") for n in NODES)
    TEEPEE_VALUE: tuple[int | None, ...] = tuple(_trail["node"][n].get("value") for n in NODES)
    #: exchange tokens gained by collecting the tile of this space (second edition, outlaw space 1)
    TEEPEE_EXCHANGE: tuple[int, ...] = tuple(_trail["node"][n].get("exchange", 0) for n in NODES)
    OFF_TRAIL: tuple[bool, ...] = tuple(bool(_trail["node"][n].get("off_trail")) for n in NODES)
    START = NODE_INDEX["START"]
    KANSAS_CITY = NODE_INDEX["KANSAS_CITY"]
    NEUTRAL_SPACES: tuple[int, ...] = tuple(i for i, k in enumerate(NODE_KIND) if k == "neutral")
    NEUTRAL_LETTER: dict[int, str] = {i: _trail["node"][NODES[i]]["letter"] for i in NEUTRAL_SPACES}
    PRIVATE_SPACES: tuple[int, ...] = tuple(i for i, k in enumerate(NODE_KIND) if k == "private")
    HAZARD_SPACES: dict[str, tuple[int, ...]] = {}
    for _i, _k in enumerate(NODE_KIND):
        if _k == "hazard":
            HAZARD_SPACES.setdefault(HAZARD_TYPE[_i], ())
    for _t in HAZARD_SPACES:
        HAZARD_SPACES[_t] = tuple(sorted((i for i in range(len(NODES)) if HAZARD_TYPE[i] == _t),
                                         key=lambda i: _trail["node"][NODES[i]]["number"]))
    ALL_HAZARD_SPACES: tuple[int, ...] = tuple(i for i, k in enumerate(NODE_KIND) if k == "hazard")
    TEEPEE_FILL: tuple[int, ...] = tuple(NODE_INDEX[n] for n in _trail["teepee_region"]["fill_order"])

    # ------------------------------------------------------------------------------------------ tiles
    _kc = _load("kansas_city")
    TILE: dict[str, MappingProxyType] = {k: _freeze_spec(v) for k, v in _kc["tile"].items()}
    PILES: tuple[tuple[str, ...], ...] = tuple(
        tuple(tile for tile, count in _kc["pile"][str(back)].items() for _ in range(count))
        for back in (1, 2, 3)
    )
    TOTAL_TILES = sum(len(p) for p in PILES)
    INITIAL_TRAIL_TILES: int = _kc["setup"]["initial_trail_tiles"]
    FORESIGHT_PER_COLUMN: int = _kc["setup"]["foresight_per_column"]
    WORKER_KINDS: tuple[str, ...] = ("cowboy", "craftsman", "engineer")
    WORKER_INDEX = {w: i for i, w in enumerate(WORKER_KINDS)}


    def tile_kind(tile: str) -> str:
        return TILE[tile]["kind"]


    # ------------------------------------------------------------------------------------------ cards
    _cattle = _load("cattle")
    CATTLE: dict[str, MappingProxyType] = {}
    STARTING_HERD: tuple[str, ...] = ()
    MARKET_CATTLE: tuple[str, ...] = ()
    for _row in _cattle["starting"]:
        CATTLE[_row["id"]] = _freeze_spec({k: v for k, v in _row.items() if k != "copies"})
        STARTING_HERD += (_row["id"],) * _row["copies"]
    for _row in _cattle["market"]:
        CATTLE[_row["id"]] = _freeze_spec({k: v for k, v in _row.items() if k != "copies"})
        MARKET_CATTLE += (_row["id"],) * _row["copies"]
    # ------------------------------------------------------------------ Simmental (second edition only)
    _simmental = _load("simmental", optional=True)
    SIMMENTAL_CARDS: tuple[str, ...] = ()
    for _row in _simmental.get("card", ()):
        CATTLE[_row["id"]] = _freeze_spec({k: v for k, v in _row.items() if k not in ("copies", "upgrades_to")})
        SIMMENTAL_CARDS += (_row["id"],) * _row["copies"]
    SIMMENTAL_CALF: str | None = _simmental["card"][0]["id"] if _simmental else None
    #: a Calf becomes a Heifer, a Heifer a Cow (Kansas City, after income)
    SIMMENTAL_UPGRADE: dict[str, str] = {r["id"]: r["upgrades_to"] for r in _simmental.get("card", ())
                                         if "upgrades_to" in r}
    SIMMENTAL_MARKET_SIZE: dict[int, int] = {int(k): v for k, v in _simmental.get("market_size", {}).items()}

    #: market display order: orange (Simmental, second edition) far left, then the printed order
    COLOUR_ORDER = (("orange",) if SIMMENTAL_CARDS else ()) + ("yellow", "red", "blue", "brown", "purple")
    #: market display order: by colour, then by VP
    MARKET_SORT_KEY: dict[str, tuple[int, int]] = {
        c: (COLOUR_ORDER.index(CATTLE[c]["colour"]), CATTLE[c]["vp"]) for c in CATTLE
        if CATTLE[c]["colour"] in COLOUR_ORDER
    }
    MARKET_SIZE: dict[int, int] = {int(k): v for k, v in _cattle["market_size"].items()}
    PURCHASES: tuple[MappingProxyType, ...] = tuple(
        _freeze_spec(p) for p in _cattle["purchase"] + _simmental.get("purchase", []))
    DRAW_INTO_MARKET: MappingProxyType = _freeze_spec(_cattle["draw_into_market"])
    BREED: dict[str, str] = {c: CATTLE[c]["breed"] for c in CATTLE}
    BREEDING_VALUE: dict[str, int] = {c: CATTLE[c]["value"] for c in CATTLE}

    _objectives = _load("objectives")
    OBJECTIVE: dict[str, MappingProxyType] = {}
    for _row in _objectives["objective"]:
        OBJECTIVE[_row["id"]] = _freeze_spec({
            "id": _row["id"],
            "start": bool(_row.get("start")),
            "tasks": tuple(_row["tasks"]),
            "vp": _row["vp"],
            "penalty": _row["penalty"],
            "immediate": tuple(_freeze_spec(s) for s in _row.get("immediate", ())),
        })
    STARTING_OBJECTIVES: tuple[str, ...] = tuple(o for o in OBJECTIVE if OBJECTIVE[o]["start"])
    GENERAL_OBJECTIVES: tuple[str, ...] = tuple(o for o in OBJECTIVE if not OBJECTIVE[o]["start"])
    TASK_KINDS: tuple[str, ...] = ("building", "station", "hazard", "green_teepee", "blue_teepee",
                                   "cattle_3", "cattle_4", "cattle_5", "san_francisco")


    def is_cattle(card: str) -> bool:
        return card in CATTLE


    def is_objective(card: str) -> bool:
        return card in OBJECTIVE


    # -------------------------------------------------------------------------------------- buildings
    _buildings = _load("buildings")
    BUILDING: dict[str, MappingProxyType] = {}
    for _bid, _row in _buildings["building"].items():
        BUILDING[_bid] = _freeze_spec({
            "id": _bid,
            "kind": _row["kind"],
            "craftsmen": _row.get("craftsmen", 0),
            "vp": _row.get("vp", 0),
            "hands": tuple(_row.get("hands", ())),
            "actions": tuple(tuple(_freeze_spec(o) for o in action) for action in _row["actions"]),
        })
    NEUTRAL_BUILDINGS: tuple[str, ...] = tuple(b for b in BUILDING if BUILDING[b]["kind"] == "neutral")
    PRIVATE_NUMBERS: tuple[int, ...] = tuple(sorted({int(b[:-1]) for b in BUILDING
                                                     if BUILDING[b]["kind"] == "private"}))

    # --------------------------------------------------------------------------------------- railroad
    _rail = _load("railroad")
    LAST_SPACE: int = _rail["last_space"]
    CROSSES_AFTER: tuple[int, ...] = tuple(_rail["crosses_after"])
    END_OF_TRACK_MONEY: int = _rail["end_of_track"]["money"]
    STATIONS: tuple[MappingProxyType, ...] = tuple(_freeze_spec(s) for s in _rail["station"])
    NUM_STATIONS = len(STATIONS)
    # Track positions: numbered spaces 0..39 are positions 0..39; the turnouts of stations 1..9 follow.
    STATION_POS: list[int] = []
    _turnout_between: dict[int, int] = {}  # position -> lower numbered space
    _pos = LAST_SPACE + 1
    for _s in STATIONS:
        if "space" in _s:
            STATION_POS.append(_s["space"])
        else:
            STATION_POS.append(_pos)
            _turnout_between[_pos] = _s["between"][0]
            _pos += 1
    NUM_POSITIONS = _pos
    STATION_POS_T: tuple[int, ...] = tuple(STATION_POS)
    POS_STATION: tuple[int, ...] = tuple(
        STATION_POS.index(p) if p in STATION_POS else -1 for p in range(NUM_POSITIONS)
    )
    IS_TURNOUT: tuple[bool, ...] = tuple(p in _turnout_between for p in range(NUM_POSITIONS))
    POS_LABEL: tuple[str, ...] = tuple(
        f"{_turnout_between[p]}.5" if p in _turnout_between else str(p) for p in range(NUM_POSITIONS)
    )
    POS_BY_LABEL: dict[str, int] = {label: p for p, label in enumerate(POS_LABEL)}
    #: twice the position along the track (a turnout lies half-way), to compare "behind" and "ahead"
    POS_ORDER: tuple[int, ...] = tuple(
        2 * _turnout_between[p] + 1 if p in _turnout_between else 2 * p for p in range(NUM_POSITIONS)
    )
    #: the numbered space used for transport costs (a turnout counts as the space after it, §6.1)
    POS_TRANSPORT: tuple[int, ...] = tuple(
        _turnout_between[p] + 1 if p in _turnout_between else p for p in range(NUM_POSITIONS)
    )
    _fwd: list[list[int]] = [[] for _ in range(NUM_POSITIONS)]
    for _n in range(LAST_SPACE):
        _fwd[_n].append(_n + 1)
    for _p, _lo in _turnout_between.items():
        _fwd[_lo].append(_p)
        _fwd[_p].append(_lo + 1)
    TRACK_FORWARD: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(f, key=lambda q: POS_ORDER[q])) for f in _fwd)
    TRACK_BACK: tuple[tuple[int, ...], ...] = tuple(
        tuple(sorted((q for q in range(NUM_POSITIONS) if p in TRACK_FORWARD[q]), key=lambda q: POS_ORDER[q]))
        for p in range(NUM_POSITIONS)
    )

    CITIES: tuple[MappingProxyType, ...] = tuple(
        _freeze_spec({"id": c["id"], "value": c["value"], "corner": c["corner"],
                      "repeatable": bool(c.get("repeatable")), "money": c.get("money", 0),
                      "vp": c.get("vp", 0)})
        for c in _rail["city"]
    )
    CITY_IDS: tuple[str, ...] = tuple(c["id"] for c in CITIES)
    CITY_INDEX: dict[str, int] = {c: i for i, c in enumerate(CITY_IDS)}
    ARROWS: tuple[MappingProxyType, ...] = tuple(
        _freeze_spec({"cities": (CITY_INDEX[a["cities"][0]], CITY_INDEX[a["cities"][1]]),
                      "objective": bool(a.get("objective")), "exchange": a.get("exchange", 0),
                      "vp": a.get("vp", 0)})
        for a in _rail["arrow"]
    )
    #: the repeatable city at the end of the strip (San Francisco, New York): objective task "san_francisco"
    TERMINAL_CITY: int = max((i for i, c in enumerate(CITIES) if c["repeatable"]), key=lambda i: CITIES[i]["value"])

    # -------------------------------------------------------------------------------- station masters
    _masters = _load("station_masters")
    STATION_MASTER: dict[str, MappingProxyType] = {
        m["id"]: _freeze_spec({"id": m["id"], "immediate": tuple(_freeze_spec(s) for s in m["immediate"]),
                               "task": _freeze_spec(m["task"])})
        for m in _masters["station_master"]
    }
    STATION_MASTER_IDS: tuple[str, ...] = tuple(STATION_MASTER)
    MASTER_STATIONS: tuple[int, ...] = tuple(i for i, s in enumerate(STATIONS) if s["station_master"])

    # ------------------------------------------------------------------------------------- job market
    _jobs = _load("job_market")
    JOB_ROWS: int = _jobs["rows"]
    JOB_COST: tuple[int, ...] = tuple(_jobs["cost"])
    JOB_TOKEN_START_ROW: int = _jobs["token_start_row"]
    JOB_TOKEN_VP: int = _jobs["token_vp"]
    JOB_ARROW_AFTER: dict[int, str] = {int(k): v for k, v in _jobs["arrow_after_row"].items()}

    # ----------------------------------------------------------------------------------- player board
    _board = _load("player_board")
    STARTING_MONEY: tuple[int, ...] = tuple(_board["starting_money"])
    #: cards drawn at setup by seat order from the first player (the first edition: 4 for everybody)
    STARTING_HANDS: tuple[int, ...] = (
        tuple(_board["starting_hand"]) if isinstance(_board["starting_hand"], list)
        else (_board["starting_hand"],) * len(STARTING_MONEY))
    #: the hand is discarded down to this at the start of one's first turn (None: no such step)
    FIRST_TURN_HAND: int | None = _board.get("first_turn_hand")
    STARTING_EXCHANGE_TOKENS: int = _board.get("exchange_tokens", 0)
    #: the hand every player plays the first turn with
    STARTING_HAND: int = FIRST_TURN_HAND if FIRST_TURN_HAND is not None else STARTING_HANDS[0]
    FEES: dict[int, dict[str, int]] = {int(k): dict(v) for k, v in _board["fees"].items()}
    STEP_LIMIT: dict[int, dict[str, int]] = {int(k): dict(v) for k, v in _board["step_limit"].items()}
    DISC_GROUPS: tuple[MappingProxyType, ...] = tuple(_freeze_spec(d) for d in _board["disc"])
    DISC_GROUP_IDS: tuple[str, ...] = tuple(d["group"] for d in DISC_GROUPS)
    DISC_GROUP: dict[str, MappingProxyType] = {d["group"]: d for d in DISC_GROUPS}
    DISCS_PER_PLAYER = sum(d["count"] for d in DISC_GROUPS)
    HAND_LIMIT_START: int = _board["hand_limit"]["start"]
    HAND_LIMIT_PER_DISC: int = _board["hand_limit"]["per_disc"]
    CERT_TRACK: tuple[int, ...] = tuple(_board["certificates"]["track"])
    CERT_LIMIT_START: int = _board["certificates"]["limit_start"]
    CERT_LIMIT_4: int = _board["certificates"]["limit_with_cert_4"]
    CERT_LIMIT_BOTH: int = _board["certificates"]["limit_with_both"]
    AUX: dict[int, MappingProxyType] = {
        int(k): _freeze_spec({"group": v["group"], "start_single": v["start_single"],
                              "single": _freeze_spec(v["single"]), "double": _freeze_spec(v["double"])})
        for k, v in _board["aux"].items()
    }
    WORKER_ROW_SIZE: int = _board["workers"]["row_size"]
    WORKER_VP_SPACES: tuple[int, ...] = tuple(_board["workers"]["vp_spaces"])
    WORKER_VP: int = _board["workers"]["vp_per_worker"]
    WORKER_BONUS: dict[str, dict[int, MappingProxyType]] = {
        kind: {int(space): _freeze_spec(spec) for space, spec in spaces.items()}
        for kind, spaces in _board["workers"]["bonus"].items()
    }

    return {name: value for name, value in locals().items() if not name.startswith("_") and name != "folders"}
