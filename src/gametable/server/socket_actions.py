"""Actions over a table's WebSocket: ``{"type": "act", "id": ..., "seq": n, "action": {...}}``.

The same action as ``POST /api/tables/{id}/actions``, checked in the same order with the same
words, so a client may use either: too large (413, refused by ws.py for every message type),
not JSON (400, an ``error``: such a frame has no id), the rate limit on actions of the client's
address (429, shared with the HTTP route), a malformed request (422, pydantic's errors placed
under ``body`` as the HTTP API places them), then rooms.moves.Moves.act (401, 403, 409, 400).
The seat is the one the socket said hello with, or that of the signed-in player whose session cookie
came with the handshake (a spectator's socket has neither: 401).

Answers, each carrying the message's ``id`` (any string of at most 64 characters, a whole number
or null; for the client to match answers to its messages):

- ``{"type": "acted", "id", "seq"}`` once the action is committed to the log (durable), after the
  ``state`` message of the table it made;
- ``{"type": "refused", "id", "status", "detail"}`` (plus ``retry_after``, in seconds, for 429):
  the HTTP route's status code and ``detail`` for the same problem; nothing was applied.

A message handler takes the :class:`Connection`, the message and its :class:`Frame`; ws.HANDLERS
lists them by type: ``act`` and ``undo`` (``{"type": "undo", "id", "seq", "steps"?}``, as
``POST /api/tables/{id}/undo``, answered the same way); another message is one more handler
there, and can reuse :func:`answer` for its acknowledgement or refusal.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Protocol

from fastapi import HTTPException, WebSocket
from pydantic import ValidationError

from gametable.server.errors import TableError
from gametable.server.outages import RETRY_AFTER, STORE_DOWN, STORE_ERRORS
from gametable.server.outages import reason as outage_reason
from gametable.server.schemas import ActionRequest, UndoRequest, validation_detail
from gametable.server.serving import client_address

if TYPE_CHECKING:
    from gametable.server.tables import TableManager

log = logging.getLogger("gametable.server")

#: the longest ``id`` a client may tag its message with
MAX_ID_LENGTH = 64


@dataclass(frozen=True)
class Frame:
    """When a message arrived (time.perf_counter(), for the metrics) and its size in bytes."""

    received_at: float
    size: int


class Replies(Protocol):
    """Where a connection's answers go (ws.TableSocket)."""

    def reply(self, message: dict[str, Any]) -> None: ...


@dataclass
class Connection:
    """One table socket past its hello, as its message handlers see it."""

    websocket: WebSocket
    table_id: str
    #: the token of the hello (None: a spectator, or a signed-in player's browser)
    token: str | None
    socket: Replies
    manager: "TableManager"
    #: the signed-in player whose session cookie came with the handshake (None: none)
    player_id: str | None = None

    @property
    def max_body(self) -> int:
        return self.websocket.app.state.settings.max_body


MessageHandler = Callable[[Connection, dict, Frame], Awaitable[None]]


class Refusal(Exception):
    """A message refused with the HTTP status and words its HTTP twin would get."""

    def __init__(self, status: int, detail: Any, retry_after: int | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.retry_after = retry_after


def _tag(message: dict) -> Any:
    """The message's ``id``; Refusal 422 for one that is not a short string, a whole number or null."""
    tag = message.get("id")
    if tag is None or (isinstance(tag, str) and len(tag) <= MAX_ID_LENGTH) or (
            isinstance(tag, int) and not isinstance(tag, bool)):
        return tag
    raise Refusal(422, f"a message's id is a string of at most {MAX_ID_LENGTH} characters, "
                       "a whole number or null")


def refuse(connection: Connection, message: dict, refusal: Refusal) -> None:
    """Answer a message with a ``refused`` carrying its id (if it is one the client may use)."""
    try:
        tag = _tag(message)
    except Refusal:
        tag = None
    reply = {"type": "refused", "id": tag, "status": refusal.status, "detail": refusal.detail}
    if refusal.retry_after is not None:
        reply["retry_after"] = refusal.retry_after
    connection.socket.reply(reply)


async def answer(connection: Connection, message: dict, work: Callable[[], Awaitable[dict]]) -> None:
    """Run ``work`` for a message and reply: its result (the acknowledgement, to which the
    message's ``id`` is added) or a ``refused`` message with the status and words of the problem."""
    try:
        tag = _tag(message)
        reply = {**await work(), "id": tag}
    except Refusal as refusal:
        refuse(connection, message, refusal)
        return
    except TableError as exc:
        refuse(connection, message, Refusal(exc.status, exc.message))
        return
    except STORE_ERRORS as exc:
        log.warning("the store is unreachable: a WebSocket %s of table %s refused 503 (%s)",
                    message.get("type"), connection.table_id, outage_reason(exc))
        refuse(connection, message, Refusal(503, STORE_DOWN, RETRY_AFTER))
        return
    except Exception:  # noqa: BLE001 - as the HTTP API's 500: the client is told, the socket stays
        log.exception("table %s: a WebSocket message failed", connection.table_id)
        refuse(connection, message, Refusal(500, "Internal Server Error"))
        return
    connection.socket.reply(reply)


async def check_rate(connection: Connection, kind: str) -> None:
    """Count the message against the rate limit of its kind for the client's address (the same
    count as the HTTP routes of that kind); Refusal 429 over it."""
    limiter = getattr(connection.websocket.app.state, "rate_limiter", None)
    if limiter is None:
        return
    try:
        await limiter.check(kind, client_address(connection.websocket))
    except HTTPException as exc:
        retry_after = int((exc.headers or {}).get("Retry-After", 1))
        raise Refusal(exc.status_code, exc.detail, retry_after) from None


def _request(model, message: dict):
    """The message's body (all but type and id) checked by ``model``; Refusal 422 with
    pydantic's errors placed under ``body`` as the HTTP API places them."""
    body = {key: value for key, value in message.items() if key not in ("type", "id")}
    try:
        return model.model_validate(body)
    except ValidationError as exc:
        errors = [{**e, "loc": ("body", *e["loc"])} for e in exc.errors()]
        raise Refusal(422, validation_detail(errors)) from None


async def act(connection: Connection, message: dict, frame: Frame) -> None:
    """``{"type": "act", "id", "seq", "action"}``: as POST /api/tables/{id}/actions."""

    async def take() -> dict:
        await check_rate(connection, "act")
        request = _request(ActionRequest, message)
        seq = await connection.manager.moves.act(connection.table_id, connection.token, request.seq,
                                                 request.action, frame.received_at, connection.player_id)
        return {"type": "acted", "seq": seq}

    await answer(connection, message, take)


async def undo(connection: Connection, message: dict, frame: Frame) -> None:
    """``{"type": "undo", "id", "seq", "steps"?}``: as POST /api/tables/{id}/undo (the same
    rate limit as actions), answered ``acted`` or ``refused`` like an action."""

    async def take() -> dict:
        await check_rate(connection, "act")
        request = _request(UndoRequest, message)
        seq = await connection.manager.moves.undo(connection.table_id, connection.token, request.seq,
                                                  request.steps, frame.received_at, connection.player_id)
        return {"type": "acted", "seq": seq}

    await answer(connection, message, take)
