"""A lean HTTP/1.1 client to the process that owns a table (gametable.server.forwarding sends
requests through it): keep-alive connections to each owner, framed and parsed by h11."""

from __future__ import annotations

import asyncio
import time
from urllib.parse import urlsplit

import h11


class OwnerUnreachable(Exception):
    """The owner did not answer (refused, reset, or timed out before any answer); ``sent``:
    the request may have reached it."""

    def __init__(self, problem: str, sent: bool = False) -> None:
        super().__init__(problem)
        self.sent = sent



class Connection:
    """One keep-alive connection to an owner: the stream, and h11's record of where the
    HTTP/1.1 exchange on it stands (h11 frames requests and parses answers)."""

    __slots__ = ("reader", "writer", "http")

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.http = h11.Connection(our_role=h11.CLIENT)

    def close(self) -> None:
        self.writer.close()

    @property
    def closing(self) -> bool:
        return self.writer.is_closing()


class OwnerConnections:
    """A lean HTTP/1.1 client for forwarding: keep-alive connections to each owner, one
    request at a time on each (a general client cost several times the owner's own work per
    request here). Answers are read whole: the API's answers are small JSON bodies."""

    #: an idle connection older than this is closed rather than reused: the owner may be
    #: closing it (its keep-alive timeout), and a request written then could not be retried
    IDLE_SECONDS = 2.0
    #: bytes read from the socket at a time
    CHUNK = 65536

    def __init__(self, connect_timeout: float, read_timeout: float, most_idle: int = 32) -> None:
        self.connect_timeout = connect_timeout
        self.read_timeout = read_timeout
        self.most_idle = most_idle
        self.idle: dict[str, list[tuple[Connection, float]]] = {}

    async def request(self, address: str, method: str, target: bytes, headers: list[tuple[bytes, bytes]],
                      body: bytes) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
        connection = await self._connection(address)
        fields = headers if any(name == b"host" for name, _ in headers) \
            else [(b"host", urlsplit(address).netloc.encode()), *headers]
        http = connection.http
        try:
            connection.writer.write(http.send(h11.Request(method=method, target=target, headers=fields))
                                    + http.send(h11.Data(data=body)) + http.send(h11.EndOfMessage()))
            status, answer, content = await asyncio.wait_for(self._answer(connection), self.read_timeout)
        except (OSError, EOFError, h11.ProtocolError, asyncio.TimeoutError) as exc:
            connection.close()
            raise OwnerUnreachable(str(exc) or type(exc).__name__, sent=True) from exc
        if http.our_state is h11.DONE and http.their_state is h11.DONE \
                and len(self.idle.setdefault(address, [])) < self.most_idle:
            http.start_next_cycle()
            self.idle[address].append((connection, time.monotonic()))
        else:
            connection.close()
        return status, answer, content

    async def _answer(self, connection: Connection) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
        """Status, headers (names in lower case, as h11 gives them) and the whole body."""
        http = connection.http
        response: h11.Response | None = None
        content = bytearray()
        while True:
            event = http.next_event()
            if event is h11.NEED_DATA:
                # b"" at the end of the stream: h11 then ends a close-delimited body, or says
                # the answer was cut short (RemoteProtocolError)
                http.receive_data(await connection.reader.read(self.CHUNK))
            elif isinstance(event, h11.Response):
                response = event
            elif isinstance(event, h11.Data):
                content += event.data
            elif isinstance(event, h11.EndOfMessage) and response is not None:
                return response.status_code, list(response.headers), bytes(content)
            elif isinstance(event, h11.ConnectionClosed):
                raise EOFError("the owner closed the connection before answering")

    async def _connection(self, address: str) -> Connection:
        idle = self.idle.get(address)
        while idle:
            connection, since = idle.pop()
            if time.monotonic() - since < self.IDLE_SECONDS and not connection.closing:
                return connection
            connection.close()
        parts = urlsplit(address)
        try:
            reader, writer = await asyncio.wait_for(asyncio.open_connection(parts.hostname, parts.port),
                                                    self.connect_timeout)
        except (OSError, asyncio.TimeoutError) as exc:
            raise OwnerUnreachable(str(exc) or type(exc).__name__) from exc
        return Connection(reader, writer)

    async def aclose(self) -> None:
        for connections in self.idle.values():
            for connection, _since in connections:
                connection.close()
        self.idle.clear()
