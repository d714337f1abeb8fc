"""Requests for a table another process owns go to that process (several processes: leases.py).

:class:`ForwardToOwner` is an ASGI middleware in front of the routes. A request under
``/api/tables/{id}/...`` or a WebSocket ``/ws/tables/{id}`` for a table this process does not
hold in memory asks the lease (taking it if it is free: then the table is served here). When a
live process owns it, an HTTP request is sent on to the owner's internal address (a lean
keep-alive client, owner_connections.OwnerConnections) and its answer passed back as it is (status,
headers, body). A WebSocket is spliced to the owner below the WebSocket layer, bytes copied
both ways (:class:`SocketSplicer`, called by the HTTP protocol of gametable.server.serving);
one that cannot be is relayed frame by frame here (the ``websockets`` client), close codes
included. So a table's seats may connect to any process, while only its owner replays actions
and builds views.

The forwarded request carries the client's address (``X-Forwarded-For``, believed by the owner
when this process is among its trusted proxies, as it is on one machine) so rate limits and caps
count the client, and ``X-Gametable-Forwarded``, so that it is never forwarded again: if the
lease moved meanwhile, the owner answers 503 and the client retries.

If the owner does not answer (it died), the request waits for its lease to run out, takes the
table over (replaying its log here) and is served here: nothing committed is lost, because the
log is the truth; an action whose answer was lost with the owner is either in the log (a retry
gets 409, stale) or not (a retry is applied).
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from typing import Any, Awaitable, Callable
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from gametable.server.identity import same_origin
from gametable.server.leases import wall_ms
from gametable.server.owner_connections import OwnerConnections, OwnerUnreachable
from gametable.server.store import Lease

log = logging.getLogger("gametable.server.forwarding")

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict]]
Send = Callable[[dict], Awaitable[None]]

#: the paths whose table decides where they are served
_TABLE_PATH = re.compile(r"^/(?:api/tables|ws/tables)/([A-Za-z0-9_-]{1,64})(?:/|$)")
#: marks a request one process forwarded to another (it is served where it arrives)
FORWARDED_HEADER = b"x-gametable-forwarded"
#: headers that belong to one connection, not to the request (RFC 9110 7.6.1), or that we set
_HOP_BY_HOP = {b"connection", b"keep-alive", b"proxy-connection", b"te", b"trailer",
               b"transfer-encoding", b"upgrade", b"x-forwarded-for", b"x-forwarded-proto",
               b"accept-encoding", FORWARDED_HEADER}
#: close code for a relayed socket whose owner went away: the client reconnects
_GOING_AWAY = 1001
_OWNER_GONE = "the server process of this table stopped; reconnect in a moment"
#: close codes that say something about the connection and may not be sent in a close frame
_NOT_SENDABLE = {1005, 1006, 1015}


class _Forwarded:
    """What the request metrics read as the route of a request sent on to the owner."""

    path = "forwarded"


FORWARDED_ROUTE = _Forwarded()


class Forwarding:
    """This process's way to the others: one pooled HTTP client, and the relayed sockets (to
    close when the process stops). One per app (``app.state.forwarding``)."""

    def __init__(self, connect_timeout: float = 2.0, read_timeout: float = 30.0) -> None:
        self.client = OwnerConnections(connect_timeout, read_timeout)
        self.connect_timeout = connect_timeout
        self.relays: set[asyncio.Task] = set()
        #: requests and sockets forwarded (for tests and load figures)
        self.forwarded = 0

    async def close(self) -> None:
        await self.client.aclose()

    async def going_away(self) -> None:
        for relay in list(self.relays):
            relay.cancel()
        await asyncio.gather(*self.relays, return_exceptions=True)


class ForwardToOwner:
    """The middleware (see the module's docstring); passes everything through while the app
    has no leases (one process)."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        state = scope["app"].state
        manager = getattr(state, "manager", None)
        forwarding: Forwarding | None = getattr(state, "forwarding", None)
        if manager is None or manager.leases is None or forwarding is None:
            return await self.app(scope, receive, send)
        match = _TABLE_PATH.match(scope["path"])
        if (match is None or match.group(1) in manager.tables
                or any(name == FORWARDED_HEADER for name, _ in scope["headers"])):
            return await self.app(scope, receive, send)
        table_id = match.group(1)
        owner = await manager.lease_keeping.owner_elsewhere(table_id)
        if owner is None:
            return await self.app(scope, receive, send)
        if scope["type"] == "http":
            scope["route"] = FORWARDED_ROUTE  # counted apart in the metrics (route "forwarded")
            body = await _read_body(receive)
            receive = _replay(body)
            forward = lambda lease: _forward_http(forwarding, scope, body, send, lease)  # noqa: E731
        else:
            forward = lambda lease: _relay_socket(forwarding, scope, receive, send, lease)  # noqa: E731
        # Try the owner; if it is dead, wait for its lease to run out and take the table over.
        deadline = time.monotonic() + 2 * manager.leases.seconds + 2
        while owner is not None:
            try:
                forwarding.forwarded += 1
                return await forward(owner)
            except OwnerUnreachable as exc:
                # A request that reached the owner is never sent to it again (it may have
                # been done): wait until that owner is gone, then serve it here.
                stuck = owner.owner if exc.sent else None
                while True:
                    manager.leases.forget(table_id)
                    if time.monotonic() > deadline:
                        log.warning("table %s: its owner at %s does not answer (%s)", table_id,
                                    owner.address, exc)
                        return await _unavailable(scope, receive, send)
                    await asyncio.sleep(min(1.0, max(0.2, (owner.expires_ms - wall_ms()) / 1000)))
                    owner = await manager.lease_keeping.owner_elsewhere(table_id)
                    if owner is None or owner.owner != stuck:
                        break
        await self.app(scope, receive, send)


async def _read_body(receive: Receive) -> bytes:
    """The whole request body (BodySizeLimit, outside us, has bounded it)."""
    chunks = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            raise OSError("the client went away")
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            return b"".join(chunks)


def _replay(body: bytes) -> Receive:
    """A receive() that gives the app the body we read, then waits as a quiet client does."""
    sent = False

    async def receive() -> dict:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        await asyncio.Event().wait()
        return {"type": "http.disconnect"}

    return receive


def _forward_headers(scope: Scope) -> list[tuple[bytes, bytes]]:
    headers = [(k, v) for k, v in scope["headers"] if k.lower() not in _HOP_BY_HOP]
    client = scope.get("client")
    headers.append((b"x-forwarded-for", (client[0] if client else "unknown").encode()))
    headers.append((b"x-forwarded-proto", b"https" if scope.get("scheme") in ("https", "wss") else b"http"))
    headers.append((FORWARDED_HEADER, b"1"))
    return headers


async def _forward_http(forwarding: Forwarding, scope: Scope, body: bytes, send: Send,
                        owner: Lease) -> None:
    target = scope["raw_path"]
    if scope.get("query_string"):
        target += b"?" + scope["query_string"]
    # The answer comes back plain (this process's gzip middleware compresses it for the client).
    headers = [(k, v) for k, v in _forward_headers(scope) if k != b"content-length"]
    headers += [(b"accept-encoding", b"identity"), (b"content-length", str(len(body)).encode())]
    status, answer, content = await forwarding.client.request(
        owner.address, scope["method"], target, headers, body)
    await send({"type": "http.response.start", "status": status,
                "headers": [(k, v) for k, v in answer if k not in _HOP_BY_HOP and k != b"content-length"]
                + [(b"content-length", str(len(content)).encode())]})
    await send({"type": "http.response.body", "body": content})


async def _relay_socket(forwarding: Forwarding, scope: Scope, receive: Receive, send: Send,
                        owner: Lease) -> None:
    """Open the same socket on the owner, then pass frames both ways until either side closes;
    the owner's close code and reason reach the client."""
    url = owner.address.replace("http", "ws", 1) + scope["raw_path"].decode("latin-1")
    headers = [(k.decode("latin-1"), v.decode("latin-1")) for k, v in _forward_headers(scope)
               if k.lower() not in (b"host", b"origin", b"cookie") and not k.lower().startswith(b"sec-websocket")]
    cookie = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"cookie"), None)
    if cookie is not None:
        headers.append(("cookie", cookie))
    # The owner checks Origin against the Host it is addressed by (the internal address): say
    # nothing of the origin when it is this server, and pass on one that is not, to be refused.
    origin = None if same_origin(HTTPConnection(scope)) else _header(scope, b"origin")
    try:
        upstream = await ws_connect(url, additional_headers=headers, origin=origin,
                                    open_timeout=forwarding.connect_timeout, ping_interval=None,
                                    close_timeout=2, max_size=None, compression=None,
                                    user_agent_header=None, proxy=None)
    except (OSError, asyncio.TimeoutError, InvalidHandshake) as exc:
        if isinstance(exc, InvalidStatus):
            log.warning("the owner at %s refused a relayed socket: %s", owner.address, exc)
        raise OwnerUnreachable(str(exc) or type(exc).__name__) from exc
    message = await receive()
    if message["type"] != "websocket.connect":
        await upstream.close()
        return
    await send({"type": "websocket.accept"})
    task = asyncio.current_task()
    forwarding.relays.add(task)
    try:
        await _pump(upstream, receive, send)
    except asyncio.CancelledError:  # this process is stopping: the client reconnects elsewhere
        await upstream.close()
        await _close_client(send, _GOING_AWAY, "the server is restarting or moving; reconnect in a moment")
    finally:
        forwarding.relays.discard(task)


