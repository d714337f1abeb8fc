"""Great Western Trail in the terminal: the table as text panels and every action as a sentence."""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group
from rich.panel import Panel
from rich.markup import escape
from rich.table import Table

from gametable import i18n
from gametable.terminal import player_names

from . import data as D
from .effects import hire_cost
from .kansas_city import breeding_value
from .movement import fee_of_icons, tile_hand_icons
from .railroad import transport_cost


def _t(value: Any, lang: str) -> str:
    if isinstance(value, list):
        return ", ".join(_t(v, lang) for v in value)
    if value is None:
        return "—"
    text = i18n.text(f"gwt.term.{value}", lang)
    return str(value) if text.startswith("gwt.term.") else text


def _trail(view: dict[str, Any], names: list[str]) -> Table:
    herders: dict[str, list[str]] = {}
    for p in view["players"]:
        if p["herder"]:
            herders.setdefault(p["herder"], []).append(names[p["seat"]])
    table = Table(title="Trail (locations in order; ★ = herders)", show_header=False, box=None)
    cells = []
    for node in view["trail"]:
        if node["tile"] is None and node["id"] not in herders or node["kind"] == "start":
            continue
        label = node["id"]
        tile = node["tile"]
        if node["kind"] == "private" and tile:
            tile = f"{tile}({names[node['owner']]})"
        if node["id"] in herders:
            label += " ★" + ",".join(herders[node["id"]])
        cells.append(f"{label}: {tile or '·'}")
    for i in range(0, len(cells), 4):
        table.add_row(*cells[i:i + 4])
    return table


def _railroad(view: dict[str, Any], names: list[str]) -> str:
    rail = view["railroad"]
    engines = ", ".join(f"{names[s]}@{pos}" for s, pos in enumerate(rail["engines"]))
    stations = "  ".join(
        f"S{s['number']}({s['position']},${s['cost']},{s['vp']}VP"
        + (f",{_short_master(s['station_master'])}" if s["station_master"] else "")
        + (f",discs:{''.join(str(d) for d in s['discs'])}" if s["discs"] else "") + ")"
        for s in rail["stations"])
    cities = "  ".join(f"{c['id']}[{c['value']}]" + (":" + "".join(str(d) for d in c["discs"]) if c["discs"] else "")
                       for c in rail["cities"])
    return f"Engines: {engines}\nStations: {stations}\nCities: {cities}"


def _short_master(master: str) -> str:
    return master.replace("master_", "M:")


def _player(p: dict[str, Any], name: str, lang: str) -> Panel:
    w = p["workers"]
    lines = [
        f"${p['money']}  certificates {p['certificates']}/{p['certificate_limit']}"
        f" (+{p['permanent_certificates']} permanent)",
        f"workers: {w['cowboy']} cowboys, {w['craftsman']} craftsmen, {w['engineer']} engineers",
        f"step limit {p['step_limit']}, hand limit {p['hand_limit']}, engine {p['engine']}",
        f"aux: " + " ".join(f"{n}{'²' if a['double'] else ('¹' if a['single'] else '✗')}" for n, a in p["aux"].items()),
        f"discs left {p['discs_left']}: " + ", ".join(f"{g}×{c}" for g, c in p["discs"].items() if c),
        f"deck {p['deck_size']}, discard {p['discard_size']} (top {_t(p['discard_top'], lang)})",
        f"objectives: {_t(p['objectives'], lang)}",
        f"buildings left: {' '.join(p['buildings_left'])}",
    ]
    if p["hazards"] or p["teepees"] or p["station_masters"]:
        lines.append(f"hazards {len(p['hazards'])}, teepees {', '.join(p['teepees']) or '—'}, "
                     f"masters {', '.join(p['station_masters']) or '—'}")
    if "hand" in p:
        lines.append("[bold]hand:[/] " + ", ".join(_t(c, lang) for c in p["hand"]))
    else:
        lines.append(f"hand: {p['hand_size']} cards")
    return Panel("\n".join(lines), title=name + (" 🎫" if p["job_token"] else ""), expand=True)


