"""Every action printed on a building, risk space, worker space, station master or objective card.

An *effect* is one box of the game's iconography, given as data (see data/buildings.toml):
``{"effect": "hire", "discount": 1}``. For each effect kind this module knows which concrete,
atomic actions are legal now (``actions``) and how to carry one out (``apply``). The same code
serves a neutral building, a private building, a worker bonus or an objective card, so a rule is
written once. Requirements are checked before an action is offered: an action that is offered can
always be paid for in full (§"Phase B": costs must be paid in full to get the reward).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping

from . import common as C
from . import movement, railroad

if TYPE_CHECKING:
    from .editions import Edition
    from .state import GwtState

Spec = Mapping[str, Any]
Action = dict[str, Any]


# ------------------------------------------------------------------------------ small helpers
def _amount(st: "GwtState", seat: int, value: Any) -> int:
    """Resolve "up to N" values that depend on the player's workers or buildings."""
    if isinstance(value, int):
        return value
    player = st.players[seat]
    if value == "engineers":
        return player.workers[2]
    if value == "cowboys":
        return player.workers[0]
    if value == "woods":
        return own_woods_buildings(st, seat)
    if value == "hazards":
        return len(player.hazards)
    raise ValueError(f"unknown amount {value!r}")


def own_woods_buildings(st: "GwtState", seat: int) -> int:
    ed = st.edition
    return sum(1 for node in ed.PRIVATE_SPACES
               if st.trail_owner[node] == seat and ed.WOODS[node] and st.trail_tile[node])


# ------------------------------------------------------------------------------ discard for reward
def _discard_choices(st: "GwtState", seat: int, spec: Spec) -> list[list[str]]:
    ed = st.edition
    player = st.players[seat]
    card = spec["card"]
    count = spec.get("count", 1)
    hand = player.hand
    if card == "objective":
        return [[c] for c in sorted(set(hand)) if ed.is_objective(c)]
    if card == "value_3":  # any value-3 card (second edition, building 5a)
        return [[c] for c in sorted(set(hand)) if ed.is_cattle(c) and ed.BREEDING_VALUE[c] == 3]
    if card != "any":
        return [[card] * count] if hand.count(card) >= count else []
    cattle = sorted([c for c in hand if c in ed.CATTLE])  # ed.is_cattle, without a call per card
    if count == 1:
        return [[c] for c in sorted(set(cattle))]
    # Two cards of the same breed (building F, 3a): breeds, not card ids, must match.
    choices: set[tuple[str, str]] = set()
    for i, a in enumerate(cattle):
        for b in cattle[i + 1:]:
            if ed.BREED[a] == ed.BREED[b]:
                choices.add((a, b))
    return [list(pair) for pair in sorted(choices)]


def _gen_discard(st, seat, spec, src):
    if spec.get("engine") and not railroad.forward_targets(st, seat, spec["engine"]):
        return []
    return [{"type": "discard", "src": src, "cards": cards} for cards in _discard_choices(st, seat, spec)]


def _apply_discard(st, seat, spec, src, action):
    C.discard_cards(st, seat, list(action["cards"]), src)
    if spec.get("money"):
        C.gain(st, seat, spec["money"], src)
    if spec.get("certificates"):
        C.gain_certificates(st, seat, spec["certificates"], src)
    if spec.get("objective_to_hand"):
        st.frames.append({"kind": "effect", "src": src, "optional": False,
                          "options": [{"effect": "take_objective", "to_hand": True}]})
    if spec.get("engine"):
        st.frames.append({"kind": "effect", "src": src, "optional": False,
                          "options": [{"effect": "engine", "up_to": spec["engine"]}]})


# ----------------------------------------------------------------------------------- hiring
def hire_cost(ed: "Edition", row: int, discount: int) -> int:
    return max(0, ed.JOB_COST[row] - discount)


