"""Exchange tokens (second edition, reference §1.13): return one to the bank, draw up to 2
cards, then discard as many cards as were drawn.

The printed rule allows this at any time, even in the middle of an action and on other players'
turns. A table that waits for every seat before each step would stall, so a token is offered at
the moments its owner is asked to decide anyway (docs/rules-decisions.md, "Exchange tokens"): at
each free point of one's own turn, at the income decision in Kansas City, and at every real
decision in the middle of an action (turn.py adds them there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import common as C

if TYPE_CHECKING:
    from .state import GwtState

#: cards drawn at most for one token
MAX_DRAW = 2


def spend_actions(st: "GwtState", seat: int) -> list[dict[str, Any]]:
    player = st.players[seat]
    if not player.exchange:
        return []
    drawable = min(MAX_DRAW, len(player.deck) + len(player.discard))
    return [{"type": "spend_exchange_token", "count": k} for k in range(1, drawable + 1)]


def spend(st: "GwtState", seat: int, count: int) -> None:
    player = st.players[seat]
    player.exchange -= 1
    st.say("exchange_spent", seat=seat, total=player.exchange)
    drawn = C.draw(st, seat, count)
    st.frames.append({"kind": "discard", "count": drawn, "src": "exchange"})
