"""Real `gametable serve` processes on PostgreSQL + Redis: the owner of busy tables is killed
with SIGKILL and their games go on through the other process; `serve --workers 2` serves a
game. (Runs when PostgreSQL and Redis answer.)"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx2
import pytest

from gametable.server.store import LogStore
from tests.server.conftest import free_port
from tests.server.helpers import Api, play_to_end
from tests.server.test_fanout_redis import REDIS_URL, _redis_reachable

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not _redis_reachable(), reason=f"no Redis at {REDIS_URL}")


class Serve:
    """`gametable serve` in a process group of its own (its workers go with it)."""

    def __init__(self, database_url: str, port: int, *args: str) -> None:
        env = dict(os.environ, DATABASE_URL=database_url, REDIS_URL=REDIS_URL, GAMETABLE_RATE_LIMITS="off",
                   PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT)]))
        self.url = f"http://127.0.0.1:{port}"
        self.output: list[str] = []
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gametable", "serve", "--port", str(port), "--bot-pause", "0",
             "--extra-game", "tests.engine.toy_game", "--log-level", "warning", *args],
            env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            start_new_session=True)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        deadline = time.monotonic() + 120  # a start takes over 30 s on a machine under heavy load
        while True:
            assert self.process.poll() is None, "".join(self.output)
            try:
                if httpx2.get(self.url + "/readyz", timeout=1, trust_env=False).status_code == 200:
                    break
            except httpx2.TransportError:
                pass
            assert time.monotonic() < deadline, "gametable serve did not start: " + "".join(self.output)
            time.sleep(0.1)

    def _read(self) -> None:
        for line in self.process.stdout:
            self.output.append(line)

    def kill(self) -> None:
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        try:  # whatever is left of the group (workers)
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


@pytest.fixture
def serve(postgres_url):
    started: list[Serve] = []

    def start(*args: str) -> Serve:
        server = Serve(postgres_url, free_port(), *args)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


TAKE = {"type": "take", "count": 1}


def test_sigkill_of_the_owner_of_busy_tables_loses_nothing_and_the_games_go_on_elsewhere(serve, postgres_url):
    owner, other = serve(), serve()
    tables: list[tuple[str, list[str]]] = []
    with Api(owner.url) as a, Api(other.url) as b:
        for _ in range(4):
            table = a.create(players=2, options={"pile": 21})  # owned by the first process
            bob = b.join(table["id"])
            tables.append((table["id"], [table["token"], bob["token"]]))
    acknowledged: dict[str, list[int]] = {tid: [] for tid, _ in tables}
    killed = threading.Event()
    after_kill = [0]
    errors: list[str] = []

    def client(tid: str, tokens: list[str]) -> None:
        """Both seats of one table act through the other process (forwarded to the owner
        until it dies); every answer 200 is an acknowledged action."""
        with Api(other.url) as api:
            seq, deadline = 0, time.monotonic() + 180
            while time.monotonic() < deadline:
                response = api.act(tid, tokens[seq % 2], seq, TAKE)
                if response.status_code == 200:
                    assert response.json()["seq"] == seq + 1
                    seq += 1
                    acknowledged[tid].append(seq)
                    after_kill[0] += killed.is_set()
                elif response.status_code in (409, 503):
                    # 409: the action in flight at the kill was committed unanswered; 503: retry
                    snapshot = api.table(tid)
                    if snapshot["status"] == "finished":
                        return
                    seq = snapshot["seq"]
                else:
                    errors.append(response.text)
                    return

    threads = [threading.Thread(target=client, args=table) for table in tables]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 60
    while sum(map(len, acknowledged.values())) < 20 and time.monotonic() < deadline:
        time.sleep(0.01)
    owner.kill()  # SIGKILL while the clients keep acting
    killed.set()
    for thread in threads:
        thread.join(timeout=200)
    assert not errors, errors
    assert after_kill[0] > 0  # the games went on after the kill...

    store = LogStore.from_url(postgres_url)
    try:
        with Api(other.url) as b:
            for tid, _tokens in tables:
                log = b.http.get(f"/api/tables/{tid}/log").json()
                assert log["status"] == "finished"  # ...to their end
                # every acknowledged action is in the log, at the seq it was answered with
                assert [x["seq"] for x in log["actions"]] == list(range(1, log["seq"] + 1))
                assert set(acknowledged[tid]) <= set(range(1, log["seq"] + 1))
                assert acknowledged[tid] == sorted(set(acknowledged[tid]))
                assert all(x["action"] == TAKE for x in log["actions"])
                # ...and served by the process that took the table over
                assert store.lease(tid).address == other.url
    finally:
        store.close()


def test_serve_with_two_workers_serves_a_game(serve):
    server = serve("--workers", "2")
    workers = set()
    deadline = time.monotonic() + 60
    while len(workers) < 2 and time.monotonic() < deadline:
        workers = set(re.findall(r"worker \d of 2 \(pid (\d+)\)", "".join(server.output)))
        time.sleep(0.1)
    assert len(workers) == 2, "".join(server.output)
    with Api(server.url) as api:
        table = api.create(players=3, bots=[2], options={"pile": 21})
        bob = api.join(table["id"])
        final = play_to_end(api, table["id"], {0: table["token"], 1: bob["token"]}, timeout=120)
    assert final["status"] == "finished"
    log = httpx2.get(f"{server.url}/api/tables/{table['id']}/log", trust_env=False).json()
    assert [x["seq"] for x in log["actions"]] == list(range(1, log["seq"] + 1))
    for pid in workers:  # both workers still serve
        os.kill(int(pid), 0)
    server.process.terminate()  # the parent passes SIGTERM on; every worker drains and exits
    assert server.process.wait(timeout=40) == 0
    for pid in workers:
        with pytest.raises(ProcessLookupError):
            os.kill(int(pid), 0)


def test_a_game_of_bots_whose_owner_is_killed_goes_on_in_the_other_process_unasked(serve, postgres_url):
    owner = serve("--bot-pause", "0.3")
    other = serve("--bot-pause", "0.3")
    with Api(owner.url) as a:
        table = a.create(players=3, bots=[1, 2], options={"pile": 21})
        tid = table["id"]
        with a.socket(tid, table["token"]) as watcher:
            watcher.until(lambda m: m.get("type") == "state")
            response = a.http.post(f"/api/tables/{tid}/seats/0/bot",
                                   headers={"Authorization": f"Bearer {table['token']}"})
            assert response.status_code == 204
            watcher.until(lambda m: m.get("type") == "state" and m["seq"] >= 3)
    owner.kill()
    # Nobody asks for the table: the other process finds it orphaned and finishes the game.
    store = LogStore.from_url(postgres_url)
    try:
        deadline = time.monotonic() + 120
        while store.load_table(tid).finished_ms is None:
            assert time.monotonic() < deadline, "the game did not go on"
            time.sleep(0.2)
        assert store.lease(tid).address == other.url
        actions = store.actions_after(tid, 0)
        assert [a.seq for a in actions] == list(range(1, len(actions) + 1))
    finally:
        store.close()