def render(view: dict[str, Any], names: list[str], lang: str = "en") -> Group:
    jm = view["job_market"]
    rows = " | ".join(f"{r['row']}(${r['cost']}): " + "".join((w or "-")[:2] for w in r["workers"])
                      for r in jm["rows"] if r["workers"] or r["row"] == jm["token_row"])
    market = view["cattle_market"]
    board = "\n".join([
        f"Job market (token in row {jm['token_row']}): {rows}",
        "Foresight: " + "  ".join(f"{i + 1}: {_t([t for t in col if t], lang)}"
                                  for i, col in enumerate(view["foresight"])),
        f"Cattle market: {_t(market['cards'], lang)} (stack {market['stack_size']})",
        f"Objectives on display: {', '.join(view['objective_cards']['display'])}"
        f" (stack {view['objective_cards']['stack_size']})",
        _railroad(view, names),
    ])
    pending = view["pending"]
    status = f"Phase {view['phase']}, {names[view['current']]} to act"
    if pending:
        status += f"; deciding: {pending['kind']} {_t(pending.get('src'), lang) if pending.get('src') else ''}"
    elif view["phase_b"]["location"]:
        status += f"; at {_t(view['phase_b']['location'], lang)}"
    return Group(
        _trail(view, names),
        Panel(board, title="Board"),
        Columns([_player(p, names[p["seat"]], lang) for p in view["players"]], equal=True),
        status,
    )


def _effect_spec(src: str | None, effect: str) -> dict[str, Any]:
    """The printed effect behind an action's source ("E/2", "aux", "bonus/engineer/4", ...)."""
    if not src:
        return {}
    head, _, tail = src.partition("/")
    if src == "aux":
        options: Any = [{"effect": "aux"}]
    elif head == "risk":
        options = [D.RISK_SPECS[D.RISK[D.NODE_INDEX[tail]]]]
    elif head == "bonus":
        kind, space = tail.split("/")
        options = [D.WORKER_BONUS[kind][int(space)]]
    elif head == "master":
        options = D.STATION_MASTER[tail]["immediate"]
    elif head == "objective":
        options = D.OBJECTIVE[tail]["immediate"]
    elif head in D.BUILDING and tail.isdigit():
        options = D.BUILDING[head]["actions"][int(tail) - 1]
    else:
        return {}
    return next((dict(o) for o in options if o["effect"] == effect), {})


#: what each auxiliary action does, single and double (§9.2)
_AUX_TEXT = {
    (1, False): "gain $1", (1, True): "gain $2",
    (2, False): "draw 1 card, then discard 1", (2, True): "draw 2 cards, then discard 2",
    (3, False): "pay $1, engine 1 space back, +1 certificate",
    (3, True): "pay $2, engine 2 spaces back, +2 certificates",
    (4, False): "pay $1, engine 1 space forward", (4, True): "pay $2, engine up to 2 spaces forward",
    (5, False): "engine 1 space back, remove 1 card from the game",
    (5, True): "engine 2 spaces back, remove 2 cards from the game",
}


def _me(view: dict[str, Any]) -> dict[str, Any]:
    return view["players"][view["current"]]


def describe_action(action: dict[str, Any], view: dict[str, Any], lang: str = "en") -> str:
    """One choice as a sentence that says what it costs and what it gives."""
    return escape(_describe(action, view, lang))


