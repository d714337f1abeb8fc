"""The HTTP API of moderation: reports, blocks and muted tables (rooms/moderation.py)."""

from __future__ import annotations

from fastapi import APIRouter, Request

from gametable.server.errors import Unauthorized
from gametable.server.identity import NOT_SIGNED_IN, OptionalPlayer, RequiredPlayer
from gametable.server.moderation_schemas import Blocks, MuteChange, Muted, NewBlock, NewReport, ReportTaken
from gametable.server.path_params import PathNamesAResource, PlayerId, TableId
from gametable.server.players import Player
from gametable.server.ratelimit import TOO_MANY_REQUESTS, rate_limited

router = APIRouter(prefix="/api", route_class=PathNamesAResource, dependencies=[rate_limited()],
                   responses=TOO_MANY_REQUESTS)

_NO_SESSION = {401: {"description": "This browser is not signed in as a player"},
               403: {"description": "Another site's page, or your player is suspended"}}
_NOT_FOUND = {404: {"description": "No such player, table or chat message"}}


def _signed_in(player: Player | None) -> Player:
    # here, not as a dependency: a malformed table id is a 404 first (as in players_api)
    if player is None:
        raise Unauthorized(NOT_SIGNED_IN)
    return player


def _moderation(request: Request):
    return request.app.state.manager.moderation


@router.post("/reports", response_model=ReportTaken, status_code=201,
             responses={**_NO_SESSION, **_NOT_FOUND, 400: {"description": "Yourself, or nobody named"}},
             summary="Report a player, or a chat message (kept with the messages around it)")
async def report(body: NewReport, request: Request, player: Player = RequiredPlayer) -> dict:
    report_id = await _moderation(request).report(player.id, body.reason, body.player_id, body.table_id,
                                                  body.chat_id)
    return {"id": report_id}


@router.get("/me/blocks", response_model=Blocks, responses=_NO_SESSION, summary="The players you blocked")
async def blocks(request: Request, player: Player = RequiredPlayer) -> dict:
    blocked = await _moderation(request).blocked(player.id)
    return {"blocks": [{"player_id": pid, "name": name} for pid, name in blocked]}


@router.post("/me/blocks", status_code=204, responses={**_NO_SESSION, **_NOT_FOUND},
             summary="Block a player: their chat is hidden from you, they cannot join your tables")
async def block(body: NewBlock, request: Request, player: Player = RequiredPlayer) -> None:
    await _moderation(request).block(player.id, body.player_id)


@router.delete("/me/blocks/{player_id}", status_code=204, responses=_NO_SESSION,
               summary="Unblock a player")
async def unblock(player_id: PlayerId, request: Request, player: Player = RequiredPlayer) -> None:
    await _moderation(request).unblock(player.id, player_id)


@router.get("/me/muted/{table_id}", response_model=Muted, responses={**_NO_SESSION, **_NOT_FOUND},
            summary="Whether you muted a table's chat")
async def is_muted(table_id: TableId, request: Request, player: Player | None = OptionalPlayer) -> dict:
    return {"muted": await _moderation(request).is_muted(_signed_in(player).id, table_id)}


@router.put("/me/muted/{table_id}", response_model=Muted, responses={**_NO_SESSION, **_NOT_FOUND},
            summary="Mute (or unmute) a table's chat, for yourself only")
async def mute(body: MuteChange, table_id: TableId, request: Request,
               player: Player | None = OptionalPlayer) -> dict:
    await _moderation(request).mute(_signed_in(player).id, table_id, body.muted)
    return {"muted": body.muted}