def _gen_hire(st, seat, spec, src):
    ed = st.edition
    player = st.players[seat]
    discount = spec.get("discount", 0)
    workers = player.workers
    room = [kind for kind in ed.WORKER_KINDS if workers[ed.WORKER_INDEX[kind]] < ed.WORKER_ROW_SIZE]
    acts = []
    for row in range(min(st.token_row, ed.JOB_ROWS)):
        if player.money < hire_cost(ed, row, discount):
            continue
        jobs = st.jobs[row]
        for kind in room:
            if kind in jobs:
                acts.append({"type": "hire", "src": src, "row": row + 1, "worker": kind})
    return acts


def _apply_hire(st, seat, spec, src, action):
    """Hire (§2.5): pay the row cost with the icon's modifier; the new worker's space may give a bonus."""
    ed = st.edition
    row, kind = action["row"] - 1, action["worker"]
    cost = hire_cost(ed, row, spec.get("discount", 0))
    jobs = st.jobs[row]
    jobs[jobs.index(kind)] = None
    player = st.players[seat]
    if cost:
        player.money -= cost
    k = ed.WORKER_INDEX[kind]
    player.workers[k] += 1
    space = player.workers[k]
    st.say("hired", seat=seat, worker=kind, row=row + 1, cost=cost, space=space)
    bonus = ed.WORKER_BONUS.get(kind, {}).get(space)
    if bonus is not None:
        st.frames.append({"kind": "effect", "src": f"bonus/{kind}/{space}", "optional": True,
                          "options": [dict(bonus)]})


# ---------------------------------------------------------------------------------- building
def _gen_build(st, seat, spec, src):
    ed = st.edition
    player = st.players[seat]
    per = spec["per_craftsman"]
    craftsmen = player.workers[1]
    empty = [ed.NODES[n] for n in ed.PRIVATE_SPACES if st.trail_tile[n] is None]
    own = [n for n in ed.PRIVATE_SPACES if st.trail_owner[n] == seat]
    acts = []
    for building in sorted(player.buildings, key=_building_order):
        need = ed.BUILDING[building]["craftsmen"]
        if need <= craftsmen and need * per <= player.money:
            acts += [{"type": "build", "src": src, "building": building, "space": space}
                     for space in empty]
        for n in own:
            # Replacing one of your buildings: only the craftsmen difference is needed and paid.
            diff = need - ed.BUILDING[st.trail_tile[n]]["craftsmen"]
            if 0 < diff <= craftsmen and diff * per <= player.money:
                acts.append({"type": "build", "src": src, "building": building, "space": ed.NODES[n]})
    return acts


def _building_order(building: str) -> tuple[int, str]:
    return int(building[:-1]), building[-1]


def _apply_build(st, seat, spec, src, action):
    ed = st.edition
    player = st.players[seat]
    building = action["building"]
    node = ed.NODE_INDEX[action["space"]]
    need = ed.BUILDING[building]["craftsmen"]
    old = st.trail_tile[node]
    if old is not None:
        need -= ed.BUILDING[old]["craftsmen"]
        player.replaced.append(old)
    cost = need * spec["per_craftsman"]
    player.buildings.remove(building)
    st.trail_tile[node] = building
    st.trail_owner[node] = seat
    if cost:
        player.money -= cost
    st.say("built", seat=seat, building=building, space=action["space"], cost=cost,
           replaced=old or "")


# ------------------------------------------------------------------------------ certificates
def _gen_certificates(st, seat, spec, src):
    player = st.players[seat]
    return [{"type": "certificates", "src": src}] if player.cert < C.cert_limit_index(st.edition, player) else []


def _apply_certificates(st, seat, spec, src, action):
    C.gain_certificates(st, seat, spec.get("amount", 1), src)


def _gen_to_limit(st, seat, spec, src):
    player = st.players[seat]
    return ([{"type": "certificates_to_limit", "src": src}]
            if player.cert < C.cert_limit_index(st.edition, player) else [])


def _apply_to_limit(st, seat, spec, src, action):
    ed = st.edition
    C.gain_certificates(st, seat, len(ed.CERT_TRACK), src)


def _gen_permanent(st, seat, spec, src):
    return [{"type": "permanent_certificate", "src": src}]


def _apply_permanent(st, seat, spec, src, action):
    st.players[seat].perm_certs += spec.get("amount", 1)
    st.say("permanent_certificate", seat=seat, total=st.players[seat].perm_certs)