async def _pump(upstream: Any, receive: Receive, send: Send) -> None:
    async def client_to_owner() -> None:
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                await upstream.close(message.get("code", 1000))
                return
            text, data = message.get("text"), message.get("bytes")
            await upstream.send(text if text is not None else data)

    upward = asyncio.create_task(client_to_owner())
    try:
        try:
            async for frame in upstream:
                if isinstance(frame, str):
                    await send({"type": "websocket.send", "text": frame})
                else:
                    await send({"type": "websocket.send", "bytes": frame})
        except ConnectionClosed:
            pass  # (closed with a code other than 1000/1001: passed on below)
        # The owner's close frame, if it sent one; none: it died, and the client reconnects.
        closed = upstream.protocol.close_rcvd
        if closed is None or closed.code in _NOT_SENDABLE:
            await _close_client(send, _GOING_AWAY, _OWNER_GONE)
        else:
            await _close_client(send, closed.code, closed.reason)
    except OSError:
        pass  # the client went away
    finally:
        upward.cancel()
        await asyncio.gather(upward, return_exceptions=True)


async def _close_client(send: Send, code: int, reason: str) -> None:
    try:
        await send({"type": "websocket.close", "code": code, "reason": reason})
    except (OSError, RuntimeError):
        pass  # already closed


