"""Great Western Trail in the terminal: the table as text panels and every action as a sentence."""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group
from rich.panel import Panel
from rich.markup import escape
from rich.padding import Padding
from rich.text import Text
from rich.table import Table

from gametable import i18n
from gametable.i18n import player_names

from .common import edition_key
from .editions import Edition, by_name
from .notes import action_notes
from .railroad import place_note


def _t(ed: "Edition", value: Any, lang: str) -> str:
    """A game term in ``lang`` (the browser's term(): gwt.term.*, then web.gwt.term.*)."""
    if isinstance(value, list):
        return i18n.join_counted(value, lambda v: _t(ed, v, lang), lang)
    if value is None:
        return "—"
    for key in (edition_key(ed, f"gwt.term.{value}"), edition_key(ed, f"web.gwt.term.{value}")):
        text = i18n.text(key, lang)
        if text != key:
            return text
    return str(value)


def _trail(ed: "Edition", view: dict[str, Any], names: list[str], lang: str) -> Table:
    """The trail in order, each occupied location named as the printed board shows it: the
    building's letter or number and side (and whose it is), the hazard or teepee tile, the
    teepee space's money; below it the risk mark and the herders standing there."""
    herders: dict[str, list[str]] = {}
    for p in view["players"]:
        if p["herder"]:
            herders.setdefault(p["herder"], []).append(names[p["seat"]])
    table = Table(title=_say(ed, "gwt.terminal.trail_title", lang), show_header=False, box=None,
                  expand=True)
    cells = []
    for node in view["trail"]:
        if node["tile"] is None and node["id"] not in herders or node["kind"] == "start":
            continue
        cell = _trail_cell(ed, node, names, lang)
        if node["id"] in herders:
            cell += "\n★ " + i18n.join_list(herders[node["id"]], lang)
        cells.append(escape(cell))
    for i in range(0, len(cells), _TRAIL_COLUMNS):
        table.add_row(*cells[i:i + _TRAIL_COLUMNS])
    return table


_TRAIL_COLUMNS = 3  # about 32 characters a cell in 100 columns: "building 10a of Player 1 (you)"


def _trail_cell(ed: "Edition", node: dict[str, Any], names: list[str], lang: str) -> str:
    kind, tile = node["kind"], node["tile"]
    if kind == "kansas_city":
        return _t(ed, node["id"], lang)
    if kind == "private":
        cell = _say(ed, "gwt.terminal.cell.private", lang, building=_t(ed, tile, lang), owner=names[node["owner"]])
        if node["risk"]:  # the space's id names the area whose risk action it carries
            cell += "\n⚠ " + _say(ed, f"gwt.terminal.risk.{node['id'].split('-RISK-')[0].lower()}", lang)
        return cell
    if kind == "teepee":
        if node.get("exchange"):  # second edition, outlaw space 1
            return _say(ed, "gwt.terminal.cell.teepee_exchange", lang, tile=_t(ed, tile, lang))
        key = "gwt.terminal.cell.teepee_gain" if node["value"] > 0 else "gwt.terminal.cell.teepee_pay"
        return _say(ed, key, lang, tile=_t(ed, tile, lang), amount=abs(node["value"]))
    return _t(ed, tile, lang)  # a neutral building (its letter) or a hazard tile (kind, hand, VP)


def _place(ed: "Edition", label: str, lang: str) -> str:
    """A railroad position as the printed track shows it: a numbered space or a station's turnout."""
    return i18n.describe(place_note(ed, ed.POS_BY_LABEL[label]), lang)


def _seats(seats: list[int], names: list[str], lang: str) -> str:
    """Whose discs these are, a player with several counted: "2× Bot 2 and Player 1 (you)"."""
    return i18n.join_counted([names[s] for s in seats], str, lang)


def _railroad(ed: "Edition", view: dict[str, Any], names: list[str], lang: str) -> str:
    rail = view["railroad"]
    engines = i18n.join_list([_say(ed, "gwt.terminal.engine_of", lang, seat=names[s], place=_place(ed, pos, lang))
                              for s, pos in enumerate(rail["engines"])], lang)
    stations = []
    for s in rail["stations"]:
        place = s["position"].split(".")[0]
        place = f"{place}–{int(place) + 1}" if "." in s["position"] else place
        place = i18n.local_digits(place, lang)  # a range of spaces: no field of a message writes it
        said = _say(ed, "gwt.terminal.station", lang, number=s["number"], place=place, cost=s["cost"], vp=s["vp"])
        if s["station_master"]:
            said = _say(ed, "gwt.terminal.station_master_on", lang, station=said, master=_t(ed, s["station_master"], lang))
        if s["discs"]:
            said = _say(ed, "gwt.terminal.upgraded_by", lang, station=said, seats=_seats(s["discs"], names, lang))
        stations.append(said)
    cities = []
    for c in rail["cities"]:
        city = _say(ed, "gwt.terminal.city", lang, city=_t(ed, c["id"], lang), value=c["value"])
        cities.append(city + (": " + _seats(c["discs"], names, lang) if c["discs"] else ""))
    return "\n".join([_say(ed, "gwt.terminal.engines", lang, engines=engines),
                      _say(ed, "gwt.terminal.stations", lang, stations=" · ".join(stations)),
                      _say(ed, "gwt.terminal.cities", lang, cities=" · ".join(cities))])


