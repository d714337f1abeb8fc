"""While the store (PostgreSQL, SQLite) cannot be reached, requests that need it are answered
503 with ``Retry-After: 1`` and one log line each, never a 500 with a traceback: an outage is a
moment to wait out (a restart, a fail-over), not a bug.

:class:`StoreOutages` is a middleware around the whole app (routes and the middlewares inside it,
whose lease look-ups use the store too); a WebSocket whose work meets an outage is closed with
1013 (try again later), and an action sent over it is refused 503 (gametable.server.socket_actions).
:class:`OutageInOneLine` turns the log lines of background work (lease renewals, bot moves) that
carry such an error into one line without the traceback.
"""

from __future__ import annotations

import json
import logging

from sqlalchemy import exc as sa_exc
from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger("gametable.server.outages")

#: what the store's driver raises when it cannot be reached or drops the connection (a pool
#: that cannot get a connection in time raises TimeoutError)
STORE_ERRORS: tuple[type[BaseException], ...] = (
    sa_exc.OperationalError, sa_exc.InterfaceError, sa_exc.DisconnectionError, sa_exc.TimeoutError)
RETRY_AFTER = 1
STORE_DOWN = ("the table store is not answering for a moment; try again in a second (if you sent an "
              "action, reload the table first: it may have been taken)")
#: WebSocket close code: Try Again Later (RFC 6455 registry)
CLOSE_TRY_AGAIN = 1013


def is_outage(exc: BaseException | None) -> bool:
    return isinstance(exc, STORE_ERRORS)


def reason(exc: BaseException) -> str:
    """The driver's first line (SQLAlchemy adds lines of background and a link)."""
    original = getattr(exc, "orig", None) or exc
    return (str(original).strip().splitlines() or [type(original).__name__])[0]


class StoreOutages:
    """Pure ASGI middleware: a store error that escapes the app becomes 503 + Retry-After: 1
    (or, on a WebSocket, a close with 1013), logged in one line."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        started = False

        async def noting_send(message: Message) -> None:
            nonlocal started
            if message["type"] in ("http.response.start", "websocket.accept", "websocket.close"):
                started = True
            await send(message)

        try:
            await self.app(scope, receive, noting_send)
        except STORE_ERRORS as exc:
            what = f"{scope.get('method', 'WebSocket')} {scope.get('path', '')}"
            log.warning("the store is unreachable: %s answered %s (%s)", what,
                        "503" if scope["type"] == "http" else f"closed {CLOSE_TRY_AGAIN}", reason(exc))
            if scope["type"] == "http":
                if started:
                    raise  # the answer is under way: nothing else can be said
                body = json.dumps({"detail": STORE_DOWN}).encode()
                await send({"type": "http.response.start", "status": 503, "headers": [
                    (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                    (b"retry-after", str(RETRY_AFTER).encode())]})
                await send({"type": "http.response.body", "body": body})
            else:
                try:
                    await send({"type": "websocket.close", "code": CLOSE_TRY_AGAIN, "reason": "try again in a second"})
                except (RuntimeError, OSError):
                    pass  # the socket is gone already


class OutageInOneLine(logging.Filter):
    """A log line carrying a store outage loses its traceback and says so in one line."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if is_outage(exc):
            record.msg = f"{record.getMessage()}: the store is unreachable ({reason(exc)})"
            record.args = ()
            record.exc_info = None
            record.exc_text = None
        return True
