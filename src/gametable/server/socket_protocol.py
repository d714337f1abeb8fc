"""The WebSocket protocol the server runs: uvicorn's (websockets, sans-I/O) with the two changes
that a table's sockets need under load (issues 29 and 30).

- **Compression once per message**, not once per socket: gametable.server.shared_deflate.
- **No keep-alive ping to a socket heard from lately.** A ping checks that the other end is
  still there; a frame received within the ping interval says as much, so the next ping is
  put off until the socket has been quiet for a whole interval. A person at a table sends an
  action every few seconds: at 2,000 sockets that is a hundred pings and pongs a second saved.
"""

from __future__ import annotations

from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from gametable.server.shared_deflate import SharedDeflateFactory


class TableSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol with the changes in the module's text."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.config.ws_per_message_deflate:
            self.conn.available_extensions = [SharedDeflateFactory()]
        #: when the last bytes came from the client (the event loop's clock)
        self.heard_at = self.loop.time()

    def data_received(self, data: bytes) -> None:
        self.heard_at = self.loop.time()
        super().data_received(data)

    def send_keepalive_ping(self) -> None:
        quiet_for = self.loop.time() - self.heard_at
        if self.ping_interval and quiet_for < self.ping_interval:
            # heard from lately: ask again once it has been quiet for a whole interval
            self.ping_timer = self.loop.call_later(self.ping_interval - quiet_for, self.send_keepalive_ping)
            return
        super().send_keepalive_ping()
