"""Listening before the app is built (issue 12: a restarted server listens within a second).

Importing FastAPI, pydantic and the app's modules is most of a start (over half a second of
CPU); a server that waited for them before binding its port would refuse connections all that
time. So ``gametable serve`` (and each of its workers), once it has checked its command line and
that the store opens, serves a :class:`StartingApp`, which builds the real app on a thread and runs
the real app's lifespan (the store opened and migrated, the table manager started, whose resume
of the unfinished tables goes on in the background as before). Until the app is there it
answers the health check (alive) and the readiness check (not ready: starting) itself; any
other request, and any WebSocket, waits for the app and is then served by it just as if it had
come a moment later. If the app cannot be built or started, the waiting requests get 503, the
server stops and :func:`serve` says so.
"""

from __future__ import annotations

import asyncio
import json
import logging
from contextlib import AsyncExitStack
from typing import Any, Awaitable, Callable

from gametable.server.config import Settings

log = logging.getLogger("gametable.server.starting")

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict]]
Send = Callable[[dict], Awaitable[None]]

#: what /readyz says before the app is there (the app's own answer takes over once it is)
STARTING = "starting: the app is being built"
_SHUTTING_DOWN = "shutting down: send new requests to another process"
_FAILED = "the server could not start; see its log"
#: WebSocket close code "try again later", for a socket that came while the start failed
_TRY_AGAIN_LATER = 1013


class StartingApp:
    """An ASGI app that is served at once and becomes the table service's app for ``settings``
    and ``catalog`` as soon as that is built (:func:`build_app`) and its lifespan started; see
    the module's documentation. ``on_failure`` is called if the app cannot be built or started
    (the server should stop)."""

    def __init__(self, settings: Settings, catalog: Any, on_failure: Callable[[], None] = lambda: None) -> None:
        self.settings = settings
        self.catalog = catalog
        self.on_failure = on_failure
        #: the built app, once its lifespan has started (every request goes to it from then on)
        self.app: Any = None
        self.failed = False
        self._draining = False
        self._started: asyncio.Event | None = None
        self._starting: asyncio.Task | None = None
        self._lifespans = AsyncExitStack()

    @property
    def state(self) -> Any:
        """The built app's state (its metrics, its WebSocket splicer...), None until then."""
        return None if self.app is None else self.app.state

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        if self.app is None:
            if scope["type"] == "http" and scope["path"] in ("/healthz", "/readyz"):
                await self._probe(scope["path"], send)
                return
            assert self._started is not None, "served before its lifespan started"
            await self._started.wait()
            if self.app is None:
                await _unavailable(scope, send, _SHUTTING_DOWN if self._draining else _FAILED)
                return
        await self.app(scope, receive, send)

    async def going_away(self) -> None:
        """The server is stopping (serving.DrainingServer): so is the app, if it is there."""
        self._draining = True
        if self.app is not None:
            from gametable.server.app import going_away

            await going_away(self.app)

    async def _probe(self, path: str, send: Send) -> None:
        if path == "/healthz":
            await _json(send, 200, {"status": "alive"})
            return
        reason = _SHUTTING_DOWN if self._draining else _FAILED if self.failed else STARTING
        await _json(send, 503, {"status": "not ready", "reason": reason})

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        await receive()  # lifespan.startup: the server binds its port once this is answered
        self._started = asyncio.Event()
        self._starting = asyncio.create_task(self._start())
        await send({"type": "lifespan.startup.complete"})
        await receive()  # lifespan.shutdown
        # A start under way finishes first, so that what it opened (the store) is closed below.
        await self._starting
        try:
            await self._lifespans.aclose()
        except Exception:  # noqa: BLE001 - the server stops all the same
            log.exception("the app did not stop cleanly")
        await send({"type": "lifespan.shutdown.complete"})

    async def _start(self) -> None:
        try:
            # On a thread: the event loop answers the probes meanwhile (imports hold the
            # interpreter lock, but hand it over every few milliseconds).
            app = await asyncio.to_thread(build_app, self.settings, self.catalog)
            if self._draining:
                return  # stopped while it was built: nothing to start, nothing to serve
            await self._lifespans.enter_async_context(app.router.lifespan_context(app))
        except Exception:  # noqa: BLE001 - whatever it was, this server cannot serve
            log.exception("the server could not start")
            self.failed = True
            self.on_failure()
        else:
            self.app = app
            if self._draining:  # stopping began while its lifespan started: the app says goodbye too
                await self.going_away()
        finally:
            assert self._started is not None
            self._started.set()


def build_app(settings: Settings, catalog: Any) -> Any:
    """The table service's app, with the garbage collector paced by its loop while it serves
    (what StartingApp builds on its thread)."""
    from gametable.server.app import create_app
    from gametable.server.collector import PacedCollector

    return create_app(settings, catalog, collector=PacedCollector())


def serve(settings: Settings, catalog: Any, *, host: str, port: int, log_level: str,
          sockets: list | None = None) -> bool:
    """Serve the table service until SIGTERM or SIGINT, listening before the app is built;
    False if the app could not be built or started (the error is logged)."""
    from gametable.server.serving import DrainingServer, raise_open_file_limit, uvicorn_config

    app = StartingApp(settings, catalog)
    config = uvicorn_config(app, settings, host=host, port=port, log_level=log_level,
                            fd_limit=raise_open_file_limit())
    server = DrainingServer(config, going_away=app.going_away)

    def stop() -> None:
        server.should_exit = True

    app.on_failure = stop
    server.run(sockets=sockets)
    return not app.failed


async def _json(send: Send, status: int, body: dict) -> None:
    data = json.dumps(body, separators=(",", ":")).encode()  # (as the app's own answers)
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(data)).encode())]})
    await send({"type": "http.response.body", "body": data})


async def _unavailable(scope: Scope, send: Send, reason: str) -> None:
    if scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": _TRY_AGAIN_LATER, "reason": reason})
    elif scope["type"] == "http":
        await _json(send, 503, {"detail": reason})
