"""The table in the terminal (``gametable play``): the view drawn with rich, and every legal action in words."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gametable import i18n
from gametable.games.catan_road.notes import action_notes
from gametable.i18n import player_names


def _term(value: str, lang: str) -> str:
    text = i18n.text(f"catan.term.{value}", lang)
    return value if text.startswith("catan.term.") else text


def cards_text(cards: list[str], lang: str) -> str:
    """['wool', 'wool', 'ore'] -> '2× wool and ore': counted as the log counts them (i18n.join_counted)."""
    if not cards:
        return i18n.text("catan.terminal.nothing", lang)
    return i18n.join_counted(cards, lambda card: _term(card, lang), lang)


def _metropolis_text(card: str, lang: str) -> str:
    if card == "A":
        return i18n.text("catan.terminal.metropolis_a", lang)
    return i18n.text("catan.terminal.metropolis_b", lang, card=_term(card, lang))


def _say(key: str, lang: str, names: list[str], **params: Any) -> str:
    """A message with seat fields shown as the players' names."""
    return i18n.describe({"key": key, **params}, lang, names, domain="catan")


_COLUMNS = ("player", "vp", "cards", "roads", "villages", "cities", "metropolises", "knights", "bonus",
            "rate", "robber_limit")


def render(view: dict[str, Any], names_by_seat: list[str], lang: str = "en"):
    me = view["seat"]
    active = view["active_seat"]
    nothing = i18n.text("catan.terminal.nothing", lang)
    parts: list[Any] = [Text(_say("catan.terminal.turn", lang, names_by_seat, turn=view["turn"], seat=active,
                                  phase=view["phase"]), style="bold")]

    stack = view["metropolis_stack"]
    parts.append(Text(_say("catan.terminal.row", lang, names_by_seat, cards=view["row"] or nothing)
                      + "   " + _say("web.catan.building_deck", lang, names_by_seat,
                                     count=view["building_deck_size"])))
    remaining = sorted({_metropolis_text(m, lang) for m in stack["remaining"]})
    parts.append(Text(_say("catan.terminal.metropolis_stack", lang, names_by_seat, count=len(stack["remaining"]),
                           cards=i18n.join_list(remaining, lang) or nothing)))
    parts.append(Text("   ".join([
        _say("web.catan.resource_deck", lang, names_by_seat, count=view["resource_deck_size"],
             discarded=view["resource_discard_size"]),
        _say("web.catan.event_deck", lang, names_by_seat, count=view["event_deck_size"]),
        _say("catan.terminal.events_used", lang, names_by_seat, events=view["event_discard"] or nothing)])))
    if view["last_event"]:
        parts.append(Text(_say("catan.terminal.event_now", lang, names_by_seat, event=view["last_event"]["event"]),
                          style="magenta"))

    table = Table(show_edge=False, pad_edge=False)
    for column in _COLUMNS:
        table.add_column(i18n.text(f"catan.terminal.col.{column}", lang),
                         justify="left" if column in ("player", "cards", "metropolises", "bonus") else "right")
    for p in view["players"]:
        seat = p["seat"]
        name = names_by_seat[seat] + (" ▶" if seat == active else "")
        cards = (cards_text(p["hand"], lang) if "hand" in p
                 else _say("web.catan.hand_size", lang, names_by_seat, count=p["hand_size"]))
        bonus = i18n.join_list([_term(b, lang) for b in ("longest_road", "largest_army") if p[b]], lang)
        metros = i18n.join_list([_metropolis_text(m, lang) for m in p["metropolises"]], lang)
        def n(value: int) -> str:  # the cells' numbers in the language's digits
            return i18n.number(value, lang)
        table.add_row(name, n(p["vp"]), cards, n(p["roads"]), n(p["villages"]), n(p["cities"]),
                      metros, n(p["knights"]), bonus, f"{n(p['substitution_rate'])}:{n(1)}", n(p["robber_limit"]))
    parts.append(table)

    trade = view["trade"]
    if trade:
        lines = [_say("catan.terminal.offer", lang, names_by_seat, seat=trade["proposer"],
                      give=cards_text(trade["give"], lang), ask=cards_text(trade["ask"], lang),
                      stage=trade["stage"])]
        if trade["stage"] != "compose":
            for answer in trade["answers"]:
                if "give" in answer:
                    lines.append("  " + _say("catan.terminal.counter", lang, names_by_seat, seat=answer["seat"],
                                             answer=answer["answer"], give=cards_text(answer["give"], lang),
                                             ask=cards_text(answer["ask"], lang)))
                else:
                    lines.append("  " + _say("catan.terminal.answer", lang, names_by_seat, seat=answer["seat"],
                                             answer=answer["answer"]))
        parts.append(Panel("\n".join(lines), title=i18n.text("web.catan.trade_title", lang), expand=False))
    for p in view["players"]:
        if p["discards_owed"]:
            parts.append(Text(_say("catan.terminal.owes", lang, names_by_seat, seat=p["seat"],
                                   count=p["discards_owed"]), style="red"))
    if view["charity"]:
        parts.append(Text(_say("catan.terminal.charity", lang, names_by_seat,
                               givers=i18n.join_list([names_by_seat[s] for s in view["charity"]["givers"]], lang),
                               receivers=i18n.join_list([names_by_seat[s] for s in view["charity"]["receivers"]], lang)),
                          style="red"))
    if view["paying"]:
        parts.append(Text(_say("web.catan.paying", lang, names_by_seat, building=view["paying"]["card"]),
                          style="yellow"))
    if me is not None:
        you = view["players"][me]
        parts.append(Text(_say("catan.terminal.your_hand", lang, names_by_seat, cards=cards_text(you["hand"], lang)),
                          style="bold green"))
    return Panel(Group(*parts), title=i18n.text("ui.game.catan-on-the-road", lang), expand=False)


def describe_action(action: dict[str, Any], view: dict[str, Any], lang: str = "en") -> str:
    """One choice in ``lang``: the browser's label for it (``web.catan.action.*``), then what it
    costs and gives (the notes the browser shows too, notes.py), where the view knows it."""
    kind = action["type"]
    seat_names = player_names(len(view["players"]), view["seat"], lang)
    # pay: the browser's label lists the cards, counted as the log counts them
    label = i18n.describe({"key": f"web.catan.action.{kind}", **action}, lang, seat_names, domain="catan")
    if kind == "build" and action["card"] == "metropolis":
        label += f" ({_metropolis_text(action['metropolis'], lang)})"
    # joined as the browser joins them (table.js, sayNotes)
    said = i18n.join_list([i18n.describe(note, lang, seat_names) for note in action_notes(action, view)], lang)
    return f"{label} — {said}" if said else label
