"""The HTTP API of finding people: open tables, friends, players' game history and
statistics, and the leaderboards (rooms.finding_people answers each from the store)."""

from __future__ import annotations

import dataclasses
from typing import Annotated, Literal

from fastapi import APIRouter, Query, Request

from gametable import i18n
from gametable.server import profiles
from gametable.server.api import invite_url
from gametable.server.errors import NotFound
from gametable.server.identity import RequiredPlayer
from gametable.server.live_table import now_ms
from gametable.server.path_params import GameName, PathNamesAResource, PlayerId
from gametable.server.people_schemas import (AddFriend, FriendAdded, Friends, GameHistory, Leaderboard,
                                             OpenTables, PlayerStats)
from gametable.server.players import Player
from gametable.server.ratelimit import TOO_MANY_REQUESTS, rate_limited
from gametable.server.tables import TableManager

router = APIRouter(prefix="/api", route_class=PathNamesAResource, dependencies=[rate_limited()],
                   responses=TOO_MANY_REQUESTS)

_NO_SESSION = {401: {"description": "This browser is not signed in as a player"},
               403: {"description": "The request came from another site's page"}}
_NO_PLAYER = {404: {"description": "No such player"}}

GameFilter = Annotated[str | None, Query(max_length=64, description="Only this game's tables.")]
LangFilter = Annotated[Literal[tuple(i18n.LANGUAGES)] | None,
                       Query(description="Only tables playing in this language.")]
Offset = Annotated[int, Query(ge=0, le=100_000, description="How many to skip (the previous page's next_offset).")]


def _manager(request: Request) -> TableManager:
    return request.app.state.manager


@router.get("/open-tables", response_model=OpenTables,
            summary="Listed tables with a free seat, newest first: join one as by its invite link")
async def get_open_tables(request: Request, game: GameFilter = None, lang: LangFilter = None) -> dict:
    now = now_ms()
    found = await _manager(request).finding_people.open_tables(game or None, lang)
    return {"tables": [{**dataclasses.asdict(t), "url": invite_url(request, t.id),
                        "age_s": max(0, (now - t.created_ms) // 1000)} for t in found]}


@router.get("/me/friends", response_model=Friends, responses=_NO_SESSION,
            summary="Your friends: who is online, and the tables they play at")
async def get_friends(request: Request, player: Player = RequiredPlayer) -> dict:
    found = await _manager(request).finding_people.friends(player.id)
    return {"friends": [{"id": f.id, "name": f.name, "online": f.online,
                         "tables": [{"id": table_id, "game": game, "url": invite_url(request, table_id)}
                                    for table_id, game in f.tables]} for f in found]}


@router.post("/me/friends", response_model=FriendAdded, status_code=201,
             summary="Add a player to your friends (you can then invite them to a new table)",
             responses={**_NO_SESSION, **_NO_PLAYER,
                        400: {"description": "Your own id"},
                        409: {"description": "You have 200 friends already"}})
async def add_friend(body: AddFriend, request: Request, player: Player = RequiredPlayer) -> dict:
    return {"added": await _manager(request).finding_people.add_friend(player.id, body.player_id)}


@router.delete("/me/friends/{player_id}", status_code=204, summary="Remove a player from your friends",
               responses={**_NO_SESSION, 404: {"description": "Not one of your friends"}})
async def remove_friend(request: Request, player_id: PlayerId, player: Player = RequiredPlayer) -> None:
    await _manager(request).finding_people.remove_friend(player.id, player_id)


@router.get("/players/{player_id}/games", response_model=GameHistory, responses=_NO_PLAYER,
            summary="A player's finished games, newest first, a page at a time")
async def player_games(request: Request, player_id: PlayerId, offset: Offset = 0,
                       limit: Annotated[int, Query(ge=1, le=profiles.GAMES_PAGE_MAX)] = 20) -> dict:
    # one more than asked for tells whether another page follows
    found = await _manager(request).finding_people.games(player_id, offset, limit + 1)
    games = [{**dataclasses.asdict(g), "seats": [{"seat": seat, "name": name, "player_id": pid}
                                                 for seat, name, pid in g.seats]} for g in found[:limit]]
    return {"games": games, "next_offset": offset + limit if len(found) > limit else None}


@router.get("/players/{player_id}/stats", response_model=PlayerStats, responses=_NO_PLAYER,
            summary="A player's statistics per game: games, wins, scores, time per move, rating over time")
async def player_stats(request: Request, player_id: PlayerId) -> dict:
    found = await _manager(request).finding_people.stats(player_id)
    return {"games": [{
        "game": s.game, "games": s.games, "wins": s.wins,
        "average_score": s.score_sum / s.games if s.games else None,
        "average_by_category": {k: v / s.games for k, v in s.categories.items()} if s.games else {},
        "moves": s.moves, "average_move_s": s.move_ms_sum / s.moves / 1000 if s.moves else None,
        "ratings": [{"time_ms": time, "rating": rating} for time, rating in s.ratings],
    } for s in found]}


@router.get("/leaderboards/{game}", response_model=Leaderboard,
            summary=f"A game's best players (with at least {profiles.LEADERBOARD_MIN_GAMES} rated games)",
            responses={404: {"description": "This server offers no such game"}})
async def get_leaderboard(request: Request, game: GameName,
                          offset: Offset = 0,
                          limit: Annotated[int, Query(ge=1, le=profiles.LEADERBOARD_MAX)] = 50) -> dict:
    manager = _manager(request)
    if game not in manager.games.names():
        raise NotFound(f"this server offers no game {game!r}; choose one of {', '.join(manager.games.names())}")
    found = await manager.finding_people.leaderboard(game, offset, limit + 1)
    return {"game": game, "min_games": profiles.LEADERBOARD_MIN_GAMES,
            "players": [dataclasses.asdict(s) for s in found[:limit]],
            "next_offset": offset + limit if len(found) > limit else None}
