"""Refuse request bodies above a size limit (413) before anything parses them; tell the
client how long the server took (``Server-Timing``)."""

from __future__ import annotations

import json
import time

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send


def too_large(max_body: int) -> str:
    """The refusal of a request (or WebSocket message) over the size limit."""
    return f"the request body is larger than {max_body} bytes"


class BodyTooLarge(HTTPException):
    """An HTTPException, so that the framework answers 413 wherever the body is being read."""

    def __init__(self, max_body: int) -> None:
        super().__init__(413, too_large(max_body))


class BodySizeLimit:
    """Pure ASGI middleware: checks Content-Length, and counts the bytes of streamed bodies."""

    def __init__(self, app: ASGIApp, max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            await self._refuse(send)
            return
        received = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_body:
                    raise BodyTooLarge(self.max_body)
            return message

        began = time.perf_counter()

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                # How long the server took, for load tests and browsers' network panels.
                spent = f"app;dur={1000 * (time.perf_counter() - began):.2f}".encode()
                message = {**message, "headers": [*message.get("headers", []), (b"server-timing", spent)]}
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except BodyTooLarge:
            if not started:
                await self._refuse(send)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps({"detail": too_large(self.max_body)}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
