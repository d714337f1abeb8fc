"""Garth, the fan-made solo automa, as seats of the engine (reference §1.18, §2.18).

A seat the game option ``garth`` names (``{"1": "hard"}``: seat -> difficulty) is Garth's. Its
whole turn is one action, ``{"type": "garth"}``: reveal the next of its 15 cards, move the herder
exactly that card's steps (the longest path the steps allow, then the cheapest), ignore the
location, do the card's effect, and in Kansas City choose foresight tiles at random, deliver to
its difficulty's city and go home. Garth has unlimited money: it never pays (its ``money``, the
starting money dealt plus fees others pay it, is never spent nor scored), and the fees it owes
other players are paid to them from nowhere. Its score
leaves out money, the step disc and station masters, and counts every objective card it holds at
full value. Each choice below names its source; docs/rules-decisions.md ("Garth") lists them and
every reading where the sources are unclear.

The state keeps ``st.garth``: one entry per seat, None for a person's seat, else a dict with the
difficulty, the specialization (a worker kind) and the draw and discard piles of card numbers
(draw pile top last). Everything random comes from the state's RNG.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import common as C
from . import movement, railroad

if TYPE_CHECKING:
    from .editions import Edition
    from .state import GwtState

DIFFICULTIES = ("easy", "medium", "hard", "very-hard")
CARDS = tuple(range(1, 16))
#: first delivery city by difficulty (§2.18): first edition, second edition
FIRST_CITY = {
    "easy": ("wichita", "st_louis"),
    "medium": ("colorado_springs", "bloomington"),
    "hard": ("albuquerque", "chicago"),
    "very-hard": ("albuquerque", "chicago"),
}
#: the first edition's San Francisco disc scores this for Garth instead of 9 ([B]'s adjustment)
GARTH_TERMINAL_VP_FIRST_EDITION = 6
_BIG = 10**9  # "unlimited money" where a rule asks whether a seat can afford something


# ------------------------------------------------------------------------------- the option
def check_option(value: Any) -> str | None:
    """Why ``value`` is no valid ``garth`` option (None: valid). None or {seat: difficulty}, the
    seat as a string of its number (a JSON object's keys are strings)."""
    if value is None:
        return None
    if not isinstance(value, dict) or not value:
        return "must be null or an object of seat number -> difficulty, e.g. {\"1\": \"hard\"}"
    for seat, difficulty in value.items():
        if not (isinstance(seat, str) and seat.isdigit() and int(seat) < 4):
            return f"seat {seat!r} must be \"0\" to \"3\""
        if difficulty not in DIFFICULTIES:
            return f"difficulty {difficulty!r} must be one of {', '.join(DIFFICULTIES)}"
    return None


def is_garth(st: "GwtState", seat: int) -> bool:
    return bool(st.garth) and st.garth[seat] is not None


# ----------------------------------------------------------------------------------- setup
def setup(st: "GwtState") -> None:
    """Garth's seats after the players are set up (§2.18 setup; [B] ``Garth.start``)."""
    chosen = st.options.get("garth")
    st.garth = []
    if not chosen:
        return
    if any(int(s) >= st.n for s in chosen):
        from gametable.engine import InvalidOptions
        raise InvalidOptions(f"garth: a seat must be below the number of players ({st.n})")
    ed = st.edition
    kinds = ed.WORKER_KINDS
    rng = st.rng
    st.garth = [None] * st.n
    for seat in range(st.n):
        difficulty = chosen.get(str(seat))
        if difficulty is None:
            continue
        deck = list(CARDS)
        rng.shuffle(deck)
        spec = kinds[rng.below(3)]
        player = st.players[seat]
        player.exchange = 0  # unlimited money: Garth never needs an exchange token
        # its buildings are always on side b, whatever sides the others use ([B]; Sam too, [S])
        player.buildings = [f"{k}b" for k in ed.PRIVATE_NUMBERS]
        extra: list[str] = []
        if difficulty == "medium":
            extra = [spec]
        elif difficulty == "hard":
            first = kinds[rng.below(3)]
            second = [k for k in kinds if k != first][rng.below(2)]
            extra = [first, second]
        elif difficulty == "very-hard":
            extra = list(kinds) + [kinds[rng.below(3)]]
        for kind in extra:  # from outside the job market, which would otherwise end too soon ([B])
            player.workers[ed.WORKER_INDEX[kind]] += 1
        st.garth[seat] = {"difficulty": difficulty, "specialization": spec, "deck": deck, "discard": [],
                          "extra_workers": extra}
        st.say("garth_setup", seat=seat, difficulty=difficulty, specialization=spec, workers=extra)


# ------------------------------------------------------------------------------------ turn
def card_steps(st: "GwtState", seat: int, card: int) -> int:
    """How many steps card ``card`` moves Garth (§2.18 table)."""
    g = st.garth[seat]
    player = st.players[seat]
    if card in (1, 6):  # the table's player count: [B] counts Garth's seat as a player
        return 3 if st.n == 4 else 1
    if card in (2, 3):
        return 1
    if card in (4, 5):
        return 1 if st.n == 2 else 3
    if card in (7, 8, 9):
        return 2
    if card in (10, 11):
        return max(1, max(len(C.placed_buildings(st, s)) for s in range(st.n)))
    if card in (12, 13):
        return player.workers[0]
    return player.workers[st.edition.WORKER_INDEX[g["specialization"]]]  # 14, 15


def play_turn(st: "GwtState", seat: int) -> None:
    """The action ``{"type": "garth"}``: Garth's whole turn, then phase C and the next seat."""
    from .turn import end_turn  # turn imports this module

    g = st.garth[seat]
    if not g["deck"]:  # the discard pile is shuffled into a new draw pile ([B])
        g["deck"], g["discard"] = g["discard"], []
        st.rng.shuffle(g["deck"])
    card = g["deck"].pop()
    steps = card_steps(st, seat, card)
    st.say("garth_card", seat=seat, card=card, steps=steps)
    _move(st, seat, steps)
    _EFFECTS[card](st, seat)
    g["discard"].append(card)
    if st.players[seat].herder == st.edition.KANSAS_CITY:
        _kansas_city(st, seat)
    st.b_location = -1
    end_turn(st)


def _move(st: "GwtState", seat: int, steps: int) -> None:
    """Exactly ``steps`` locations if the trail allows, else as many as it does; the longest path,
    then the cheapest in fees, then the first in the order moves are listed (§2.18)."""
    ed = st.edition
    player = st.players[seat]
    if player.herder < 0:  # the first turn: onto the first neutral building ([B]: location A)
        movement.move_herder(st, seat, [ed.NODES[ed.NEUTRAL_SPACES[0]]], fees=False)
        return
    best: tuple[int, int] | None = None
    chosen: tuple[str, ...] = ()
    for path in movement.paths(st, player.herder, steps):
        fee = sum(movement.fee_at(st, seat, ed.NODE_INDEX[name])[0] for name in path)
        key = (-len(path), fee)
        if best is None or key < best:
            best, chosen = key, path
    movement.move_herder(st, seat, list(chosen), fees=False)
    for name in chosen:  # fees from unlimited money: owners are paid, the bank's share vanishes
        amount, payee = movement.fee_at(st, seat, ed.NODE_INDEX[name])
        if amount and payee is not None:
            st.players[payee].money += amount
            st.say("fee_to_player", seat=seat, to_seat=payee, amount=amount, owed=amount, space=name)


# --------------------------------------------------------------------------------- workers
def _available_rows(st: "GwtState") -> range:
    return range(min(st.token_row, st.edition.JOB_ROWS))


def _room(st: "GwtState", seat: int, kind: str) -> bool:
    ed = st.edition
    return st.players[seat].workers[ed.WORKER_INDEX[kind]] < ed.WORKER_ROW_SIZE


def _cheapest_row_with(st: "GwtState", kind: str) -> int | None:
    """The cheapest open row holding ``kind``; the upper row on equal costs (our tie-break)."""
    ed = st.edition
    rows = [r for r in _available_rows(st) if kind in st.jobs[r]]
    return min(rows, key=lambda r: (ed.JOB_COST[r], r)) if rows else None


def _hire(st: "GwtState", seat: int, row: int, kind: str) -> None:
    """Free (unlimited money) and without the worker space's bonus ([B] adds the worker only)."""
    ed = st.edition
    jobs = st.jobs[row]
    jobs[jobs.index(kind)] = None
    player = st.players[seat]
    k = ed.WORKER_INDEX[kind]
    player.workers[k] += 1
    st.say("hired", seat=seat, worker=kind, row=row + 1, cost=0, space=player.workers[k])
    _respecialize(st, seat)


def _respecialize(st: "GwtState", seat: int) -> None:
    """After a hire the specialization moves to the first kind (cowboy, builder, engineer) with
    more workers than the current one, if any ([B])."""
    ed = st.edition
    g = st.garth[seat]
    workers = st.players[seat].workers
    mine = workers[ed.WORKER_INDEX[g["specialization"]]]
    for kind in ed.WORKER_KINDS:
        if workers[ed.WORKER_INDEX[kind]] > mine:
            g["specialization"] = kind
            st.say("garth_specialization", seat=seat, specialization=kind)
            return


def _hire_cheapest(st: "GwtState", seat: int) -> None:
    """Card 1: the cheapest open row with a worker Garth has room for; its specialization if
    that row holds one, else the row's first such worker."""
    ed = st.edition
    spec = st.garth[seat]["specialization"]
    rows = [r for r in _available_rows(st)
            if any(k is not None and _room(st, seat, k) for k in st.jobs[r])]
    if not rows:
        return
    row = min(rows, key=lambda r: (ed.JOB_COST[r], r))
    if spec in st.jobs[row] and _room(st, seat, spec):
        kind = spec
    else:
        kind = next(k for k in st.jobs[row] if k is not None and _room(st, seat, k))
    _hire(st, seat, row, kind)


def _hire_specialized(st: "GwtState", seat: int) -> None:
    """Card 6: a worker of its specialization from the cheapest row holding one; else a worker of
    the kind most common in the open rows (first kind on equal counts)."""
    ed = st.edition
    spec = st.garth[seat]["specialization"]
    row = _cheapest_row_with(st, spec) if _room(st, seat, spec) else None
    if row is not None:
        _hire(st, seat, row, spec)
        return
    counts = {k: sum(st.jobs[r].count(k) for r in _available_rows(st)) for k in ed.WORKER_KINDS}
    kind = max(ed.WORKER_KINDS, key=lambda k: counts[k])  # max keeps the first of equals
    if counts[kind] and _room(st, seat, kind):
        _hire(st, seat, _cheapest_row_with(st, kind), kind)


def _hire_engineer(st: "GwtState", seat: int) -> None:
    row = _cheapest_row_with(st, "engineer") if _room(st, seat, "engineer") else None
    if row is not None:
        _hire(st, seat, row, "engineer")


# -------------------------------------------------------------------------------- railroad
def _take_disc(st: "GwtState", seat: int, corner: str) -> bool:
    """A disc for a station or city: the first group allowed (board order, white first where
    white is asked); with none left, one back from its first station (§6.3). False: none."""
    ed = st.edition
    groups = railroad.disc_groups_for(st, seat, corner, _BIG)
    if groups:
        st.players[seat].discs[groups[0]] -= 1  # no money gained or paid: unlimited money
        st.say("disc_cleared", seat=seat, group=ed.DISC_GROUPS[groups[0]]["group"])
        return True
    for station, seats in enumerate(st.station_discs):
        if seat in seats:
            seats.remove(seat)
            st.say("disc_taken_back", seat=seat, station=station + 1)
            return True
    return False


def _upgrade_at(st: "GwtState", seat: int, position: int) -> None:
    """Landing on the turnout of a station it has not upgraded: upgrade it for free; a station
    master there is taken for one of its engineers if it has a hired one ([B]), with no effect."""
    ed = st.edition
    station = ed.POS_STATION[position]
    if station < 0 or seat in st.station_discs[station]:
        return
    if not _take_disc(st, seat, ed.STATIONS[station]["corner"]):
        return
    st.station_discs[station].append(seat)
    st.say("station_upgraded", seat=seat, station=station + 1)
    master = st.station_master[station]
    player = st.players[seat]
    engineers = ed.WORKER_INDEX["engineer"]
    if master is not None and player.workers[engineers] >= 2:
        player.workers[engineers] -= 1
        st.station_master[station] = None
        st.station_worker[station] = "engineer"
        player.masters.append(master)
        st.say("station_master_taken", seat=seat, master=master, worker="engineer", station=station + 1)


def _fresh_station(st: "GwtState", seat: int, position: int) -> bool:
    station = st.edition.POS_STATION[position]
    return station >= 0 and seat not in st.station_discs[station]


def _move_engine(st: "GwtState", seat: int) -> None:
    """Cards 2, 7 (and 11, 14): up to its engineer count forward, preferring the turnout of a
    station not yet upgraded, then the farthest; at the end of the track back to the earliest
    station it has not upgraded ([B]), else one space back."""
    ed = st.edition
    player = st.players[seat]
    targets = railroad.forward_targets(st, seat, player.workers[ed.WORKER_INDEX["engineer"]])
    if not targets:
        return
    target = max(targets, key=lambda p: (_fresh_station(st, seat, p), ed.POS_ORDER[p]))
    st.say("engine_moved", seat=seat, frm=railroad.place_note(ed, player.engine),
           to=railroad.place_note(ed, target))
    player.engine = target
    _upgrade_at(st, seat, target)
    if target == ed.LAST_SPACE:
        back = railroad.backward_targets(st, seat, None)
        if not back:
            return
        fresh = [p for p in back if _fresh_station(st, seat, p)]
        to = min(fresh, key=ed.POS_ORDER.__getitem__) if fresh else max(back, key=ed.POS_ORDER.__getitem__)
        st.say("engine_moved", seat=seat, frm=railroad.place_note(ed, target), to=railroad.place_note(ed, to))
        player.engine = to
        _upgrade_at(st, seat, to)


# ---------------------------------------------------------------------------- trail tiles
def _take_teepee(st: "GwtState", seat: int) -> None:
    """Card 4: the teepee / outlaw on the space of the highest reward; no money or token."""
    ed = st.edition
    full = [n for n in ed.TEEPEE_FILL if st.trail_tile[n] is not None]
    if not full:
        return
    node = max(full, key=lambda n: ed.TEEPEE_VALUE[n])  # first of equals
    tile = st.trail_tile[node]
    st.trail_tile[node] = None
    st.players[seat].teepees.append(tile)
    st.say("traded", seat=seat, tile=tile, space=ed.NODES[node], value=0)


def _take_hazard(st: "GwtState", seat: int) -> None:
    """Card 5: of the hazard type with most tiles on the trail (board order on equal counts), the
    tile of the most VP (first space on equal VP); free."""
    ed = st.edition
    counts = {kind: sum(1 for n in spaces if st.trail_tile[n] is not None)
              for kind, spaces in ed.HAZARD_SPACES.items()}
    kind = max(counts, key=counts.__getitem__)
    if not counts[kind]:
        return
    spaces = [n for n in ed.HAZARD_SPACES[kind] if st.trail_tile[n] is not None]
    node = max(spaces, key=lambda n: ed.TILE[st.trail_tile[n]]["vp"])
    tile = st.trail_tile[node]
    st.trail_tile[node] = None
    st.players[seat].hazards.append(tile)
    st.say("hazard_removed", seat=seat, tile=tile, space=ed.NODES[node])


def _take_objective(st: "GwtState", seat: int) -> None:
    """Card 3 (and an arrow's objective): the first card of the display ([B] takes the first
    one available), onto its discard pile."""
    if st.obj_display:
        C.take_objective(st, seat, st.obj_display[0], to_hand=False, reason="garth")


# ---------------------------------------------------------------------------------- cattle
def _buy(st: "GwtState", seat: int, cowboys: int) -> None:
    """Cards 8, 12, 13: the purchase its cowboys allow that brings the most VP, each card the
    market's best of its breeding value; free. Equal VP: the first row of the purchase table."""
    ed = st.edition
    best: tuple[int, list[str], int] | None = None
    for row_cowboys, _dollars, value, size in ed.PURCHASE_ROWS:
        if row_cowboys > cowboys:
            continue
        cards = sorted((c for c in st.market if ed.BREEDING_VALUE[c] == value),
                       key=lambda c: -ed.CATTLE[c]["vp"])[:size]
        if len(cards) < size:
            continue
        vp = sum(ed.CATTLE[c]["vp"] for c in cards)
        if best is None or vp > best[0]:
            best = (vp, cards, row_cowboys)
    if best is None:
        return
    _vp, cards, used = best
    for card in cards:
        st.market.remove(card)
        st.players[seat].discard.append(card)
    st.say("cattle_bought", seat=seat, cards=list(cards), cost=0, cowboys=used)


def _draw_into_market(st: "GwtState", seat: int) -> None:
    ed = st.edition
    drawn = [st.cattle_stack.pop() for _ in range(min(ed.DRAW_INTO_MARKET["cards"], len(st.cattle_stack)))]
    st.market.extend(drawn)
    C.sort_market(st)
    st.say("market_drawn", seat=seat, cards=drawn)


# -------------------------------------------------------------------------------- buildings
def _build_space(st: "GwtState") -> int | None:
    """The first empty, non-risk private building space ahead of the next player's herder
    (breadth first along the trail; from the start if it has not moved yet) (§2.18, [B])."""
    ed = st.edition
    start = st.players[(st.current + 1) % st.n].herder
    todo, seen = [ed.START if start < 0 else start], set()
    while todo:
        node = todo.pop(0)
        if node in seen:
            continue
        seen.add(node)
        if node in ed.PRIVATE_NODES and st.trail_tile[node] is None and ed.RISK[node] is None:
            return node
        todo.extend(ed.NEXT[node])
    return None


def _place_building(st: "GwtState", seat: int) -> None:
    """Cards 9, 10, 15: a building its builders allow (its side-b tiles), new on _build_space or
    replacing one of its own smaller ones; the most builders used, then the more VP replaced, then
    the higher fee for others, then the lowest number (our tie-break); free."""
    ed = st.edition
    player = st.players[seat]
    builders = player.workers[ed.WORKER_INDEX["craftsman"]]
    free = _build_space(st)
    own = C.placed_buildings(st, seat)
    fees = ed.TILE_FEES[st.n]
    options = []
    for building in player.buildings:
        need = ed.BUILDING[building]["craftsmen"]
        if need > builders:
            continue
        if free is not None:
            options.append((need, 0, fees[building], -int(building[:-1]), building, free))
        for node in own:
            old = st.trail_tile[node]
            if ed.BUILDING[old]["craftsmen"] < need:
                options.append((need - ed.BUILDING[old]["craftsmen"], ed.BUILDING[old]["vp"],
                                fees[building] - fees[old], -int(building[:-1]), building, node))
    if not options:
        return
    *_, building, node = max(options)
    old = st.trail_tile[node]
    if old is not None:
        player.replaced.append(old)
    player.buildings.remove(building)
    st.trail_tile[node] = building
    st.trail_owner[node] = seat
    st.say("built", seat=seat, building=building, space=ed.NODES[node], cost=0, replaced=old or "")


# ----------------------------------------------------------------------------------- cards
def _if_spec(kind: str, then):
    def effect(st: "GwtState", seat: int) -> None:
        if st.garth[seat]["specialization"] == kind:
            then(st, seat)
    return effect


def _engineer_card(st: "GwtState", seat: int) -> None:
    _hire_engineer(st, seat)
    _move_engine(st, seat)


def _cowboy_draw_card(st: "GwtState", seat: int) -> None:
    _draw_into_market(st, seat)
    if st.players[seat].workers[0] > 1:  # one cowboy drew the cards (§2.18 card 12)
        _buy(st, seat, st.players[seat].workers[0] - 1)


_EFFECTS = {
    1: _hire_cheapest,
    2: _move_engine,
    3: _take_objective,
    4: _take_teepee,
    5: _take_hazard,
    6: _hire_specialized,
    7: _move_engine,
    8: lambda st, seat: _buy(st, seat, st.players[seat].workers[0]),
    9: _place_building,
    10: _if_spec("craftsman", _place_building),
    11: _if_spec("engineer", _engineer_card),
    12: _if_spec("cowboy", _cowboy_draw_card),
    13: _if_spec("cowboy", lambda st, seat: _buy(st, seat, st.players[seat].workers[0])),
    14: _if_spec("engineer", _move_engine),
    15: _if_spec("craftsman", _place_building),
}


# ----------------------------------------------------------------------------- Kansas City
def delivery_city(st: "GwtState", seat: int) -> int:
    """Its difficulty's first city while it has no disc there; then the lowest city above that
    one it may still deliver to; else the terminal city (§2.18, [B])."""
    ed = st.edition
    # the first edition's cities or the second's (same values, other names: reference §3)
    first = ed.CITY_INDEX[FIRST_CITY[st.garth[seat]["difficulty"]][ed.second]]
    if seat not in st.city_discs[first]:
        return first
    floor = ed.CITIES[first]["value"]
    for i, _id, value, repeatable in ed.CITY_FACTS:
        if value > floor and (repeatable or seat not in st.city_discs[i]):
            return i
    return len(ed.CITIES) - 1


def _kansas_city(st: "GwtState", seat: int) -> None:
    """Foresight at random, no income (unlimited money), delivery by delivery_city at no
    transport cost and whatever its hand, then home (§10 as [B] plays it for Garth)."""
    from . import kansas_city as KC

    ed = st.edition
    st.kc_visit = True
    st.say("kansas_city", seat=seat)
    for column in range(3):
        choices = KC.foresight_actions(st, {"column": column})
        if choices:
            KC.apply_foresight(st, seat, choices[st.rng.below(len(choices))])
    city = delivery_city(st, seat)
    st.say("delivered", seat=seat, city=ed.CITY_IDS[city], transport=0)
    if _take_disc(st, seat, ed.CITIES[city]["corner"]):
        st.city_discs[city].append(seat)
        st.say("city_disc", seat=seat, city=ed.CITY_IDS[city])
        for arrow in ed.ARROWS:
            a, b = arrow["cities"]
            other = b if a == city else a if b == city else -1
            if other >= 0 and seat in st.city_discs[other]:
                st.say("arrow_completed", seat=seat, cities=[ed.CITY_IDS[a], ed.CITY_IDS[b]], vp=arrow["vp"])
                if arrow["objective"]:
                    _take_objective(st, seat)
    else:
        st.say("no_disc_left", seat=seat, city=ed.CITY_IDS[city])
    KC.finish(st, seat)


# ------------------------------------------------------------------------------------ score
def adjust_score(st: "GwtState", seat: int, breakdown: dict[str, int]) -> None:
    """Garth's score (§2.18): no money, step disc or station masters; every objective card it
    holds at its full value, no penalty; the first edition's San Francisco discs at 6 VP."""
    ed = st.edition
    player = st.players[seat]
    breakdown["money"] = 0
    breakdown["step_disc"] = 0
    breakdown["station_masters"] = 0
    cards = [c for c in player.all_deck_cards() + player.objectives if c in ed.OBJECTIVE]
    breakdown["objectives"] = sum(ed.OBJECTIVE[c]["vp"] for c in cards)
    if not ed.second:  # [B] scores San Francisco at 6 for Garth, New York (second edition) at 9
        terminal = len(ed.CITIES) - 1
        breakdown["cities"] -= (ed.CITIES[terminal]["vp"] - GARTH_TERMINAL_VP_FIRST_EDITION) * \
            st.city_discs[terminal].count(seat)


# -------------------------------------------------------------------------------- view, copy
def view_of(st: "GwtState") -> list[dict[str, Any] | None]:
    """What everybody sees of Garth: its difficulty, specialization, the cards revealed (its
    discard pile) and how many are left face down (their order is hidden)."""
    return [None if g is None else {"difficulty": g["difficulty"], "specialization": g["specialization"],
                                    "deck_size": len(g["deck"]), "discard": list(g["discard"])}
            for g in st.garth]

