"""Live tables over WebSocket: ``/ws/tables/{id}?token=...`` (no token: a spectator).

On connecting, and after every committed change, the connection receives a ``state`` message:
the same snapshot as ``GET /api/tables/{id}`` for its seat, except that ``view.log`` holds only
the entries from index ``log_from`` on (the ones this connection has not had yet). Sending
``{"type": "sync"}`` asks for the whole snapshot again (``log_from`` 0); a client that
reconnects gets it anyway. Actions go through ``POST /api/tables/{id}/actions``.

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
        self._wake = asyncio.Event()

    def push(self, snapshot: Snapshot) -> None:
        self._pending = snapshot
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
            if _is_sync_request(message.get("text")):
                socket.restart_log()
                await manager.resync(table_id, socket)
    except WebSocketDisconnect:
        pass
    finally:
        sender.cancel()
        await manager.unwatch(table_id, socket)


def _is_sync_request(text: str | None) -> bool:
    if not text:
        return False
    try:
        data = json.loads(text)
    except ValueError:
        return False
    return isinstance(data, dict) and data.get("type") == "sync"
