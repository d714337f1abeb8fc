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

from gametable.engine import log_for
from tests.server.conftest import free_port
from tests.server.helpers import Api

ROOT = Path(__file__).resolve().parents[2]


class ServeProcess:
    def __init__(self, database_url: str, port: int, bot_pause: float = 0.0,
                 extra_env: dict[str, str] | None = None, log_level: str = "warning") -> None:
        # GAMETABLE_RATE_LIMITS=off: the tests act as fast as they can from one address.
        env = dict(os.environ, DATABASE_URL=database_url, GAMETABLE_RATE_LIMITS="off",
                   PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT)]), **(extra_env or {}))
        env.pop("REDIS_URL", None)
        self.url = f"http://127.0.0.1:{port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gametable", "serve", "--port", str(port), "--bot-pause", str(bot_pause),
             "--extra-game", "tests.engine.toy_game", "--log-level", log_level],
            env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        deadline = time.monotonic() + 120  # a start takes over 30 s on a machine under heavy load
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


def _log_store(database_url):
    from gametable.server.store import LogStore
    return LogStore.from_url(database_url)


def test_bots_go_on_by_themselves_after_a_sigkill(serve, database_url):
    """A game of bots only: killed mid-game, the restarted server resumes it at once, without
    anyone opening the table, and finishes it on top of everything that was acknowledged."""
    server = serve(bot_pause=0.1)
    with Api(server.url) as api:
        table = api.create(players=3, bots=[1, 2], options={"pile": 21})
        tid = table["id"]
        with api.socket(tid, table["token"]) as watcher:
            watcher.until(lambda m: m.get("type") == "state")
            api.http.post(f"/api/tables/{tid}/seats/0/bot", headers={"Authorization": f"Bearer {table['token']}"})
            seen = watcher.until(lambda m: m.get("type") == "state" and m["seq"] >= 4)
    acknowledged = watcher.log[:]  # every entry the watcher was told of
    assert seen["status"] == "playing"
    server.kill()

    store = _log_store(database_url)
    try:
        committed = store.actions_after(tid, 0)
        assert len(committed) >= seen["seq"]
        assert store.load_table(tid).bot_due is True
        server = serve(bot_pause=0.1)
        deadline = time.monotonic() + 60
        while store.load_table(tid).finished_ms is None:  # nobody asks the server about it
            assert time.monotonic() < deadline, "the bots did not finish the game after the restart"
            time.sleep(0.1)
        final = store.actions_after(tid, 0)
        assert store.load_table(tid).bot_due is False
    finally:
        store.close()
    assert [a.seq for a in final] == list(range(1, len(final) + 1))
    assert final[:len(committed)] == committed  # nothing committed before the kill was lost
    with Api(server.url) as api:
        data = api.http.get(f"/api/tables/{tid}/log").json()
        assert data["status"] == "finished" and data["seq"] == len(final)
        # The spectator's log the watcher was sent is the start of the finished game's log.
        assert log_for(data["log"], None)[:len(acknowledged)] == acknowledged


def test_on_start_unfinished_tables_are_rebuilt_and_idle_ones_stay_on_disk(database_url):
    """A restarted server brings back the tables where a bot must move and those where people
    played lately, complete; a table where people decide and nothing happened for longer than
    the idle time stays on disk until opened, and is complete then."""
    from sqlalchemy import update

    from gametable.server import Settings, models
    from tests.server.conftest import start_server

    settings = Settings(database_url=database_url, bot_pause=60, rate_limits=False)  # bots wait: nothing moves
    first = start_server(settings)
    try:
        with Api(first.url) as api:
            bots_turn = api.create(players=2, bots=[1], options={"pile": 21})
            api.act_ok(bots_turn["id"], bots_turn["token"], 0, {"type": "take", "count": 1})
            persons_turn = api.create(players=2, options={"pile": 21})
            bob = api.join(persons_turn["id"])
            api.act_ok(persons_turn["id"], persons_turn["token"], 0, {"type": "take", "count": 2})
            expected = api.table(persons_turn["id"], bob["token"])
            idle = api.create(players=2, options={"pile": 21})
            carol = api.join(idle["id"])
            api.act_ok(idle["id"], idle["token"], 0, {"type": "take", "count": 1})
            expected_idle = api.table(idle["id"], carol["token"])
    finally:
        first.stop()
    store = _log_store(database_url)
    try:
        long_ago = int(time.time() * 1000) - int(settings.idle_seconds * 1000) - 60_000
        with store.engine.begin() as conn:
            conn.execute(update(models.tables).where(models.tables.c.id == idle["id"]).values(created_ms=long_ago))
            conn.execute(update(models.actions).where(models.actions.c.table_id == idle["id"]).values(time=long_ago))
    finally:
        store.close()

    second = start_server(settings)
    try:
        deadline = time.monotonic() + 120  # (on PostgreSQL, every earlier test's tables come back too)
        while not second.manager.resumed.done():
            assert time.monotonic() < deadline, "the server did not finish resuming tables"
            time.sleep(0.01)
        # (on PostgreSQL the schema holds the other tests' tables too)
        assert {bots_turn["id"], persons_turn["id"]} <= set(second.manager.tables)
        assert idle["id"] not in second.manager.tables
        assert second.manager.tables[bots_turn["id"]].bot_task is not None  # its bot is waiting to move
        with Api(second.url) as api:
            assert api.table(persons_turn["id"], bob["token"]) == expected
            assert api.table(idle["id"], carol["token"]) == expected_idle
    finally:
        second.stop()


