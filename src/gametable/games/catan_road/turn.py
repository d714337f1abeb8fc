"""The action phase: what the active player may do, and ending the turn (which runs the next draw phase)."""

from __future__ import annotations

from typing import Final, TYPE_CHECKING

from gametable.games.catan_road import building, trade

if TYPE_CHECKING:
    from gametable.games.catan_road.state import CatanState

END_TURN: Final = {"type": "end_turn"}


def legal_main(state: "CatanState", seat: int) -> list[dict]:
    actions = building.legal_builds(state, seat)
    if trade.can_start(state, seat):
        actions.append(trade.START_TRADE)
    actions.append(END_TURN)
    return actions


def apply_end_turn(state: "CatanState", seat: int, action: dict) -> None:
    state.log.append({"key": "catan.turn_ended", "seat": seat})
    state.turn += 1
    start_turn(state, (seat + 1) % state.n)


def start_turn(state: "CatanState", seat: int) -> None:
    state.active = seat
    state.trade_used = False
    state.last_event = None
    state.log.append({"key": "catan.turn_started", "seat": seat, "turn": state.turn})
    state.draw_phase()
    state.phase = "main"