def _header(scope: Scope, name: bytes) -> str | None:
    return next((v.decode("latin-1") for k, v in scope["headers"] if k == name), None)


async def _unavailable(scope: Scope, receive: Receive, send: Send) -> None:
    detail = b'{"detail":"the server process of this table does not answer; retry in a few seconds"}'
    if scope["type"] == "websocket":
        await receive()  # the connect
        await send({"type": "websocket.close", "code": _GOING_AWAY, "reason": _OWNER_GONE})
        return
    await send({"type": "http.response.start", "status": 503,
                "headers": [(b"content-type", b"application/json"), (b"retry-after", b"2"),
                            (b"content-length", str(len(detail)).encode())]})
    await send({"type": "http.response.body", "body": detail})


class SocketSplicer:
    """The WebSocket of a table another process owns, passed on below the WebSocket layer: the
    upgrade request is written to the owner as it came (plus the client's address) and from
    then on the bytes of both connections are copied as they are, both ways, with no frame
    parsed here. The HTTP protocol of gametable.server.serving asks :meth:`owner` before
    upgrading; what it cannot splice (the owner does not answer) takes the ASGI path above,
    which waits for the lease and takes the table over. One per app (``app.state.splicer``)."""

    def __init__(self, app: Any, connect_timeout: float = 2.0) -> None:
        self.app = app
        self.connect_timeout = connect_timeout
        #: the client side of every spliced connection (closed when the process stops)
        self.clients: set[asyncio.Transport] = set()
        self.spliced = 0

    async def owner(self, target: bytes, headers: list[tuple[bytes, bytes]]) -> Lease | None:
        """The live lease of another process for the table of this upgrade request, if any."""
        manager = getattr(self.app.state, "manager", None)
        if manager is None or manager.leases is None:
            return None
        match = _SOCKET_PATH.match(target.partition(b"?")[0].decode("latin-1"))
        if (match is None or match.group(1) in manager.tables
                or any(name == FORWARDED_HEADER for name, _ in headers)):
            return None
        return await manager.lease_keeping.owner_elsewhere(match.group(1))

    async def splice(self, client: asyncio.Transport, head: bytes, owner: Lease) -> bool:
        """Connect the client's transport to the owner; False if the owner does not answer."""
        parts = urlsplit(owner.address)
        loop = asyncio.get_running_loop()
        try:
            upstream, _ = await asyncio.wait_for(
                loop.create_connection(lambda: _Pipe(client), parts.hostname, parts.port),
                self.connect_timeout)
        except (OSError, asyncio.TimeoutError):
            return False
        if client.is_closing():
            upstream.close()
            return False
        client.set_protocol(_Pipe(upstream, client, self.clients))
        self.clients.add(client)
        self.spliced += 1
        upstream.write(head)
        client.resume_reading()
        return True

    def going_away(self) -> None:
        """The process stops: the spliced clients reconnect (and reach the owner another way)."""
        for client in list(self.clients):
            client.close()


