"""Issue 30, a lighter hot path: the server's WebSocket protocol (server/socket_protocol.py)
pings only the sockets that have been quiet for a whole ping interval."""

from __future__ import annotations

import time

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from tests.server.test_live_connections import _two_seats, serve  # noqa: F401 - the fixture


def test_only_a_socket_quiet_for_a_whole_interval_is_pinged(serve, monkeypatch):  # noqa: F811
    pinged: list[tuple] = []
    real = WebSocketsSansIOProtocol.send_keepalive_ping

    def counting(self):
        pinged.append(self.client)
        real(self)

    monkeypatch.setattr(WebSocketsSansIOProtocol, "send_keepalive_ping", counting)
    api, _ = serve(ws_ping_seconds=0.3)
    tid, tokens = _two_seats(api)
    with api.socket(tid, tokens[0]) as talking, api.socket(tid) as quiet:
        talking.until(lambda m: m["type"] == "state")
        quiet.until(lambda m: m["type"] == "state")
        end = time.monotonic() + 1.5
        while time.monotonic() < end:
            talking.send({"type": "sync"})  # heard from every 0.1 s
            talking.until(lambda m: m["type"] == "state")
            time.sleep(0.1)
        talking_address = talking.conn.socket.getsockname()[:2]
        quiet_address = quiet.conn.socket.getsockname()[:2]
    assert pinged.count(tuple(quiet_address)) >= 3  # every 0.3 s, answered each time
    assert tuple(talking_address) not in pinged
