"""Request and response bodies of finding people: open tables, friends, game history,
statistics and leaderboards (they also document the API on /docs)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from gametable.server.schemas import PlayerRef, Strict


class OpenTableInfo(BaseModel):
    id: str
    url: str = Field(description="The table's page: open it and join as by an invite link.")
    game: str
    options: dict[str, Any]
    clock: dict[str, Any] | None = Field(description="The table's clock (as CreateTable.clock); null: none.")
    players: int = Field(description="How many seats the table has.")
    seats_taken: int = Field(description="Seats a person or a bot holds already.")
    lang: str | None = Field(description="The language the table plays in (null: not said).")
    created_ms: int
    age_s: int = Field(description="Seconds since the table was opened.")


class OpenTables(BaseModel):
    tables: list[OpenTableInfo] = Field(description="Listed tables with a free seat, newest first (at most 50).")


class AddFriend(Strict):
    player_id: PlayerRef


class FriendTable(BaseModel):
    id: str
    game: str
    url: str


class FriendInfo(BaseModel):
    id: str
    name: str
    online: bool = Field(description="A session of theirs was used in the last 5 minutes.")
    tables: list[FriendTable] = Field(description="Their unfinished tables (the newest 5).")


class Friends(BaseModel):
    friends: list[FriendInfo] = Field(description="Online friends first, then by name.")


class FriendAdded(BaseModel):
    added: bool = Field(description="False when the player was your friend already.")


class GameSeat(BaseModel):
    seat: int
    name: str
    player_id: str | None


class PlayedGameInfo(BaseModel):
    table_id: str
    game: str
    finished_ms: int
    seat: int = Field(description="The player's seat.")
    place: int = Field(description="Their place (1: first; equal places for ties).")
    score: float
    won: bool
    seats: list[GameSeat]


class GameHistory(BaseModel):
    games: list[PlayedGameInfo] = Field(description="Finished games, newest first.")
    next_offset: int | None = Field(description="The offset of the next page (null: no more).")


class RatingPoint(BaseModel):
    time_ms: int
    rating: int = Field(description="The rating after that game, on the scale pages show (1500 + 48 (mu - 25)).")


class GameStatsInfo(BaseModel):
    game: str
    games: int = Field(description="Finished games (the newest 500 count).")
    wins: int
    average_score: float | None
    average_by_category: dict[str, float] = Field(description="Average points per scoring category.")
    moves: int = Field(description="Moves timed (the bot's moves for a seat out of time do not count).")
    average_move_s: float | None = Field(description="Average seconds from the previous action to theirs.")
    ratings: list[RatingPoint] = Field(description="The rating after each rated game, oldest first (the newest 200).")


class PlayerStats(BaseModel):
    games: list[GameStatsInfo]


class Standing(BaseModel):
    place: int
    player_id: str
    name: str
    rating: int = Field(description="On the scale pages show (1500 + 48 (mu - 25)).")
    games: int


class Leaderboard(BaseModel):
    game: str
    min_games: int = Field(description="Only players with this many rated games are listed.")
    players: list[Standing]
    next_offset: int | None
