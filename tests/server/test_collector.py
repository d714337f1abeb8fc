"""The garbage collector run by the serving loop when it is due (gametable.server.collector)."""

from __future__ import annotations

import asyncio
import gc
import time
import weakref

import pytest

from gametable.server.collector import PacedCollector, resident_bytes


class Cycle:
    """An object that refers to itself: only the cyclic collector frees it."""

    def __init__(self) -> None:
        self.me = self


def garbage_cycle() -> weakref.ref:
    return weakref.ref(Cycle())


class Gauge:
    """A settable clock or size."""

    def __init__(self, value: float) -> None:
        self.value = value

    def __call__(self) -> float:
        return self.value


@pytest.fixture
def paced():
    """A started collector (stopped again after the test, whatever happens), its clock, its
    process size and the pauses it reported."""
    pauses: list[tuple[float, int]] = []
    clock, size = Gauge(1000.0), Gauge(400 * 2**20)
    collector = PacedCollector(growth=0.25, min_growth=64 * 2**20, full_every=600.0, clock=clock,
                               size=size, on_pause=lambda seconds, freed: pauses.append((seconds, freed)))

    async def start() -> None:
        collector.start()

    asyncio.run(start())  # start() needs a running loop for its timer; the tests call step()
    try:
        yield collector, clock, size, pauses
    finally:
        collector.stop()


def test_starting_switches_the_automatic_collector_off_and_stopping_gives_it_back(paced) -> None:
    collector, _clock, _size, _pauses = paced
    assert not gc.isenabled()
    assert gc.get_freeze_count() > 0  # what lived at the start (modules, the app) is frozen
    collector.stop()
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0


def test_no_collection_before_one_is_due(paced) -> None:
    collector, clock, size, pauses = paced
    dead = garbage_cycle()
    clock.value += 599.0
    size.value += 99 * 2**20  # grown by less than a quarter of 400 MiB
    collector.step()
    assert dead() is not None and pauses == []


def test_a_collection_once_the_process_grew_by_a_quarter(paced) -> None:
    collector, _clock, size, pauses = paced
    dead = garbage_cycle()
    size.value += 100 * 2**20
    collector.step()
    assert dead() is None
    assert len(pauses) == 1 and pauses[0][1] >= 1  # the cycle was among the objects it freed
    collector.step()
    assert len(pauses) == 1  # measured from the size after that collection


def test_a_small_process_collects_after_the_minimum_growth_not_after_a_quarter() -> None:
    collector = PacedCollector(growth=0.25, min_growth=64 * 2**20, size=Gauge(0))
    collector._last_size = 100 * 2**20
    collector._last_at = time.monotonic()
    collector._size = Gauge(100 * 2**20 + 30 * 2**20)  # +30%, but under 64 MiB
    assert not collector.due()
    collector._size = Gauge(100 * 2**20 + 64 * 2**20)
    assert collector.due()


def test_a_collection_at_the_latest_after_full_every_seconds(paced) -> None:
    collector, clock, _size, pauses = paced
    dead = garbage_cycle()
    clock.value += 600.0
    collector.step()
    assert dead() is None and len(pauses) == 1


def test_what_was_alive_at_the_start_is_never_traversed(paced) -> None:
    collector, clock, _size, _pauses = paced
    collector.stop()
    holder = [Cycle()]
    dead = weakref.ref(holder[0])

    async def start() -> None:
        collector.start()

    asyncio.run(start())  # the cycle is alive now: frozen with everything else
    holder.clear()
    clock.value += 600.0
    collector.step()
    assert dead() is not None  # frozen: left to reference counting, which a cycle escapes
    collector.stop()
    gc.collect()
    assert dead() is None


def test_the_loop_looks_by_itself() -> None:
    pauses: list[float] = []
    collector = PacedCollector(check_every=0.01, full_every=0.0,
                               on_pause=lambda seconds, _freed: pauses.append(seconds))

    async def run() -> weakref.ref:
        collector.start()
        try:
            dead = garbage_cycle()
            await asyncio.sleep(0.1)
            return dead
        finally:
            collector.stop()

    dead = asyncio.run(run())
    assert dead() is None and pauses


def test_the_resident_size_is_the_processes() -> None:
    before = resident_bytes()
    block = bytearray(32 * 2**20)
    block[::4096] = b"x" * len(block[::4096])  # touch every page
    assert resident_bytes() - before >= 30 * 2**20


def test_the_served_app_reports_the_collections_in_its_metrics(tmp_path) -> None:
    from fastapi.testclient import TestClient
    from prometheus_client import generate_latest

    from gametable.server.app import create_app
    from gametable.server.config import Settings

    collector = PacedCollector(check_every=0.01, full_every=0.0)
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path}/t.sqlite3"), collector=collector)
    with TestClient(app) as client:
        assert not gc.isenabled()
        garbage_cycle()
        for _ in range(100):
            client.get("/healthz")  # the loop runs meanwhile
            text = generate_latest(app.state.metrics.registry).decode()
            if "gametable_collector_pause_seconds_count 0.0" not in text:
                break
            time.sleep(0.01)
        assert "gametable_collector_pause_seconds_count 0.0" not in text
        assert "gametable_collector_freed_objects_total" in text
    assert gc.isenabled()
