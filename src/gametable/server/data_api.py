"""Your data: a player downloads its finished games (GET /api/me/games.jsonl) in the saved-game
format that `gametable replay --verify` checks (gametable.server.game_export)."""

from __future__ import annotations

import json
from typing import AsyncIterator

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse

from gametable.server.game_export import FinishedGames, batches
from gametable.server.identity import RequiredPlayer
from gametable.server.path_params import PathNamesAResource
from gametable.server.players import Player
from gametable.server.ratelimit import TOO_MANY_REQUESTS, rate_limited

router = APIRouter(prefix="/api", route_class=PathNamesAResource, dependencies=[rate_limited()],
                   responses=TOO_MANY_REQUESTS)


@router.get("/me/games.jsonl", response_class=StreamingResponse,
            responses={200: {"content": {"application/x-ndjson": {}},
                             "description": "One finished game per line, the oldest first"},
                       401: {"description": "This browser is not signed in as a player"}},
            summary="Download your finished games (one JSON line each: `gametable replay --verify` checks them)")
async def my_games(request: Request, player: Player = RequiredPlayer) -> StreamingResponse:
    manager = request.app.state.manager
    games = FinishedGames(manager.store)
    ids = await manager.read(games.table_ids, player.id)

    def seat_fields(seat) -> dict:
        return {"name": seat.name, "you": seat.player_id == player.id}

    async def lines() -> AsyncIterator[bytes]:
        for start, batch in batches(ids):  # a batch at a time: a long history never sits in memory
            for line in await manager.read(games.lines, batch, seat_fields, str, start):
                yield (json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n").encode()

    return StreamingResponse(lines(), media_type="application/x-ndjson",
                             headers={"Content-Disposition": 'attachment; filename="gametable-games.jsonl"',
                                      "Cache-Control": "no-store"})