_UP_TO_WORDS = {"engineers": "web.gwt.engineers", "woods": "web.gwt.woods"}


def _effect(ed: "Edition", effect: dict[str, Any], lang: str) -> str:
    """A printed effect in a few words, as the browser's effectText says it (web.gwt.effect.*)."""
    params = dict(effect)
    if "card" in params:  # "any" with a count of 2: two cards of one breed (building F, 3a)
        card = "any_pair" if params["card"] == "any" and params.get("count") == 2 else params["card"]
        params["card"] = _t(ed, card, lang)
    if params.get("up_to") in _UP_TO_WORDS:  # an amount counted on the player's board
        params["up_to"] = _say(ed, _UP_TO_WORDS[params["up_to"]], lang)
    key = effect["effect"]
    if key == "hire" and params.get("discount"):  # a hire at another price than the job market's
        key = "hire_cheaper" if params["discount"] > 0 else "hire_dearer"
        params["extra"] = -params["discount"]
    said = _say(ed, f"web.gwt.effect.{key}", lang, **params)
    if effect["effect"] == "aux" and effect.get("double"):
        said += f" ({_say(ed, 'web.gwt.double', lang)})"
    return said


def _objective(ed: "Edition", card: str, lang: str) -> str:
    """An objective card in words: its name (what it does when played and its tasks, as the
    board draws it), then its VP and penalty (§8)."""
    face = ed.OBJECTIVE.get(card)
    if face is None:  # another player's starting objective, face down
        return _t(ed, card, lang)
    score = _say(ed, "web.gwt.objective_help", lang, vp=face["vp"], penalty=face["penalty"])
    return _say(ed, "gwt.terminal.objective", lang, card=_t(ed, card, lang), score=score)


def _job_market(ed: "Edition", jm: dict[str, Any], lang: str) -> str:
    """The rows as a person sees them: each filled row's cost and workers, the token after the
    last worker of its row, then how many rows are still empty."""
    token = jm["token_row"] or len(jm["rows"]) + 1
    rows = []
    for r in jm["rows"]:
        if r["row"] > token:
            break
        workers = [w for w in r["workers"] if w]
        said = _t(ed, workers, lang) if workers else "—"
        if r["row"] == token:  # the token stands on the row's first empty space
            said = (_say(ed, "gwt.terminal.job_token_after", lang, workers=said) if workers
                    else _say(ed, "gwt.terminal.job_token_here", lang))
        rows.append(_say(ed, "gwt.terminal.job_row", lang, row=r["row"], cost=r["cost"], workers=said))
    last = len(jm["rows"])
    if token < last:
        rows.append(_say(ed, "gwt.terminal.job_rows_empty", lang, first=token + 1, last=last))
    # the arrows still ahead of the token: what filling their row will do (§2.5)
    for r in jm["rows"]:
        if r["arrow"] and r["row"] >= token:
            kind = "refill" if r["arrow"] == "yellow" else "end"
            rows.append(_say(ed, f"gwt.terminal.job_arrow_{kind}", lang, row=r["row"]))
    return _say(ed, "gwt.terminal.job_market", lang, rows=" · ".join(rows))


def _aux(ed: "Edition", p: dict[str, Any], lang: str) -> str:
    """Each auxiliary action and whether it can be used single, double or not yet (§9.2)."""
    said = []
    for n, a in p["aux"].items():
        state = "double" if a["double"] else ("single" if a["single"] else "locked")
        said.append(_say(ed, f"gwt.terminal.aux_{state}", lang, n=n, aux=_say(ed, f"gwt.terminal.aux_name.{n}", lang)))
    return f"{_say(ed, 'web.gwt.aux_actions', lang)}: " + " · ".join(said)


def _discs(ed: "Edition", p: dict[str, Any], lang: str) -> str:
    """The discs still on the player board, by what taking them off frees (§6.2)."""
    groups = []
    for group, count in p["discs"].items():
        if not count:
            continue
        name = (_say(ed, "gwt.terminal.disc_aux", lang, n=group[3:]) if group.startswith("aux")
                else _t(ed, group, lang))
        groups.append(i18n.count_of(count, name, lang))
    return _say(ed, "gwt.terminal.discs_left", lang, count=p["discs_left"], groups=i18n.join_list(groups, lang) or "—")


