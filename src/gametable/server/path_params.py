"""The path parameters of the HTTP API, declared with their rules so that the OpenAPI spec
states them, and the route class that answers a path breaking them with 404 before any lookup."""

from __future__ import annotations

from typing import Annotated, Any, Callable, Literal

from fastapi import Path, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.routing import APIRoute

from gametable import i18n
from gametable.server.errors import NotFound
from gametable.server.ids import TABLE_ID_PATTERN, TABLE_ID_RULE, no_table_message

#: no game seats more than this many players; a larger seat number cannot name a seat
SEAT_MAX = 63
#: the store keeps positions (seqs) as 32-bit integers
POSITION_MAX = 2**31 - 1

# A value that breaks its rule names nothing and is answered 404 (see PathNamesAResource).
TableId = Annotated[str, Path(pattern=TABLE_ID_PATTERN,
                              description=f"The table's id, from its invite link ({TABLE_ID_RULE}).")]
Seat = Annotated[int, Path(ge=0, le=SEAT_MAX, description="A seat of the table, numbered from 0.")]
Position = Annotated[int, Path(ge=0, le=POSITION_MAX,
                               description="A position of the game: after this many actions (0: the start).")]
PlayerId = Annotated[str, Path(pattern=TABLE_ID_PATTERN,
                              description="A player's id (as a table id: ASCII letters, digits, '-', '_').")]
GameName = Annotated[str, Path(pattern=TABLE_ID_PATTERN,
                              description="A game of GET /api/games (ASCII letters, digits, '-', '_').")]
Language = Annotated[Literal[tuple(i18n.LANGUAGES)], Path(description="A language the server has messages in.")]

_PATH_REFUSALS: dict[str, Callable[[Any], str]] = {
    "table_id": no_table_message,
    "player_id": lambda value: "there is no player with this id",
    "seat": lambda value: f"there is no seat {value!r}: seats are whole numbers from 0 (the creator's) "
                          "to the number of players less one",
    "n": lambda value: f"there is no position {value!r}: positions are whole numbers from 0 (the start) "
                       "to the number of actions the game has",
    "game": lambda value: "this server offers no such game; GET /api/games lists them",
    "lang": lambda value: f"unknown language {value!r}; choose one of {', '.join(i18n.LANGUAGES)}",
}


class PathNamesAResource(APIRoute):
    """A path that breaks a path parameter's rule names nothing: 404 saying what a valid value
    looks like, as for a well-formed one that names nothing, rather than FastAPI's 422."""

    def get_route_handler(self) -> Callable[[Request], Any]:
        handle = super().get_route_handler()

        async def handle_or_refuse_path(request: Request) -> Response:
            try:
                return await handle(request)
            except RequestValidationError as exc:
                path_errors = [e for e in exc.errors() if e.get("loc", ())[:1] == ("path",)]
                if not path_errors:
                    raise
                name, value = path_errors[0]["loc"][1], path_errors[0].get("input")
                refusal = _PATH_REFUSALS.get(name, lambda _: f"nothing is at this path: its {name} "
                                                             f"{value!r} breaks the rule in /openapi.json")
                raise NotFound(refusal(value)) from None

        return handle_or_refuse_path
