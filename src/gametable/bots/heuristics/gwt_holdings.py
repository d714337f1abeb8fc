"""What a Great Western Trail player owns, read from their own view: for objective tasks, the
station-master tasks and the herd the bot plans with.

The view shows the hand and the discard pile but not the draw pile; the seat's own entry lists its
whole herd (``herd``: what the seat knows from the log, the starting herd, cattle bought, cards
removed). Nothing here reads hidden information. It serves both editions: the printed tables are
those of the view's game (``tables``).
"""

from __future__ import annotations

from typing import Any

from gametable.games.gwt.editions import Edition, by_name
from gametable.games.gwt.objectives import best_score  # a rule over cards and counts: no hidden state


def tables(view: dict[str, Any]) -> Edition:
    """The edition of the view's game, whose attributes are its printed tables."""
    return by_name(view["game"])


def herd(view: dict[str, Any], seat: int) -> list[str]:
    """Every cattle card in the seat's deck (draw pile, hand, discard pile); ``seat`` is the
    view's own seat, the only one whose herd the view lists."""
    return view["players"][seat]["herd"]


def owned_items(view: dict[str, Any], seat: int, cattle: list[str]) -> dict[str, int]:
    """Counts per objective task kind (rules §8), as the engine's scoring counts them."""
    me = view["players"][seat]
    data = tables(view)
    values = [data.BREEDING_VALUE[c] for c in cattle]
    green = sum(1 for t in me["teepees"] if data.TILE[t]["colour"] == "green")
    san_francisco = view["railroad"]["cities"][data.TERMINAL_CITY]  # New York in the second edition
    return {
        "building": sum(1 for n in view["trail"] if n["kind"] == "private" and n.get("owner") == seat
                        and n["tile"]),
        "station": sum(1 for s in view["railroad"]["stations"] if seat in s["discs"]),
        "hazard": len(me["hazards"]),
        "green_teepee": green,
        "blue_teepee": len(me["teepees"]) - green,
        "cattle_3": values.count(3),
        "cattle_4": values.count(4),
        "cattle_5": values.count(5),
        "san_francisco": san_francisco["discs"].count(seat),
    }


def objectives_score(ed: Edition, cards: list[str], owned: dict[str, int]) -> int:
    """The VP the objective cards would score now (met: VP, unmet: penalty)."""
    return best_score(ed, cards, owned)[0] if cards else 0


def missing_tasks(ed: Edition, card: str, owned: dict[str, int]) -> int:
    """How many tasks of ``card`` the items owned cannot meet (ignoring other cards)."""
    need: dict[str, int] = {}
    for task in ed.OBJECTIVE[card]["tasks"]:
        need[task] = need.get(task, 0) + 1
    return sum(max(0, n - owned[k]) for k, n in need.items())

