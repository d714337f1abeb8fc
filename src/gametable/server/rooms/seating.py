"""Seats and players: a new table, a person joining, a seat adopted by a player, handed to a
bot and taken back. Each change of the seats is committed with the clocks it starts or stops
and told to everyone through the core."""

from __future__ import annotations

import dataclasses
import hmac
import secrets
from typing import Any

from gametable import bots as bot_levels
from gametable.engine import InvalidOptions, Timeline, resolve_options
from gametable.server import clocks
from gametable.server.clocks import ClockSpec
from gametable.server.core import TableCore
from gametable.server.errors import BadRequest, Conflict, Forbidden, NotFound, Unauthorized
from gametable.server.live_table import (LiveTable, bot_to_move, changed_seats, clocked, hash_token, now_ms,
                                         seat_for_token)
from gametable.server.moderation_store import ModerationStore
from gametable.server.store import SeatRecord, TableRecord


class Seating:
    def __init__(self, core: TableCore) -> None:
        self.core = core
        self.moderation = ModerationStore(core.store)

    async def create(self, game_name: str, players: int, bots: list[int],
                     options: dict[str, Any], name: str,
                     bot_level: str | None = None,
                     player_id: str | None = None, clock: ClockSpec = ClockSpec(),
                     timeouts_to_bot: int = clocks.DEFAULT_TIMEOUTS_TO_BOT,
                     hints: bool = False, listed: bool = False, lang: str | None = None,
                     invited: tuple[str, ...] = (), deal: int | None = None) -> tuple[LiveTable, str]:
        """A new table; the creator takes seat 0 and gets its token (also the creator's token).

        ``bot_level`` is the strength of the table's bots; None means the best level.
        ``player_id``: the creator's player (signed in), whose seat it is. ``clock`` and
        ``timeouts_to_bot``: see gametable.server.clocks (checked by the API's schema). ``hints``:
        a friendly table whose seat to act may ask for hints (rooms/hints.py), never rated.
        ``listed``: among the open tables (in ``lang``); ``invited``: players the first open
        seats are kept for, in order (the creator's friends: rooms.finding_people checks).
        ``deal``: a guided first game's fixed seed (rooms/learning.py): its bots are seeded with
        0, so that each decision's seed is the table's seq, and the hidden level "guide" may play."""
        game = self.core.game(game_name)
        try:
            # first: the seats below are counted out, so a count in the billions must not get there
            game.check_players(players)
        except InvalidOptions as exc:
            raise BadRequest(str(exc)) from None
        try:
            # Only None means the default: an empty level is a mistake, not a request for the best.
            bot_level = bot_levels.check_level(bot_levels.default_level() if bot_level is None else bot_level,
                                               hidden=deal is not None)
        except bot_levels.UnknownBotLevel as exc:
            raise BadRequest(f"{exc}; or leave bot_level out for the best") from None
        made_for = bot_levels.level_games(bot_level)
        if bots and made_for is not None and game.name not in made_for:
            raise BadRequest(f"the bot level {bot_level!r} plays only {', '.join(made_for)}")
        seed = secrets.randbelow(2**62) if deal is None else deal
        # a garth level's bot seats are Garth's in the engine (the automa's setup, turn and score)
        options = bot_levels.table_options(game.name, options, [bot_level if s in bots else None
                                                                for s in range(players)])
        try:
            state = game.new(players, seed, options)
        except InvalidOptions as exc:
            raise BadRequest(str(exc)) from None
        if len(set(bots)) != len(bots):
            raise BadRequest("each bot seat may be listed only once")
        for seat in bots:
            if not 0 < seat < players:
                raise BadRequest(f"bots can sit at seats 1 to {players - 1}, not {seat}; "
                                 "the creator takes seat 0")
        token = secrets.token_urlsafe(24)
        token_hash = hash_token(token)
        bank = clock.first_bank_ms()
        seats = [SeatRecord(0, "human", name, token_hash, player_id, clock_ms=bank)]
        seats += [SeatRecord(s, "bot" if s in bots else "open", "", None, clock_ms=bank)
                  for s in range(1, players)]
        record = TableRecord(
            id=secrets.token_urlsafe(16), game=game.name, num_players=players,
            options=resolve_options(game.options, options), seed=seed,
            bot_seed=secrets.randbelow(2**62) if deal is None else 0, creator_hash=token_hash, created_ms=now_ms(),
            finished_ms=None, bot_due=bot_to_move(state, seats) is not None, bot_level=bot_level,
            clock=clock.to_json() if clock.runs else None, timeouts_to_bot=timeouts_to_bot,
            to_act=state.to_act(), hints=hints, listed=listed, lang=lang,
        )
        seats = _kept_for(seats, invited)
        seats = clocked(record, state, seats, record.created_ms)
        # A write (an fsync on SQLite): never on the event loop, where it would stall every table.
        await self.core.write(self.core.store.create_table, record, seats)
        if self.core.leases is not None:
            await self.core.leases.claim(record.id)  # a new table: nobody else can hold it
        table = LiveTable(record=record, game=game, seats=seats, timeline=Timeline(state), seq=0,
                          bot_due=record.bot_due)
        self.core.keep(table)
        return table, token

    async def join(self, table_id: str, name: str,
                   player_id: str | None = None) -> tuple[int, str | None]:
        """Take a seat: the one kept for this player (a rematch's invitation), else the lowest
        open seat kept for nobody. A player who holds a seat here already gets it back, with no
        new token (their session is their key). Returns the seat and its token."""
        async with self.core.locked(table_id) as table:
            held = table.seat_for_player(player_id)
            if held is not None:
                return held, None
            seated = [s.player_id for s in table.seats if s.player_id and s.kind != "open"]
            if player_id is not None and seated and await self.core.read(
                    self.moderation.blocks_among, seated, player_id):
                raise Forbidden("this table is not open to you; start a table of your own or "
                                "join another from the lobby")
            token = secrets.token_urlsafe(24)
            token_hash = hash_token(token)
            while True:
                seat = _seat_to_take(table.seats, player_id)
                seats = list(table.seats)
                seats[seat] = dataclasses.replace(seats[seat], kind="human", name=name,
                                                  token_hash=token_hash, player_id=player_id)
                # the last seat taken starts the game, and the clocks of the seats to decide
                seats = clocked(table.record, table.state, seats, now_ms())
                due = bot_to_move(table.state, seats) is not None
                if await self.core.write(self.core.store.claim_seat, table.id, seat, name, token_hash,
                                         due if due != table.bot_due else None, player_id,
                                         changed_seats(table.seats, seats)):
                    break
                # Another process filled that seat first: look again.
                table.seats = await self.core.read(self.core.store.load_seats, table.id)
            table.seats, table.bot_due = seats, due
            await self.core.changed(table)
            return seat, token

    async def adopt_seat(self, table_id: str, token: str | None, player_id: str) -> int:
        """The seat of ``token`` becomes ``player_id``'s (a seat taken before its person was a
        player, by token only): from then on the session finds it. Returns the seat."""
        async with self.core.locked(table_id) as table:
            if token is None:
                raise Unauthorized("send the seat's token as 'Authorization: Bearer <token>'")
            seat = seat_for_token(table, token)
            if seat is None:
                raise Forbidden("this token holds no seat at this table now")
            owner = table.seats[seat].player_id
            if owner == player_id:
                return seat
            if owner is not None or not await self.core.write(self.core.store.give_seat_to_player,
                                                              table.id, seat, player_id):
                raise Conflict("this seat belongs to another player")
            table.seats = [dataclasses.replace(s, player_id=player_id) if s.seat == seat else s
                           for s in table.seats]
            await self.core.changed(table)
            return seat

    async def hand_to_bot(self, table_id: str, token: str | None, seat: int,
                          player_id: str | None = None) -> None:
        """A seat goes to a server bot: a player hands over their own seat (they leave), or
        the creator hands over a seat nobody took, whose player is not connected, or that has
        timed out. The player keeps their token (or, signed in, their player) to take the seat
        back (take_back)."""
        async with self.core.locked(table_id) as table:
            if token is None and player_id is None:
                raise Unauthorized("send your seat token (your own seat) or the creator's token "
                                   "(another player's seat) to hand a seat to a bot, or sign in")
            if not 0 <= seat < len(table.seats):
                raise NotFound(f"this table has no seat {seat}")
            token_hash = hash_token(token) if token is not None else None
            own = (table.seat_for_hash(token_hash) if token_hash is not None
                   else table.seat_for_player(player_id)) == seat
            if not own and not table.is_creator(token_hash, player_id):
                raise Forbidden("only the seat's own player, or the table's creator, can hand a "
                                "seat to a bot")
            if table.status == "finished":
                raise Conflict("the game is over")
            current = table.seats[seat]
            if current.kind == "bot":
                return
            if (not own and current.kind == "human" and current.timeouts == 0
                    and seat in self.core.online(table)):
                raise Conflict(f"seat {seat}'s player is here: the creator can hand over only a "
                               "seat whose player is not connected, or who has run out of time")
            seats = list(table.seats)
            seats[seat] = dataclasses.replace(current, kind="bot", token_hash=None,
                                              reclaim_hash=current.token_hash)
            await self._save_seats(table, seats)

    async def take_back(self, table_id: str, token: str | None, seat: int,
                        player_id: str | None = None) -> None:
        """A player whose seat the bot plays (they left, timed out, or the creator handed it
        over) takes it back with their old seat token, or signed in as the seat's player."""
        async with self.core.locked(table_id) as table:
            if token is None and player_id is None:
                raise Unauthorized("send the seat's token to take it back, or sign in as its player")
            if not 0 <= seat < len(table.seats):
                raise NotFound(f"this table has no seat {seat}")
            current = table.seats[seat]
            if token is not None:
                theirs = current.reclaim_hash is not None and hmac.compare_digest(
                    current.reclaim_hash, hash_token(token))
            else:
                theirs = current.player_id is not None and current.player_id == player_id
            if current.kind != "bot" or current.reclaim_hash is None or not theirs:
                raise Forbidden(f"only the player whose seat {seat} went to the bot can take it "
                                "back, with their seat token")
            if table.status == "finished":
                raise Conflict("the game is over")
            seats = list(table.seats)
            seats[seat] = clocks.taken_back(ClockSpec.from_json(table.record.clock), current)
            await self._save_seats(table, seats)

    async def _save_seats(self, table: LiveTable, seats: list[SeatRecord]) -> None:
        """Commit a hand-over (with the clocks it starts or stops) and tell everyone."""
        seats = clocked(table.record, table.state, seats, now_ms())
        due = bot_to_move(table.state, seats) is not None
        await self.core.write(self.core.store.save_seats, table.id, changed_seats(table.seats, seats),
                              due if due != table.bot_due else None)
        table.seats, table.bot_due = seats, due
        await self.core.changed(table)


def _kept_for(seats: list[SeatRecord], invited: tuple[str, ...]) -> list[SeatRecord]:
    """The first open seats kept for the invited players (they find the table in My tables)."""
    open_seats = [s.seat for s in seats if s.kind == "open"]
    if len(invited) > len(open_seats):
        raise BadRequest(f"{len(invited)} players invited, but the table has {len(open_seats)} open "
                         "seats; invite fewer or leave more seats to people")
    seats = list(seats)
    for seat, player_id in zip(open_seats, invited):
        seats[seat] = dataclasses.replace(seats[seat], player_id=player_id)
    return seats


def _seat_to_take(seats: list[SeatRecord], player_id: str | None) -> int:
    """The open seat a joining person takes: the one kept for their player, else the lowest
    kept for nobody; Conflict when there is none."""
    open_seats = [s for s in seats if s.kind == "open"]
    kept = next((s.seat for s in open_seats if player_id is not None and s.player_id == player_id), None)
    if kept is not None:
        return kept
    free = [s.seat for s in open_seats if s.player_id is None]
    if free:
        return free[0]
    if open_seats:
        raise Conflict("the open seats of this table are kept for the players of its last game")
    raise Conflict("this table is full")

