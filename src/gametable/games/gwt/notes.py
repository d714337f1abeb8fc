"""What a choice costs and gives, as language-free notes the terminal and the browser both show.

A note has the shape of a log entry: a catalog ``key`` and its parameters. A parameter may
itself be a note (or a list of notes): translators show it as its own sentence, so "fees $3:
$2 to the bank and $1 to Ann" stays one note whose payees are nested notes. Everything here
is computed from the seat's view and the public data tables, so it never reveals more than
the view does, and it is cheap (no copy of the state, no trial move).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .common import edition_key
from .effects import hire_cost
from .kansas_city import breeding_value
from .movement import fee_of_icons, tile_hand_icons
from .railroad import transport_cost

if TYPE_CHECKING:
    from .editions import Edition

Note = dict[str, Any]


def _note(ed: "Edition", key: str, **params: Any) -> Note:
    return {"key": edition_key(ed, key), **params}


def effect_spec(ed: "Edition", src: str | None, effect: str) -> dict[str, Any]:
    """The printed effect behind an action's source ("E/2", "aux", "bonus/engineer/4", ...)."""
    if not src:
        return {}
    head, _, tail = src.partition("/")
    if src == "aux":
        options: Any = [{"effect": "aux"}]
    elif head == "risk":
        options = [ed.RISK_SPECS[ed.RISK[ed.NODE_INDEX[tail]]]]
    elif head == "bonus":
        kind, space = tail.split("/")
        options = [ed.WORKER_BONUS[kind][int(space)]]
    elif head == "master":
        options = ed.STATION_MASTER[tail]["immediate"]
    elif head == "objective":
        options = ed.OBJECTIVE[tail]["immediate"]
    elif head in ed.BUILDING and tail.isdigit():
        options = ed.BUILDING[head]["actions"][int(tail) - 1]
    else:
        return {}
    return next((dict(o) for o in options if o["effect"] == effect), {})


def _me(view: dict[str, Any]) -> dict[str, Any]:
    return view["players"][view["current"]]


def _gains(ed: "Edition", spec: dict[str, Any]) -> list[Note]:
    """What a printed effect gives besides its main effect."""
    out = []
    if spec.get("cost"):
        out.append(_note(ed, "gwt.terminal.pay", amount=spec["cost"]))
    if spec.get("money"):
        out.append(_note(ed, "web.gwt.gain.money", amount=spec["money"]))
    if spec.get("certificates"):
        out.append(_note(ed, "web.gwt.gain.certificates", amount=spec["certificates"]))
    if spec.get("engine"):
        out.append(_note(ed, "web.gwt.gain.engine", amount=spec["engine"]))
    if spec.get("objective_to_hand"):
        out.append(_note(ed, "web.gwt.gain.objective"))
    if spec.get("remove_cards"):
        out.append(_note(ed, "gwt.terminal.remove_cards", count=spec["remove_cards"]))
    return out


def _aux_effect(ed: "Edition", spec: dict[str, Any]) -> list[Note]:
    """An auxiliary action's printed effect (§9.2)."""
    effect = spec["effect"]
    if effect == "draw":
        main = _note(ed, "gwt.terminal.draw_discard", count=spec["exactly"])
    elif effect == "money":
        return [_note(ed, "web.gwt.gain.money", amount=spec["amount"])]
    else:
        main = _note(ed, f"web.gwt.effect.{effect}", **spec)
    return [main, *_gains(ed, spec)]


def choices_notes(ed: "Edition", legal: list[dict[str, Any]], view: dict[str, Any]) -> list[list[Note]]:
    """The notes of each of a seat's choices (State.action_notes): the trail's spaces are
    looked up by name once for all of them (a move phase offers a path per reachable space)."""
    nodes = None
    notes = []
    for action in legal:
        if nodes is None and action["type"] in _ON_THE_TRAIL:
            nodes = trail_nodes(view)
        notes.append(action_notes(ed, action, view, nodes))
    return notes


#: the choices whose notes read trail spaces by name
_ON_THE_TRAIL = frozenset({"move", "herder", "build", "trade"})


