"""Table clocks: none, real-time (a bank of time plus an increment per turn) or turn-based (a
deadline per turn), chosen when the table is created and kept by the server.

A seat's clock runs while the seat is a person's and the game waits for its decision. What a
clock needs is stored on the seat's row (``clock_ms``, ``deadline_ms``, ``timeouts``) and
written in the same transaction as the change that starts or stops it, so a restarted server
finds every deadline where it left it. Time is wall-clock milliseconds since the epoch: the
time a server was down counts, as it would on a chess clock left running.

Clocks count **turns**, as players know them: a seat's turn ends with one of the game's
``turn_end_actions`` (GWT ``end_phase_b``, CATAN ``end_turn``; in a game that names none, every
action is a turn). A real-time clock gains its increment when the seat's turn ends, and a
turn-based clock's deadline covers the whole turn. When a deadline passes, the server's bot plays
the rest of the seat's turn (each action logged as a timeout), which counts as one timeout.

A seat its player takes back from the bot gets at least ``take_back_minimum_ms`` on a real-time
clock (one increment plus a grace), so it never comes back at 0:00, and its timeouts count from 0.

This module is pure arithmetic on seat records; the one scheduler that wakes up at the next
deadline is gametable.server.deadlines.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Iterable

from gametable.engine.undo import is_undo
from gametable.server.store import SeatRecord

#: bounds (seconds) of what a table's creator may choose
REALTIME_INITIAL = (1, 10 * 3600)
REALTIME_INCREMENT = (0, 3600)
TURN_PER_MOVE = (60, 30 * 86400)
TIMEOUTS_TO_BOT = (1, 20)
DEFAULT_TIMEOUTS_TO_BOT = 3
#: what a real-time seat taken back from the bot has at least, besides one increment
TAKE_BACK_GRACE_S = 30


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


def ends_turn(turn_end_actions: Iterable[str], action: Any) -> bool:
    """Whether ``action`` (as the log keeps it) ends its seat's turn: one of the game's
    turn-ending actions; in a game that names none, any action. An undo never does."""
    if is_undo(action):
        return False
    ending = frozenset(turn_end_actions)
    return not ending or (isinstance(action, dict) and action.get("type") in ending)


def advance(spec: ClockSpec, seats: list[SeatRecord], waiting_for: Iterable[int],
            acted: int | None, now_ms: int, turn_ended: bool = True) -> list[SeatRecord]:
    """The seats' clocks after a change at ``now_ms``: ``waiting_for`` is the person seats
    whose decision the game now waits for, ``acted`` the seat that just took an action (if any)
    and ``turn_ended`` whether that action ended its turn (see :func:`ends_turn`).

    A running clock stops when its seat's turn ended or the game no longer waits for it (a
    real-time seat keeps the time it had left, plus the increment if its turn ended); it goes on
    running through the actions of one turn. A waited-for seat whose clock is not running starts
    it (its bank, or a fresh deadline for the turn). A seat still waited for that did not act
    keeps its running deadline: another seat's answer in a simultaneous decision does not reset it."""
    if not spec.runs:
        return seats
    waiting = set(waiting_for)
    result = []
    for seat in seats:
        clock_ms, deadline = seat.clock_ms, seat.deadline_ms
        finished_turn = seat.seat == acted and turn_ended
        if deadline is not None and (finished_turn or seat.seat not in waiting):
            if spec.kind == "realtime":
                bonus = spec.increment_s * 1000 if finished_turn else 0
                clock_ms = max(0, deadline - now_ms) + bonus
            deadline = None
        if deadline is None and seat.seat in waiting:
            deadline = now_ms + ((clock_ms or 0) if spec.kind == "realtime" else spec.per_move_s * 1000)
        unchanged = clock_ms == seat.clock_ms and deadline == seat.deadline_ms
        # (the seat itself where nothing changed: dataclasses.replace costs microseconds per seat)
        result.append(seat if unchanged else dataclasses.replace(seat, clock_ms=clock_ms, deadline_ms=deadline))
    return result


def counted(seat: SeatRecord, timed_out: bool, decision_over: bool, timeouts_to_bot: int) -> SeatRecord:
    """A person seat after one of its actions: one in time sets its timeouts back to 0; the
    bot's action for it on a timeout counts one timeout when the seat's decision is over (its
    turn ended, or the game no longer waits for it), so the rest of a turn the bot plays after
    a timeout is one timeout. At ``timeouts_to_bot`` in a row the seat goes to the bot, its
    player's token kept to take it back."""
    if not timed_out:
        return dataclasses.replace(seat, timeouts=0) if seat.timeouts else seat
    if not decision_over:
        return seat
    if seat.timeouts + 1 >= timeouts_to_bot:
        return dataclasses.replace(seat, kind="bot", token_hash=None, reclaim_hash=seat.token_hash,
                                   timeouts=seat.timeouts + 1)
    return dataclasses.replace(seat, timeouts=seat.timeouts + 1)


def take_back_minimum_ms(spec: ClockSpec) -> int:
    """A real-time seat taken back from the bot has at least one increment plus the grace."""
    return (spec.increment_s + TAKE_BACK_GRACE_S) * 1000


def taken_back(spec: ClockSpec, seat: SeatRecord) -> SeatRecord:
    """The seat as its player takes it back: theirs again, its timeouts counted from 0, and on
    a real-time clock the greater of its time left and :func:`take_back_minimum_ms`."""
    clock_ms = seat.clock_ms
    if spec.kind == "realtime":
        clock_ms = max(clock_ms or 0, take_back_minimum_ms(spec))
    return dataclasses.replace(seat, kind="human", token_hash=seat.reclaim_hash, reclaim_hash=None,
                               timeouts=0, clock_ms=clock_ms)


def next_deadline(seats: list[SeatRecord]) -> int | None:
    deadlines = [s.deadline_ms for s in seats if s.deadline_ms is not None]
    return min(deadlines) if deadlines else None
