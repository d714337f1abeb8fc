"""How the table service meets the network: uvicorn's configuration, built in one place from
``Settings`` for ``gametable serve`` and the tests alike, plus what uvicorn lacks.

uvicorn (0.54) closes an idle keep-alive connection ``timeout_keep_alive`` seconds after a
response, but it arms that timer only after a response and disarms it on the first byte of the
next request: a connection that never sends anything, or sends its request head a byte at a
time, is never closed, and httptools keeps every header line it is sent. ``_HeadLimits`` adds
a deadline and a size bound for each request head on top of uvicorn's own HTTP protocols, and
closes at once the connections beyond what the open-file limit can carry.

A starting server listens with this module before its app is built (gametable.server.starting),
so it imports uvicorn and little else: FastAPI, pydantic and the forwarding client load with the
app, after the server listens.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from typing import TYPE_CHECKING, Any, Awaitable, Callable

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from gametable.server.config import Settings
from gametable.server.logs import uvicorn_log_config
from gametable.server.socket_protocol import TableSocketProtocol

if TYPE_CHECKING:
    from starlette.requests import HTTPConnection

log = logging.getLogger("gametable.server.serving")

#: descriptors kept for the server itself: the database pool, Redis, SQLite's files, log files,
#: the listening socket and the event loop
FD_RESERVE = 128
#: used where the open-file limit is "unlimited"
_UNLIMITED_FDS = 1 << 20


def _closing_response(status: str, text: str) -> bytes:
    """A whole plain-text response that ends the connection, written before any ASGI cycle."""
    body = text.encode()
    return (f"HTTP/1.1 {status}\r\ncontent-type: text/plain; charset=utf-8\r\nconnection: close\r\n"
            f"content-length: {len(body)}\r\n\r\n").encode() + body


_TIMEOUT_RESPONSE = _closing_response("408 Request Timeout",
                                      "the request head did not arrive in time; send it whole and retry")
_BUSY_RESPONSE = _closing_response("503 Service Unavailable", "the server is busy; retry in a moment")
_TOO_LARGE_RESPONSE = _closing_response("431 Request Header Fields Too Large",
                                        "the request head is too large; send fewer or shorter headers")


def raise_open_file_limit() -> int:
    """Raise this process's soft limit of open files to its hard limit where the system lets
    us (each connection holds a descriptor); returns the soft limit in force afterwards."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise
        return _UNLIMITED_FDS
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = hard
    if hard == resource.RLIM_INFINITY:
        target = _UNLIMITED_FDS if sys.platform != "darwin" else 10240  # macOS refuses more than OPEN_MAX
    if soft == resource.RLIM_INFINITY or soft >= target:
        return _UNLIMITED_FDS if soft == resource.RLIM_INFINITY else soft
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    except (ValueError, OSError) as exc:
        log.warning("could not raise the open-file limit from %d to %d (%s)", soft, target, exc)
        return soft
    return target


def connection_limits(max_connections: int, fd_limit: int) -> tuple[int, int]:
    """(served, held): up to ``served`` connections are served (uvicorn's limit_concurrency;
    beyond it requests get 503), and a connection accepted while ``held`` are open is closed
    at once, so the server never runs out of descriptors for its own work. ``max_connections``
    0 (the default): as many as the open-file limit allows, 90% of what it leaves."""
    budget = max(32, fd_limit - FD_RESERVE)
    allowed = budget * 9 // 10
    served = max(16, min(max_connections, allowed) if max_connections else allowed)
    held = max(served + 1, min(budget, 2 * served))
    return served, held