def _player(ed: "Edition", p: dict[str, Any], name: str, lang: str) -> Panel:
    w = p["workers"]
    workers = ", ".join(f"{_t(ed, kind, lang)} ×{i18n.number(w[kind], lang)}" for kind in ("cowboy", "craftsman", "engineer"))
    objectives = [_objective(ed, card, lang) for card in p["objectives"]]
    lines = [
        _say(ed, "web.gwt.money", lang, amount=p["money"]) + "  " + _say(ed, 
            "gwt.terminal.certificates", lang, count=p["certificates"], limit=p["certificate_limit"],
            permanent=p["permanent_certificates"]),
        f"{_say(ed, 'web.gwt.workers', lang)}: {workers}",
        ", ".join([_say(ed, "web.gwt.step_limit", lang, value=p["step_limit"]),
                   _say(ed, "web.gwt.hand_limit", lang, value=p["hand_limit"]),
                   _say(ed, "gwt.terminal.engine", lang, position=_place(ed, p["engine"], lang))]),
        _aux(ed, p, lang),
        _discs(ed, p, lang),
        _say(ed, "web.gwt.deck", lang, deck=p["deck_size"], discard=p["discard_size"])
        + (f" ({_say(ed, 'gwt.terminal.discard_top', lang, card=_t(ed, p['discard_top'], lang))})" if p["discard_top"] else ""),
    ]
    parts: list[Any] = ["\n".join(lines)]
    if objectives:
        parts += [f"{_say(ed, 'web.gwt.objective_area', lang)}:", _indented(objectives)]
    else:
        parts.append(f"{_say(ed, 'web.gwt.objective_area', lang)}: —")
    lines = [f"{_say(ed, 'web.gwt.buildings_left', lang)}: {i18n.local_digits(' '.join(p['buildings_left']), lang)}"]
    if "exchange_tokens" in p:  # second edition
        lines.append(_say(ed, "web.gwt.exchange_tokens", lang, count=p["exchange_tokens"]))
    if p["hazards"] or p["teepees"]:
        lines.append(f"{_say(ed, 'web.gwt.tiles', lang)}: {_t(ed, p['hazards'] + p['teepees'], lang)}")
    if p["station_masters"]:
        lines.append(f"{_say(ed, 'web.gwt.station_masters', lang)}: {_t(ed, p['station_masters'], lang)}")
    if "hand" in p:
        lines.append(f"[bold]{escape(_say(ed, 'web.gwt.hand', lang, count=len(p['hand']), limit=p['hand_limit']))}:[/] "
                     + escape(_t(ed, p["hand"], lang)))
    else:
        lines.append(_say(ed, "web.gwt.hand_hidden", lang, count=p["hand_size"], limit=p["hand_limit"]))
    parts.append("\n".join(lines))
    in_hand = list(dict.fromkeys(c for c in p.get("hand", ()) if c in ed.OBJECTIVE))
    if in_hand:  # an objective in hand is only worth playing if you can read it
        parts += [_say(ed, "gwt.terminal.hand_objectives", lang), _indented([_objective(ed, c, lang) for c in in_hand])]
    return Panel(Group(*parts), title=escape(name) + (" 🎫" if p["job_token"] else ""), expand=True)


def _indented(lines: list[str]) -> Padding:
    """One entry a line, indented, a long entry wrapping under its own start (plain text, no markup)."""
    return Padding(Text("\n".join(lines)), (0, 0, 0, 2))


def render(view: dict[str, Any], names: list[str], lang: str = "en") -> Group:
    ed = by_name(view["game"])
    market = view["cattle_market"]
    objectives = view["objective_cards"]
    board = Group(Text("\n".join([
        _job_market(ed, view["job_market"], lang),
        _say(ed, "gwt.terminal.foresight", lang, columns="  ".join(
            f"{i18n.number(i + 1, lang)}: {_t(ed, [t for t in col if t], lang)}" for i, col in enumerate(view["foresight"]))),
        _say(ed, "gwt.terminal.cattle_market", lang, cards=_t(ed, market["cards"], lang),
             stack=_say(ed, "web.gwt.stack", lang, count=market["stack_size"])),
        _say(ed, "gwt.terminal.objectives", lang, stack=_say(ed, "web.gwt.stack", lang, count=objectives["stack_size"]))]
        + ([_say(ed, "web.gwt.simmental_stacks", lang, **view["simmental"])] if "simmental" in view else []))),
        _indented([_objective(ed, card, lang) for card in objectives["display"]]),
        Text(_railroad(ed, view, names, lang)))
    pending = view["pending"]
    status = _say(ed, "gwt.terminal.status", lang, phase=_say(ed, f"gwt.terminal.phase.{view['phase']}", lang),
                  seat=names[view["current"]])
    if pending:
        # the city a disc goes to is named as the board names it, as the browser's prompt does
        decision = _say(ed, f"web.gwt.pending.{pending['kind']}", lang, **_pending_words(ed, pending, lang))
        status += " — " + (decision if not decision.startswith("web.gwt.") else pending["kind"].replace("_", " "))
    elif view["phase_b"]["location"]:
        status += " — " + _say(ed, "gwt.terminal.at", lang, location=_t(ed, view["phase_b"]["location"], lang))
    return Group(
        _trail(ed, view, names, lang),
        Panel(board, title=_say(ed, "web.gwt.board", lang)),
        Columns([_player(ed, p, names[p["seat"]], lang) for p in view["players"]], equal=True),
        escape(status),
    )


