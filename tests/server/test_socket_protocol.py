"""Issue 30, a lighter hot path: the server's WebSocket protocol (server/socket_protocol.py)
writes what a socket is owed at once, several frames in one write, and pings only the sockets
that have been quiet for a whole ping interval. The socket's side (ws.TableSocket) falls back
to sending the ASGI way, in order, when the protocol cannot write at once."""

from __future__ import annotations

import asyncio
import random
import threading
import time

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from gametable.server.snapshots import Snapshot
from gametable.server.socket_protocol import TableSocketProtocol
from gametable.server.ws import TableSocket, Traffic

from tests.server.test_live_connections import _two_seats, serve  # noqa: F401 - the fixture


def _snapshot(seq: int) -> Snapshot:
    return Snapshot({"seq": seq, "status": "playing", "view": {"log": [seq]}, "legal_actions": []})


class _SlowWebSocket:
    """Sends the ASGI way; each send waits until the test lets it go."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.go = asyncio.Event()

    async def send_text(self, text: str) -> None:
        await self.go.wait()
        self.sent.append(text)


def test_a_snapshot_and_the_answer_of_the_same_turn_go_in_one_write():
    async def scenario():
        batches: list[list[str]] = []

        def send_now(make):
            batches.append(make())
            return True

        socket = TableSocket(_SlowWebSocket(), None, Traffic(), send_now=send_now)
        socket.push(_snapshot(1))
        socket.reply({"type": "acted", "id": 7, "seq": 1})
        assert batches == []  # not before the turn ends: what comes in it goes along
        await asyncio.sleep(0)
        assert len(batches) == 1
        state, acted = batches[0]
        assert state.startswith('{"type":"state"') and '"seq":1' in state
        assert acted == '{"type": "acted", "id": 7, "seq": 1}'
        socket.push(_snapshot(2))
        await asyncio.sleep(0)
        assert len(batches) == 2 and batches[1][0].startswith('{"type":"patch"')  # of the first

    asyncio.run(scenario())


def test_a_socket_without_room_is_sent_to_the_asgi_way_in_order():
    async def scenario():
        websocket = _SlowWebSocket()
        asked = []

        def send_now(make):
            asked.append(make)
            return False  # a full buffer: make is not called, nothing is taken

        socket = TableSocket(websocket, None, Traffic(), send_now=send_now)
        sender = asyncio.create_task(socket.send_forever())
        socket.push(_snapshot(1))
        socket.reply({"type": "acted", "id": 1, "seq": 1})
        await asyncio.sleep(0.01)
        assert len(asked) == 1 and websocket.sent == []  # the task waits for its send
        # While the task sends, what comes waits for it (never written ahead of it).
        socket.push(_snapshot(2))
        socket.reply({"type": "acted", "id": 2, "seq": 2})
        await asyncio.sleep(0.01)
        assert len(asked) == 1
        websocket.go.set()
        await asyncio.sleep(0.01)
        sender.cancel()
        kinds = [text.split(",")[0] for text in websocket.sent]
        assert kinds == ['{"type":"state"', '{"type": "acted"', '{"type":"patch"', '{"type": "acted"']
        assert '"base":' + str(_rev(websocket.sent[0])) in websocket.sent[2]

    asyncio.run(scenario())


def _rev(state_text: str) -> int:
    return int(state_text.rsplit('"rev":', 1)[1].rstrip("}"))


def test_the_served_socket_writes_an_actions_update_and_answer_together(serve, monkeypatch):  # noqa: F811
    written: list[list[str]] = []
    real = TableSocketProtocol.send_now

    def recording(self, make):
        return real(self, lambda: written.append(make()) or written[-1])

    monkeypatch.setattr(TableSocketProtocol, "send_now", recording)
    api, _ = serve()
    tid, tokens = _two_seats(api)
    with api.socket(tid, tokens[0]) as ann, api.socket(tid, tokens[1]) as bob:
        ann.until(lambda m: m["type"] == "state")
        bob.until(lambda m: m["type"] == "state")
        ann.send({"type": "act", "id": "a1", "seq": 0, "action": {"type": "take", "count": 1}})
        assert ann.until(lambda m: m["type"] == "state")["seq"] == 1
        assert ann.until(lambda m: m["type"] == "acted") == {"type": "acted", "id": "a1", "seq": 1}
        assert bob.until(lambda m: m["type"] == "state")["seq"] == 1
    together = [batch for batch in written if len(batch) == 2 and batch[1].startswith('{"type": "acted"')]
    assert len(together) == 1 and together[0][0].startswith('{"type":"patch"')


def test_only_a_socket_quiet_for_a_whole_interval_is_pinged(serve, monkeypatch):  # noqa: F811
    pinged: list[tuple] = []
    real = WebSocketsSansIOProtocol.send_keepalive_ping

    def counting(self):
        pinged.append(self.client)
        real(self)

    monkeypatch.setattr(WebSocketsSansIOProtocol, "send_keepalive_ping", counting)
    api, _ = serve(ws_ping_seconds=0.6)
    tid, tokens = _two_seats(api)
    with api.socket(tid, tokens[0]) as talking, api.socket(tid) as quiet:
        talking.until(lambda m: m["type"] == "state")
        quiet.until(lambda m: m["type"] == "state")
        end = time.monotonic() + 2.4
        while time.monotonic() < end:
            talking.send({"type": "sync"})  # heard from every 0.1 s
            talking.until(lambda m: m["type"] == "state")
            time.sleep(0.1)
        talking_address = talking.conn.socket.getsockname()[:2]
        quiet_address = quiet.conn.socket.getsockname()[:2]
    assert pinged.count(tuple(quiet_address)) >= 2  # every 0.6 s, answered each time
    assert tuple(talking_address) not in pinged


def test_a_seat_whose_socket_has_no_room_gets_the_newest_table_in_order(serve, monkeypatch):  # noqa: F811
    # While a socket's write buffer is full (a client that reads slowly), the protocol cannot
    # write at once: the socket's task sends the ASGI way, waiting for room, while the moves go
    # on; whatever comes meanwhile waits behind it, and only the newest table is sent.
    answers: list[bool] = []
    real = TableSocketProtocol.send_now

    def recording(self, make):
        answers.append(real(self, make))
        return answers[-1]

    monkeypatch.setattr(TableSocketProtocol, "send_now", recording)
    api, server = serve()
    table = api.create(game="gwt", players=2)
    tid, tokens = table["id"], {0: table["token"], 1: api.join(table["id"])["token"]}
    with api.socket(tid, tokens[1]) as late:
        late.until(lambda m: m["type"] == "state")
        address = late.conn.socket.getsockname()[:2]
        protocol = next(p for p in server.server.server_state.connections if p.client == address)
        _on_server_loop(protocol, protocol.pause_writing)  # as the transport does over its high-water mark
        rng = random.Random(3)
        seq = 0
        for _ in range(12):
            for token in tokens.values():
                legal = api.table(tid, token)["legal_actions"]
                if legal:
                    seq = api.act_ok(tid, token, seq, rng.choice(legal))
                    break
        assert answers[-1] is False  # not written at once
        _on_server_loop(protocol, protocol.resume_writing)
        # Each patch applies to the state before it (Socket.recv checks its base), up to the newest.
        newest = late.until(lambda m: m["type"] == "state" and m["seq"] == seq)
        assert len(late.frames) < 1 + 12  # the updates made while it had no room were not queued
    now = api.table(tid, tokens[1])
    assert newest["view"]["players"] == now["view"]["players"]
    assert newest["legal_actions"] == now["legal_actions"]


def _on_server_loop(protocol, call) -> None:
    """Run ``call`` on the test server's event loop (its own thread) and wait for it."""
    done = threading.Event()
    protocol.loop.call_soon_threadsafe(lambda: (call(), done.set()))
    assert done.wait(5)
