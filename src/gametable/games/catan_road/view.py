"""What one seat (or a spectator, ``None``) may see: no other seat's cards, no deck order, no RNG."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gametable.games.catan_road.cards import (
    BUILDINGS,
    EVENTS,
    ROBBER_LIMIT,
    names,
    substitution_rate,
)

if TYPE_CHECKING:
    from gametable.games.catan_road.state import CatanState


def view(state: "CatanState", seat: int | None) -> dict[str, Any]:
    players = []
    for s in range(state.n):
        player: dict[str, Any] = {
            "seat": s,
            "vp": state.vp(s),
            "roads": state.roads[s],
            "villages": state.villages[s],
            "cities": state.cities[s],
            "metropolises": list(state.metros[s]),
            "knights": state.knights[s],
            "longest_road": state.longest_road == s,
            "largest_army": state.largest_army == s,
            "robber_limit": ROBBER_LIMIT + state.knights[s],
            "substitution_rate": substitution_rate(state.roads[s]),
            "discards_owed": state.owed[s],
        }
        if s == seat:
            player["hand"] = names(state.hands[s])
        else:
            player["hand_size"] = sum(state.hands[s])
        players.append(player)
    return {
        "game": state.game.name,
        "seat": seat,
        "to_act": state.to_act(),
        "active_seat": state.active,
        "turn": state.turn,
        "phase": state.phase,
        "options": {"metropolis_side": state.side, "first_game": state.first_game},
        "players": players,
        "row": [BUILDINGS[c] for c in state.row],
        "building_deck_size": len(state.bdeck),
        "metropolis_stack": {"side": state.side, "remaining": list(state.metro_stack)},
        "resource_deck_size": len(state.res_deck),
        "resource_discard_size": sum(state.res_discard),
        "event_deck_size": len(state.edeck),
        "event_discard": [EVENTS[e] for e in state.ediscard],
        "longest_road": state.longest_road,
        "largest_army": state.largest_army,
        "trade_used": state.trade_used,
        "trade": _trade_view(state),
        "paying": None if state.paying is None else
        {"card": BUILDINGS[state.paying[0]], "metropolis": state.paying[1]},
        "charity": None if state.charity is None else
        {"givers": list(state.charity.givers), "receivers": list(state.charity.receivers)},
        "last_event": None if state.last_event is None else
        {"seat": state.last_event[0], "event": EVENTS[state.last_event[1]]},
        "winner": state.winner,
        "result": state.result() if state.is_over() else None,
        "log": state.visible_log(seat),
    }


def _trade_view(state: "CatanState") -> dict[str, Any] | None:
    """The trade is made in public: the offer, every answer and every counter-offer are shown to all."""
    t = state.trade
    if t is None:
        return None
    answers = []
    for s in state.order():
        if s == state.active:
            continue
        entry: dict[str, Any] = {"seat": s, "answer": t.answers[s]}
        counter = t.counters[s]
        if counter is not None:
            entry["give"] = names(counter[0])
            entry["ask"] = names(counter[1])
        answers.append(entry)
    return {"proposer": state.active, "stage": t.stage, "give": names(t.give), "ask": names(t.ask),
            "answers": answers}