# -------------------------------------------------------------------------------- objectives
def _gen_take_objective(st, seat, spec, src):
    acts = [{"type": "take_objective", "src": src, "card": c} for c in st.obj_display]
    if st.obj_stack:
        acts.append({"type": "take_objective", "src": src, "card": "stack"})
    return acts


def _apply_take_objective(st, seat, spec, src, action):
    C.take_objective(st, seat, action["card"], bool(spec.get("to_hand")), src)


# ----------------------------------------------------------------------------------- engine
def _gen_engine(st, seat, spec, src):
    ed = st.edition
    steps = _amount(st, seat, spec["up_to"])
    cost = spec.get("cost", 0)
    if steps < 1 or st.players[seat].money < cost:
        return []
    return [{"type": "engine", "src": src, "to": ed.POS_LABEL[p]}
            for p in railroad.forward_targets(st, seat, steps)]


def _apply_engine(st, seat, spec, src, action):
    ed = st.edition
    C.pay(st, seat, spec.get("cost", 0), src)
    railroad.move_engine(st, seat, ed.POS_BY_LABEL[action["to"]])


def _gen_engine_back(st, seat, spec, src):
    ed = st.edition
    if st.players[seat].money < spec.get("cost", 0):
        return []
    return [{"type": "engine_back", "src": src, "to": ed.POS_LABEL[p]}
            for p in railroad.backward_targets(st, seat, spec["spaces"])]


def _apply_engine_back(st, seat, spec, src, action):
    """Backward moves (aux 3 and 5, building 1b): the full distance is a requirement (§9.2)."""
    ed = st.edition
    C.pay(st, seat, spec.get("cost", 0), src)
    railroad.move_engine(st, seat, ed.POS_BY_LABEL[action["to"]])
    C.gain(st, seat, spec.get("money", 0), src)
    if spec.get("certificates"):
        C.gain_certificates(st, seat, spec["certificates"], src)
    if spec.get("remove_cards"):
        st.frames.append({"kind": "remove", "count": spec["remove_cards"]})


def _gen_upgrade_behind(st, seat, spec, src):
    ed = st.edition
    here = ed.POS_ORDER[st.players[seat].engine]
    return [{"type": "upgrade_behind", "src": src, "station": k + 1}
            for k in range(ed.NUM_STATIONS)
            if ed.POS_ORDER[ed.STATION_POS_T[k]] < here and railroad.can_upgrade(st, seat, k)]


def _apply_upgrade_behind(st, seat, spec, src, action):
    railroad.upgrade(st, seat, action["station"] - 1)


def _gen_extraordinary(st, seat, spec, src):
    ed = st.edition
    return [{"type": "extraordinary_delivery", "src": src, "to": ed.POS_LABEL[p]}
            for p in railroad.backward_targets(st, seat, None)]


def _apply_extraordinary(st, seat, spec, src, action):
    """Building 9a: engine back, then deliver to a city worth at most the distance (§4 notes)."""
    ed = st.edition
    start = st.players[seat].engine
    target = ed.POS_BY_LABEL[action["to"]]
    distance = railroad.back_distance(st, seat, start, target)
    railroad.move_engine(st, seat, target)  # queues a station upgrade when on a turnout
    st.say("extraordinary_delivery", seat=seat, distance=distance)
    st.frames.append({"kind": "deliver", "max_value": distance, "extraordinary": True})


# ------------------------------------------------------------------------------ trail tiles
def _gen_trade(st, seat, spec, src):
    ed = st.edition
    money = st.players[seat].money
    return [{"type": "trade", "src": src, "space": ed.NODES[n]}
            for n in ed.TEEPEE_FILL
            if st.trail_tile[n] is not None and money + ed.TEEPEE_VALUE[n] >= 0]


