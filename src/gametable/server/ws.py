"""Live tables over WebSocket: ``/ws/tables/{id}?token=...`` (no token: a spectator).

On connecting, and after every committed change, the connection receives a ``state`` message:
the same snapshot as ``GET /api/tables/{id}`` for its seat, except that ``view.log`` holds only
the entries from index ``log_from`` on (the ones this connection has not had yet). Sending
``{"type": "sync"}`` asks for the whole snapshot again (``log_from`` 0); a client that
reconnects gets it anyway. Actions go through ``POST /api/tables/{id}/actions``. Any other
frame (binary, not JSON, an unknown ``type``) gets ``{"type": "error", "detail": ...}`` saying
what the socket understands; the connection stays open. A frame over the size limit closes it
(1009), as the HTTP API answers a body that large with 413.

A connection that cannot keep up is never queued for: only the newest snapshot waits to be
sent (each one is complete), and the log tail is cut from what this connection has had.
Connections of the same seat share the snapshot and, when they have had the same log, its
encoded message.
"""

from __future__ import annotations

import asyncio
import json

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from gametable.server.errors import TableError
from gametable.server.ids import require_table_id
from gametable.server.tables import Snapshot, TableManager, hash_token

router = APIRouter()

#: close codes: 4000 + the HTTP status the same problem gets from the HTTP API
CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404


class TableSocket:
    """One WebSocket watching one table (implements tables.Watcher)."""

    def __init__(self, websocket: WebSocket, token: str | None) -> None:
        self.websocket = websocket
        self.token_hash = hash_token(token) if token is not None else None
        self.log_sent = 0
        self._pending: Snapshot | None = None
        self._errors: list[str] = []
        self._wake = asyncio.Event()

    def push(self, snapshot: Snapshot) -> None:
        self._pending = snapshot
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
                    await self.websocket.send_text(error)
                snapshot, self._pending = self._pending, None
                if snapshot is not None:
                    await self.websocket.send_text(self.message(snapshot))
        except (WebSocketDisconnect, RuntimeError, OSError):
            return  # the connection is gone; the receiving side cleans up


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
    manager: TableManager = websocket.app.state.manager
    await websocket.accept()
    try:
        require_table_id(table_id)  # before any lookup: a malformed id closes like an unknown table
        table = await manager.table(table_id)
        manager.seat_for_token(table, token)
    except TableError as exc:
        await websocket.close(code=4000 + exc.status, reason=exc.message[:120])
        return
    socket = TableSocket(websocket, token)
    sender = asyncio.create_task(socket.send_forever())
    await manager.watch(table_id, socket)
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            problem = _problem_with(message)
            if problem is not None:
                socket.refuse(problem)
                continue
            socket.restart_log()
            await manager.resync(table_id, socket)
    except WebSocketDisconnect:
        pass
    finally:
        sender.cancel()
        await manager.unwatch(table_id, socket)


#: what a client may send: the only message type the socket understands
_SYNC_HELP = ('this socket only understands {"type": "sync"} (send it to get the whole table again); '
              "take actions with POST /api/tables/{id}/actions")


def _problem_with(message: dict) -> str | None:
    """None for a sync request; otherwise what is wrong with the frame, for the client."""
    text = message.get("text")
    if text is None:
        return "binary frames are not understood; " + _SYNC_HELP
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: nested deeper than the parser goes
        return "the message is not valid JSON; " + _SYNC_HELP
    if not isinstance(data, dict) or data.get("type") != "sync":
        kind = data.get("type") if isinstance(data, dict) else None
        what = f"unknown message type {kind!r}" if isinstance(kind, str) else 'a message needs a "type"'
        return f"{what[:80]}; " + _SYNC_HELP
    return None
