"""Great Western Trail as numbers: the observation of a seat's view and the fixed action table.

Everything is read from ``state.view(seat)`` and the printed components of an edition: this module's
``Encoding`` binds the first edition (``games.gwt.editions.FIRST``), gwt_2e.py the second; the
vocabularies of each are derived once from its tables (``tables(ed)``), and what only the second
edition has (exchange tokens, the Simmental upgrade) comes after the first edition's fields and
blocks, which keep their indices. Seats are counted from the viewer (0 = the viewer, 1 = the next
player in turn order, ...).

The action table lists every action shape the engine can offer, from its action types and the
parameter domains of the components (docs/research.md prints the blocks):

* A herder's path (``move``, ``herder``) is a list of the locations it passes. Its index is the
  *route* it walks: the trail nodes from the herder's space to the destination, empty spaces
  included (every route of the trail graph is in the table). A path is encoded as the first route
  (in the order of the trail's ``next`` lists) whose occupied spaces are exactly the path's, so
  paths that differ only in the empty spaces they cross, which the engine lists once, get one index.
* ``src`` (which building action, risk space or auxiliary action an action comes from) is part of
  the key only at a free point of phase B, where two sources may offer the same action (hire from
  building A's action 2 or 3). In a pending decision the source is the decision's own (shown in
  the observation), so it is left out. A herder move needs no source either: at a free point at
  most one source offers one (each building has at most one herder action, and building 8b, the
  only way to use a second building, has none).
"""

from __future__ import annotations

from functools import cache
from typing import Any, Hashable, Iterable

from gametable.engine import Action
from gametable.games.gwt import exchange
from gametable.games.gwt.editions import FIRST, Edition, by_name
from gametable.rl.encoding import Encoding as BaseEncoding
from gametable.rl.encoding import Layout, Vector, View

D = FIRST  # the first edition's printed tables, which this module's Encoding reads

PHASES = ("A", "B", "scoring", "over")
HIDDEN_START = "hidden_start"
#: numbers of a pending decision, in this order (0 when absent; booleans 0/1)
PENDING_NUMBERS = ("count", "cowboys", "column", "station", "max_value", "extraordinary", "optional",
                   "double")
#: per action type, its parameters in key order
PARAMS: dict[str, tuple[str, ...]] = {
    "discard": ("cards",), "hire": ("row", "worker"), "build": ("building", "space"),
    "take_objective": ("card",), "engine": ("to",), "engine_back": ("to",),
    "upgrade_behind": ("station",), "extraordinary_delivery": ("to",), "trade": ("space",),
    "remove_hazard": ("space",), "draw": ("count",), "copy_adjacent": ("space",),
    "aux": ("aux", "double"), "herder": ("path",), "move": ("path",), "play_objective": ("card",),
    "discard_card": ("card",), "remove_card": ("card",), "buy": ("cards", "cowboys"),
    "upgrade": ("station",), "disc": ("group",), "disc_from_station": ("station",),
    "station_master": ("worker",), "end_of_track": ("to",), "foresight": ("column", "slot", "tile"),
    "income": ("certificates",), "deliver": ("city",), "commit_objective": ("card",),
    "drop_objective": ("card",),
    # second edition only
    "spend_exchange_token": ("count",), "upgrade_cattle": ("card",),
}


