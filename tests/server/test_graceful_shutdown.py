"""A real `gametable serve` gets SIGTERM mid-play: it stops listening, closes its WebSockets
with 1001 and a reason to reconnect, lets the actions in progress finish, flushes its commits
and exits by itself; every action answered 200 is in the log after a restart."""

from __future__ import annotations

import json
import signal
import threading

import httpx2
import pytest
from websockets.exceptions import ConnectionClosed

from gametable.server.store import LogStore
from gametable.server.ws import CLOSE_GOING_AWAY
from tests.server.conftest import free_port
from tests.server.helpers import Api
from tests.server.test_restart import ServeProcess

GRACE = 5.0
TAKE = {"type": "take", "count": 1}
#: tokens on each table's pile: a game of 21 actions, one token at a time
PILE = 21


@pytest.fixture
def serve(database_url):
    started = []
    port = free_port()

    def start(log_level: str = "warning", **extra_env: str) -> ServeProcess:
        process = ServeProcess(database_url, port, log_level=log_level,
                               extra_env={"GAMETABLE_GRACEFUL_SHUTDOWN": str(GRACE), **extra_env})
        started.append(process)
        return process

    yield start
    for process in started:
        process.stop()


def test_sigterm_under_load_drains_and_keeps_every_acknowledged_action(serve, database_url):
    server = serve()
    tables: list[tuple[str, list[str]]] = []
    with Api(server.url) as api:
        for _ in range(10):
            table = api.create(players=2, options={"pile": PILE})
            tables.append((table["id"], [table["token"], api.join(table["id"])["token"]]))
    acknowledged: dict[str, list[int]] = {tid: [] for tid, _ in tables}
    count = [0]
    enough = threading.Event()

    def client(mine: list[tuple[str, list[str]]]) -> None:
        with Api(server.url) as api:
            seqs = {tid: 0 for tid, _ in mine}
            while any(seq < PILE for seq in seqs.values()):
                for tid, tokens in mine:
                    seq = seqs[tid]
                    try:
                        response = api.act(tid, tokens[seq % 2], seq, TAKE)
                    except httpx2.TransportError:
                        return  # the server has stopped listening
                    if response.status_code != 200:
                        continue  # that game is over
                    acknowledged[tid].append(response.json()["seq"])
                    seqs[tid] = seq + 1
                    count[0] += 1
                    if count[0] >= 40:
                        enough.set()

    watcher = Api(server.url).__enter__()
    socket = watcher.socket(tables[0][0])
    socket.until(lambda m: m.get("type") == "state")
    workers = [threading.Thread(target=client, args=(tables[i::2],)) for i in range(2)]
    for worker in workers:
        worker.start()
    assert enough.wait(timeout=30)
    server.process.send_signal(signal.SIGTERM)  # while the clients are still acting

    with pytest.raises(ConnectionClosed) as closed:
        while True:
            socket.recv(timeout=GRACE)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == CLOSE_GOING_AWAY
    assert "reconnect" in closed.value.rcvd.reason
    # It exits by itself, with the requests in progress done before the grace period ran out
    # (uvicorn then raises the signal again, so the exit status says "stopped by SIGTERM").
    assert server.process.wait(timeout=2 * GRACE) == -signal.SIGTERM
    output = server.process.stdout.read()
    assert "timeout graceful shutdown exceeded" not in output and "Traceback" not in output, output
    for worker in workers:
        worker.join(timeout=30)
    socket.close()
    watcher.__exit__(None, None, None)

    store = LogStore.from_url(database_url)
    try:
        for tid, _ in tables:
            logged = [record.seq for record in store.actions_after(tid, 0)]
            # Every action answered 200 is there, and nothing was committed unanswered.
            assert logged == sorted(acknowledged[tid])
    finally:
        store.close()

    server = serve()  # and a restarted server goes on from there
    with Api(server.url) as api:
        for tid, tokens in tables:
            seq = len(acknowledged[tid])
            assert api.table(tid)["seq"] == seq
            api.act_ok(tid, tokens[seq % 2], seq, TAKE)


def test_json_logs_hold_request_fields_with_tokens_redacted(serve):
    server = serve(log_level="info", GAMETABLE_LOG_FORMAT="json")
    try:
        httpx2.get(server.url + "/api/games?token=sekrit&x=1", trust_env=False)
    finally:
        server.process.send_signal(signal.SIGTERM)
        output = server.process.communicate(timeout=2 * GRACE)[0]
    lines = [json.loads(line) for line in output.splitlines() if line.startswith("{")]
    access = [line for line in lines if line["logger"] == "uvicorn.access"]
    assert any(line["path"].startswith("/api/games") for line in access), output
    line = next(line for line in access if line["path"].startswith("/api/games?"))
    assert line["path"] == "/api/games?token=[redacted]&x=1"
    assert line["method"] == "GET" and line["status"] == 200 and line["level"] == "INFO"
    assert {"time", "message", "client", "http_version"} <= set(line)
    assert "sekrit" not in output
    # uvicorn's own lines are JSON too, and every line is
    assert any(line["logger"] == "uvicorn.error" for line in lines)
    assert all(not text.strip() or text.startswith("{") or text.startswith("gametable:")
               for text in output.splitlines()), output
