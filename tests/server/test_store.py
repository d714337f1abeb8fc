"""The log store: migrations, the uniqueness of (table_id, seq), durable commits."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, text

from gametable.server.models import metadata
from gametable.server.store import (ActionRecord, Append, LogStore, SeatRecord, SeqTaken,
                                    StateCheckpoint, TableRecord, migrate)


def _table(store, table_id):
    store.create_table(
        TableRecord(id=table_id, game="toy", num_players=2, options={"pile": 10}, seed=7,
                    bot_seed=9, creator_hash="h" * 64, created_ms=1, finished_ms=None),
        [SeatRecord(0, "human", "Ann", "h" * 64), SeatRecord(1, "open", "", None)])


def test_a_read_of_several_tables_gives_each_the_log_after_its_own_newest_usable_checkpoint(store):
    # load_tables reads the tails grouped by checkpoint seq: tables checkpointed at different
    # seqs, at the same one, not at all, and past their log's end (ignored) are read together
    logs = {"t-a": 9, "t-b": 9, "t-c": 6, "t-d": 5, "t-e": 4}
    for table_id, length in logs.items():
        _table(store, table_id)
        for seq in range(1, length + 1):
            store.append(table_id, ActionRecord(seq, seq % 2, {"n": seq, "t": table_id}, 100 + seq,
                                                timeout=seq == 3), False)
    store.save_checkpoints([StateCheckpoint("t-a", 4, 1, '{"a": 4}'), StateCheckpoint("t-b", 4, 1, '{"b": 4}'),
                            StateCheckpoint("t-c", 2, 1, '{"c": 2}'), StateCheckpoint("t-e", 7, 1, '{"e": 7}')])
    stored = store.load_tables(["t-e", "t-a", "t-missing", "t-c", "t-d", "t-b"])
    assert set(stored) == set(logs)
    after = {"t-a": 4, "t-b": 4, "t-c": 2, "t-d": 0, "t-e": 0}
    for table_id, seq in after.items():
        table = stored[table_id]
        assert (table.checkpoint.seq if table.checkpoint else 0) == seq
        assert table.tail == store.actions_after(table_id, seq)
        assert [a.seq for a in table.tail] == list(range(seq + 1, logs[table_id] + 1))
        assert table.timeouts == [(3, 1)]
    assert stored["t-b"].checkpoint.state == '{"b": 4}'
    whole = store.load_tables(["t-a"], checkpoints=False)["t-a"]
    assert whole.checkpoint is None and [a.seq for a in whole.tail] == list(range(1, 10))


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
    handed = SeatRecord(1, "bot", "Bob", None, reclaim_hash="b" * 64, timeouts=2)
    store.save_seats("t2", (handed,))
    assert store.load_seats("t2")[1] == handed


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


def test_a_batch_commits_together_and_only_a_colliding_entry_fails(store, database_url):
    """Group commit: one transaction for many tables; a seq another process took first fails
    alone, the rest of the batch is committed."""
    for name in ("b1", "b2", "b3"):
        _table(store, name)
    other = LogStore.from_url(database_url)
    try:
        other.append("b2", ActionRecord(1, 0, {"type": "pass"}, 50), finished=False)
    finally:
        other.close()
    outcomes = store.append_many([
        Append("b1", ActionRecord(1, 0, {"type": "take", "count": 1}, 100)),
        Append("b2", ActionRecord(1, 0, {"type": "take", "count": 2}, 100)),
        Append("b3", ActionRecord(1, 0, {"type": "take", "count": 1}, 100), finished=True),
    ])
    assert outcomes[0] is None and isinstance(outcomes[1], SeqTaken) and outcomes[2] is None
    assert store.actions_after("b1") == [ActionRecord(1, 0, {"type": "take", "count": 1}, 100)]
    assert store.actions_after("b2") == [ActionRecord(1, 0, {"type": "pass"}, 50)]
    assert store.load_table("b3").finished_ms == 100


def test_bot_due_is_committed_with_the_change_that_makes_it(store):
    """The tables a restarted server resumes: bot_due travels with actions and seat changes."""

    def _due(store) -> list[str]:  # (on PostgreSQL the schema holds the other tests' tables too)
        return [t for t in store.tables_with_bot_due() if t in ("d1", "d2")]

    _table(store, "d1")
    _table(store, "d2")
    assert _due(store) == []
    store.append("d1", ActionRecord(1, 0, {"type": "pass"}, 100), finished=False, bot_due=True)
    assert store.load_table("d1").bot_due is True
    assert _due(store) == ["d1"]
    store.append("d1", ActionRecord(2, 1, {"type": "pass"}, 101), finished=False)  # unchanged
    assert _due(store) == ["d1"]
    store.append("d1", ActionRecord(3, 0, {"type": "take", "count": 2}, 102), finished=True,
                 bot_due=False)
    assert _due(store) == []
    assert store.claim_seat("d2", 1, "Bob", "b" * 64, bot_due=True) is True
    assert _due(store) == ["d2"]
    store.save_seats("d2", (SeatRecord(1, "bot", "Bob", None),), bot_due=False)
    assert _due(store) == []
    store.set_bot_due("d2", True)
    assert store.load_table("d2").bot_due is True


@pytest.fixture
def empty_database_url(database_url):
    """A database without any schema yet (PostgreSQL: a schema of its own for this test)."""
    if not database_url.startswith("postgresql"):
        yield database_url  # a fresh SQLite file per test
        return
    import secrets

    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url

    schema = f"gametable_migration_{secrets.token_hex(4)}"
    engine = create_engine(database_url)
    with engine.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield make_url(database_url).update_query_dict(
            {"options": f"-csearch_path={schema}"}).render_as_string(hide_password=False)
    finally:
        with engine.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        engine.dispose()


def _upgrade_to(store, revision):
    """Bring an empty database to an older revision, as a server of that time left it."""
    from alembic import command
    from alembic.config import Config

    from gametable.server.store import MIGRATIONS_DIR

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    with store.engine.connect() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, revision)
        conn.commit()


def _insert_old_table(conn, table_id, finished, second_seat_kind):
    conn.execute(text(
        "INSERT INTO tables (id, game, num_players, options, seed, bot_seed, creator_hash, "
        "created_ms, finished_ms) VALUES (:id, 'toy', 2, '{}', 1, 2, 'h', 1, :finished)"),
        {"id": table_id, "finished": finished})
    conn.execute(text("INSERT INTO seats (table_id, seat, kind, name) VALUES "
                      "(:id, 0, 'human', 'Ann'), (:id, 1, :kind, '')"),
                 {"id": table_id, "kind": second_seat_kind})


def test_the_bot_due_migration_marks_unfinished_tables_with_bots(empty_database_url):
    """Databases from before bot_due: every unfinished table with a bot seat is marked, so the
    first start after the upgrade resumes them (and clears the mark where a person decides).
    Nothing else changes: seats and actions stay."""
    store = LogStore.from_url(empty_database_url)
    try:
        _upgrade_to(store, "0001")
        with store.engine.begin() as conn:
            for table_id, finished, kind in (("m1", None, "bot"), ("m2", 5, "bot"), ("m3", None, "human")):
                _insert_old_table(conn, table_id, finished, kind)
        migrate(store.engine)
        assert store.tables_with_bot_due() == ["m1"]
        assert store.load_table("m3").bot_due is False
        assert [s.kind for s in store.load_seats("m1")] == ["human", "bot"]
    finally:
        store.close()


def test_the_bot_level_migration_keeps_random_bots_at_old_tables(empty_database_url):
    """Tables created before bot levels were played by random bots; after the upgrade they keep
    them (a game does not change opponents halfway), and new tables store the level they ask for."""
    store = LogStore.from_url(empty_database_url)
    try:
        _upgrade_to(store, "0002")
        with store.engine.begin() as conn:
            _insert_old_table(conn, "old", None, "bot")
        migrate(store.engine)
        assert store.load_table("old").bot_level == "random"
        assert [s.kind for s in store.load_seats("old")] == ["human", "bot"]
        store.create_table(
            TableRecord(id="new", game="toy", num_players=2, options={}, seed=1, bot_seed=2,
                        creator_hash="h" * 64, created_ms=1, finished_ms=None, bot_level="basic"),
            [SeatRecord(0, "human", "Ann", "h" * 64), SeatRecord(1, "bot", "", None)])
        assert store.load_table("new").bot_level == "basic"
    finally:
        store.close()
