"""Tables loaded on demand at the same time share one store read (server/batched_loads.py)."""

import asyncio

import pytest

from gametable.server.batched_loads import BatchedLoads


def test_tables_asked_together_are_read_in_one_read_of_at_most_most():
    reads: list[list[str]] = []

    async def read(table_ids):
        reads.append(list(table_ids))
        return {t: f"rows of {t}" for t in table_ids if t != "gone"}

    async def run():
        loads = BatchedLoads(read, most=3)
        return await asyncio.gather(*(loads.stored(t) for t in ("a", "b", "gone", "c", "a")))

    assert asyncio.run(run()) == ["rows of a", "rows of b", None, "rows of c", "rows of a"]
    # three to a read; the second ask for "a" waits for a read of its own rows
    assert reads == [["a", "b", "gone"], ["c", "a"]]


def test_a_failed_read_fails_its_callers_and_not_the_next_read():
    calls = 0

    async def read(table_ids):
        nonlocal calls
        calls += 1
        if calls == 1:
            raise OSError("the store is down")
        return {t: t.upper() for t in table_ids}

    async def run():
        loads = BatchedLoads(read)
        first = await asyncio.gather(loads.stored("a"), loads.stored("b"), return_exceptions=True)
        return first, await loads.stored("c")

    first, later = asyncio.run(run())
    assert [type(r) for r in first] == [OSError, OSError]
    assert later == "C"


def test_a_caller_that_gives_up_does_not_stop_the_others():
    async def read(table_ids):
        await asyncio.sleep(0.01)
        return {t: t for t in table_ids}

    async def run():
        loads = BatchedLoads(read, most=1)
        gives_up = asyncio.ensure_future(loads.stored("a"))
        waits = asyncio.ensure_future(loads.stored("b"))
        await asyncio.sleep(0)
        gives_up.cancel()
        with pytest.raises(asyncio.CancelledError):
            await gives_up
        return await waits

    assert asyncio.run(run()) == "b"