def _apply_trade(st, seat, spec, src, action):
    """Trade with the tribes (§3 D): take the teepee, gain or pay the space's value."""
    ed = st.edition
    node = ed.NODE_INDEX[action["space"]]
    tile = st.trail_tile[node]
    st.trail_tile[node] = None
    st.players[seat].teepees.append(tile)
    value = ed.TEEPEE_VALUE[node]
    st.say("traded", seat=seat, tile=tile, space=action["space"], value=value)
    if value > 0:
        C.gain(st, seat, value, "trade")
    elif value < 0:
        C.pay(st, seat, -value, "trade")
    C.gain_exchange_tokens(st, seat, ed.TEEPEE_EXCHANGE[node], "trade")


def _gen_remove_hazard(st, seat, spec, src):
    ed = st.edition
    if st.players[seat].money < spec["cost"]:
        return []
    return [{"type": "remove_hazard", "src": src, "space": ed.NODES[n]}
            for n in ed.ALL_HAZARD_SPACES if st.trail_tile[n] is not None]


def _apply_remove_hazard(st, seat, spec, src, action):
    ed = st.edition
    node = ed.NODE_INDEX[action["space"]]
    tile = st.trail_tile[node]
    st.trail_tile[node] = None
    st.players[seat].hazards.append(tile)
    st.say("hazard_removed", seat=seat, tile=tile, space=action["space"])
    C.pay(st, seat, spec["cost"], "remove_hazard")
    if spec.get("repeat", 1) > 1:  # "remove up to N hazards" (building 11a): the next one is optional
        st.frames.append({"kind": "effect", "src": src, "optional": True,
                          "options": [dict(spec, repeat=spec["repeat"] - 1)]})


# ------------------------------------------------------------------------------------ money
def _gen_money(st, seat, spec, src):
    return [{"type": "money", "src": src}]


def _apply_money(st, seat, spec, src, action):
    C.gain(st, seat, spec["amount"], src)


#: "gain $N per X": what X counts, by effect (private buildings in woods, engineers, builders, stations)
_MONEY_PER: dict[str, Callable[["GwtState", int], int]] = {
    "money_per_woods": own_woods_buildings,
    "money_per_engineer": lambda st, seat: st.players[seat].workers[2],
    "money_per_builder": lambda st, seat: st.players[seat].workers[1],
    "money_per_station": C.station_count,
}


def _gen_money_per(st, seat, spec, src):
    return [{"type": spec["effect"], "src": src}] if _MONEY_PER[spec["effect"]](st, seat) else []


def _apply_money_per(st, seat, spec, src, action):
    C.gain(st, seat, spec["money"] * _MONEY_PER[spec["effect"]](st, seat), src)


def _gen_exchange(st, seat, spec, src):
    return [{"type": "gain_exchange_token", "src": src}]


def _apply_exchange(st, seat, spec, src, action):
    C.gain_exchange_tokens(st, seat, 1, src)


def _teepee_pairs(st, seat) -> int:
    ed = st.edition
    teepees = st.players[seat].teepees
    green = sum(1 for t in teepees if ed.TILE[t]["colour"] == "green")
    return min(green, len(teepees) - green)


def _gen_teepee_pairs(st, seat, spec, src):
    return [{"type": "teepee_pairs", "src": src}] if _teepee_pairs(st, seat) else []


def _apply_teepee_pairs(st, seat, spec, src, action):
    pairs = _teepee_pairs(st, seat)
    C.gain_certificates(st, seat, spec["certificates"] * pairs, src)
    C.gain(st, seat, spec["money"] * pairs, src)


# ------------------------------------------------------------------------------------ cards
def _gen_draw(st, seat, spec, src):
    player = st.players[seat]
    left = len(player.deck) + len(player.discard)  # cards that can still be drawn
    if not left:
        return []
    if "exactly" in spec:
        return [{"type": "draw", "src": src}]
    most = min(_amount(st, seat, spec["up_to"]), left)
    return [{"type": "draw", "src": src, "count": k} for k in range(1, most + 1)]


def _apply_draw(st, seat, spec, src, action):
    """Draw, then discard as many cards as were drawn (aux 2, building 4b, objectives 10-14): a
    player whose draw and discard piles run out draws fewer and discards only that many."""
    count = spec["exactly"] if "exactly" in spec else action["count"]
    drawn = C.draw(st, seat, count)
    st.frames.append({"kind": "discard", "count": drawn, "src": src})