def trail_nodes(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The view's trail spaces by name."""
    return {node["id"]: node for node in view["trail"]}


def action_notes(ed: "Edition", action: dict[str, Any], view: dict[str, Any],
                 nodes: dict[str, dict[str, Any]] | None = None) -> list[Note]:
    """What ``action`` costs and gives, where the view knows it; [] when there is nothing to add.
    ``nodes``: the view's trail_nodes, where the caller has them."""
    t = action["type"]
    src = action.get("src")
    spec = effect_spec(ed, src, t)
    if src and src[:3] == "aux" and src[3:].isdigit():  # inside an auxiliary action: its printed effect
        pending = view["pending"] or {}
        spec = dict(ed.AUX[int(src[3:])]["double" if pending.get("double") else "single"])
    notes: list[Note] = []
    if t == "move" or (t == "herder" and not spec.get("no_fees")):
        notes.append(fees_note(ed, action["path"], view, nodes))
    elif t == "herder":
        notes.append(_note(ed, "gwt.terminal.no_fees"))
    elif t in ("discard", "discard_card", "engine", "engine_back", "certificates"):
        notes += _gains(ed, spec)
    elif t == "hire":
        notes.append(_note(ed, "gwt.terminal.costs", cost=hire_cost(ed, action["row"] - 1, spec.get("discount", 0))))
    elif t == "build":
        need = ed.BUILDING[action["building"]]["craftsmen"]
        old = (nodes or trail_nodes(view))[action["space"]]["tile"]
        if old:
            need -= ed.BUILDING[old]["craftsmen"]
        notes.append(_note(ed, "gwt.terminal.costs", cost=need * spec.get("per_craftsman", 0)))
        notes.append(_note(ed, "gwt.terminal.vp", vp=ed.BUILDING[action["building"]]["vp"]))
        if old:
            notes.append(_note(ed, "gwt.terminal.replacing", building=old))
    elif t == "buy":
        value = ed.BREEDING_VALUE[action["cards"][0]]
        row = next(r for r in ed.PURCHASES if r["cowboys"] == action["cowboys"]
                   and r["cards"] == len(action["cards"]) and r["value"] == value)
        notes.append(_note(ed, "gwt.terminal.costs", cost=row["dollars"]))
    elif t == "trade":
        space = (nodes or trail_nodes(view))[action["space"]]
        value = space["value"]
        if space.get("exchange"):
            notes.append(_note(ed, "web.gwt.effect.gain_exchange_token"))
        if value or not space.get("exchange"):
            notes.append(_note(ed, "web.gwt.gain.money", amount=value) if value > 0
                         else _note(ed, "gwt.terminal.pay", amount=-value))
    elif t == "remove_hazard":
        cost = spec.get("cost", 0)
        notes.append(_note(ed, "gwt.terminal.pay", amount=cost) if cost else _note(ed, "gwt.terminal.free"))
    elif t == "aux":
        notes += _aux_effect(ed, ed.AUX[action["aux"]]["double" if action["double"] else "single"])
    elif t in ("upgrade", "upgrade_behind"):
        station = view["railroad"]["stations"][action["station"] - 1]
        notes.append(_note(ed, "gwt.terminal.costs", cost=station["cost"]))
        notes.append(_note(ed, "gwt.terminal.vp", vp=station["vp"]))
    elif t == "disc":
        group = action["group"]
        key = "aux" if group.startswith("aux") else group
        notes.append(_note(ed, f"gwt.terminal.disc.{key}", n=group[3:]))
        notes.append(_note(ed, f"gwt.terminal.corner.{ed.DISC_GROUP[group]['corner']}"))
    elif t == "income":
        me = _me(view)
        # each part named, so the total explains itself: what the hand and the permanent
        # certificates count already, and what spending this choice's certificates adds
        value, spent, permanent = breeding_value(ed, me.get("hand", [])), action["certificates"], me["permanent_certificates"]
        notes.append(_note(ed, "gwt.terminal.income_parts", value=value, certificates=spent, permanent=permanent,
                           total=value + spent + permanent))
    elif t == "deliver":
        city = ed.CITIES[ed.CITY_INDEX[action["city"]]]
        extraordinary = view["pending"] and view["pending"].get("extraordinary")
        cost = 0 if extraordinary else transport_cost(ed, ed.POS_BY_LABEL[_me(view)["engine"]], city["value"])
        notes.append(_note(ed, "gwt.terminal.delivery", value=city["value"], cost=cost))
        if city.get("money"):
            notes.append(_note(ed, "web.gwt.gain.money", amount=city["money"]))
        # a disc there scores at game end: Kansas City's costs VP, so the choice must say so
        vp = city.get("vp", 0)
        if vp:
            notes.append(_note(ed, "gwt.terminal.city_vp_gain" if vp > 0 else "gwt.terminal.city_vp_loss", vp=abs(vp)))
    elif t == "money":
        notes.append(_note(ed, "web.gwt.gain.money", amount=spec.get("amount", 0)))
    elif t in ("money_per_woods", "money_per_engineer"):
        notes.append(_note(ed, f"web.gwt.effect.{t}", money=spec.get("money", 0)))
    return notes


def fees_note(ed: "Edition", path: list[str], view: dict[str, Any],
              nodes: dict[str, dict[str, Any]] | None = None) -> Note:
    """The fees of walking ``path`` (§2.4), as the view shows the trail: whom they go to, and
    whether the mover has the money (``nodes``: the view's trail_nodes, where known)."""
    seat = view["current"]
    if nodes is None:
        nodes = trail_nodes(view)
    owed: dict[int | None, int] = {}
    for name in path:
        node = nodes[name]
        hands, payee = tile_hand_icons(ed, node["tile"], node["kind"], node.get("owner"), seat)
        if hands:
            owed[payee] = owed.get(payee, 0) + fee_of_icons(ed, hands, len(view["players"]))
    if not owed:
        return _note(ed, "gwt.terminal.no_fees")
    total = sum(owed.values())
    payees = [_note(ed, "gwt.terminal.fee_to", amount=amount,
                    payee=_note(ed, "gwt.terminal.bank") if payee is None else _note(ed, "gwt.terminal.player", seat=payee))
              for payee, amount in owed.items()]
    money = _me(view)["money"]
    if total > money:
        return _note(ed, "gwt.terminal.fees_short", total=total, payees=payees, money=money)
    return _note(ed, "gwt.terminal.fees", total=total, payees=payees)