#: a table's WebSocket path
_SOCKET_PATH = re.compile(r"^/ws/tables/([A-Za-z0-9_-]{1,64})$")


def upgrade_head(method: str, target: bytes, headers: list[tuple[bytes, bytes]],
                 peer: str | None) -> bytes:
    """The upgrade request as the owner gets it: as it came, with the peer appended to
    ``X-Forwarded-For`` (as a proxy does) and the mark that it was forwarded."""
    lines = [method.encode() + b" " + target + b" HTTP/1.1"]
    forwarded_for = None
    for name, value in headers:
        if name == b"x-forwarded-for":
            forwarded_for = value
        elif name != FORWARDED_HEADER:
            lines.append(name + b": " + value)
    chain = (peer or "unknown").encode()
    lines.append(b"x-forwarded-for: " + (forwarded_for + b", " + chain if forwarded_for else chain))
    lines.append(FORWARDED_HEADER + b": 1")
    return b"\r\n".join(lines) + b"\r\n\r\n"


class _Pipe(asyncio.Protocol):
    """Copies what its connection receives to ``peer``; closes the peer when its own side
    closes; stops reading the peer while its own side cannot take more."""

    def __init__(self, peer: asyncio.Transport, own: asyncio.Transport | None = None,
                 registry: set | None = None) -> None:
        self.peer = peer
        self.own = own
        self.registry = registry

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.own = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        self.peer.write(data)

    def eof_received(self) -> bool | None:
        self.peer.close()
        return None

    def connection_lost(self, exc: Exception | None) -> None:
        if self.registry is not None:
            self.registry.discard(self.own)
        self.peer.close()

    def pause_writing(self) -> None:
        self.peer.pause_reading()

    def resume_writing(self) -> None:
        self.peer.resume_reading()