def _gen_buy_cattle(st, seat, spec, src):
    if next(_purchases(st, seat, st.players[seat].workers[0]), None) is None:
        return []
    return [{"type": "buy_cattle", "src": src}]


def _apply_buy_cattle(st, seat, spec, src, action):
    st.frames.append({"kind": "buy", "cowboys": st.players[seat].workers[0]})




def buy_actions(st: "GwtState", seat: int, frame: Mapping[str, Any], with_skip: bool = True) -> list[Action]:
    """Purchases from the market (table §1.3) with the cowboys not yet used, or draw 2 into it."""
    acts = list(_purchases(st, seat, frame["cowboys"]))
    if acts and with_skip:
        acts.append({"type": "skip"})
    return acts


def _purchases(st: "GwtState", seat: int, cowboys: int) -> Iterator[Action]:
    """buy_actions' actions but the skip, one at a time (listing a "buy cattle" action only asks
    whether there is one)."""
    ed = st.edition
    money = st.players[seat].money
    by_value: dict[int, list[str]] = {}
    counts: dict[str, int] = {}
    for card in st.market:
        counts[card] = counts.get(card, 0) + 1
    for card in sorted(counts):
        by_value.setdefault(ed.BREEDING_VALUE[card], []).append(card)
    for row_cowboys, dollars, value, size in st.edition.PURCHASE_ROWS:
        if row_cowboys > cowboys or dollars > money:
            continue
        cards = by_value.get(value, [])
        if size == 1:
            for c in cards:
                yield {"type": "buy", "cards": [c], "cowboys": row_cowboys}
        else:
            for i, a in enumerate(cards):
                for b in cards[i:]:
                    if a != b or counts[a] >= 2:
                        yield {"type": "buy", "cards": [a, b], "cowboys": row_cowboys}
    if cowboys >= ed.DRAW_INTO_MARKET["cowboys"] and st.cattle_stack:
        yield {"type": "draw_market"}


def apply_buy(st: "GwtState", seat: int, frame: Mapping[str, Any], action: Action) -> None:
    ed = st.edition
    player = st.players[seat]
    if action["type"] == "draw_market":
        used = ed.DRAW_INTO_MARKET["cowboys"]
        drawn = [st.cattle_stack.pop() for _ in range(min(ed.DRAW_INTO_MARKET["cards"], len(st.cattle_stack)))]
        st.market.extend(drawn)
        C.sort_market(st)
        st.say("market_drawn", seat=seat, cards=drawn)
    else:
        cards = action["cards"]
        used = action["cowboys"]
        row = next(r for r in ed.PURCHASES if r["cowboys"] == used and r["cards"] == len(cards)
                   and r["value"] == ed.BREEDING_VALUE[cards[0]])
        for card in cards:
            st.market.remove(card)
            player.discard.append(card)
        player.money -= row["dollars"]
        st.say("cattle_bought", seat=seat, cards=list(cards), cost=row["dollars"], cowboys=used)
    left = frame["cowboys"] - used
    if left > 0:
        st.frames.append({"kind": "buy", "cowboys": left})


# ------------------------------------------------------------------------------------ herder
def _gen_herder(st, seat, spec, src):
    start = st.players[seat].herder
    if start < 0:
        return []
    no_fees = bool(spec.get("no_fees"))
    return [{"type": "herder", "src": src, "path": [*names]}
            for names in movement.paths(st, start, spec["up_to"], allow_kc=not no_fees)]


def _apply_herder(st, seat, spec, src, action):
    """Building moves pay fees and give a fresh phase B there; objective moves do neither (§8.3).
    In the second edition an objective move after a phase B action goes straight on to phase C."""
    ed = st.edition
    no_fees = bool(spec.get("no_fees"))
    movement.move_herder(st, seat, action["path"], fees=not no_fees)
    if not no_fees:
        from .turn import arrive
        arrive(st, seat, st.players[seat].herder, fresh_after_action=True)
    # the second edition's rulebook, "Gain one objective card": after a phase B action the move
    # goes straight on to phase C (the first edition keeps the location in use)
    elif ed.second and st.phase == "B" and st.b_acted:
        from .turn import end_turn
        st.say("phase_b_ended", seat=seat)
        end_turn(st)


