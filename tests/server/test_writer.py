"""Group commit: actions that arrive together share one transaction, and each is acknowledged
only by the commit of the transaction that holds it."""

from __future__ import annotations

import asyncio

import pytest

from gametable.server.store import ActionRecord, Append, SeqTaken
from gametable.server.writer import LogWriter


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
