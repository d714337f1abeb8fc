"""A real `gametable serve` process is killed with SIGKILL mid-game and started again:
every acknowledged action is still there and the game goes on from it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx2
import pytest

from tests.server.conftest import free_port
from tests.server.helpers import Api

ROOT = Path(__file__).resolve().parents[2]


class ServeProcess:
    def __init__(self, database_url: str, port: int, bot_pause: float = 0.0) -> None:
        env = dict(os.environ, DATABASE_URL=database_url,
                   PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT)]))
        env.pop("REDIS_URL", None)
        self.url = f"http://127.0.0.1:{port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gametable", "serve", "--port", str(port), "--bot-pause", str(bot_pause),
             "--extra-game", "tests.engine.toy_game", "--log-level", "warning"],
            env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        deadline = time.monotonic() + 30
        while True:
            assert self.process.poll() is None, self.process.stdout.read()
            try:
                if httpx2.get(self.url + "/api/games", timeout=1, trust_env=False).status_code == 200:
                    break
            except httpx2.TransportError:
                pass
            assert time.monotonic() < deadline, "gametable serve did not start"
            time.sleep(0.05)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        self.process.stdout.close()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process.stdout.close()


@pytest.fixture
def serve(database_url):
    """Starts `gametable serve` on the test database; each call is a new process."""
    started = []
    port = free_port()

    def start(bot_pause: float = 0.0) -> ServeProcess:
        process = ServeProcess(database_url, port, bot_pause)
        started.append(process)
        return process

    yield start
    for process in started:
        process.stop()


def test_sigkill_mid_game_loses_nothing_that_was_acknowledged(serve):
    server = serve()
    with Api(server.url) as api:
        table = api.create(players=2, options={"pile": 21})
        bob = api.join(table["id"])
        tid, tokens = table["id"], [table["token"], bob["token"]]
        seq = 0
        for turn in range(5):
            seq = api.act_ok(tid, tokens[turn % 2], seq, {"type": "take", "count": 1})
        before = [api.table(tid, token) for token in tokens]
    server.kill()

    server = serve()
    with Api(server.url) as api:
        after = [api.table(tid, token) for token in tokens]
        assert after == before  # same seq, same views, same legal actions
        # The game goes on from there to its end.
        while True:
            snapshot = api.table(tid)
            if snapshot["status"] == "finished":
                break
            seat = snapshot["view"]["to_act"][0]
            api.act_ok(tid, tokens[seat], snapshot["seq"], {"type": "take", "count": 1})
        assert api.table(tid)["seq"] == 5 + 16  # 21 tokens taken one at a time


def test_sigkill_under_load_keeps_every_acknowledged_action(serve):
    """Clients keep acting on many tables while the process is killed; afterwards the log
    holds every action that was answered 200, at the seq it was answered with."""
    server = serve()
    acknowledged: dict[str, list[tuple[int, dict]]] = {}
    with Api(server.url) as api:
        tables = []
        for _ in range(6):
            table = api.create(players=2, options={"pile": 21})
            bob = api.join(table["id"])
            tables.append((table["id"], [table["token"], bob["token"]]))
            acknowledged[table["id"]] = []

    stop = threading.Event()
    count = [0]

    def client() -> None:
        with Api(server.url) as api:
            seqs = {tid: 0 for tid, _ in tables}
            while not stop.is_set():
                for tid, tokens in tables:
                    seq = seqs[tid]
                    action = {"type": "take", "count": 1}
                    try:
                        response = api.act(tid, tokens[seq % 2], seq, action)
                    except httpx2.TransportError:
                        return  # the server is gone
                    if response.status_code != 200:
                        continue  # this table is over
                    assert response.json()["seq"] == seq + 1
                    acknowledged[tid].append((seq + 1, action))
                    seqs[tid] = seq + 1
                    count[0] += 1

    worker = threading.Thread(target=client)
    worker.start()
    deadline = time.monotonic() + 30
    while count[0] < 40 and time.monotonic() < deadline:
        time.sleep(0.001)
    server.kill()  # while the client is still sending
    stop.set()
    worker.join(timeout=30)
    assert count[0] >= 40

    server = serve()
    with Api(server.url) as api:
        for tid, tokens in tables:
            data = api.http.get(f"/api/tables/{tid}/log").json()
            last_acknowledged = acknowledged[tid][-1][0] if acknowledged[tid] else 0
            # At most the one action in flight at the kill may have been committed unanswered.
            assert last_acknowledged <= data["seq"] <= last_acknowledged + 1
        # Every acknowledged action is in the log, at its seq (the full log opens at the end).
        for tid, tokens in tables:
            while True:
                snapshot = api.table(tid)
                if snapshot["status"] == "finished":
                    break
                seat = snapshot["view"]["to_act"][0]
                api.act_ok(tid, tokens[seat], snapshot["seq"], {"type": "take", "count": 1})
            actions = api.http.get(f"/api/tables/{tid}/log").json()["actions"]
            for seq, action in acknowledged[tid]:
                assert actions[seq - 1]["seq"] == seq and actions[seq - 1]["action"] == action


def test_a_bot_whose_move_was_pending_at_the_kill_moves_after_the_restart(serve):
    server = serve(bot_pause=60)  # the bots would wait a minute: they are killed first
    with Api(server.url) as api:
        table = api.create(players=3, bots=[1, 2], options={"pile": 21})
        api.act_ok(table["id"], table["token"], 0, {"type": "take", "count": 1})
        assert api.table(table["id"])["view"]["to_act"] == [1]
    server.kill()

    server = serve(bot_pause=0)
    with Api(server.url) as api:
        # Opening the table rebuilds it; both bots then play, and it is seat 0's turn again.
        snapshot = api.wait_until(table["id"], table["token"], lambda s: s["legal_actions"])
        assert snapshot["seq"] == 3 and snapshot["view"]["to_act"] == [0]
        assert [e["seat"] for e in snapshot["view"]["log"]] == [0, 1, 2]