# ---------------------------------------------------------------------------- copy (8b)
def adjacent_buildings(st: "GwtState", node: int) -> list[int]:
    """Buildings one location before or after ``node`` on the trail, empty spaces skipped."""
    ed = st.edition
    found: list[int] = []

    def search(start: int, links: tuple[tuple[int, ...], ...]) -> None:
        todo = list(links[start])
        seen = set()
        while todo:
            n = todo.pop()
            if n in seen:
                continue
            seen.add(n)
            if n == ed.KANSAS_CITY or n == ed.START:
                continue
            if st.trail_tile[n] is not None:
                if ed.NODE_KIND[n] in ("neutral", "private") and n not in found:
                    found.append(n)
            else:
                todo.extend(links[n])

    search(node, ed.NEXT)
    search(node, ed.PREV)
    return sorted(found)


def _gen_copy(st, seat, spec, src):
    ed = st.edition
    return [{"type": "copy_adjacent", "src": src, "space": ed.NODES[n]}
            for n in adjacent_buildings(st, st.b_location)
            if not ed.BUILDING[st.trail_tile[n]]["actions"][0][0]["effect"] == "copy_adjacent"
            and not (ed.second and n in st.b_used)]  # no re-use (second edition, §4 item 6)


def _apply_copy(st, seat, spec, src, action):
    """Building 8b: the adjacent building's local actions become usable now (§4 notes)."""
    ed = st.edition
    from .turn import local_sources
    node = ed.NODE_INDEX[action["space"]]
    if ed.second:  # the copied building is used for this turn (no re-use, §4 item 6)
        st.b_used.append(node)
    st.b_available.extend(s for s in local_sources(st, seat, node, copying=True) if s not in st.b_available)
    st.say("copied", seat=seat, space=action["space"], building=st.trail_tile[node])


# ------------------------------------------------------------------------------- auxiliary
def _aux_form(ed: "Edition", number: int, aux: Spec, double: bool) -> tuple:
    """One form of an auxiliary action as _gen_aux reads it: its number, disc group, the group's
    size, whether its single form is open from the start, whether it is the double form, how to
    tell that it has actions ("money": always; "draw": a card left to draw; "engine" and
    "engine_back": the cost and a target that far; "other": ask its effect), the cost, the
    distance and the spec."""
    group = ed.GROUP_INDEX[aux["group"]]
    spec = aux["double" if double else "single"]
    effect = spec["effect"]
    if effect == "money" or (effect == "draw" and "exactly" in spec):
        test = effect
    elif effect == "engine" and isinstance(spec["up_to"], int) and spec["up_to"] >= 1:
        test = effect
    elif effect == "engine_back":
        test = effect
    else:
        test = "other"
    return (number, group, ed.DISC_GROUPS[group]["count"], aux["start_single"], double, test,
            spec.get("cost", 0), spec.get("up_to", spec.get("spaces")), spec)


def derived_tables(ed: "Edition") -> dict[str, Any]:
    forms = tuple(_aux_form(ed, number, aux, double) for number, aux in ed.AUX.items()
                  for double in (False, True))
    return {
        #: the purchase table (§1.3) as tuples, in its order: cowboys, dollars, breeding value, cards
        "PURCHASE_ROWS": tuple((row["cowboys"], row["dollars"], row["value"], row["cards"])
                               for row in ed.PURCHASES),
        #: the forms of the auxiliary actions in the order they are listed (board order, single
        #: before double), read at every phase B free point: all of them, and the single ones
        #: alone (phase B itself offers no double form)
        "AUX_FORMS": forms,
        "AUX_SINGLE_FORMS": tuple(form for form in forms if not form[4]),
        #: per (auxiliary action, double): the size as the log names it, the source of its effect
        #: and the effect (copied into each frame)
        "AUX_EFFECTS": {(number, double): ("double" if double else "single", f"aux{number}",
                                           dict(aux["double" if double else "single"]))
                        for number, aux in ed.AUX.items() for double in (False, True)},
    }


