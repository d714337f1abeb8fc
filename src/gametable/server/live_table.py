"""A hot table: one table's game state in memory with its seats, and what the server asks of it.

The pure part of the table service: what a seat's token or player holds here, who is to decide,
whose clocks run, and whether an action decided at some seq is still current. Nothing here
reads the store or talks to a connection (gametable.server.core does).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import time
from dataclasses import dataclass, field
from typing import Awaitable, Callable, TypeVar

from gametable.engine import Action, Game, State, Timeline
from gametable.server import clocks
from gametable.server.clocks import ClockSpec
from gametable.server.errors import Forbidden, Unauthorized
from gametable.server.store import SeatRecord, TableRecord

T = TypeVar("T")


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def now_ms() -> int:
    return int(time.time() * 1000)

class LogCuts:
    """Where a table's game log was cut back (an undo takes back the entries of the undone
    actions), in order: a connection that had a longer log keeps only the part before a cut."""

    __slots__ = ("lengths",)

    def __init__(self) -> None:
        self.lengths: list[int] = []


def table_status(state: State, seats: list[SeatRecord]) -> str:
    if state.is_over():
        return "finished"
    if any(s.kind == "open" for s in seats):
        return "waiting"
    return "playing"


def waiting_for_people(state: State, seats: list[SeatRecord]) -> list[int]:
    """The person seats whose decision the running game waits for (their clocks run)."""
    if table_status(state, seats) != "playing":
        return []
    return [s for s in state.to_act() if seats[s].kind == "human"]


def clocked(record: TableRecord, state: State, seats: list[SeatRecord], now: int,
            acted: int | None = None, timed_out: bool = False, turn_ended: bool = True) -> list[SeatRecord]:
    """``seats`` (as they are after a change at ``now``) with their clocks and timeouts brought
    up to date (``turn_ended``: whether ``acted``'s action ended its turn): see
    gametable.server.clocks (advance, counted)."""
    seats = list(seats)
    if acted is not None and seats[acted].kind == "human":
        decision_over = turn_ended or acted not in waiting_for_people(state, seats)
        seats[acted] = clocks.counted(seats[acted], timed_out, decision_over, record.timeouts_to_bot)
    return clocks.advance(ClockSpec.from_json(record.clock), seats,
                          waiting_for_people(state, seats), acted, now, turn_ended)


def changed_seats(before: list[SeatRecord], after: list[SeatRecord]) -> tuple[SeatRecord, ...]:
    return tuple(new for old, new in zip(before, after) if new != old)


def bot_to_move(state: State, seats: list[SeatRecord]) -> int | None:
    """A bot seat that must decide now, if the game is running."""
    if table_status(state, seats) != "playing":
        return None
    for seat in state.to_act():
        if seats[seat].kind == "bot":
            return seat
    return None


@dataclass(eq=False)
class LiveTable:
    record: TableRecord
    game: Game
    seats: list[SeatRecord]
    #: the hot state with its undo window (gametable.engine.undo)
    timeline: Timeline
    seq: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task | None = None
    touched: float = field(default_factory=time.monotonic)
    evicted: bool = False
    #: the table row's bot_due as committed
    bot_due: bool = False
    #: each seat's legal actions at this seq ([] for a seat that is not to decide)
    legal: list[list[Action]] = field(default_factory=list)
    #: per seat, the first seq from which its legal actions have been what they are now, with
    #: no action of its own since: an action decided at any seq from there on is still current
    stable_since: list[int] = field(default_factory=list)
    log_cuts: LogCuts = field(default_factory=LogCuts)
    #: (seq, seat) of every action the bot played because the seat's time ran out
    timed_out: list[tuple[int, int]] = field(default_factory=list)
    #: the newest chat message id this process has handed its watchers
    chat_seen: int = 0

    def __post_init__(self) -> None:
        self.reset_situations()

    @property
    def state(self) -> State:
        return self.timeline.state

    def undo_steps(self, seat: int | None) -> int:
        """How many of its own latest actions a person's seat may take back now."""
        if seat is None or self.seats[seat].kind != "human" or self.status != "playing":
            return 0
        return self.timeline.window.steps(seat)

    def keeps_base(self, seat: int) -> bool:
        """Whether to keep the state before an action of ``seat`` that opens an undo window:
        a person may undo it; a bot never does, so its actions cost no copy."""
        return self.seats[seat].kind == "human"

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def status(self) -> str:
        return table_status(self.state, self.seats)

    def reset_situations(self) -> None:
        """Every seat's situation counts from now (a fresh or rebuilt hot state: what came
        before is not known here, so older seqs are stale)."""
        to_act = self.state.to_act()
        self.legal = [self.state.legal_actions(s) if s in to_act else []
                      for s in range(self.state.num_players)]
        self.stable_since = [self.seq] * self.state.num_players

    def advanced(self, acted: int) -> None:
        """Seat ``acted``'s action took the table to ``self.seq``: note whose situation changed."""
        to_act = self.state.to_act()
        for s in range(self.state.num_players):
            now = self.state.legal_actions(s) if s in to_act else []
            if s == acted or now != self.legal[s]:
                self.stable_since[s] = self.seq
            self.legal[s] = now

    def is_current(self, seat: int, seq: int) -> bool:
        """Whether an action of ``seat`` decided at ``seq`` may still be applied: ``seq`` is
        now, or the seat still has the very choices it had then and has not acted since
        (so several seats can answer the same offer, and nothing is applied twice)."""
        if seq == self.seq:
            return True
        return self.stable_since[seat] <= seq < self.seq and bool(self.legal[seat])

    def seat_for_hash(self, token_hash: str | None) -> int | None:
        """The human seat holding this token, if any (compared in constant time)."""
        if token_hash is None:
            return None
        found = None
        for s in self.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, token_hash):
                found = s.seat
        return found

    def seat_for_player(self, player_id: str | None) -> int | None:
        """The person's seat of this player, if any (the lowest, should they hold two)."""
        if player_id is None:
            return None
        return next((s.seat for s in self.seats if s.kind == "human" and s.player_id == player_id), None)

    def is_creator(self, token_hash: str | None, player_id: str | None = None) -> bool:
        """The creator's token, or (signed in) the creator's player: the player of the seat the
        creator's token was made for (the creator's seat keeps it, or keeps it to take back)."""
        if token_hash is not None and hmac.compare_digest(self.record.creator_hash, token_hash):
            return True
        return player_id is not None and any(
            s.player_id == player_id and any(h is not None and hmac.compare_digest(h, self.record.creator_hash)
                                             for h in (s.token_hash, s.reclaim_hash))
            for s in self.seats)

    def is_away_player(self, token_hash: str | None) -> bool:
        """The token is of a player whose seat is played by the bot now (they may take it back)."""
        return token_hash is not None and any(
            s.reclaim_hash is not None and hmac.compare_digest(s.reclaim_hash, token_hash)
            for s in self.seats)

    def bot_to_move(self) -> int | None:
        """A bot seat that must decide now, if the game is running."""
        return bot_to_move(self.state, self.seats)