class Tables:
    """The vocabularies and action sources of one edition, derived once from its printed tables
    (``tables(ed)``). The first edition's are exactly those its encoding always had; the second
    edition adds its pending decisions (the Simmental upgrade; discards after an exchange token or
    of the first turn) and a player's exchange tokens, and reads its own buildings, station
    masters, trail and railroad from its tables."""

    def __init__(self, ed: Edition) -> None:
        D = self.ed = ed
        self.PENDING_KINDS = ("effect", "discard", "remove", "buy", "upgrade", "disc", "master",
                              "end_of_track", "foresight", "income", "deliver") + (("simmental",) if ed.second else ())
        self.CARDS = tuple(D.CATTLE) + tuple(D.OBJECTIVE)
        self.OBJECTIVES = tuple(D.OBJECTIVE)
        self.PRIVATE_BUILDINGS = tuple(b for b in D.BUILDING if D.BUILDING[b]["kind"] != "neutral")
        #: the private building numbers (one side letter each in the view's building_sides)
        self.BUILDING_NUMBERS = len(self.PRIVATE_BUILDINGS) // 2
        self.TILES = tuple(D.TILE)
        self.HAZARD_TILES = tuple(t for t in self.TILES if D.TILE[t]["kind"] == "hazard")
        self.TEEPEE_TILES = tuple(t for t in self.TILES if D.TILE[t]["kind"] == "teepee")
        self.NEUTRAL_NODES = D.NEUTRAL_SPACES
        self.PRIVATE_NODES = D.PRIVATE_SPACES
        self.HAZARD_NODES = D.ALL_HAZARD_SPACES
        self.TEEPEE_NODES = tuple(i for i, kind in enumerate(D.NODE_KIND) if kind == "teepee")
        #: a player's numbers, in this order, in every per-player block
        self.PLAYER_NUMBERS = ("money", "certificates", "certificate_limit", "permanent_certificates", "cowboy",
                               "craftsman", "engineer", "discs_left", "step_limit", "hand_limit", "hand_size",
                               "deck_size", "discard_size", "job_token", "starting_money_order", "hazards",
                               "green_teepees", "blue_teepees") + (("exchange_tokens",) if ed.second else ())
        #: the cattle a Simmental upgrade may take from the hand (none in the first edition)
        self.UPGRADABLE = tuple(sorted(D.SIMMENTAL_UPGRADE)) if ed.second else ()
        self.card = {c: i for i, c in enumerate(self.CARDS)}
        self.obj = {c: i for i, c in enumerate(self.OBJECTIVES)}
        self.building = {b: i for i, b in enumerate(self.PRIVATE_BUILDINGS)}
        self.tile = {t: i for i, t in enumerate(self.TILES)}
        self.hazard = {t: i for i, t in enumerate(self.HAZARD_TILES)}
        self.teepee = {t: i for i, t in enumerate(self.TEEPEE_TILES)}
        self.neutral = {b: i for i, b in enumerate(D.NEUTRAL_BUILDINGS)}
        self.master = {m: i for i, m in enumerate(D.STATION_MASTER_IDS)}
        self.group = {g: i for i, g in enumerate(D.DISC_GROUP_IDS)}
        self.FREE_SOURCES = self._building_sources()
        self.DECISION_SOURCES = self._decision_sources()
        #: sources of discards that no printed action offers (second edition)
        extra = ("exchange", "first_turn") if ed.second else ()
        self.SOURCES = (tuple(src for src, _ in self.FREE_SOURCES)
                        + tuple(src for src, _ in self.DECISION_SOURCES) + extra)
        self.source = {s: i for i, s in enumerate(self.SOURCES)}

    # -------------------------------------------------------------------------------- sources
    def _building_sources(self) -> list[tuple[str, tuple[Any, ...]]]:
        """Local action sources usable at a free point of phase B, with their printed options."""
        D = self.ed
        out = [(f"{b}/{i}", tuple(options)) for b in D.BUILDING
               for i, options in enumerate(D.BUILDING[b]["actions"], start=1)]
        risk_nodes = [n for n in self.PRIVATE_NODES if D.RISK[n]]
        out += [(f"risk/{D.NODES[n]}", (D.RISK_SPECS[D.RISK[n]],)) for n in risk_nodes]
        out.append(("aux", ({"effect": "aux"},)))
        return out

    def _decision_sources(self) -> list[tuple[str, tuple[Any, ...]]]:
        """Sources of pending effect decisions (an auxiliary action, a worker's bonus, an objective,
        a station master, a city arrow), with their options."""
        D = self.ed
        out = [(f"aux{n}", (aux["single"], aux["double"])) for n, aux in D.AUX.items()]
        out += [(f"bonus/{kind}/{space}", (spec,)) for kind, spaces in D.WORKER_BONUS.items()
                for space, spec in spaces.items()]
        out += [(f"objective/{o}", D.OBJECTIVE[o]["immediate"]) for o in self.OBJECTIVES
                if D.OBJECTIVE[o]["immediate"]]
        out += [(f"master/{m}", D.STATION_MASTER[m]["immediate"]) for m in D.STATION_MASTER_IDS]
        out.append(("arrow", ({"effect": "take_objective"},)))
        return out

    def all_specs(self) -> list[Any]:
        specs = [spec for _, options in self.FREE_SOURCES + self.DECISION_SOURCES for spec in options]
        # effects that follow a discard (building 6b: an objective to the hand; 2b: the engine)
        specs += [{"effect": "take_objective"}, {"effect": "engine", "up_to": 1}]
        return specs

    def source_index(self, src: str) -> int:
        try:
            return self.source[src]
        except KeyError:
            raise ValueError(f"{self.ed.name}: unknown action source {src!r}; add it to the encoding's "
                             "SOURCES") from None

    # ------------------------------------------------------------------------ parameter domains
    def discard_sets(self, specs: Iterable[Any]) -> list[tuple[str, ...]]:
        """Every card list a discard-for-reward may name (effects._discard_choices)."""
        D = self.ed
        sets: dict[tuple[str, ...], None] = {}
        for spec in specs:
            card, count = spec["card"], spec.get("count", 1)
            if card == "objective":
                sets.update({(o,): None for o in self.OBJECTIVES})
            elif card == "value_3":  # any value-3 card (second edition, building 5a)
                sets.update({(c,): None for c in D.CATTLE if D.BREEDING_VALUE[c] == 3})
            elif card != "any":
                sets[(card,) * count] = None
            elif count == 1:
                sets.update({(c,): None for c in D.CATTLE})
            else:
                cattle = sorted(D.CATTLE)
                sets.update({(a, b): None for i, a in enumerate(cattle) for b in cattle[i:]
                             if D.BREED[a] == D.BREED[b]})
        return list(sets)

    def draw_most(self, specs: Iterable[Any]) -> int:
        D = self.ed
        woods = sum(1 for n in self.PRIVATE_NODES if D.WOODS[n])
        bound = {"cowboys": D.WORKER_ROW_SIZE, "engineers": D.WORKER_ROW_SIZE, "woods": woods}
        return max(spec["up_to"] if isinstance(spec["up_to"], int) else bound[spec["up_to"]]
                   for spec in specs if "up_to" in spec)

    def effect_params(self, effect: str, specs: list[Any]) -> list[tuple[Any, ...]]:
        """The parameter tuples an effect's action can take, for every spec of that effect."""
        D = self.ed
        positions = list(D.POS_LABEL)
        if effect == "discard":
            return [(cards,) for cards in self.discard_sets(specs)]
        if effect == "hire":
            return [(row, w) for row in range(1, D.JOB_ROWS + 1) for w in D.WORKER_KINDS]
        if effect == "build":
            return [(b, D.NODES[n]) for b in self.PRIVATE_BUILDINGS for n in self.PRIVATE_NODES]
        if effect == "take_objective":
            return [(c,) for c in self.OBJECTIVES + ("stack",)]
        if effect in ("engine", "engine_back", "extraordinary_delivery"):
            return [(p,) for p in positions]
        if effect == "upgrade_behind":
            return [(k,) for k in range(1, D.NUM_STATIONS + 1)]
        if effect == "trade":
            return [(D.NODES[n],) for n in D.TEEPEE_FILL]
        if effect == "remove_hazard":
            return [(D.NODES[n],) for n in self.HAZARD_NODES]
        if effect == "draw":
            exact = [()] if any("exactly" in s for s in specs) else []
            counted = [s for s in specs if "up_to" in s]
            return exact + ([(k,) for k in range(1, self.draw_most(counted) + 1)] if counted else [])
        if effect == "copy_adjacent":
            return [(D.NODES[n],) for n in self.NEUTRAL_NODES + self.PRIVATE_NODES]
        if effect == "aux":
            return [(number, double) for number in D.AUX for double in (False, True)]
        return [()]  # certificates, money, buy_cattle, ...: no parameter

    def buy_params(self) -> list[tuple[Any, ...]]:
        D = self.ed
        by_value: dict[int, list[str]] = {}
        for card in sorted(D.CATTLE):
            by_value.setdefault(D.BREEDING_VALUE[card], []).append(card)
        out = []
        for row in D.PURCHASES:
            cards = by_value.get(row["value"], [])
            if row["cards"] == 1:
                out += [((c,), row["cowboys"]) for c in cards]
            else:
                out += [((a, b), row["cowboys"]) for i, a in enumerate(cards) for b in cards[i:]]
        return out


