"""Live tables over WebSocket: ``/ws/tables/{id}``.

A connection says who it is in its first message, ``{"type": "hello", "token": "<seat token>"}``
(``{"type": "hello"}`` alone: a spectator), or with ``Authorization: Bearer <token>`` on the
upgrade request (clients that can set headers; then no hello is needed). Nothing is sent before
that. Tokens never go in the URL, because URLs are written to access logs: a ``token`` query
parameter is refused (4400) without being looked at.

Once in, the connection receives a ``state`` message: the same snapshot as
``GET /api/tables/{id}`` for its seat, except that ``view.log`` holds only the entries from
index ``log_from`` on (the ones this connection has not had yet; an undo takes entries back, so
``log_from`` may be shorter than what the connection had: it keeps that many); then one after every
committed change, as a ``patch`` of the last snapshot sent (``{"type": "patch", "seq", "rev",
"base", "ops", "log", "log_from", "now_ms"}``: JSON Patch operations on the snapshot without its
log, and the log's new entries; docs/server.md), and a small ``presence`` message (``{"type": "presence", "seq", "online"}``)
when a seat's socket opens or closes. Sending ``{"type": "sync"}`` asks for the whole snapshot
again (``log_from`` 0); a client that reconnects gets it anyway. ``{"type": "act", "id": ...,
"seq": n, "action": {...}}`` takes an action as ``POST /api/tables/{id}/actions`` does, under the
same rules, rate limit and refusals: it is answered ``{"type": "acted", "id", "seq"}`` once the
action is durable (after the ``state`` it made), or ``{"type": "refused", "id", "status",
"detail"}`` with the HTTP route's status and words (see :mod:`gametable.server.socket_actions`).
Any other frame (binary, not JSON, an unknown ``type``) gets ``{"type": "error", "status",
"detail", "help"}`` saying what the socket understands; the connection stays open. A frame over
the body limit is refused the same way (413); one over four times that closes the connection
(1009). The other close codes are 4000 + the HTTP status of the same problem (CLOSE_* below).

The message types past the hello are the entries of :data:`HANDLERS`; another feature adds
its own by adding an entry (a coroutine taking the connection, the message and the frame).

A connection that cannot keep up is never queued for: only the newest snapshot waits to be
sent (each one is complete), and the log tail is cut from what this connection has had.
Connections of the same seat share the snapshot and, when they have had the same log, its
encoded message. Limits on how many connections a client address, a table and a seat may
hold: see gametable.server.audience and :class:`LiveSockets`.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import Counter, deque
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, FastAPI, WebSocket, WebSocketDisconnect

from gametable.server import socket_actions
from gametable.server.api import bearer_token
from gametable.server.audience import Presence
from gametable.server.config import Settings
from gametable.server.errors import TableError
from gametable.server.identity import session_player
from gametable.server.ids import require_table_id
from gametable.server.limits import too_large
from gametable.server.schemas import NOT_JSON
from gametable.server.serving import client_address
from gametable.server.socket_actions import Connection, Frame, MessageHandler, Refusal
from gametable.server.live_table import LogCuts, hash_token, seat_for_token
from gametable.server.snapshots import Snapshot
from gametable.server.socket_protocol import SEND_NOW, SendNow
from gametable.server.tables import TableManager

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

    def __init__(self, websocket: WebSocket, token: str | None, traffic: Traffic,
                 player_id: str | None = None, send_now: SendNow | None = None) -> None:
        self.websocket = websocket
        #: writes frames at once when the socket has room (socket_protocol.SEND_NOW); None:
        #: every frame goes the ASGI way, by the sending task
        self._send_now = send_now
        #: a flush at the end of this turn of the event loop is due (see _wake_up)
        self._flush_due = False
        #: the sending task is sending: whatever comes meanwhile waits for it, in order
        self._sending = False
        self.token_hash = hash_token(token) if token is not None else None
        #: the signed-in player (session cookie) of a connection without a token
        self.player_id = player_id
        self.log_sent = 0
        #: the last snapshot sent (its serial and sections), which the next update is a patch
        #: of; None: the next one goes whole
        self._base: tuple[int, dict[str, bytes]] | None = None
        #: the log cuts (undos) of the table as of the last snapshot sent: see Snapshot.log_kept
        self._log_cuts: LogCuts | None = None
        self._cut_count = 0
        self._traffic = traffic
        self._pending: Snapshot | None = None
        self._presence: Presence | None = None
        #: the serial of the newest snapshot or presence note sent: older ones are not sent
        self._sent = 0
        #: answers to the client's messages (acks, refusals, errors), sent after any snapshot
        self._replies: list[str] = []
        self._errors = 0
        self._drained = asyncio.Event()
        self._gone = False  # the sending task has ended: nothing will drain the answers
        #: chat messages to send, in order; a socket that falls this far behind loses the
        #: oldest (the client reads the whole chat again when it reconnects)
        self._chat: deque[str] = deque(maxlen=_CHAT_BACKLOG)
        self._wake = asyncio.Event()

    def push(self, snapshot: Snapshot) -> None:
        if self._pending is None or snapshot.serial > self._pending.serial:
            self._pending = snapshot
            self._wake_up()

    def push_presence(self, presence: Presence) -> None:
        if self._presence is None or presence.serial > self._presence.serial:
            self._presence = presence
            self._wake_up()

    def push_chat(self, text: str) -> None:
        self._chat.append(text)
        self._wake_up()

    def refuse(self, status: int, problem: str) -> None:
        """Tell the client what was wrong with its frame (sent in order with the rest it is owed)."""
        if self._errors < 8:  # a client that floods us with junk does not grow our memory
            self._errors += 1
            self.reply({"type": "error", "status": status, "detail": problem, "help": _HELP})

    def reply(self, message: dict[str, Any]) -> None:
        """Answer a message of the client. Sent after the snapshot pushed before it, so the
        acknowledgement of an action follows the table that action made."""
        # json.dumps's spacing, as ever: clients (bench/server_load.py's) tell answers by their text
        self._replies.append(json.dumps(message))
        self._wake_up()

    async def room(self) -> None:
        """Wait while many answers are unsent (a client that sends without reading): the
        socket then stops reading its messages, instead of queueing answers without end."""
        while len(self._replies) >= _MAX_UNSENT_REPLIES and not self._gone:
            self._drained.clear()
            await self._drained.wait()

    def restart_log(self) -> None:
        """Send the next snapshot whole, log and all (the client asked: it lost track)."""
        self.log_sent = 0
        self._base = None

    def message(self, snapshot: Snapshot) -> str:
        # A log grows, except where an undo cut it back: the part sent before the cut stays.
        length = snapshot.log_length
        start = self.log_sent
        if self.log_sent:
            kept = snapshot.log_kept(self._log_cuts, self._cut_count)
            if kept is not None:
                start = min(start, kept)
        if start > length:  # (cannot happen with the cuts known; never guess)
            start = 0
        self.log_sent = length
        self._log_cuts, self._cut_count = snapshot.log_cuts, snapshot.cut_count
        # Encoded once per snapshot, log position (and snapshot patched): the connections of
        # one seat share it. The first snapshot goes whole, the others as patches of the last.
        base, self._base = self._base, (snapshot.serial, snapshot.sections)
        if base is None:
            return snapshot.message(start)
        return snapshot.patch_message(base[0], base[1], start)

    def _wake_up(self) -> None:
        """Something is owed to the client. Written at the end of this turn of the event loop,
        all of it at once (an action's update and its answer in one write), where the socket
        has room; else by the sending task, which waits for room."""
        if self._send_now is None or self._sending:
            self._wake.set()
        elif not self._flush_due:
            self._flush_due = True
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        self._flush_due = False
        if self._gone or self._sending:
            return
        if self._send_now(self._owed):  # type: ignore[misc]  # (set: see _wake_up)
            self._drained.set()
        else:
            self._wake.set()

    def _owed(self) -> list[str]:
        """Everything owed to the client now, in the order it goes: the newest snapshot (as a
        patch of the last one sent), a newer presence note, chat, answers."""
        replies, self._replies, self._errors = self._replies, [], 0
        snapshot, self._pending = self._pending, None
        presence, self._presence = self._presence, None
        texts = []
        if snapshot is not None and snapshot.serial > self._sent:
            self._sent = snapshot.serial
            texts.append(self.message(snapshot))
        # A presence note newer than the snapshot follows it; an older one is already in the
        # snapshot's seats.
        if presence is not None and presence.serial > self._sent:
            self._sent = presence.serial
            texts.append(presence.text)
        texts.extend(self._chat)
        self._chat.clear()
        texts.extend(replies)
        self._traffic.messages += len(texts)
        self._traffic.bytes += sum(map(len, texts))
        return texts

    async def send_forever(self) -> None:
        """Send what is owed the ASGI way, waiting for room: every frame where the server offers
        no SEND_NOW, else only what could not be written at once."""
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                self._sending = True
                for text in self._owed():
                    await self.websocket.send_text(text)
                self._sending = False
                self._drained.set()
        except (WebSocketDisconnect, RuntimeError, OSError):
            return  # the connection is gone; the receiving side cleans up
        finally:
            self._gone = True
            self._drained.set()


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
        # Without a token, the browser's session (its cookie came with the handshake; one
        # sent by another site's page is refused: identity.session_player) names the seat.
        player = await session_player(websocket) if token is None else None
        table = await manager.table(table_id)
        seat_for_token(table, token)
    except TableError as exc:
        raise Refused(4000 + exc.status, exc.message) from None
    socket = TableSocket(websocket, token, live.traffic, player.id if player else None,
                         websocket.scope.get("extensions", {}).get(SEND_NOW))
    try:
        await manager.watching.watch(table_id, socket)
    except TableError as exc:  # Crowded
        raise Refused(4000 + exc.status, exc.message) from None
    manager.bots.opened(table_id)
    sender = asyncio.create_task(socket.send_forever())
    connection = Connection(websocket, table_id, token, socket, manager, socket.player_id)
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            frame = Frame(time.perf_counter(), _size(message))
            data, problem = _parse(message)
            kind = data.get("type")
            handler = HANDLERS.get(kind) if isinstance(kind, str) else None
            if frame.size > connection.max_body:
                # as the HTTP API answers a body that large (a message we understand: with its id)
                if handler is None:
                    socket.refuse(413, too_large(connection.max_body))
                else:
                    socket_actions.refuse(connection, data, Refusal(413, too_large(connection.max_body)))
            elif problem is not None:
                socket.refuse(400, problem)
            elif handler is None:
                socket.refuse(400, "this socket is past its hello" if kind == "hello" else
                              f"unknown message type {kind!r}"[:80] if isinstance(kind, str) else
                              'a message needs a "type"')
            else:
                await handler(connection, data, frame)
            await socket.room()
    finally:
        sender.cancel()
        await manager.watching.unwatch(table_id, socket)


async def _sync(connection: "Connection", _data: dict, _frame: Frame) -> None:
    """``{"type": "sync"}``: the whole table again (log_from 0)."""
    connection.socket.restart_log()
    await connection.manager.watching.resync(connection.table_id, connection.socket)


#: what a connection understands once past its hello, by message type
HANDLERS: dict[str, MessageHandler] = {"sync": _sync, "act": socket_actions.act,
                                       "undo": socket_actions.undo}


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


#: what a client may send once it is in (with every error, for people trying the socket by hand)
_HELP = ('this socket understands {"type": "sync"} (the whole table again) and {"type": "act", '
         '"id": ..., "seq": n, "action": {...}} (an action, as POST /api/tables/{id}/actions)')
#: answers a client may leave unread before its socket stops reading its messages
_MAX_UNSENT_REPLIES = 64


def _size(message: dict) -> int:
    text = message.get("text")
    return len(text.encode()) if text is not None else len(message.get("bytes") or b"")


def _parse(message: dict) -> tuple[dict, str | None]:
    """A frame's JSON object, or what is wrong with the frame (for the client, in the HTTP
    API's words where it has the same problem)."""
    text = message.get("text")
    if text is None:
        return {}, "binary frames are not understood"
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: nested deeper than the parser goes
        return {}, NOT_JSON
    if not isinstance(data, dict):
        return {}, 'a message needs a "type"'
    return data, None


async def table_moved(app: FastAPI, table_id: str) -> None:
    """Another process took this table over: its sockets here close with 1001, and reconnect
    to be forwarded to the new owner."""
    audience = app.state.manager.audiences.get(table_id)
    if audience is None:
        return
    sockets = [w.websocket for w in [*audience.direct, *audience.feed.members] if isinstance(w, TableSocket)]
    await asyncio.gather(*(_close(s, CLOSE_GOING_AWAY, GOING_AWAY) for s in sockets), return_exceptions=True)


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
