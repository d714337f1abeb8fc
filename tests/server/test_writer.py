"""Group commit: actions that arrive together share one transaction, and each is acknowledged
only by the commit of the transaction that holds it."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest
from fastapi.testclient import TestClient

from gametable.server import create_app
from gametable.server.store import ActionRecord, Append, SeqTaken
from gametable.server import writer as writer_module
from gametable.server.writer import LogWriter
from tests.server.conftest import CATALOG


class FakeStore:
    """Records each batch; the test decides when a batch's commit finishes."""

    def __init__(self) -> None:
        self.batches: list[list[Append]] = []
        self.release = asyncio.Event()
        self.refuse: set[str] = set()
        self.fail: Exception | None = None

    def append_many(self, batch):
        self.batches.append(batch)
        if self.fail is not None:
            raise self.fail
        return [SeqTaken("taken") if a.table_id in self.refuse else None for a in batch]


def _entry(table_id: str) -> Append:
    return Append(table_id, ActionRecord(1, 0, {"type": "pass"}, 1))


def _writer(store: FakeStore) -> LogWriter:
    async def run_db(fn, *args):
        await store.release.wait()  # the commit (its fsync) takes until the test says
        return fn(*args)
    return LogWriter(store, run_db)


def test_actions_arriving_during_a_commit_share_the_next_one():
    async def scenario():
        store = FakeStore()
        writer = _writer(store)
        first = asyncio.create_task(writer.append(_entry("t1")))
        await asyncio.sleep(0.01)  # t1's commit is under way
        others = [asyncio.create_task(writer.append(_entry(f"t{i}"))) for i in range(2, 6)]
        await asyncio.sleep(0.01)
        assert not first.done() and not any(t.done() for t in others)  # nobody acknowledged yet
        store.release.set()
        await asyncio.gather(first, *others)
        return [[a.table_id for a in batch] for batch in store.batches]

    assert asyncio.run(scenario()) == [["t1"], ["t2", "t3", "t4", "t5"]]


def test_a_refused_entry_fails_alone_and_a_failed_commit_fails_its_whole_batch():
    async def scenario():
        store = FakeStore()
        store.release.set()
        store.refuse = {"t2"}
        writer = _writer(store)
        results = await asyncio.gather(*(writer.append(_entry(f"t{i}")) for i in (1, 2, 3)),
                                       return_exceptions=True)
        assert results[0] is None and isinstance(results[1], SeqTaken) and results[2] is None
        store.fail = OSError("disk full")
        results = await asyncio.gather(*(writer.append(_entry(f"t{i}")) for i in (4, 5)),
                                       return_exceptions=True)
        assert all(isinstance(r, OSError) for r in results)
        await writer.close()

    asyncio.run(scenario())


@pytest.mark.parametrize("n", [1, 7])
def test_every_action_is_committed_exactly_once(n):
    async def scenario():
        store = FakeStore()
        store.release.set()
        writer = _writer(store)
        await asyncio.gather(*(writer.append(_entry(f"t{i}")) for i in range(n)))
        return sorted(a.table_id for batch in store.batches for a in batch)

    assert asyncio.run(scenario()) == sorted(f"t{i}" for i in range(n))


def _busy(writer: LogWriter, tables: int) -> None:
    """As if ``tables`` other tables had each committed an action just now."""
    for i in range(tables):
        writer._count(f"other{i}")


def _two_actions_apart(window: float, tables: int) -> list[list[str]]:
    """The batches of two tables' actions sent 0.05 s apart, with ``tables`` others just committed."""
    async def scenario():
        store = FakeStore()
        store.release.set()
        writer = _writer(store)
        writer.window = window
        _busy(writer, tables)
        first = asyncio.create_task(writer.append(_entry("t1")))
        await asyncio.sleep(0.05)
        await asyncio.gather(first, writer.append(_entry("t2")))
        return [[a.table_id for a in batch] for batch in store.batches]

    return asyncio.run(scenario())


def test_on_a_busy_server_a_commit_waits_its_window_for_other_tables():
    # 400 tables committing within the last second: 0.4 s x 400/s brings many actions within the
    # window, so t1's commit waits for the action that comes 0.05 s after it
    assert _two_actions_apart(window=0.4, tables=400) == [["t1", "t2"]]


def test_with_few_tables_committing_a_commit_does_not_wait():
    # one other table: nobody is expected within the window (0.4 s x 1/s < 0.5), t1 goes at once
    assert _two_actions_apart(window=0.4, tables=0) == [["t1"], ["t2"]]
    # no window at all, however busy
    assert _two_actions_apart(window=0.0, tables=400) == [["t1"], ["t2"]]


def test_a_window_that_brings_nobody_is_tried_again_only_a_second_later():
    # a client acting on many tables one at a time, each action awaited before the next: the
    # tables look busy, but no window can bring anyone, so after one empty window the commits
    # stop waiting, until RETRY_AFTER has passed
    async def scenario():
        store = FakeStore()
        store.release.set()
        writer = _writer(store)
        writer.window = 0.3
        _busy(writer, 400)
        loop = asyncio.get_running_loop()
        took = []
        for i in range(4):
            started = loop.time()
            await writer.append(_entry(f"t{i}"))
            took.append(loop.time() - started)
        writer._waited_at -= writer_module.RETRY_AFTER  # (as if a second had passed)
        _busy(writer, 400)  # (still busy, however long the above took)
        started = loop.time()
        await writer.append(_entry("t4"))
        took.append(loop.time() - started)
        return took

    took = asyncio.run(scenario())
    assert took[0] >= 0.3 and took[4] >= 0.3  # the first window, and the one tried again
    assert all(t < 0.3 for t in took[1:4]), took  # none in between


def test_only_the_tables_of_the_last_second_count_as_busy():
    async def scenario():
        writer = LogWriter(FakeStore(), None, window=0.005)
        _busy(writer, 150)  # 150 tables a second x 5 ms: 0.75 actions expected in the window
        waits = [writer._wait()]
        for entry in list(writer._recent):
            writer._recent[entry] -= 2.0  # (as if they had committed two seconds ago)
        writer._count("t1")  # counting a new one drops those older than a second
        return waits + [writer._wait(), len(writer._recent)]

    assert asyncio.run(scenario()) == [0.005, 0.0, 1]


@pytest.mark.parametrize("raw", ["-1", "1001", "nan", "soon"])
def test_a_bad_commit_window_is_refused_with_what_to_set(raw, monkeypatch):
    from gametable.server.config import SettingError, Settings

    monkeypatch.setenv("GAMETABLE_COMMIT_WINDOW_MS", raw)
    with pytest.raises(SettingError, match="GAMETABLE_COMMIT_WINDOW_MS must be a number of milliseconds from 0"):
        Settings.from_env(database_url="sqlite://")
    monkeypatch.setenv("GAMETABLE_COMMIT_WINDOW_MS", "0")
    assert Settings.from_env(database_url="sqlite://").commit_window_ms == 0
    assert Settings(database_url="sqlite://").commit_window_ms == 5


def test_the_served_manager_commits_with_the_window_set(settings):
    with TestClient(create_app(dataclasses.replace(settings, commit_window_ms=12.5), CATALOG)) as client:
        assert client.app.state.manager.writer.window == 0.0125
