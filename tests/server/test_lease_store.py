"""Table leases in the store (both databases): taken, renewed, expired and taken over, each
atomically, so two processes never both hold a live lease of one table."""

from __future__ import annotations

import secrets
import threading

import pytest

from gametable.server.store import Lease, LogStore, SeatRecord, TableRecord


@pytest.fixture
def ids():
    """Table ids of this test only (the PostgreSQL schema is shared by the whole run)."""
    prefix = secrets.token_hex(4)
    return lambda name: f"{prefix}-{name}"


def _table(store, table_id, bot_due=False):
    store.create_table(
        TableRecord(id=table_id, game="toy", num_players=2, options={"pile": 10}, seed=7,
                    bot_seed=9, creator_hash="h" * 64, created_ms=1, finished_ms=None, bot_due=bot_due),
        [SeatRecord(0, "human", "Ann", "h" * 64), SeatRecord(1, "bot", "", None)])


def test_a_free_lease_is_taken_and_a_live_one_is_not(ids, store):
    _table(store, ids("t1"))
    assert store.take_lease(ids("t1"), ids("A"), "http://a", now=1000, until=6000) == Lease(ids("t1"), ids("A"), "http://a", 6000)
    # B finds A's live lease and gets it back unchanged
    assert store.take_lease(ids("t1"), ids("B"), "http://b", now=2000, until=7000) == Lease(ids("t1"), ids("A"), "http://a", 6000)
    # A taking it again extends it
    assert store.take_lease(ids("t1"), ids("A"), "http://a", now=3000, until=8000) == Lease(ids("t1"), ids("A"), "http://a", 8000)
    assert store.lease(ids("t1")) == Lease(ids("t1"), ids("A"), "http://a", 8000)


def test_an_expired_lease_is_taken_over(ids, store):
    _table(store, ids("t1"))
    store.take_lease(ids("t1"), ids("A"), "http://a", now=1000, until=6000)
    assert store.take_lease(ids("t1"), ids("B"), "http://b", now=6001, until=11001) == Lease(ids("t1"), ids("B"), "http://b", 11001)
    # A's renewal no longer covers it
    assert store.renew_leases(ids("A"), until=12000) == []
    assert store.lease(ids("t1")).owner == ids("B")


def test_renewing_extends_every_lease_of_an_owner_in_one_statement(ids, store):
    for table_id in (ids("t1"), ids("t2"), ids("t3")):
        _table(store, table_id)
    store.take_lease(ids("t1"), ids("A"), "http://a", now=0, until=5000)
    store.take_lease(ids("t2"), ids("A"), "http://a", now=0, until=5000)
    store.take_lease(ids("t3"), ids("B"), "http://b", now=0, until=5000)
    assert sorted(store.renew_leases(ids("A"), until=9000)) == [ids("t1"), ids("t2")]
    assert store.lease(ids("t1")).expires_ms == store.lease(ids("t2")).expires_ms == 9000
    assert store.lease(ids("t3")).expires_ms == 5000


def test_releasing_frees_the_leases_at_once(ids, store):
    for table_id in (ids("t1"), ids("t2")):
        _table(store, table_id)
    store.take_lease(ids("t1"), ids("A"), "http://a", now=0, until=5000)
    store.take_lease(ids("t2"), ids("A"), "http://a", now=0, until=5000)
    store.release_leases(ids("A"), [ids("t1")])
    assert store.lease(ids("t1")) is None and store.lease(ids("t2")) is not None
    assert store.take_lease(ids("t1"), ids("B"), "http://b", now=1, until=5001).owner == ids("B")
    store.release_leases(ids("A"))
    assert store.lease(ids("t2")) is None


def test_no_lease_for_a_table_that_does_not_exist(ids, store):
    assert store.take_lease(ids("nope"), ids("A"), "http://a", now=0, until=5000) is None


def test_a_lease_goes_with_its_table(ids, store):
    _table(store, ids("t1"))
    store.take_lease(ids("t1"), ids("A"), "http://a", now=0, until=5000)
    assert store.delete_expired([ids("t1")], finished_before=None, abandoned_before=10) == [ids("t1")]
    assert store.lease(ids("t1")) is None


def test_orphaned_tables_are_those_with_something_to_do_and_a_dead_owner(ids, store):
    _table(store, ids("bots"), bot_due=True)
    _table(store, ids("people"))
    _table(store, ids("alive"), bot_due=True)
    for table_id in (ids("bots"), ids("people")):
        store.take_lease(table_id, ids("A"), "http://a", now=0, until=5000)
    store.take_lease(ids("alive"), ids("B"), "http://b", now=0, until=20000)
    mine = {ids("bots"), ids("people"), ids("alive")}
    assert set(store.orphaned_tables(now=6000)) & mine == {ids("bots")}
    store.save_seats(ids("people"), (SeatRecord(0, "human", "Ann", "h" * 64, deadline_ms=9000),))
    assert set(store.orphaned_tables(now=6000)) & mine == {ids("bots"), ids("people")}
    # (other tests on the shared PostgreSQL schema list every table where a bot must move)
    store.delete_expired(sorted(mine), finished_before=None, abandoned_before=10)


def test_two_stores_racing_for_an_expired_lease_leave_exactly_one_owner(ids, store, database_url):
    _table(store, ids("t1"))
    store.take_lease(ids("t1"), ids("dead"), "http://dead", now=0, until=1000)
    stores = [store] + [LogStore.from_url(database_url) for _ in range(3)]
    results: dict[str, Lease] = {}
    start = threading.Barrier(len(stores))

    def take(index: int, racer: LogStore) -> None:
        start.wait()
        results[ids(f"p{index}")] = racer.take_lease(ids("t1"), ids(f"p{index}"), f"http://p{index}", now=2000, until=7000)

    threads = [threading.Thread(target=take, args=(i, s)) for i, s in enumerate(stores)]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        for other in stores[1:]:
            other.close()
    winner = store.lease(ids("t1"))
    assert winner.owner in results and winner.expires_ms == 7000
    # every racer was told the same owner: the one the store holds
    assert {lease.owner for lease in results.values()} == {winner.owner}


def test_another_process_lease_is_believed_for_a_moment_then_read_again(ids, store):
    import asyncio

    from gametable.server.leases import Leases

    calls = []

    async def run_db(fn, *args):
        calls.append(fn.__name__)
        return fn(*args)

    _table(store, ids("t1"))
    _table(store, ids("t2"))
    theirs = Leases(store, run_db, "http://them")
    mine = Leases(store, run_db, "http://me")

    async def scenario():
        assert await theirs.claim(ids("t1")) is None  # theirs now
        assert (await mine.claim(ids("t1"))).address == "http://them"
        assert (await mine.claim(ids("t1"))).address == "http://them"
        assert calls.count("take_lease") == 2  # the second answer came from memory
        mine.forget(ids("t1"))
        assert (await mine.claim(ids("t1"))).address == "http://them"
        assert calls.count("take_lease") == 3
        assert await mine.claim(ids("t2")) is None and ids("t2") in mine.held
        assert await mine.renew() == set()
        await theirs.release_all()
        mine.forget(ids("t1"))
        assert await mine.claim(ids("t1")) is None  # released: mine at once
        await mine.release_all()

    asyncio.run(scenario())