def _describe(action: dict[str, Any], view: dict[str, Any], lang: str) -> str:
    t = action["type"]
    src = action.get("src")
    via = f" ({_t(src, lang)})" if src and src != "aux" else ""
    spec = _effect_spec(src, t)
    if src and src[:3] == "aux" and src[3:].isdigit():  # inside an auxiliary action: its printed effect
        pending = view["pending"] or {}
        spec = dict(D.AUX[int(src[3:])]["double" if pending.get("double") else "single"])
    if t == "move":
        return "Move: " + " → ".join(_t(n, lang) for n in action["path"]) + _fees_text(action["path"], view, lang)
    if t == "herder":
        fees = " (no fees)" if spec.get("no_fees") else _fees_text(action["path"], view, lang)
        return "Move cattleman: " + " → ".join(_t(n, lang) for n in action["path"]) + fees + via
    if t == "end_phase_b":
        return "End phase B (draw up to your hand limit)"
    if t == "skip":
        return "Skip / done"
    if t in ("discard", "discard_card"):
        cards = action.get("cards") or [action["card"]]
        gains = [f"${spec['money']}" if spec.get("money") else "",
                 f"{spec['certificates']} certificate(s)" if spec.get("certificates") else "",
                 f"engine {spec['engine']} space forward" if spec.get("engine") else "",
                 "an objective card into your hand" if spec.get("objective_to_hand") else ""]
        gain = " and ".join(g for g in gains if g)
        return f"Discard {_t(cards, lang)}" + (f" for {gain}" if gain else "") + via
    if t == "remove_card":
        return f"Remove {_t(action['card'], lang)} from the game"
    if t == "hire":
        cost = hire_cost(action["row"] - 1, spec.get("discount", 0))
        return f"Hire {_a(_t(action['worker'], lang))} from row {action['row']} for ${cost}{via}"
    if t == "build":
        need = D.BUILDING[action["building"]]["craftsmen"]
        old = next(n["tile"] for n in view["trail"] if n["id"] == action["space"])
        replaced = f", replacing {old}" if old else ""
        if old:
            need -= D.BUILDING[old]["craftsmen"]
        cost = need * spec.get("per_craftsman", 0)
        return (f"Build {action['building']} ({D.BUILDING[action['building']]['vp']} VP) on "
                f"{_t(action['space'], lang)}{replaced} for ${cost}{via}")
    if t == "buy":
        value = D.BREEDING_VALUE[action["cards"][0]]
        row = next(r for r in D.PURCHASES if r["cowboys"] == action["cowboys"]
                   and r["cards"] == len(action["cards"]) and r["value"] == value)
        return f"Buy {_t(action['cards'], lang)} for ${row['dollars']} with {action['cowboys']} cowboy(s)"
    if t == "draw_market":
        return "Use a cowboy to draw 2 cards into the cattle market"
    if t in ("engine", "engine_back"):
        extras = [f"pay ${spec['cost']}" if spec.get("cost") else "",
                  f"gain ${spec['money']}" if spec.get("money") else ""]
        extra = ", ".join(e for e in extras if e)
        return (f"Move engine {'back ' if t == 'engine_back' else ''}to {_position(action['to'])}"
                + (f" ({extra})" if extra else "") + via)
    if t == "end_of_track":
        return f"Move engine back to {_position(action['to'])} and gain $3"
    if t == "extraordinary_delivery":
        return f"Extraordinary delivery: engine back to {_position(action['to'])}{via}"
    if t == "trade":
        node = next(n for n in view["trail"] if n["id"] == action["space"])
        value = node["value"]
        money = f"gain ${value}" if value > 0 else f"pay ${-value}"
        return f"Trade for the {_t(node['tile'], lang)} on {_t(action['space'], lang)} ({money}){via}"
    if t == "remove_hazard":
        node = next(n for n in view["trail"] if n["id"] == action["space"])
        cost = spec.get("cost", 0)
        return (f"Remove the hazard {_t(node['tile'], lang)} from {_t(action['space'], lang)}"
                f" ({'free' if not cost else f'pay ${cost}'}){via}")
    if t == "take_objective":
        which = "the top of the objective stack" if action["card"] == "stack" else _t(action["card"], lang)
        return f"Take {which}{via}"
    if t == "play_objective":
        return f"Play {_t(action['card'], lang)} into your objective area"
    if t == "aux":
        return (f"Auxiliary action {action['aux']}{' (double)' if action['double'] else ''}: "
                f"{_AUX_TEXT[(action['aux'], action['double'])]}{via}")
    if t == "draw":
        count = action.get("count") or spec.get("exactly", "")
        return f"Draw {count} card(s), then discard as many{via}"
    if t == "upgrade":
        station = view["railroad"]["stations"][action["station"] - 1]
        return f"Upgrade station {action['station']} for ${station['cost']} ({station['vp']} VP){via}"
    if t == "upgrade_behind":
        station = view["railroad"]["stations"][action["station"] - 1]
        return f"Upgrade station {action['station']} behind your engine for ${station['cost']} ({station['vp']} VP){via}"
    if t == "disc":
        group = D.DISC_GROUP[action["group"]]
        what = {"step_money": " (+step limit, gain $3)", "step_vp": " (+1 step limit, 3 VP at game end)",
                "hand": " (+1 hand limit, pay $5)", "cert_4": " (certificate limit 4)",
                "cert_6": " (certificate limit 6)"}.get(action["group"], " (unlocks auxiliary action "
                                                                        f"{action['group'][-1]})")
        return f"Take the disc from {_t(action['group'], lang)}{what} [{group['corner']} corner]"
    if t == "disc_from_station":
        return f"Take back your disc from station {action['station']}"
    if t == "station_master":
        return f"Give up your rightmost {action['worker']} to take the station master"
    if t == "permanent_certificate":
        return f"Take a permanent certificate{via}"
    if t == "foresight":
        return f"Foresight {action['column']}: {_t(action['tile'], lang)}"
    if t == "income":
        me = _me(view)
        total = breeding_value(me.get("hand", [])) + action["certificates"] + me["permanent_certificates"]
        return (f"Income with {action['certificates']} temporary certificate(s): ${total}"
                f" (deliver to a city worth up to {total})")
    if t == "deliver":
        city = D.CITIES[D.CITY_INDEX[action["city"]]]
        if view["pending"] and view["pending"].get("extraordinary"):
            cost = 0
        else:
            cost = transport_cost(D.POS_BY_LABEL[_me(view)["engine"]], city["value"])
        return f"Deliver to {_t(action['city'], lang)} (value {city['value']}, transport ${cost})"
    if t == "copy_adjacent":
        return f"Copy the building on {_t(action['space'], lang)}{via}"
    if t in ("commit_objective", "drop_objective"):
        return f"{'Commit' if t == 'commit_objective' else 'Do not commit'} {_t(action['card'], lang)}"
    if t == "money":
        return f"Gain ${spec.get('amount', 0)}{via}"
    if t == "money_per_woods":
        return f"Gain ${spec.get('money', 0)} per own building in the woods{via}"
    if t == "money_per_engineer":
        return f"Gain ${spec.get('money', 0)} per engineer{via}"
    if t == "teepee_pairs":
        return f"Gain 2 certificates and $2 per green + blue teepee pair{via}"
    if t == "certificates":
        return f"Gain {spec.get('amount', 1)} certificate(s){via}"
    if t == "certificates_to_limit":
        return f"Move the certificate marker to your limit{via}"
    return f"{t.replace('_', ' ').capitalize()}{via}"


def _a(noun: str) -> str:
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def _fees_text(path: list[str], view: dict[str, Any], lang: str) -> str:
    """The fees of walking ``path`` (§5.1), as the view shows the trail; "" when it is free."""
    seat = view["current"]
    nodes = {node["id"]: node for node in view["trail"]}
    names = player_names(len(view["players"]), view["seat"], lang)
    owed: dict[int | None, int] = {}
    for name in path:
        node = nodes[name]
        hands, payee = tile_hand_icons(node["tile"], node["kind"], node.get("owner"), seat)
        if hands:
            owed[payee] = owed.get(payee, 0) + fee_of_icons(hands, len(view["players"]))
    if not owed:
        return " (no fees)"
    total = sum(owed.values())
    parts = [f"${amount} to {'the bank' if payee is None else names[payee]}" for payee, amount in owed.items()]
    short = " — you have only $" + str(_me(view)["money"]) if total > _me(view)["money"] else ""
    return f" (fees ${total}: {', '.join(parts)}{short})"


def _position(label: str) -> str:
    if "." in label:
        return f"the turnout of station {next(s['number'] for s in D.STATIONS if s.get('between', [None])[0] == int(label.split('.')[0]))} ({label})"
    return f"space {label}"