@cache
def tables(ed: Edition) -> Tables:
    """The encoding's tables of an edition, built once."""
    return Tables(ed)


# ------------------------------------------------------------------------------------- routes
@cache
def routes(ed: Edition = D) -> tuple[tuple[int, ...], ...]:
    """Every walk along the trail's arrows that starts on a space with a space before it."""
    found: dict[tuple[int, ...], None] = {}

    def walk(node: int, route: tuple[int, ...]) -> None:
        for nxt in ed.NEXT[node]:
            longer = route + (nxt,)
            found[longer] = None
            walk(nxt, longer)

    for node in range(len(ed.NODES)):
        walk(node, ())
    return tuple(found)


def route_of(view: View, path: list[str]) -> tuple[int, ...]:
    """The route the herder of the view's seat walks for ``path`` (see the module's notes), on the
    trail of the view's edition."""
    ed = by_name(view["game"])
    target = [ed.NODE_INDEX[name] for name in path]
    herder = view["players"][view["seat"]]["herder"]
    if herder is None:  # the first move: onto a neutral building
        return tuple(target)
    tiles = view["trail"]

    def occupied(node: int) -> bool:
        return node == ed.KANSAS_CITY or tiles[node]["tile"] is not None

    def walk(node: int, i: int, route: tuple[int, ...]) -> tuple[int, ...] | None:
        for nxt in ed.NEXT[node]:
            if nxt == target[i]:
                found = route + (nxt,) if i == len(target) - 1 else walk(nxt, i + 1, route + (nxt,))
            elif not occupied(nxt):
                found = walk(nxt, i, route + (nxt,))
            else:
                continue
            if found is not None:
                return found
        return None

    route = walk(ed.NODE_INDEX[herder], 0, ())
    if route is None:
        raise ValueError(f"no route from {herder} passes exactly {path}")
    return route


