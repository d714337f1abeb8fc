"""Table clocks: none, real-time (a bank of time plus an increment per move) or turn-based (a
deadline per move), chosen when the table is created and kept by the server.

A seat's clock runs while the seat is a person's and the game waits for its decision. What a
clock needs is stored on the seat's row (``clock_ms``, ``deadline_ms``, ``timeouts``) and
written in the same transaction as the change that starts or stops it, so a restarted server
finds every deadline where it left it. Time is wall-clock milliseconds since the epoch: the
time a server was down counts, as it would on a chess clock left running.

A "move" is one action: a real-time clock gains its increment after each action of the seat,
and a turn-based clock gives each action its own deadline. When a deadline passes, the server's
bot plays that one action for the seat (logged as a timeout; see TableManager.play_timeout).

This module is pure arithmetic on seat records; the one scheduler that wakes up at the next
deadline is gametable.server.deadlines.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Iterable

from gametable.server.store import SeatRecord

#: bounds (seconds) of what a table's creator may choose
REALTIME_INITIAL = (1, 10 * 3600)
REALTIME_INCREMENT = (0, 3600)
TURN_PER_MOVE = (60, 30 * 86400)
TIMEOUTS_TO_BOT = (1, 20)
DEFAULT_TIMEOUTS_TO_BOT = 3


@dataclass(frozen=True)
class ClockSpec:
    """What the creator chose. ``kind`` is "none", "realtime" or "turn"."""

    kind: str = "none"
    initial_s: int = 0
    increment_s: int = 0
    per_move_s: int = 0

    @property
    def runs(self) -> bool:
        return self.kind != "none"

    def to_json(self) -> dict[str, Any]:
        if self.kind == "realtime":
            return {"kind": "realtime", "initial_s": self.initial_s, "increment_s": self.increment_s}
        if self.kind == "turn":
            return {"kind": "turn", "per_move_s": self.per_move_s}
        return {"kind": "none"}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> "ClockSpec":
        return cls(**data) if data else cls()

    def first_bank_ms(self) -> int | None:
        """A seat's time at the start (real-time clocks only)."""
        return self.initial_s * 1000 if self.kind == "realtime" else None


def advance(spec: ClockSpec, seats: list[SeatRecord], waiting_for: Iterable[int],
            acted: int | None, now_ms: int) -> list[SeatRecord]:
    """The seats' clocks after a change at ``now_ms``: ``waiting_for`` is the person seats
    whose decision the game now waits for, ``acted`` the seat that just took an action (if any).

    A clock that was running stops if its seat acted or is no longer waited for (a real-time
    seat keeps the time it had left, plus the increment if it acted); a waited-for seat whose
    clock is not running starts it (its bank, or a fresh deadline per move). A seat still
    waited for that did not act keeps its running deadline: another seat's answer in a
    simultaneous decision does not reset it."""
    if not spec.runs:
        return seats
    waiting = set(waiting_for)
    result = []
    for seat in seats:
        clock_ms, deadline = seat.clock_ms, seat.deadline_ms
        if deadline is not None and (seat.seat == acted or seat.seat not in waiting):
            if spec.kind == "realtime":
                bonus = spec.increment_s * 1000 if seat.seat == acted else 0
                clock_ms = max(0, deadline - now_ms) + bonus
            deadline = None
        if deadline is None and seat.seat in waiting:
            deadline = now_ms + ((clock_ms or 0) if spec.kind == "realtime" else spec.per_move_s * 1000)
        result.append(dataclasses.replace(seat, clock_ms=clock_ms, deadline_ms=deadline))
    return result


def next_deadline(seats: list[SeatRecord]) -> int | None:
    deadlines = [s.deadline_ms for s in seats if s.deadline_ms is not None]
    return min(deadlines) if deadlines else None
