"""Great Western Trail in the terminal: the table as text panels and every action as a sentence."""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group
from rich.panel import Panel
from rich.table import Table

from gametable import i18n


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
        f"objectives: {', '.join(p['objectives'])}",
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


def describe_action(action: dict[str, Any], view: dict[str, Any], lang: str = "en") -> str:
    t = action["type"]
    src = action.get("src")
    via = f" [{_t(src, lang)}]" if src else ""
    if t == "move":
        return "Move: " + " → ".join(_t(n, lang) for n in action["path"])
    if t == "herder":
        return "Move cattleman: " + " → ".join(_t(n, lang) for n in action["path"]) + via
    if t == "end_phase_b":
        return "End phase B (draw up to your hand limit)"
    if t == "skip":
        return "Skip / done"
    if t in ("discard", "discard_card"):
        cards = action.get("cards") or [action["card"]]
        return f"Discard {_t(cards, lang)}{via}"
    if t == "remove_card":
        return f"Remove {_t(action['card'], lang)} from the game"
    if t == "hire":
        return f"Hire a {action['worker']} from row {action['row']}{via}"
    if t == "build":
        return f"Build {action['building']} on {_t(action['space'], lang)}{via}"
    if t == "buy":
        return f"Buy {_t(action['cards'], lang)} with {action['cowboys']} cowboy(s)"
    if t == "draw_market":
        return "Use a cowboy to draw 2 cards into the cattle market"
    if t in ("engine", "engine_back", "end_of_track", "extraordinary_delivery"):
        return f"{t.replace('_', ' ').capitalize()} to {action['to']}{via}"
    if t in ("trade", "remove_hazard"):
        return f"{t.replace('_', ' ').capitalize()}: {_t(action['space'], lang)}{via}"
    if t == "take_objective":
        return f"Take objective {action['card']}{via}"
    if t == "play_objective":
        return f"Play objective card {action['card']}"
    if t == "aux":
        return f"Auxiliary action {action['aux']}{' (double)' if action['double'] else ''}{via}"
    if t == "draw":
        return f"Draw {action.get('count', '')} then discard as many{via}"
    if t in ("upgrade", "upgrade_behind"):
        return f"Upgrade station {action['station']}{via}"
    if t == "disc":
        return f"Take the disc from {_t(action['group'], lang)}"
    if t == "disc_from_station":
        return f"Take back your disc from station {action['station']}"
    if t == "station_master":
        return f"Give up a {action['worker']} to take the station master"
    if t == "foresight":
        return f"Foresight {action['column']}: {_t(action['tile'], lang)}"
    if t == "income":
        return f"Income using {action['certificates']} temporary certificate(s)"
    if t == "deliver":
        return f"Deliver to {_t(action['city'], lang)}"
    if t == "copy_adjacent":
        return f"Copy the building on {_t(action['space'], lang)}"
    if t in ("commit_objective", "drop_objective"):
        return f"{'Commit' if t == 'commit_objective' else 'Do not commit'} objective {action['card']}"
    return f"{t.replace('_', ' ').capitalize()}{via}"
