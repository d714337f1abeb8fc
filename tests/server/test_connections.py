"""Finding 1 of issue 13: idle, silent and slow connections are closed, the number served at once
is bounded, and the open-file limit is raised, on a real server over loopback."""

from __future__ import annotations

import dataclasses
import resource
import socket
import subprocess
import sys
import time
from contextlib import ExitStack
from urllib.parse import urlsplit

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from gametable.server import serving
from tests.server.conftest import start_server
from tests.server.helpers import Api

@pytest.fixture
def database_url(tmp_path) -> str:
    """Connections are the same whatever the store: SQLite only."""
    return f"sqlite:///{tmp_path / 'gametable.sqlite3'}"


REQUEST = b"GET /api/bots HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


@pytest.fixture
def serve(settings):
    """Start a server with some settings changed; stopped at the end of the test."""
    started = []

    def start(**changes):
        server = start_server(dataclasses.replace(settings, **changes))
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


def _connect(url: str, timeout: float = 10.0) -> socket.socket:
    parts = urlsplit(url)
    return socket.create_connection((parts.hostname, parts.port), timeout=timeout)


def _read_until_closed(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (socket.timeout if it never does)."""
    received = b""
    while True:
        try:
            chunk = sock.recv(65536)
        except ConnectionResetError:
            return received
        if not chunk:
            return received
        received += chunk


def test_finding_1_a_partial_request_head_is_closed_within_the_header_timeout(serve):
    server = serve(header_timeout=0.3, keep_alive_timeout=60)
    with _connect(server.url) as slow:
        slow.sendall(b"GET /api/bots HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # and then nothing
        assert _read_until_closed(slow).startswith(b"HTTP/1.1 408 ")


def test_finding_1_a_connection_that_sends_nothing_is_closed(serve):
    server = serve(header_timeout=0.3, keep_alive_timeout=60)
    with _connect(server.url) as silent:
        assert _read_until_closed(silent).startswith(b"HTTP/1.1 408 ")


def test_finding_1_a_head_sent_a_byte_at_a_time_does_not_keep_the_connection(serve):
    server = serve(header_timeout=0.5, keep_alive_timeout=60)
    with _connect(server.url) as trickle:
        trickle.sendall(b"GET /api/bots HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        closed = False
        for _ in range(200):  # a header value a byte at a time, over far longer than the timeout
            try:
                trickle.sendall(b"a")
                trickle.settimeout(0.05)
                closed = trickle.recv(65536) == b"" or closed
            except socket.timeout:
                continue
            except (BrokenPipeError, ConnectionResetError):
                closed = True
            if closed:
                break
        assert closed


def test_finding_1_a_head_over_the_size_bound_is_refused(serve):
    server = serve(max_header_bytes=2048)
    with _connect(server.url) as sock:
        sock.sendall(b"GET /api/bots HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-Pad: " + b"a" * 4000 + b"\r\n")
        answer = _read_until_closed(sock)
        assert answer.startswith((b"HTTP/1.1 431 ", b"HTTP/1.1 400 ")), answer[:80]


def test_finding_1_a_whole_request_is_answered_and_an_idle_keep_alive_connection_closed(serve):
    server = serve(header_timeout=0.3, keep_alive_timeout=0.3)
    with _connect(server.url, timeout=3.0) as sock:
        sock.sendall(REQUEST)
        received = _read_until_closed(sock)  # socket.timeout if the connection stayed open
        assert received.startswith(b"HTTP/1.1 200 ") and b'"levels"' in received


def _read_response(sock: socket.socket) -> bytes:
    """One whole response (head and Content-Length body) from a kept-alive connection."""
    received = b""
    while b"\r\n\r\n" not in received:
        chunk = sock.recv(65536)
        assert chunk, f"the server closed the connection; got {received[:80]!r}"
        received += chunk
    head, _, body = received.partition(b"\r\n\r\n")
    length = int(next(line.split(b":")[1] for line in head.split(b"\r\n")
                      if line.lower().startswith(b"content-length:")))
    while len(body) < length:
        body += sock.recv(65536)
    return head


def test_finding_1_a_busy_keep_alive_connection_outlives_the_header_timeout(serve):
    server = serve(header_timeout=0.3, keep_alive_timeout=60)
    with _connect(server.url) as sock:
        for _ in range(12):  # requests one after another for about four header timeouts
            sock.sendall(REQUEST)
            assert _read_response(sock).startswith(b"HTTP/1.1 200 ")
            time.sleep(0.1)


def test_finding_1_beyond_the_concurrency_limit_the_server_answers_503(serve):
    server = serve(max_connections=16, header_timeout=60)
    served, held = serving.connection_limits(16, serving.current_open_file_limit())
    assert served == 16 and held > served
    with ExitStack() as stack:
        idle = [stack.enter_context(_connect(server.url)) for _ in range(served)]
        with _connect(server.url) as extra:
            extra.sendall(REQUEST.replace(b"\r\n\r\n", b"\r\nConnection: close\r\n\r\n"))
            assert _read_until_closed(extra).startswith(b"HTTP/1.1 503 ")
        with pytest.raises(InvalidStatus) as refused:  # WebSockets count, and are refused, too
            connect(server.url.replace("http://", "ws://") + "/ws/tables/x", proxy=None, open_timeout=10)
        assert refused.value.response.status_code == 503
        # Beyond what the server holds at all, a connection is closed as soon as it is accepted.
        idle += [stack.enter_context(_connect(server.url)) for _ in range(held - served)]
        with _connect(server.url) as dropped:
            assert _read_until_closed(dropped) == b""
    # The idle sockets are gone: normal requests are served again.
    with Api(server.url) as api:
        assert api.http.get("/api/bots").status_code == 200


def test_finding_1_the_connection_limit_leaves_descriptors_for_the_server():
    served, held = serving.connection_limits(2000, 512)
    assert held <= 512 - serving.FD_RESERVE and served < held
    assert serving.connection_limits(2000, 1 << 20) == (2000, 4000)


_RAISE = """
import resource, sys
from gametable.server.serving import raise_open_file_limit
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))
result = raise_open_file_limit()
print(result, resource.getrlimit(resource.RLIMIT_NOFILE)[0], hard)
"""


def test_finding_1_serve_raises_the_open_file_limit_to_the_hard_limit():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard <= 256:
        pytest.fail(f"this test needs a finite hard limit above 256 (it is {hard})")
    out = subprocess.run([sys.executable, "-c", _RAISE], capture_output=True, text=True, check=True)
    result, new_soft, hard_seen = map(int, out.stdout.split())
    assert result == new_soft == hard_seen == hard


def test_finding_1_the_open_file_limit_stays_when_the_system_refuses(monkeypatch):
    monkeypatch.setattr(resource, "getrlimit", lambda _kind: (256, 4096))

    def refuse(_kind, _limits):
        raise ValueError("not allowed")

    monkeypatch.setattr(resource, "setrlimit", refuse)
    assert serving.raise_open_file_limit() == 256


async def _echo_client(scope, receive, send):
    """An ASGI app that answers with the client address and scheme it was given."""
    if scope["type"] != "http":
        return
    body = f"{scope['client'][0]} {scope['scheme']}".encode()
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


@pytest.mark.parametrize("trusted, internal, seen", [
    # issue 29: no proxy configured, one process: nobody's headers are believed (a client
    # rotating X-Forwarded-For would otherwise be counted as whoever it names)
    (None, None, "127.0.0.1 http"),
    ("127.0.0.1", None, "203.0.113.7 https"),
    ("10.0.0.0/8", None, "127.0.0.1 http"),
    # several processes on this machine forward to one another with the client's address
    (None, "http://127.0.0.1:9", "203.0.113.7 https")])
def test_finding_1_forwarded_headers_are_believed_only_from_trusted_proxies(settings, trusted, internal, seen):
    import threading

    import uvicorn

    from tests.server.conftest import free_port

    settings = dataclasses.replace(settings, forwarded_allow_ips=trusted, internal_url=internal)
    port = free_port()
    server = uvicorn.Server(serving.uvicorn_config(_echo_client, settings, host="127.0.0.1", port=port,
                                                   log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 10
        while not server.started:
            assert thread.is_alive() and time.monotonic() < deadline, "the echo server did not start"
            time.sleep(0.01)
        with Api(f"http://127.0.0.1:{port}") as api:
            response = api.http.get("/", headers={"X-Forwarded-For": "203.0.113.7",
                                                  "X-Forwarded-Proto": "https"})
        assert response.text == seen
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@pytest.mark.parametrize("changes, named", [
    ({"forwarded_allow_ips": "127.0.0.1,proxy.local"}, "--forwarded-allow-ips"),
    ({"header_timeout": 0}, "--header-timeout"),
    ({"keep_alive_timeout": -1}, "--keep-alive-timeout"),
    ({"max_connections": 3}, "--max-connections"),
    ({"max_header_bytes": 10}, "GAMETABLE_MAX_HEADER_BYTES"),
])
def test_finding_1_connection_settings_are_checked_with_a_clear_message(changes, named):
    from gametable.server.config import Settings, SettingError

    with pytest.raises(SettingError, match=named):
        Settings(database_url="sqlite://", **changes)


def test_finding_1_connection_settings_come_from_the_environment(monkeypatch):
    from gametable.server.config import Settings, SettingError

    monkeypatch.setenv("GAMETABLE_HEADER_TIMEOUT", "2.5")
    monkeypatch.setenv("GAMETABLE_MAX_CONNECTIONS", "300")
    monkeypatch.setenv("GAMETABLE_FORWARDED_ALLOW_IPS", "10.0.0.0/8, 192.168.1.2")
    settings = Settings.from_env(database_url="sqlite://")
    assert (settings.header_timeout, settings.max_connections) == (2.5, 300)
    assert settings.forwarded_allow_ips == "10.0.0.0/8,192.168.1.2"
    monkeypatch.setenv("GAMETABLE_MAX_CONNECTIONS", "many")
    with pytest.raises(SettingError, match="GAMETABLE_MAX_CONNECTIONS must be a whole number"):
        Settings.from_env(database_url="sqlite://")