def _key_value(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


class Encoding(BaseEncoding):
    game_name = "gwt"
    edition: Edition = D  # the edition whose tables the layout and the action table are built from

    def __init__(self, num_players: int) -> None:
        self.t = tables(self.edition)
        super().__init__(num_players)

    # ------------------------------------------------------------------------------ actions
    def _build_actions(self) -> None:
        T, D = self.t, self.t.ed  # the edition's tables
        all_routes = routes(D)
        self._block(f"move {{path}}: phase A, one per trail route ({len(all_routes)} routes, routes())",
                    [("move", r) for r in all_routes])
        self._block("herder {path}: a building's or objective's herder move, one per trail route",
                    [("herder", None, r) for r in all_routes])
        self._block("play_objective {card}: per objective card", [("play_objective", c) for c in T.OBJECTIVES])
        self._block("end_phase_b", [("end_phase_b",)])
        keys = []
        for src, options in T.FREE_SOURCES:
            for spec in options:
                if spec["effect"] != "herder":
                    keys += [(spec["effect"], src) + p for p in T.effect_params(spec["effect"], [spec])]
        self._block("a local action at a free point of phase B: per source (building action 'A/2', "
                    "'risk/<space>', 'aux'), per printed effect, per parameter", keys)
        by_effect: dict[str, list[Any]] = {}
        for spec in T.all_specs():
            by_effect.setdefault(spec["effect"], []).append(spec)
        keys = [(effect, None) + p for effect, specs in by_effect.items() if effect != "herder"
                for p in T.effect_params(effect, specs)]
        self._block("an effect asked as a pending decision (the source is the decision's): per "
                    "effect, per parameter", keys)
        self._block("discard_card {card}: per card", [("discard_card", c) for c in T.CARDS])
        self._block("remove_card {card}: per card", [("remove_card", c) for c in T.CARDS])
        self._block("buy {cards, cowboys}: per purchase of the cattle market table",
                    [("buy",) + p for p in T.buy_params()])
        self._block("draw_market, skip", [("draw_market",), ("skip",)])
        self._block(f"upgrade {{station}}: 1-{D.NUM_STATIONS}", [("upgrade", k) for k in range(1, D.NUM_STATIONS + 1)])
        self._block("disc {group}: " + ", ".join(D.DISC_GROUP_IDS), [("disc", g) for g in D.DISC_GROUP_IDS])
        self._block(f"disc_from_station {{station}}: 1-{D.NUM_STATIONS}",
                    [("disc_from_station", k) for k in range(1, D.NUM_STATIONS + 1)])
        self._block("station_master {worker}: cowboy, craftsman, engineer",
                    [("station_master", w) for w in D.WORKER_KINDS])
        self._block("end_of_track {to}: per railroad position", [("end_of_track", p) for p in D.POS_LABEL])
        self._block("foresight {column, slot, tile}: column 1-3, slot 0-1, per tile",
                    [("foresight", c, s, t) for c in (1, 2, 3) for s in range(D.FORESIGHT_PER_COLUMN)
                     for t in T.TILES])
        most = max(D.CERT_TRACK)
        self._block(f"income {{certificates}}: 0-{most}", [("income", k) for k in range(most + 1)])
        self._block("deliver {city}: per city", [("deliver", c) for c in D.CITY_IDS])
        self._block("commit_objective {card}, drop_objective {card}: per objective card",
                    [(t, c) for t in ("commit_objective", "drop_objective") for c in T.OBJECTIVES])
        if D.second:  # after the first edition's blocks, which keep their indices
            self._block(f"spend_exchange_token {{count}}: 1-{exchange.MAX_DRAW} cards drawn",
                        [("spend_exchange_token", k) for k in range(1, exchange.MAX_DRAW + 1)])
            self._block("upgrade_cattle {card}: per Simmental card that upgrades (" + ", ".join(T.UPGRADABLE)
                        + "), keep_cattle", [("upgrade_cattle", c) for c in T.UPGRADABLE] + [("keep_cattle",)])

    def action_key(self, view: View, action: Action) -> Hashable:
        t = action["type"]
        if t in ("move", "herder"):
            route = route_of(view, action["path"])
            return ("move", route) if t == "move" else ("herder", None, route)
        params = tuple(_key_value(action[p]) for p in PARAMS.get(t, ()) if p in action)
        if "src" not in action:
            return (t,) + params
        free = view["pending"] is None
        return (t, action["src"] if free else None) + params

    # -------------------------------------------------------------------------- observation
    def _describe_observation(self, L: Layout) -> None:
        T, D = self.t, self.t.ed  # the edition's tables
        n = self.num_players
        L.add("phase", len(PHASES), "one-hot: " + ", ".join(PHASES))
        L.add("current", n, "one-hot: whose turn it is (seat counted from the viewer)")
        L.add("to_act", n, "1 for each seat that must decide now")
        L.add("first_player", n, "one-hot: the first player")
        L.add("building_sides_b", T.BUILDING_NUMBERS,
              f"private buildings 1-{T.BUILDING_NUMBERS}: 1 where side b is used")
        L.add("pending", len(T.PENDING_KINDS), "one-hot: the pending decision's kind: " + ", ".join(T.PENDING_KINDS))
        L.add("pending_src", len(T.SOURCES), "one-hot: the pending decision's source (SOURCES)")
        L.add("pending_numbers", len(PENDING_NUMBERS), "the pending decision's " + ", ".join(PENDING_NUMBERS))
        L.add("pending_city", len(D.CITY_IDS), "one-hot: the city a pending disc goes to")
        L.add("location", len(D.NODES), "one-hot: the current player's phase-B location (trail node)")
        L.add("available", len(T.SOURCES), "1 for each local action source still available in phase B")
        L.add("phase_b", 3, "phase B: local_used, aux_used, acted")
        L.add("kansas_city", 2, "visiting Kansas City now (0/1), the visit's income total")
        L.add("neutral_tiles", len(T.NEUTRAL_NODES) * len(T.neutral),
              "per neutral space (NEUTRAL-A..G), one-hot: the neutral building A-G on it")
        L.add("private_tiles", len(T.PRIVATE_NODES) * len(T.PRIVATE_BUILDINGS),
              f"per private space (trail order), one-hot: the private building on it "
              f"(1a..{T.BUILDING_NUMBERS}a, 1b..{T.BUILDING_NUMBERS}b)")
        L.add("private_owners", len(T.PRIVATE_NODES) * n, "per private space, one-hot: its owner (from the viewer)")
        L.add("hazard_tiles", len(T.HAZARD_NODES) * len(T.HAZARD_TILES), "per hazard space, one-hot: the hazard tile")
        L.add("teepee_tiles", len(T.TEEPEE_NODES) * len(T.TEEPEE_TILES), "per teepee space, one-hot: green, blue")
        L.add("engines", n * D.NUM_POSITIONS, "per seat (from the viewer), one-hot: its engine's railroad position")
        L.add("station_discs", D.NUM_STATIONS * n, "per station, 1 for each seat with a disc there")
        L.add("station_masters", D.NUM_STATIONS * len(T.master), "per station, one-hot: the station master tile on it")
        L.add("station_workers", D.NUM_STATIONS * 3, "per station, one-hot: the worker left for its master")
        L.add("city_discs", len(D.CITY_IDS) * n, "per city, discs of each seat")
        L.add("job_market", D.JOB_ROWS * 3, "per job market row, workers of each kind still there")
        L.add("job_token_row", D.JOB_ROWS + 1, "one-hot: the job market token's row (last: it left the market)")
        L.add("foresight", 3 * D.FORESIGHT_PER_COLUMN * len(T.TILES), "per column and slot, one-hot: the tile")
        L.add("kansas_city_supply", 3, "tiles left in each Kansas City pile")
        L.add("cattle_market", len(D.CATTLE), "cattle cards in the market, per card")
        L.add("cattle_stack", 2, "cattle stack size, market size")
        L.add("objective_display", len(T.OBJECTIVES), "1 for each objective card on display")
        L.add("objective_stack", 1, "objective stack size")
        L.add("out_of_game", len(T.TILES), "tiles out of the game, per tile")
        L.add("game_end", 2, "the end is triggered (0/1), final turns left")
        for k in range(n):
            p = f"player{k}_"
            L.add(p + "numbers", len(T.PLAYER_NUMBERS), "seat +k from the viewer: " + ", ".join(T.PLAYER_NUMBERS))
            L.add(p + "discs", len(T.group), "discs left per group: " + ", ".join(D.DISC_GROUP_IDS))
            L.add(p + "aux", 2 * len(D.AUX), f"auxiliary actions 1-{len(D.AUX)} unlocked: single, double for each")
            L.add(p + "discard_top", len(T.CARDS), "one-hot: the top card of the discard pile")
            L.add(p + "objectives", len(T.OBJECTIVES) + 1,
                  "objective cards in the objective area, per card; last: face-down starting objectives")
            L.add(p + "buildings_left", len(T.PRIVATE_BUILDINGS), "1 for each private building not yet built")
            L.add(p + "station_masters", len(T.master), "1 for each station master tile taken")
            L.add(p + "removed_cards", len(T.CARDS), "cards removed from the game, per card")
            L.add(p + "replaced_buildings", len(T.PRIVATE_BUILDINGS), "1 for each building replaced")
            L.add(p + "herder", len(D.NODES), "one-hot: the herder's trail node (none before the first move)")
        L.add("hand", len(T.CARDS), "the viewer's hand, per card (CARDS: cattle then objectives)")
        L.add("discard", len(T.CARDS), "the viewer's discard pile, per card")
        if D.second:
            L.add("simmental", 3, "the Simmental option is on (0/1), Heifers left, Cows left")

    def _fill(self, view: View, out: Vector) -> None:
        T, D = self.t, self.t.ed  # the edition's tables
        rel = lambda seat: self.rel(view, seat)  # noqa: E731
        n = self.num_players
        out.hot("phase", PHASES.index(view["phase"]))
        out.hot("current", rel(view["current"]))
        for seat in view["to_act"]:
            out.hot("to_act", rel(seat))
        out.hot("first_player", rel(view["first_player"]))
        for i, side in enumerate(view["building_sides"]):
            out.set("building_sides_b", side == "b", i)
        pending = view["pending"]
        if pending is not None:
            out.hot("pending", T.PENDING_KINDS.index(pending["kind"]))
            if "src" in pending:
                out.hot("pending_src", T.source_index(pending["src"]))
            for i, key in enumerate(PENDING_NUMBERS):
                value = pending.get(key)
                out.set("pending_numbers", 0 if value is None else value, i)
            if pending.get("target") == "city":
                out.hot("pending_city", D.CITY_INDEX[pending["place"]])
        phase_b = view["phase_b"]
        if phase_b["location"] is not None:
            out.hot("location", D.NODE_INDEX[phase_b["location"]])
        for src in phase_b["available"]:
            out.hot("available", T.source_index(src))
        for i, key in enumerate(("local_used", "aux_used", "acted")):
            out.set("phase_b", phase_b[key], i)
        kc = view["kansas_city"]
        out.set("kansas_city", kc["visiting"], 0)
        out.set("kansas_city", kc["total"] or 0, 1)
        trail = view["trail"]
        _slots(out, "neutral_tiles", trail, T.NEUTRAL_NODES, T.neutral)
        _slots(out, "private_tiles", trail, T.PRIVATE_NODES, T.building)
        _slots(out, "hazard_tiles", trail, T.HAZARD_NODES, T.hazard)
        _slots(out, "teepee_tiles", trail, T.TEEPEE_NODES, T.teepee)
        for j, node in enumerate(T.PRIVATE_NODES):
            owner = trail[node].get("owner")
            if owner is not None:
                out.hot("private_owners", j * n + rel(owner))
        rail = view["railroad"]
        for seat, label in enumerate(rail["engines"]):
            out.hot("engines", rel(seat) * D.NUM_POSITIONS + D.POS_BY_LABEL[label])
        for k, station in enumerate(rail["stations"]):
            for seat in station["discs"]:
                out.hot("station_discs", k * n + rel(seat))
            if station["station_master"] is not None:
                out.hot("station_masters", k * len(T.master) + T.master[station["station_master"]])
            if station["worker"] is not None:
                out.hot("station_workers", k * 3 + D.WORKER_INDEX[station["worker"]])
        for c, city in enumerate(rail["cities"]):
            for seat in city["discs"]:
                out.add("city_discs", c * n + rel(seat))
        market = view["job_market"]
        for r, row in enumerate(market["rows"]):
            for worker in row["workers"]:
                if worker is not None:
                    out.add("job_market", r * 3 + D.WORKER_INDEX[worker])
        token = market["token_row"]
        out.hot("job_token_row", D.JOB_ROWS if token is None else token - 1)
        for c, column in enumerate(view["foresight"]):
            for s, tile in enumerate(column):
                if tile is not None:
                    out.hot("foresight", (c * D.FORESIGHT_PER_COLUMN + s) * len(T.TILES) + T.tile[tile])
        for i, size in enumerate(view["kansas_city_supply"]):
            out.set("kansas_city_supply", size, i)
        cattle = view["cattle_market"]
        out.counts("cattle_market", T.card, cattle["cards"])
        out.set("cattle_stack", cattle["stack_size"], 0)
        out.set("cattle_stack", cattle["size"], 1)
        out.counts("objective_display", T.obj, view["objective_cards"]["display"])
        out.set("objective_stack", view["objective_cards"]["stack_size"])
        out.counts("out_of_game", T.tile, view["out_of_game"])
        out.set("game_end", view["end_triggered"], 0)
        out.set("game_end", view["final_turns_left"] or 0, 1)
        for k, player in enumerate(self.by_distance(view)):
            self._player(out, f"player{k}_", player)
        me = view["players"][view["seat"]]
        out.counts("hand", T.card, me["hand"])
        out.counts("discard", T.card, me["discard"])
        if "simmental" in view:  # the second edition with the Simmental option
            out.set("simmental", 1, 0)
            out.set("simmental", view["simmental"]["heifers"], 1)
            out.set("simmental", view["simmental"]["cows"], 2)

    def _player(self, out: Vector, p: str, player: dict[str, Any]) -> None:
        T, D = self.t, self.t.ed  # the edition's tables
        colours = [D.TILE[t]["colour"] for t in player["teepees"]]
        numbers = dict(player, **player["workers"],
                       hand_size=len(player["hand"]) if "hand" in player else player["hand_size"],
                       job_token=bool(player["job_token"]), hazards=len(player["hazards"]),
                       green_teepees=colours.count("green"), blue_teepees=colours.count("blue"))
        for i, key in enumerate(T.PLAYER_NUMBERS):
            out.set(p + "numbers", numbers[key], i)
        for group, left in player["discs"].items():
            out.set(p + "discs", left, T.group[group])
        for number, unlocked in player["aux"].items():
            out.set(p + "aux", unlocked["single"], 2 * (int(number) - 1))
            out.set(p + "aux", unlocked["double"], 2 * (int(number) - 1) + 1)
        if player["discard_top"] is not None:
            out.hot(p + "discard_top", T.card[player["discard_top"]])
        for card in player["objectives"]:
            out.add(p + "objectives", len(T.OBJECTIVES) if card == HIDDEN_START else T.obj[card])
        out.counts(p + "buildings_left", T.building, player["buildings_left"])
        out.counts(p + "station_masters", T.master, player["station_masters"])
        out.counts(p + "removed_cards", T.card, player["removed_cards"])
        out.counts(p + "replaced_buildings", T.building, player["replaced_buildings"])
        if player["herder"] is not None:
            out.hot(p + "herder", D.NODE_INDEX[player["herder"]])


def _slots(out: Vector, name: str, trail: list[dict[str, Any]], nodes: tuple[int, ...],
           vocabulary: dict[str, int]) -> None:
    """Per node of ``nodes``, a one-hot over ``vocabulary`` of the tile on it."""
    for j, node in enumerate(nodes):
        tile = trail[node]["tile"]
        if tile is not None:
            out.hot(name, j * len(vocabulary) + vocabulary[tile])
