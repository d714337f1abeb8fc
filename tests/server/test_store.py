"""The log store: migrations, the uniqueness of (table_id, seq), durable commits."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, text

from gametable.server.models import metadata
from gametable.server.store import (ActionRecord, LogStore, SeatRecord, SeqTaken, TableRecord,
                                    migrate)


@pytest.fixture
def store(database_url):
    store = LogStore.from_url(database_url)
    migrate(store.engine)
    yield store
    store.close()


def _table(store, table_id):
    store.create_table(
        TableRecord(id=table_id, game="toy", num_players=2, options={"pile": 10}, seed=7,
                    bot_seed=9, creator_hash="h" * 64, created_ms=1, finished_ms=None),
        [SeatRecord(0, "human", "Ann", "h" * 64), SeatRecord(1, "open", "", None)])


def test_migrations_build_exactly_the_schema_of_the_models(store):
    migrate(store.engine)  # running again at the head changes nothing
    with store.engine.connect() as conn:
        differences = compare_metadata(MigrationContext.configure(conn), metadata)
        assert differences == []
        assert {"tables", "seats", "actions", "alembic_version"} <= set(inspect(conn).get_table_names())


def test_a_seq_can_be_committed_once_even_by_two_stores(store, database_url):
    _table(store, "t1")
    other = LogStore.from_url(database_url)  # a second process's store, its own connections
    try:
        store.append("t1", ActionRecord(1, 0, {"type": "pass"}, 100), finished=False)
        with pytest.raises(SeqTaken):
            other.append("t1", ActionRecord(1, 1, {"type": "take", "count": 1}, 101), finished=False)
        other.append("t1", ActionRecord(2, 1, {"type": "take", "count": 1}, 102), finished=True)
    finally:
        other.close()
    assert store.actions_after("t1", 0) == [
        ActionRecord(1, 0, {"type": "pass"}, 100), ActionRecord(2, 1, {"type": "take", "count": 1}, 102)]
    assert store.actions_after("t1", 1) == [ActionRecord(2, 1, {"type": "take", "count": 1}, 102)]
    assert store.load_table("t1").finished_ms == 102  # committed together with the last action


def test_a_seat_is_claimed_once(store):
    _table(store, "t2")
    assert store.claim_seat("t2", 1, "Bob", "b" * 64) is True
    assert store.claim_seat("t2", 1, "Eve", "e" * 64) is False
    assert store.load_seats("t2")[1] == SeatRecord(1, "human", "Bob", "b" * 64)
    store.seat_to_bot("t2", 1)
    assert store.load_seats("t2")[1] == SeatRecord(1, "bot", "Bob", None)


@pytest.mark.parametrize("mode,level", [("full", 2), ("normal", 1)])
def test_sqlite_runs_in_wal_mode_and_fsyncs_every_commit_unless_told_otherwise(tmp_path, mode, level):
    store = LogStore.from_url(f"sqlite:///{tmp_path / 'x.sqlite3'}", sqlite_sync=mode)
    try:
        with store.engine.connect() as conn:
            assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
            assert conn.execute(text("PRAGMA synchronous")).scalar() == level
    finally:
        store.close()


def test_sqlite_is_full_sync_by_default_and_refuses_unknown_modes(tmp_path):
    from gametable.server import Settings

    assert Settings(database_url="sqlite://").sqlite_sync == "full"
    with pytest.raises(ValueError):
        LogStore.from_url(f"sqlite:///{tmp_path / 'y.sqlite3'}", sqlite_sync="off")
