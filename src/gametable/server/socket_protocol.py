"""The WebSocket protocol the server runs: uvicorn's (websockets, sans-I/O) with three changes
that a table's sockets need under load (issues 29 and 30).

- **Compression once per message**, not once per socket: gametable.server.shared_deflate.
- **Frames written at once, several in one write.** After an action, a seat's socket is owed
  the table's update and, for the seat that acted, the ``acted`` answer. Sent the ASGI way,
  each frame is a coroutine through Starlette and every middleware, and a write of its own, by a
  task woken for the purpose. The protocol offers the app a scope extension,
  :data:`SEND_NOW`: a plain function that, when the socket is open and its write buffer has
  room, makes the frames (a callback, so that nothing is taken from the app's queue when they
  could not go) and writes them in one ``transport.write``. When it cannot (a slow reader's full
  buffer, a closing socket) it says so, and the app sends the ASGI way, which waits as before.
- **No keep-alive ping to a socket heard from lately.** A ping checks that the other end is
  still there; a frame received within the ping interval says as much, so the next ping is
  put off until the socket has been quiet for a whole interval. A person at a table sends an
  action every few seconds: at 2,000 sockets that is a hundred pings and pongs a second saved.
"""

from __future__ import annotations

from typing import Any, Callable

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.protocol import State

from gametable.server.shared_deflate import SharedDeflateFactory

#: the scope extension (``scope["extensions"][SEND_NOW]``): ``send_now(make) -> bool``, where
#: ``make()`` gives the text messages to send; False (``make`` not called): send them the ASGI way
SEND_NOW = "gametable.send_now"

SendNow = Callable[[Callable[[], list[str]]], bool]


class TableSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol with the changes in the module's text."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.config.ws_per_message_deflate:
            self.conn.available_extensions = [SharedDeflateFactory()]
        #: when the last bytes came from the client (the event loop's clock)
        self.heard_at = self.loop.time()

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)  # (none when the handshake was refused)
        if scope is not None:
            scope["extensions"][SEND_NOW] = self.send_now

    def send_now(self, make: Callable[[], list[str]]) -> bool:
        """Write the messages ``make()`` gives in one go, if the socket is open and its buffer
        has room (else False, and ``make`` is not called)."""
        if (not self.handshake_complete or self.initial_response is not None or self.close_sent
                or self.disconnected or not self.writable.is_set() or self.conn.state is not State.OPEN
                or self.transport.is_closing()):
            return False
        texts = make()
        if texts:
            for text in texts:
                self.conn.send_text(text.encode())
            self.transport.write(b"".join(self.conn.data_to_send()))
        return True

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
