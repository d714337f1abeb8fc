"""The API of the search bot's help: the review of a finished table and hints on friendly
tables (rooms/reviews.py, rooms/hints.py)."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Header, Request, Response
from pydantic import BaseModel, Field

from gametable.server.api import bearer_token
from gametable.server.identity import OptionalPlayer
from gametable.server.path_params import PathNamesAResource, TableId
from gametable.server.players import Player
from gametable.server.ratelimit import TOO_MANY_REQUESTS, rate_limited

router = APIRouter(prefix="/api", route_class=PathNamesAResource, dependencies=[rate_limited()],
                   responses=TOO_MANY_REQUESTS)

_NO_TABLE = {404: {"description": "There is no table with this id"}}
_BAD_TOKEN = {401: {"description": "The Authorization header is not 'Bearer <seat token>'"},
              403: {"description": "The token is not a seat of this table"}}


class SeatReview(BaseModel):
    accuracy: float | None = Field(description="0-100 (lichess's formula on win-chance drops); null: "
                                                "nothing of the seat's was judged")
    inaccuracies: int
    mistakes: int
    blunders: int
    luck: float = Field(description="VP of margin the seat's draws brought above what it could expect")


class DecisionReview(BaseModel):
    seq: int = Field(description="The action's number in the log (the replay's position after it)")
    seat: int
    played: dict[str, Any]
    best: dict[str, Any] = Field(description="What the search preferred (the played action where it agrees)")
    loss_vp: float
    win_chance_before: float | None = Field(description="With the best choice (null: forced, not judged)")
    win_chance_after: float | None = Field(description="With the choice played")
    mark: Literal["inaccuracy", "mistake", "blunder"] | None


class Review(BaseModel):
    status: Literal["queued", "running", "done", "failed"]
    progress: float = Field(description="0 to 1: the share of the decisions judged")
    seats: list[SeatReview] = Field(description="Empty until done")
    decisions: list[DecisionReview] = Field(description="Empty until done")
    error: str | None = Field(None, description="Why a failed review stopped (ask again to retry)")


class HintChoice(BaseModel):
    action: dict[str, Any]
    visits: int = Field(description="How often the search tried it (0: it was the only sensible choice)")
    vp: float = Field(description="The seat's expected final score after it")


class Hint(BaseModel):
    seq: int = Field(description="The position the hint is for")
    seat: int
    choices: list[HintChoice] = Field(description="Up to three, best first")


def _answer(review: dict[str, Any] | str, status: int = 200) -> Any:
    # a finished review is its stored JSON text, sent as it is
    if isinstance(review, str):
        return Response(review, status_code=status, media_type="application/json")
    return review


@router.post("/tables/{table_id}/analysis", response_model=Review, status_code=202,
             summary="Start the search bot's review of a finished game (asking again changes nothing)",
             responses={**_NO_TABLE, **_BAD_TOKEN,
                        409: {"description": "The game is not over, or this server cannot review its game"}})
async def start_review(request: Request, table_id: TableId, authorization: str | None = Header(None),
                       player: Player | None = OptionalPlayer) -> Any:
    manager = request.app.state.manager
    return _answer(await manager.reviews.start(table_id, bearer_token(authorization),
                                               player.id if player else None), 202)


@router.get("/tables/{table_id}/analysis", response_model=Review,
            summary="The review of a finished game: its progress, then every decision judged",
            responses={**_BAD_TOKEN, 404: {"description": "No such table, or nobody asked for its review yet"}})
async def get_review(request: Request, table_id: TableId, authorization: str | None = Header(None),
                     player: Player | None = OptionalPlayer) -> Any:
    manager = request.app.state.manager
    return _answer(await manager.reviews.state(table_id, bearer_token(authorization),
                                               player.id if player else None))


@router.get("/tables/{table_id}/hint", response_model=Hint,
            summary="The search's top three choices for your seat, which is to act (tables with hints only)",
            responses={**_NO_TABLE, 403: {"description": "The table gives no hints, or you are not the seat to act"},
                       409: {"description": "This server has no search for the game"}})
async def get_hint(request: Request, table_id: TableId, authorization: str | None = Header(None),
                   player: Player | None = OptionalPlayer) -> dict:
    return await request.app.state.manager.hints.hint(table_id, bearer_token(authorization),
                                                      player.id if player else None)