class _HeadLimits:
    """Mixed into one of uvicorn's HTTP protocols: a request head must arrive whole within
    ``head_timeout`` seconds of the connection, or of its own first byte (408, then closed),
    and be at most ``max_head_bytes`` long (431, then closed); a connection accepted beyond
    ``max_open`` is closed at once. Idle time between requests is uvicorn's keep-alive timeout.

    Each protocol says when a head starts and ends (``_head_started``/``_head_complete``) and
    whether one is awaited now (``_awaiting_head``, checked again when the clock runs out)."""

    head_timeout: float
    max_head_bytes: int
    max_open: int
    #: told of each request refused with 503 for the concurrency limit (the metrics)
    on_busy: Callable[[], None] | None
    #: the forwarding.SocketSplicer that passes a table's WebSocket on to the process that owns
    #: it, or None (one process, or an app still being built): asked at each upgrade
    find_splicer: Callable[[], Any]

    def _over_concurrency(self) -> bool:
        return self.limit_concurrency is not None and (
            len(self.connections) >= self.limit_concurrency
            or len(getattr(self, "tasks", ())) >= self.limit_concurrency)

    def _note_busy(self) -> None:
        if self.on_busy is not None:
            self.on_busy()

    transport: asyncio.Transport
    connections: set
    limit_concurrency: int | None
    loop: asyncio.AbstractEventLoop

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._head_timer: asyncio.TimerHandle | None = None
        self._head_bytes = 0
        super().connection_made(transport)  # type: ignore[misc]
        if len(self.connections) > self.max_open:
            transport.abort()  # no descriptor to spare: drop it before it costs anything more
            return
        self._head_started()  # a connection that never says anything is closed too

    def data_received(self, data: bytes) -> None:
        super().data_received(data)  # type: ignore[misc]
        if self._awaiting_head() and not self.transport.is_closing():
            self._head_bytes += len(data)  # (this chunk did not end the head: all of it counts)
            if self._head_bytes > self.max_head_bytes:
                self._refuse(_TOO_LARGE_RESPONSE)

    def connection_lost(self, exc: Exception | None) -> None:
        self._head_complete()
        super().connection_lost(exc)  # type: ignore[misc]

    def handle_websocket_upgrade(self, *args: Any) -> None:
        self._head_complete()  # the transport now belongs to the WebSocket protocol
        # uvicorn checks its concurrency limit for HTTP requests only: WebSockets too.
        if self.limit_concurrency is not None and len(self.connections) >= self.limit_concurrency:
            log.warning("Exceeded concurrency limit: WebSocket refused.")
            self._note_busy()
            self._refuse(_BUSY_RESPONSE)
            return
        splicer = None if args else self.find_splicer()  # (httptools: the request is in self.url/scope)
        if splicer is not None:
            # Several processes: a table owned elsewhere is spliced there; decided off this call.
            self.transport.pause_reading()
            self.loop.create_task(self._splice_or_upgrade(splicer))
            return
        super().handle_websocket_upgrade(*args)  # type: ignore[misc]

    async def _splice_or_upgrade(self, splicer: Any) -> None:
        from gametable.server import forwarding

        try:
            scope: Any = getattr(self, "scope")
            owner = await splicer.owner(getattr(self, "url"), scope["headers"])
            if owner is not None and not self.transport.is_closing():
                client = getattr(self, "client", None)
                head = forwarding.upgrade_head(scope["method"], getattr(self, "url"), scope["headers"],
                                               client[0] if client else None)
                if await splicer.splice(self.transport, head, owner):
                    self.connections.discard(self)
                    return
        except Exception:  # noqa: BLE001 - the socket is served here instead (it forwards frames)
            log.exception("could not pass a WebSocket on to its table's owner")
        if not self.transport.is_closing():
            super().handle_websocket_upgrade()  # type: ignore[misc]
            self.transport.resume_reading()

    def _awaiting_head(self) -> bool:
        raise NotImplementedError

    def _head_started(self) -> None:
        if self._head_timer is None:
            self._head_timer = self.loop.call_later(self.head_timeout, self._head_too_late)

    def _head_complete(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None
        self._head_bytes = 0

    def _head_too_late(self) -> None:
        self._head_timer = None
        if self._awaiting_head() and not self.transport.is_closing():
            self._refuse(_TIMEOUT_RESPONSE)

    def _refuse(self, response: bytes) -> None:
        self._head_complete()
        cycle = getattr(self, "cycle", None)
        if cycle is None or cycle.response_complete:  # never in the middle of another response
            self.transport.write(response)
        self.transport.close()


class _H11HeadLimits(_HeadLimits, H11Protocol):
    """h11 is IDLE from the end of one exchange until a whole request head has arrived."""

    def data_received(self, data: bytes) -> None:
        if self._awaiting_head():
            self._head_started()
        super().data_received(data)
        if not self._awaiting_head():
            self._head_complete()

    def _awaiting_head(self) -> bool:
        return self.conn.their_state is h11.IDLE


def _httptools_protocol() -> type | None:
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:
        return None

    class _HttpToolsHeadLimits(_HeadLimits, HttpToolsProtocol):
        """httptools calls back at a message's first byte and at the end of its headers."""

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            self._head_pending = True
            super().connection_made(transport)

        def on_message_begin(self) -> None:
            self._head_pending = True
            self._head_started()
            super().on_message_begin()

        def on_headers_complete(self) -> None:
            self._head_pending = False
            self._head_complete()
            if self._over_concurrency() and not (self.parser.should_upgrade() and self._should_upgrade()):
                self._note_busy()  # uvicorn answers it 503 (upgrades: handle_websocket_upgrade)
            super().on_headers_complete()

        def _awaiting_head(self) -> bool:
            return self._head_pending

    return _HttpToolsHeadLimits


def http_protocol(settings: Settings, max_open: int, on_busy: Callable[[], None] | None = None,
                  find_splicer: Callable[[], Any] = lambda: None) -> type:
    """uvicorn's fastest available HTTP protocol (httptools, else h11, as its "auto" picks),
    with the head limits of ``settings``; ``on_busy`` is told of each request refused with 503
    for the concurrency limit (with httptools; h11 is only the fallback); ``find_splicer()``
    gives the WebSockets' splicer (several processes), or None."""
    base = _httptools_protocol() or _H11HeadLimits
    return type(base.__name__, (base,), {"head_timeout": settings.header_timeout,
                                         "max_head_bytes": settings.max_header_bytes,
                                         "max_open": max_open, "on_busy": staticmethod(on_busy)
                                         if on_busy is not None else None,
                                         "find_splicer": staticmethod(find_splicer)})


def ws_frame_limit(max_body: int) -> int:
    """The largest WebSocket frame the server reads at all: a few times the body limit, so that
    an action a little over the limit is answered like its HTTP twin, not cut off."""
    return 4 * max_body


def uvicorn_config(app: Any, settings: Settings, *, host: str, port: int, log_level: str = "info",
                   fd_limit: int | None = None, **extra: Any) -> uvicorn.Config:
    """The one uvicorn configuration of the table service. ``fd_limit``: the open-file limit
    to size the connection limits by (default: the current soft limit). ``app`` may be one
    still being built (gametable.server.starting.StartingApp): its metrics and WebSocket
    splicer are looked up in ``app.state`` when needed, not now."""
    if fd_limit is None:
        fd_limit = current_open_file_limit()
    served, held = connection_limits(settings.max_connections, fd_limit)

    def on_busy() -> None:
        metrics = getattr(getattr(app, "state", None), "metrics", None)
        if metrics is not None:
            metrics.refused(503, "busy")

    def find_splicer() -> Any:
        return getattr(getattr(app, "state", None), "splicer", None)

    extra.setdefault("log_config", uvicorn_log_config(settings.log_format, log_level))
    config = uvicorn.Config(
        app, host=host, port=port, log_level=log_level,
        http=http_protocol(settings, held, on_busy=on_busy, find_splicer=find_splicer),
        # Frames up to this reach the app, which refuses those over max_body as the HTTP API does
        # (413, with the same words); beyond it the connection closes (1009).
        ws_max_size=ws_frame_limit(settings.max_body),
        ws_ping_interval=settings.ws_ping_seconds, ws_ping_timeout=settings.ws_ping_seconds,
        timeout_keep_alive=settings.keep_alive_timeout,  # type: ignore[arg-type]  # a float works
        timeout_graceful_shutdown=settings.graceful_shutdown,  # type: ignore[arg-type]
        limit_concurrency=served,
        h11_max_incomplete_event_size=settings.max_header_bytes,
        # Only the listed proxies may set the client address (X-Forwarded-For) and scheme.
        proxy_headers=settings.trusted_proxies() is not None,
        forwarded_allow_ips=settings.trusted_proxies() or "",
        server_header=False,
        # compression once per message, frames written at once, no pings to sockets heard from
        # lately (gametable.server.socket_protocol)
        ws=TableSocketProtocol,
        **extra,
    )
    return config


class DrainingServer(uvicorn.Server):
    """uvicorn's server, stopping gracefully: on SIGTERM (or SIGINT) it stops listening, lets
    the app say goodbye (``going_away``: the WebSockets are closed with 1001 and a reason to
    reconnect), then does uvicorn's shutdown: requests in progress finish (for up to
    ``timeout_graceful_shutdown`` seconds), and the app's lifespan ends (the group-commit
    writer flushes its last commits)."""

    def __init__(self, config: uvicorn.Config,
                 going_away: Callable[[], Awaitable[None]] | None = None) -> None:
        super().__init__(config)
        self._going_away = going_away

    async def shutdown(self, sockets: Any = None) -> None:
        for server in self.servers:
            server.close()  # no new connections while the others are being closed
        if self._going_away is not None:
            try:
                await asyncio.wait_for(self._going_away(),
                                       max(1.0, self.config.timeout_graceful_shutdown or 0))
            except Exception:  # noqa: BLE001 - uvicorn's own shutdown must still run
                log.exception("closing the live connections failed; shutting down anyway")
        await super().shutdown(sockets)


def client_address(connection: HTTPConnection) -> str:
    """The client's address as uvicorn resolved it ("unknown" if none): behind a trusted proxy
    (``forwarded_allow_ips`` above), the address the proxy forwards. What the rate limits, the
    socket caps and /metrics's loopback check all go by."""
    return connection.client.host if connection.client else "unknown"


def current_open_file_limit() -> int:
    try:
        import resource
    except ImportError:
        return _UNLIMITED_FDS
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return _UNLIMITED_FDS if soft == resource.RLIM_INFINITY else soft
