"""The table in the terminal (``gametable play``): the view drawn with rich, and every legal action in words."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gametable import i18n
from gametable.games.catan_road.cards import BUILDING_INDEX, COSTS, names
from gametable.terminal import player_names


def _term(value: str, lang: str) -> str:
    text = i18n.text(f"catan.term.{value}", lang)
    return value if text.startswith("catan.term.") else text


def cards_text(cards: list[str], lang: str) -> str:
    """['wool', 'wool', 'ore'] -> '2 wool, 1 ore' (in the order given)."""
    if not cards:
        return "nothing"
    counted = Counter(cards)
    return ", ".join(f"{n} {_term(name, lang)}" for name, n in counted.items())


def _metropolis_text(card: str, lang: str) -> str:
    return "side A (+2 cards per draw phase)" if card == "A" else f"side B: {_term(card, lang)}"


def render(view: dict[str, Any], names_by_seat: list[str], lang: str = "en"):
    me = view["seat"]
    active = view["active_seat"]
    parts: list[Any] = []

    header = Text()
    header.append(f"Turn {view['turn']} — active player: {names_by_seat[active]}", style="bold")
    header.append(f"   ({_term(view['phase'], lang)})")
    parts.append(header)

    row = ", ".join(_term(c, lang) for c in view["row"]) or "empty"
    stack = view["metropolis_stack"]
    parts.append(Text(f"Building row: {row}   (building deck: {view['building_deck_size']})"))
    remaining = ", ".join(sorted({_metropolis_text(m, lang) for m in stack["remaining"]})) or "none"
    parts.append(Text(f"Metropolis stack ({len(stack['remaining'])} left): {remaining}"))
    discarded_events = ", ".join(_term(e, lang) for e in view["event_discard"]) or "none"
    parts.append(Text(f"Resource deck: {view['resource_deck_size']}   discard pile: "
                      f"{view['resource_discard_size']}   event deck: {view['event_deck_size']}"
                      f"   events used: {discarded_events}"))
    if view["last_event"]:
        parts.append(Text(f"Event this turn: {_term(view['last_event']['event'], lang)}", style="magenta"))

    table = Table(show_edge=False, pad_edge=False)
    for column in ("player", "VP", "cards", "roads", "villages", "cities", "metropolises",
                   "knights", "bonus", "pays N for 1", "robber limit"):
        table.add_column(column, justify="left" if column in ("player", "cards", "metropolises", "bonus") else "right")
    for p in view["players"]:
        seat = p["seat"]
        name = names_by_seat[seat] + (" ▶" if seat == active else "")
        cards = cards_text(p["hand"], lang) if "hand" in p else f"{p['hand_size']} cards"
        bonus = ", ".join(_term(b, lang) for b in ("longest_road", "largest_army") if p[b])
        metros = ", ".join(_metropolis_text(m, lang) for m in p["metropolises"])
        table.add_row(name, str(p["vp"]), cards, str(p["roads"]), str(p["villages"]), str(p["cities"]),
                      metros, str(p["knights"]), bonus, str(p["substitution_rate"]), str(p["robber_limit"]))
    parts.append(table)

    trade = view["trade"]
    if trade:
        lines = [f"Offer by {names_by_seat[trade['proposer']]}: gives {cards_text(trade['give'], lang)}; "
                 f"asks for {cards_text(trade['ask'], lang)}   ({_term(trade['stage'], lang)})"]
        if trade["stage"] != "compose":
            for answer in trade["answers"]:
                line = f"  {names_by_seat[answer['seat']]}: {_term(answer['answer'], lang)}"
                if "give" in answer:
                    line += (f": gives {cards_text(answer['give'], lang)}; "
                             f"asks for {cards_text(answer['ask'], lang)}")
                lines.append(line)
        parts.append(Panel("\n".join(lines), title="Trade", expand=False))
    owed = [p for p in view["players"] if p["discards_owed"]]
    if owed:
        parts.append(Text("Robber: " + ", ".join(f"{names_by_seat[p['seat']]} must still discard "
                                                 f"{p['discards_owed']}" for p in owed), style="red"))
    if view["charity"]:
        givers = ", ".join(names_by_seat[s] for s in view["charity"]["givers"])
        receivers = ", ".join(names_by_seat[s] for s in view["charity"]["receivers"])
        parts.append(Text(f"Charity: {givers} must give 1 card to one of: {receivers}", style="red"))
    if view["paying"]:
        parts.append(Text(f"Paying for: {_term(view['paying']['card'], lang)}", style="yellow"))
    if me is not None:
        you = view["players"][me]
        parts.append(Text(f"Your hand: {cards_text(you['hand'], lang)}", style="bold green"))
    return Panel(Group(*parts), title="CATAN: On the Road", expand=False)


def _substitution_hint(card: str, view: dict[str, Any]) -> str:
    """When the hand lacks a required card, say that road substitution makes the build payable."""
    me = view["players"][view["seat"]]
    held = Counter(me["hand"])
    if all(held[r] >= n for r, n in Counter(names(COSTS[BUILDING_INDEX[card]])).items()):
        return ""
    rate = me["substitution_rate"]
    if rate == 1:
        return "; with your roads, 1 card of another type replaces a missing one"
    return f"; with your roads, {rate} identical cards of another type replace a missing one"


# the rule page's reminder: whoever trades with the active player draws 1 resource card
_BONUS_HINT = " (if the trade is made with you, you also draw 1 card)"


def describe_action(action: dict[str, Any], view: dict[str, Any], lang: str = "en") -> str:
    kind = action["type"]
    me = view["seat"]
    seat_names = player_names(len(view["players"]), me, lang)
    trade = view.get("trade")
    if kind == "end_turn":
        return "End your turn"
    if kind == "build":
        card = action["card"]
        cost = cards_text(names(COSTS[BUILDING_INDEX[card]]), lang) + _substitution_hint(card, view)
        if card == "metropolis":
            return f"Build a metropolis, {_metropolis_text(action['metropolis'], lang)} (costs {cost})"
        return f"Build a {_term(card, lang)} (costs {cost})"
    if kind == "pay":
        return f"Pay with {cards_text(action['cards'], lang)}"
    if kind == "discard":
        return f"Discard 1 {_term(action['resource'], lang)}"
    if kind == "give":
        return f"Give 1 {_term(action['resource'], lang)} to {seat_names[action['to_seat']]}"
    if kind == "start_trade":
        return "Make a trade offer to the other players"
    if kind == "propose":
        return f"Propose it: give {cards_text(trade['give'], lang)}, ask for {cards_text(trade['ask'], lang)}"
    if kind in ("offer_give", "offer_ask"):
        side = "give" if kind == "offer_give" else "ask for"
        return f"Offer: {side} 1 more {_term(action['resource'], lang)}"
    if kind == "cancel_trade":
        return "Cancel the offer"
    if kind == "accept":
        return (f"Accept: give {cards_text(trade['ask'], lang)}, get {cards_text(trade['give'], lang)}"
                f"{_BONUS_HINT}")
    if kind == "decline":
        return "Decline"
    if kind == "counter":
        return "Make a counter-offer"
    mine = next((a for a in trade["answers"] if a["seat"] == me), None) if trade else None
    if kind in ("counter_give", "counter_ask", "submit_counter"):
        give, ask = cards_text(mine["give"], lang), cards_text(mine["ask"], lang)
        if kind == "submit_counter":
            return f"Submit the counter-offer: give {give}, ask for {ask}{_BONUS_HINT}"
        side = "give" if kind == "counter_give" else "ask for"
        return f"Counter-offer: {side} 1 more {_term(action['resource'], lang)}"
    if kind == "trade_with":
        partner = action["seat"]
        answer = next(a for a in trade["answers"] if a["seat"] == partner)
        if answer["answer"] == "accept":
            gives, gets = trade["give"], trade["ask"]
        else:
            gives, gets = answer["ask"], answer["give"]
        return (f"Trade with {seat_names[partner]}: give {cards_text(gives, lang)}, "
                f"get {cards_text(gets, lang)}")
    if kind == "withdraw":
        return "Withdraw the offer"
    return str(action)