def _gen_aux(st, seat, spec, src):
    # C.aux_unlocked and the forms' actions_for (is there any?) unrolled over the precomputed
    # table: cleared discs = size - discs left; the other engines are looked up once for all
    # engine moves
    ed = st.edition
    player = st.players[seat]
    discs = player.discs
    occ = None
    acts = []
    for number, group, size, start_single, double, test, cost, distance, form in (
            ed.AUX_FORMS if spec.get("double") else ed.AUX_SINGLE_FORMS):
        left = discs[group]
        if double:
            if left:
                continue  # the double form needs the whole group cleared
        elif not start_single and left == size:
            continue  # locked: no disc cleared from its group
        if test == "draw":
            if not (player.deck or player.discard):
                continue
        elif test == "engine" or test == "engine_back":
            if player.money < cost:
                continue
            if occ is None:
                occ = railroad.occupied(st, seat)
            targets = (ed.FORWARD_FROM if test == "engine" else ed.BACKWARD_FROM)(
                player.engine, occ, distance)
            if not targets:
                continue
        elif test == "other" and not actions_for(st, seat, form, src):
            continue
        acts.append({"type": "aux", "src": src, "aux": number, "double": double})
    return acts


def _apply_aux(st, seat, spec, src, action):
    number, double = action["aux"], action["double"]
    size, source, inner = st.edition.AUX_EFFECTS[number, double]
    st.say("aux_action", seat=seat, aux=number, size=size)
    st.frames.append({"kind": "effect", "src": source, "optional": False, "options": [inner.copy()],
                      "double": double})


# --------------------------------------------------------------------------------- registry
EFFECTS: dict[str, tuple[Callable, Callable]] = {
    "discard": (_gen_discard, _apply_discard),
    "hire": (_gen_hire, _apply_hire),
    "build": (_gen_build, _apply_build),
    "certificates": (_gen_certificates, _apply_certificates),
    "certificates_to_limit": (_gen_to_limit, _apply_to_limit),
    "permanent_certificate": (_gen_permanent, _apply_permanent),
    "take_objective": (_gen_take_objective, _apply_take_objective),
    "engine": (_gen_engine, _apply_engine),
    "engine_back": (_gen_engine_back, _apply_engine_back),
    "upgrade_behind": (_gen_upgrade_behind, _apply_upgrade_behind),
    "extraordinary_delivery": (_gen_extraordinary, _apply_extraordinary),
    "trade": (_gen_trade, _apply_trade),
    "remove_hazard": (_gen_remove_hazard, _apply_remove_hazard),
    "money": (_gen_money, _apply_money),
    **{effect: (_gen_money_per, _apply_money_per) for effect in _MONEY_PER},
    "gain_exchange_token": (_gen_exchange, _apply_exchange),
    "teepee_pairs": (_gen_teepee_pairs, _apply_teepee_pairs),
    "draw": (_gen_draw, _apply_draw),
    "buy_cattle": (_gen_buy_cattle, _apply_buy_cattle),
    "herder": (_gen_herder, _apply_herder),
    "copy_adjacent": (_gen_copy, _apply_copy),
    "aux": (_gen_aux, _apply_aux),
}


#: each effect's lister and applier on their own (looked up at every listing and every action)
_LISTERS = {effect: pair[0] for effect, pair in EFFECTS.items()}
_APPLIERS = {effect: pair[1] for effect, pair in EFFECTS.items()}


def actions_for(st: "GwtState", seat: int, spec: Spec, src: str) -> list[Action]:
    return _LISTERS[spec["effect"]](st, seat, spec, src)


def options_actions(st: "GwtState", seat: int, options, src: str) -> list[Action]:
    acts: list[Action] = []
    for spec in options:
        acts += _LISTERS[spec["effect"]](st, seat, spec, src)
    return acts


def apply_option(st: "GwtState", seat: int, options, src: str, action: Action) -> None:
    """Carry out the option of ``options`` whose effect is the action's type."""
    kind = action["type"]
    for spec in options:
        if spec["effect"] == kind:
            _APPLIERS[kind](st, seat, spec, src, action)
            return
    raise AssertionError(f"no option {action['type']!r} among {options!r}")
