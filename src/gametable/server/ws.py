"""Live tables over WebSocket: ``/ws/tables/{id}``.

A connection says who it is in its first message, ``{"type": "hello", "token": "<seat token>"}``
(``{"type": "hello"}`` alone: a spectator), or with ``Authorization: Bearer <token>`` on the
upgrade request (clients that can set headers; then no hello is needed). Nothing is sent before
that. Tokens never go in the URL, because URLs are written to access logs: a ``token`` query
parameter is refused (4400) without being looked at.

Once in, the connection receives a ``state`` message: the same snapshot as
``GET /api/tables/{id}`` for its seat, except that ``view.log`` holds only the entries from
index ``log_from`` on (the ones this connection has not had yet); then one after every
committed change, and a small ``presence`` message (``{"type": "presence", "seq", "online"}``)
when a seat's socket opens or closes. Sending ``{"type": "sync"}`` asks for the whole snapshot
again (``log_from`` 0); a client that reconnects gets it anyway. Actions go through
``POST /api/tables/{id}/actions``. Any other frame (binary, not JSON, an unknown ``type``) gets
``{"type": "error", "detail": ...}`` saying what the socket understands; the connection stays
open. A frame over the size limit closes it (1009), as the HTTP API answers a body that large
with 413. The other close codes are 4000 + the HTTP status of the same problem (CLOSE_* below).

A connection that cannot keep up is never queued for: only the newest snapshot waits to be
sent (each one is complete), and the log tail is cut from what this connection has had.
Connections of the same seat share the snapshot and, when they have had the same log, its
encoded message. Limits on how many connections a client address, a table and a seat may
hold: see gametable.server.audience and :class:`LiveSockets`.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter, deque
from dataclasses import dataclass

from fastapi import APIRouter, FastAPI, WebSocket, WebSocketDisconnect

from gametable.server.api import bearer_token
from gametable.server.audience import Presence
from gametable.server.config import Settings
from gametable.server.errors import TableError
from gametable.server.ids import require_table_id
from gametable.server.serving import client_address
from gametable.server.tables import Snapshot, TableManager, hash_token

router = APIRouter()

#: close codes: 4000 + the HTTP status the same problem gets from the HTTP API
CLOSE_BAD_REQUEST = 4400     # a token in the URL; a first message that is not a hello
CLOSE_UNAUTHORIZED = 4401    # an Authorization header that is not "Bearer <token>"
CLOSE_FORBIDDEN = 4403       # a token that is no seat of this table
CLOSE_NOT_FOUND = 4404       # no such table
CLOSE_NO_HELLO = 4408        # no hello within the hello timeout
CLOSE_TOO_MANY = 4429        # too many sockets for this address, table or seat
CLOSE_GOING_AWAY = 1001      # the server is shutting down (the client should reconnect)
GOING_AWAY = "the server is restarting or moving; reconnect in a moment"

#: chat messages a socket may have waiting to be sent
_CHAT_BACKLOG = 64

#: close reasons hold at most 123 bytes, so the hello is shown short
_HELLO = '{"type": "hello", "token": "..."}'
TOKEN_IN_URL = f"never put the token in the URL (URLs get logged): send {_HELLO} as the first message"


@dataclass
class Traffic:
    """What this process's sockets were handed to send (for tests and load figures)."""

    messages: int = 0
    bytes: int = 0


class LiveSockets:
    """The process's WebSockets: how many each client address holds (and the cap), and what
    they sent. One per app (``app.state.live_sockets``)."""

    def __init__(self, max_per_address: int, hello_seconds: float) -> None:
        self.max_per_address = max_per_address
        self.hello_seconds = hello_seconds
        self.by_address: Counter[str] = Counter()
        self.traffic = Traffic()
        #: every open socket, to close them when the server shuts down
        self.sockets: set[WebSocket] = set()

    def open(self, address: str) -> bool:
        if self.by_address[address] >= self.max_per_address:
            return False
        self.by_address[address] += 1
        return True

    def release(self, address: str) -> None:
        self.by_address[address] -= 1
        if self.by_address[address] <= 0:
            del self.by_address[address]


def install(app: FastAPI, settings: Settings) -> None:
    """Serve ``/ws/tables/{id}`` on ``app`` with the limits of ``settings``."""
    app.state.live_sockets = LiveSockets(settings.max_sockets_per_address, settings.ws_hello_seconds)
    app.include_router(router)