def _pending_words(ed: "Edition", pending: dict[str, Any], lang: str) -> dict[str, Any]:
    """A decision's parameters in words, as the browser's prompt says them: the effect's source
    ("engineer bonus (space 2)", not "bonus/engineer/2"), a disc's place (a station by number)."""
    words = {k: v for k, v in pending.items() if k != "kind"}
    if "src" in words:
        words["src"] = _source(ed, str(words["src"]), lang)
    if "place" in words:
        place = words["place"]
        words["place"] = (_say(ed, "web.gwt.station_n", lang, n=place) if pending.get("target") == "station"
                          else _t(ed, place, lang))
    return words


def _say(ed: "Edition", key: str, lang: str, **params: Any) -> str:
    return i18n.text(edition_key(ed, key), lang, **params)


def describe_action(action: dict[str, Any], view: dict[str, Any], lang: str = "en") -> str:
    """One choice in ``lang``: the browser's words for it (``web.gwt.action.*``) and, where the
    view knows them, what it costs and what it gives."""
    ed = by_name(view["game"])
    label = _action_label(ed, action, view, lang)
    detail = _detail(ed, action, view, lang)
    return escape(f"{label} — {detail}" if detail else label)


def _source(ed: "Edition", src: str, lang: str) -> str:
    """Where an action comes from: "E/1" (building E, action 1), "aux3", "bonus/cowboy/4", ..."""
    term = _say(ed, f"gwt.term.{src}", lang)
    if ".term." not in term:
        return term
    head, _, rest = src.partition("/")
    if head == "objective":
        return _t(ed, rest, lang)
    if head == "master":
        return _say(ed, "web.gwt.src.master", lang)
    if head == "bonus":
        worker, _, space = rest.partition("/")
        return _say(ed, "web.gwt.src.bonus", lang, worker=_t(ed, worker, lang), space=space)
    if head == "risk":
        return _say(ed, "web.gwt.src.risk", lang)
    if head[:3] == "aux" and head[3:].isdigit():
        return _say(ed, "web.gwt.src.aux", lang, n=head[3:])
    if rest:
        return _say(ed, "web.gwt.src.building", lang, building=head, n=rest)
    return head


def _action_label(ed: "Edition", action: dict[str, Any], view: dict[str, Any], lang: str) -> str:
    """The words the browser's buttons use (its actionLabel), with the same parameters."""
    params = {k: v for k, v in action.items() if k != "type"}
    if action.get("src") is not None:
        params["src"] = _source(ed, action["src"], lang)
    if "path" in action:
        params.update(to=_t(ed, action["path"][-1], lang), steps=len(action["path"]),
                      path=" → ".join(_t(ed, node, lang) for node in action["path"]))
    if "cards" in action:
        params["cards"] = _t(ed, action["cards"], lang)
    if "card" in action:
        params["card"] = (_say(ed, "web.gwt.objective_stack", lang) if action["card"] == "stack"
                          else _t(ed, action["card"], lang))
    for key in ("worker", "tile", "city", "building", "group", "space"):
        if isinstance(action.get(key), str):
            params[key] = _t(ed, action[key], lang)
    if "double" in action:
        params["how"] = _say(ed, "web.gwt.double" if action["double"] else "web.gwt.single", lang)
    kind = "draw_printed" if action["type"] == "draw" and "count" not in action else action["type"]
    template = i18n.message(edition_key(ed, f"web.gwt.action.{kind}"), lang)
    label = _say(ed, f"web.gwt.action.{kind}", lang, **params) if template else kind.replace("_", " ")
    if params.get("src") and action["src"] != "aux" and "{src}" not in (template or ""):
        label += f" ({params['src']})"  # the terminal has no board to show which building it is
    return label


def _detail(ed: "Edition", action: dict[str, Any], view: dict[str, Any], lang: str) -> str:
    """What the action costs and gives (gwt.notes), in words; "" when there is nothing to add."""
    names = player_names(len(view["players"]), view["seat"], lang)
    return i18n.join_list([i18n.describe(note, lang, names) for note in action_notes(ed, action, view)], lang)
