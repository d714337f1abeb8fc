"""WebSocket compression done once per message, not once per socket (issue 29).

uvicorn agrees permessage-deflate with every client that offers it and keeps one compressor per
socket, whose window carries over from message to message ("context takeover"). Its output then
depends on everything that socket was sent before, so a message handed to a thousand spectators
was compressed a thousand times: a feed slice of 50 sockets held the event loop 10-15 ms, and
every other table's requests waited behind it (docs/benchmarks.md, "issue 29, fourth round").

Here the server agrees ``server_no_context_takeover`` (a server may always add it, RFC 7692
7.1.1.1): each message is compressed on its own, so the same text gives the same bytes on every
socket, and the compressed bytes are kept for the next socket that sends the same text. What it
costs: small patches compress less well without the previous messages' window (a GWT move's
patch, 550 bytes of JSON, in about 235 bytes instead of 90); what it saves besides the CPU: no
compressor kept per socket between messages. What clients send is decompressed as before.
"""

from __future__ import annotations

import zlib
from collections import OrderedDict
from dataclasses import replace
from typing import Any

from websockets.extensions.permessage_deflate import PerMessageDeflate, ServerPerMessageDeflateFactory
from websockets.frames import CTRL_OPCODES, Frame, Opcode

#: compressed messages kept, by their text (and the compressor's settings), newest used last
_kept: OrderedDict[tuple, bytes] = OrderedDict()
_kept_bytes = 0
#: what the kept messages and their compressed bytes may take together
KEEP_BYTES = 4 * 1024 * 1024
#: a message larger than this is compressed for its socket alone (a first snapshot of a big table
#: is sent once per socket anyway)
KEEP_MESSAGE_BYTES = 256 * 1024
_EMPTY_BLOCK = b"\x00\x00\xff\xff"  # what a sync flush ends with, left off on the wire


def compressed(data: bytes, window_bits: int, settings: dict[str, Any]) -> bytes:
    """``data`` deflated on its own (a fresh compressor, sync-flushed, the empty block left off),
    as every socket with these settings would send it; kept for the next socket asking."""
    global _kept_bytes
    key = (window_bits, tuple(sorted(settings.items())), data)
    found = _kept.get(key)
    if found is not None:
        _kept.move_to_end(key)
        return found
    encoder = zlib.compressobj(wbits=-window_bits, **settings)
    out = encoder.compress(data) + encoder.flush(zlib.Z_SYNC_FLUSH)
    assert out.endswith(_EMPTY_BLOCK)
    out = out[:-4]
    if len(data) <= KEEP_MESSAGE_BYTES:
        _kept[key] = out
        _kept_bytes += len(data) + len(out)
        while _kept_bytes > KEEP_BYTES:
            (_, _, old), old_out = _kept.popitem(last=False)
            _kept_bytes -= len(old) + len(old_out)
    return out


def forget() -> None:
    """Drop the kept messages (tests)."""
    global _kept_bytes
    _kept.clear()
    _kept_bytes = 0


class SharedDeflate(PerMessageDeflate):
    """permessage-deflate whose whole messages are compressed by :func:`compressed`."""

    def encode(self, frame: Frame) -> Frame:
        if (frame.opcode in CTRL_OPCODES or frame.opcode is Opcode.CONT or not frame.fin
                or not self.local_no_context_takeover):
            return super().encode(frame)  # (fragments: never sent by this server)
        data = compressed(bytes(frame.data), self.local_max_window_bits, self.compress_settings)
        return replace(frame, data=data, rsv1=True)


class SharedDeflateFactory(ServerPerMessageDeflateFactory):
    """uvicorn's permessage-deflate settings, with ``server_no_context_takeover`` always agreed."""

    def __init__(self) -> None:
        super().__init__(server_no_context_takeover=True, server_max_window_bits=12,
                         client_max_window_bits=12, compress_settings={"memLevel": 5})

    def process_request_params(self, params: Any, accepted_extensions: Any) -> tuple[Any, PerMessageDeflate]:
        response, extension = super().process_request_params(params, accepted_extensions)
        return response, SharedDeflate(extension.remote_no_context_takeover, extension.local_no_context_takeover,
                                       extension.remote_max_window_bits, extension.local_max_window_bits,
                                       extension.compress_settings)