def test_thirty_tables_come_back_from_their_checkpoints_with_the_same_state(database_url):
    """Thirty tables (GWT and CATAN, people's and bots' turns, undos in their logs) with state
    checkpoints every 5 actions: a restarted server brings every one back into memory by
    itself, each seat sees exactly what it saw before, and every game goes on."""
    import random

    from gametable.server import Settings
    from tests.server.conftest import start_server

    # bots wait: the tables stand still, so the states before and after compare exactly
    settings = Settings(database_url=database_url, bot_pause=3600, rate_limits=False, checkpoint_every=5)
    rnd = random.Random(12)
    tables = []  # (table id, [seat tokens], bot seat or None)
    first = start_server(settings)
    try:
        with Api(first.url) as api:
            for n in range(30):
                game = "gwt" if n % 2 else "catan-on-the-road"
                made = api.create(game=game, players=2)
                tokens = [made["token"], api.join(made["id"])["token"]]
                for _ in range(rnd.randint(8, 30)):
                    seat = api.table(made["id"])["view"]["to_act"][0]
                    snap = api.table(made["id"], tokens[seat])
                    if snap["can_undo"] and rnd.random() < 0.2:
                        assert api.undo(made["id"], tokens[seat], snap["seq"]).status_code == 200
                    else:
                        api.act_ok(made["id"], tokens[seat], snap["seq"], rnd.choice(snap["legal_actions"]))
                bot = None
                if n % 3 == 0:  # the second player leaves: a bot plays that seat from now on
                    bot = 1
                    response = api.http.post(f"/api/tables/{made['id']}/seats/1/bot",
                                             headers={"Authorization": f"Bearer {tokens[1]}"})
                    assert response.status_code == 204
                tables.append((made["id"], tokens, bot))
            before = {tid: [api.table(tid, t) for t in tokens] for tid, tokens, _ in tables}
    finally:
        first.stop()
    store = _log_store(database_url)
    try:
        checkpointed = [tid for tid, _, _ in tables if store.newest_checkpoint(tid) is not None]
    finally:
        store.close()
    assert len(checkpointed) >= 20  # most tables load from a checkpoint

    second = start_server(settings)
    try:
        deadline = time.monotonic() + 120  # (on PostgreSQL, every earlier test's tables come back too)
        while not second.manager.resumed.done():
            assert time.monotonic() < deadline, "the server did not finish resuming tables"
            time.sleep(0.01)
        assert {tid for tid, _, _ in tables} <= set(second.manager.tables)  # nobody opened them
        with Api(second.url) as api:
            for tid, tokens, bot in tables:
                assert [api.table(tid, t) for t in tokens] == before[tid], tid
                # the game goes on: a person's turn takes an action, as it would have before
                snap = before[tid][0]
                seat = snap["view"]["to_act"][0]
                if seat != bot and snap["status"] == "playing":
                    mine = api.table(tid, tokens[seat])
                    api.act_ok(tid, tokens[seat], mine["seq"], mine["legal_actions"][0])
    finally:
        second.stop()