def seat_for_token(table: LiveTable, token: str | None, player_id: str | None = None) -> int | None:
    """The seat of a token; without one, the seat of the signed-in player ``player_id``;
    None (spectator) for neither; Forbidden for a stranger's token."""
    if token is None:
        return table.seat_for_player(player_id)
    token_hash = hash_token(token)
    seat = table.seat_for_hash(token_hash)
    if seat is None and not table.is_creator(token_hash) and not table.is_away_player(token_hash):
        raise Forbidden("this token is not a seat at this table")
    # The creator, or a player, whose own seat went to a bot watches as a spectator.
    return seat


def acting_seat(table: LiveTable, token: str | None, player_id: str | None = None) -> int:
    """The person's seat a request acts for (by seat token, or as the signed-in player
    ``player_id``); 401 with neither, 403 for a bot's seat or a player with no seat here."""
    if token is None and player_id is None:
        raise Unauthorized("send your seat token: as 'Authorization: Bearer <token>' over HTTP, "
                           "in the hello over the WebSocket (or sign in as the seat's player)")
    seat = seat_for_token(table, token, player_id)
    if seat is None:
        raise Forbidden("your seat is played by a bot now" if token is not None else
                        "you have no seat at this table")
    return seat


def seat_that_plays(table: LiveTable, token: str | None, doing: str, player_id: str | None = None) -> int:
    """The seat of this token (or signed-in player), for something only a seat may do
    (``doing``: what, for the refusal); spectators, and players whose seat a bot plays,
    are refused."""
    if token is None and player_id is None:
        raise Unauthorized(f"send your seat token (or sign in) to {doing}")
    seat = seat_for_token(table, token, player_id)
    if seat is None:
        raise Forbidden(f"only the players at their seats {doing}; spectators cannot")
    return seat


async def made_once(pending: dict[str, asyncio.Future[T]], key: str,
                    make: Callable[[], Awaitable[T]]) -> tuple[T, bool]:
    """``make()``'s result, made once however many ask for ``key`` at the same time (the others
    wait for it, sharing its result or its error); and whether it was made by this call, whose
    caller then keeps it where it belongs."""
    waiting = pending.get(key)
    if waiting is not None:
        return await asyncio.shield(waiting), False
    made = pending[key] = asyncio.get_running_loop().create_future()
    try:
        result = await make()
    except BaseException as exc:
        made.set_exception(exc)
        made.exception()  # mark retrieved: nobody else may be waiting
        raise
    finally:
        del pending[key]
    made.set_result(result)
    return result, True
