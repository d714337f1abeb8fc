"""The API of the guided first games (rooms/learning.py): each guide's steps for the page, and a
new guided table for a signed-in player."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from gametable import learn
from gametable.server.identity import RequiredPlayer
from gametable.server.path_params import GameName, PathNamesAResource
from gametable.server.players import Player
from gametable.server.ratelimit import TOO_MANY_REQUESTS, rate_limited
from gametable.server.rooms.learning import guide_of

router = APIRouter(prefix="/api", route_class=PathNamesAResource, dependencies=[rate_limited()],
                   responses=TOO_MANY_REQUESTS)

_NO_GUIDE = {404: {"description": "There is no guided game for this game"}}


class LessonStep(BaseModel):
    seq: int = Field(description="The table's seq at which the learner takes this step")
    action: dict[str, Any] = Field(description="The choice the lesson asks for")
    lesson: str = Field(description="The lesson's words: catalog web.<domain>.learn.<lesson> (and .why)")


class GuideInfo(BaseModel):
    game: str
    learner: int = Field(description="The learner's seat")
    length: int = Field(description="How many actions the lesson has, the opponent's included: "
                                    "a table at this seq or later is past the lesson")
    steps: list[LessonStep]


class GuideStarted(BaseModel):
    id: str = Field(description="The new table's id; its page is /t/<id>?guide=<game>")


@router.get("/learn", response_model=list[str], summary="The games that have a guided first game")
async def list_guides() -> list[str]:
    return learn.games()


@router.get("/learn/{game}", response_model=GuideInfo, responses=_NO_GUIDE,
            summary="A guided first game's steps: what the learner is asked to choose, and when")
async def guide_steps(game: GameName) -> dict:
    guide = guide_of(game)
    return {"game": guide.game, "learner": learn.LEARNER, "length": len(guide.steps),
            "steps": guide.lesson_steps()}


@router.post("/learn/{game}", response_model=GuideStarted, status_code=201,
             responses={**_NO_GUIDE, 401: {"description": "Not signed in as a player"}},
             summary="Start a guided first game: a private table with the guide's deal and opponent")
async def start_guide(game: GameName, request: Request, player: Player = RequiredPlayer) -> dict:
    table = await request.app.state.manager.learning.start(game, player.name, player.id, player.lang)
    return {"id": table.id}