class TableSocket:
    """One WebSocket watching one table (implements audience.Watcher)."""

    def __init__(self, websocket: WebSocket, token: str | None, traffic: Traffic) -> None:
        self.websocket = websocket
        self.token_hash = hash_token(token) if token is not None else None
        self.log_sent = 0
        self._traffic = traffic
        self._pending: Snapshot | None = None
        self._presence: Presence | None = None
        #: the serial of the newest snapshot or presence note sent: older ones are not sent
        self._sent = 0
        self._errors: list[str] = []
        #: chat messages to send, in order; a socket that falls this far behind loses the
        #: oldest (the client reads the whole chat again when it reconnects)
        self._chat: deque[str] = deque(maxlen=_CHAT_BACKLOG)
        self._wake = asyncio.Event()

    def push(self, snapshot: Snapshot) -> None:
        if self._pending is None or snapshot.serial > self._pending.serial:
            self._pending = snapshot
            self._wake.set()

    def push_presence(self, presence: Presence) -> None:
        if self._presence is None or presence.serial > self._presence.serial:
            self._presence = presence
            self._wake.set()

    def push_chat(self, text: str) -> None:
        self._chat.append(text)
        self._wake.set()

    def refuse(self, problem: str) -> None:
        """Tell the client what was wrong with its frame (sent by the one task that sends)."""
        if len(self._errors) < 8:  # a client that floods us with junk does not grow our memory
            self._errors.append(json.dumps({"type": "error", "detail": problem}))
        self._wake.set()

    def restart_log(self) -> None:
        self.log_sent = 0

    def message(self, snapshot: Snapshot) -> str:
        # Logs only grow; if this one did not, start afresh rather than guess.
        length = snapshot.log_length
        start = self.log_sent if self.log_sent <= length else 0
        self.log_sent = length
        # Encoded once per snapshot and log position: the connections of one seat share it.
        return snapshot.message(start)

    async def send_forever(self) -> None:
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                errors, self._errors = self._errors, []
                for error in errors:
                    await self._send(error)
                # A presence note newer than the snapshot follows it; an older one is already
                # in the snapshot's seats.
                snapshot, self._pending = self._pending, None
                presence, self._presence = self._presence, None
                if snapshot is not None and snapshot.serial > self._sent:
                    self._sent = snapshot.serial
                    await self._send(self.message(snapshot))
                if presence is not None and presence.serial > self._sent:
                    self._sent = presence.serial
                    await self._send(presence.text)
                while self._chat:
                    await self._send(self._chat.popleft())
        except (WebSocketDisconnect, RuntimeError, OSError):
            return  # the connection is gone; the receiving side cleans up

    async def _send(self, text: str) -> None:
        self._traffic.messages += 1
        self._traffic.bytes += len(text)
        await self.websocket.send_text(text)


class Refused(Exception):
    """Close the connection with this code and reason."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    live: LiveSockets = websocket.app.state.live_sockets
    await websocket.accept()
    if "token" in websocket.query_params:
        await _close(websocket, CLOSE_BAD_REQUEST, TOKEN_IN_URL)
        return
    address = client_address(websocket)
    if not live.open(address):
        await _close(websocket, CLOSE_TOO_MANY,
                     f"too many live connections from your address (at most {live.max_per_address}); "
                     "close some tabs and reconnect")
        return
    live.sockets.add(websocket)
    try:
        await _serve(websocket, table_id, live)
    except Refused as refused:
        await _close(websocket, refused.code, refused.reason)
    except WebSocketDisconnect:
        pass
    finally:
        live.sockets.discard(websocket)
        live.release(address)


async def _serve(websocket: WebSocket, table_id: str, live: LiveSockets) -> None:
    manager: TableManager = websocket.app.state.manager
    header = websocket.headers.get("authorization")
    try:
        require_table_id(table_id)  # before any lookup: a malformed id closes like an unknown table
        token = bearer_token(header) if header is not None else await _hello(websocket, live)
        table = await manager.table(table_id)
        manager.seat_for_token(table, token)
    except TableError as exc:
        raise Refused(4000 + exc.status, exc.message) from None
    socket = TableSocket(websocket, token, live.traffic)
    try:
        await manager.watch(table_id, socket)
    except TableError as exc:  # Crowded
        raise Refused(4000 + exc.status, exc.message) from None
    sender = asyncio.create_task(socket.send_forever())
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            data, problem = _parse(message)
            if problem is None and data.get("type") != "sync":
                kind = data.get("type")
                problem = ("this socket is past its hello" if kind == "hello" else
                           f"unknown message type {kind!r}"[:80] if isinstance(kind, str) else
                           'a message needs a "type"')
            if problem is not None:
                socket.refuse(f"{problem}; {_SYNC_HELP}")
                continue
            socket.restart_log()
            await manager.resync(table_id, socket)
    finally:
        sender.cancel()
        await manager.unwatch(table_id, socket)


async def _hello(websocket: WebSocket, live: LiveSockets) -> str | None:
    """The token of the connection's first message (None: a spectator); Refused otherwise."""
    try:
        message = await asyncio.wait_for(websocket.receive(), live.hello_seconds)
    except asyncio.TimeoutError:
        raise Refused(CLOSE_NO_HELLO, f"no hello within {live.hello_seconds:g} s: send {_HELLO} "
                                      "(no token: to watch) when the socket opens") from None
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    data, problem = _parse(message)
    if problem is None and data.get("type") != "hello":
        problem = "the first message is not a hello"
    if problem is None and not isinstance(data.get("token"), (str, type(None))):
        problem = "the hello's token is not a string"
    if problem is not None:
        raise Refused(CLOSE_BAD_REQUEST, f"{problem}: send {_HELLO} (no token: to watch) first")
    return data.get("token")


#: what a client may send once it is in: the only message type the socket then understands
_SYNC_HELP = ('this socket only understands {"type": "sync"} (send it to get the whole table again); '
              "take actions with POST /api/tables/{id}/actions")


def _parse(message: dict) -> tuple[dict, str | None]:
    """A frame's JSON object, or what is wrong with the frame (for the client)."""
    text = message.get("text")
    if text is None:
        return {}, "binary frames are not understood"
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: nested deeper than the parser goes
        return {}, "the message is not valid JSON"
    if not isinstance(data, dict):
        return {}, 'a message needs a "type"'
    return data, None


async def going_away(app: FastAPI) -> None:
    """Close every socket with 1001 and a reason to reconnect (the server is stopping)."""
    live: LiveSockets = app.state.live_sockets
    await asyncio.gather(*(_close(socket, CLOSE_GOING_AWAY, GOING_AWAY) for socket in list(live.sockets)),
                         return_exceptions=True)


async def _close(websocket: WebSocket, code: int, reason: str) -> None:
    # A close frame's reason holds at most 123 bytes.
    encoded = reason.encode()[:123].decode(errors="ignore")
    try:
        await websocket.close(code=code, reason=encoded)
    except RuntimeError:
        pass  # the client went away first
