"""Issue 29, fourth round: a WebSocket message is compressed once for all the sockets it goes to
(server_no_context_takeover agreed with every client), and clients that offer permessage-deflate,
whether they keep their window or not, read every message as the text the server sent."""

from __future__ import annotations

import json
import zlib
from contextlib import ExitStack

import pytest
from websockets.extensions.permessage_deflate import ClientPerMessageDeflateFactory
from websockets.frames import Frame, Opcode
from websockets.sync.client import connect

from gametable.server import shared_deflate
from gametable.server.shared_deflate import SharedDeflate, SharedDeflateFactory, compressed

from tests.server.test_live_connections import _two_seats, serve  # noqa: F401 - the fixture


def _inflate(decoder, payload: bytes) -> bytes:
    return decoder.decompress(payload + b"\x00\x00\xff\xff")


def test_a_message_is_compressed_once_and_reads_back_with_or_without_the_clients_window():
    shared_deflate.forget()
    messages = [json.dumps({"type": "patch", "seq": n, "ops": [{"op": "replace", "path": "/x", "value": n}] * 5}).encode()
                for n in range(20)]
    first = [compressed(m, 12, {"memLevel": 5}) for m in messages]
    again = [compressed(m, 12, {"memLevel": 5}) for m in messages]
    assert all(a is b for a, b in zip(first, again))  # the second socket reuses the bytes
    # A client that keeps its window (context takeover on its side) and one that resets it.
    kept = zlib.decompressobj(wbits=-12)
    for message, payload in zip(messages, first):
        assert _inflate(kept, payload) == message
        assert _inflate(zlib.decompressobj(wbits=-12), payload) == message


def test_the_kept_messages_stay_within_their_budget(monkeypatch):
    shared_deflate.forget()
    monkeypatch.setattr(shared_deflate, "KEEP_BYTES", 10_000)
    for n in range(100):
        compressed(bytes([n % 251]) * 1000, 12, {})
    assert shared_deflate._kept_bytes <= 10_000 and len(shared_deflate._kept) < 100
    big = b"x" * (shared_deflate.KEEP_MESSAGE_BYTES + 1)
    assert _inflate(zlib.decompressobj(wbits=-12), compressed(big, 12, {})) == big
    assert all(key[2] != big for key in shared_deflate._kept)  # too large to keep
    shared_deflate.forget()


@pytest.mark.parametrize("offer", [ClientPerMessageDeflateFactory(client_max_window_bits=True),
                                   ClientPerMessageDeflateFactory(server_max_window_bits=10)])
def test_every_offer_gets_no_context_takeover_from_the_server(offer):
    params, extension = SharedDeflateFactory().process_request_params(offer.get_request_params(), [])
    assert ("server_no_context_takeover", None) in params
    assert isinstance(extension, SharedDeflate) and extension.local_no_context_takeover
    frame = extension.encode(Frame(Opcode.TEXT, b'{"type": "presence"}' * 10))
    assert frame.rsv1
    assert _inflate(zlib.decompressobj(wbits=-extension.local_max_window_bits), frame.data) == b'{"type": "presence"}' * 10


def test_spectators_with_compression_read_the_table_the_server_sent(serve, monkeypatch):  # noqa: F811
    api, server = serve()
    tid, tokens = _two_seats(api)
    shared_deflate.forget()
    asked: list[bytes] = []
    real = shared_deflate.compressed
    monkeypatch.setattr(shared_deflate, "compressed", lambda data, *rest: asked.append(data) or real(data, *rest))
    compressions: list[int] = []

    class CountingZlib:
        Z_SYNC_FLUSH = zlib.Z_SYNC_FLUSH

        @staticmethod
        def compressobj(*args, **kwargs):
            compressions.append(1)
            return zlib.compressobj(*args, **kwargs)

    monkeypatch.setattr(shared_deflate, "zlib", CountingZlib)
    with ExitStack() as stack:
        sockets = []
        for _ in range(3):
            sock = stack.enter_context(connect(api.socket_url(tid), proxy=None, open_timeout=10,
                                               compression="deflate"))
            sock.send(json.dumps({"type": "hello"}))
            sockets.append(sock)
        agreed = sockets[0].response.headers["Sec-WebSocket-Extensions"]
        assert "permessage-deflate" in agreed and "server_no_context_takeover" in agreed
        firsts = [json.loads(sock.recv(timeout=10)) for sock in sockets]
        seq = api.act_ok(tid, tokens[firsts[0]["view"]["to_act"][0]], 0, {"type": "take", "count": 1})
        [json.loads(sock.recv(timeout=10)) for sock in sockets]  # patches of each one's own first
        mover = api.table(tid)["view"]["to_act"][0]
        api.act_ok(tid, tokens[mover], seq, {"type": "take", "count": 1})
        updates = [json.loads(sock.recv(timeout=10)) for sock in sockets]
    # Each socket's first snapshot is its own (its time and revision)
    assert [first["type"] for first in firsts] == ["state"] * 3
    assert len({json.dumps({**first, "now_ms": 0, "rev": 0}) for first in firsts}) == 1
    # (and so the first patch, of each one's first snapshot); from the second patch on, one
    # message for all, compressed once for the three.
    assert updates[0]["type"] == "patch" and updates[0]["seq"] == 2 and updates[0] == updates[1] == updates[2]
    assert len(asked) == 9 and [json.loads(text) for text in asked[6:]] == updates
    assert len(compressions) == 3 + 3 + 1
