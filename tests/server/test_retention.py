"""Finding 5 of issue 13: rows were never pruned. Finished tables go some days after they
finished, abandoned ones some days after their last action; never a table in memory."""

from __future__ import annotations

import asyncio
import secrets

from sqlalchemy import func, select

from gametable.server import models
from gametable.server.rooms import pruning as tables_module
from gametable.server.retention import DAY_MS, Retention
from gametable.server.store import ActionRecord, Append, LogStore, SeatRecord, TableRecord
from gametable.server.live_table import now_ms
from gametable.server.tables import TableManager
from tests.server.conftest import CATALOG

NOW = now_ms()


#: the PostgreSQL schema is shared by the whole run: this run's tables have ids of their own
RUN = secrets.token_hex(4)


def _id(name: str) -> str:
    return f"{RUN}-{name}"


def _ids(*names: str) -> list[str]:
    return [_id(n) for n in names]


def _table(store: LogStore, table_id: str, created_days_ago: float, action_days_ago: list[float] = (),
           finished: bool = False) -> None:
    """A toy table created some days before NOW, with passes (valid toy actions) at the given
    days ago; ``finished`` marks the last action as the game's end."""
    table_id = _id(table_id)
    store.create_table(
        TableRecord(id=table_id, game="toy", num_players=2, options={"pile": 10}, seed=7, bot_seed=9,
                    creator_hash="h" * 64, created_ms=NOW - round(created_days_ago * DAY_MS),
                    finished_ms=None),
        [SeatRecord(0, "human", "Ann", "a" * 64), SeatRecord(1, "human", "Bob", "b" * 64)])
    for seq, days_ago in enumerate(action_days_ago, start=1):
        last = seq == len(action_days_ago)
        store.append_many([Append(table_id, ActionRecord(seq, (seq - 1) % 2, {"type": "pass"},
                                                         NOW - round(days_ago * DAY_MS)),
                                  finished=finished and last)])


def _count(store: LogStore, table, table_ids) -> int:
    column = table.c.id if table is models.tables else table.c.table_id
    with store.engine.connect() as conn:
        return conn.execute(select(func.count()).select_from(table).where(column.in_(table_ids))).scalar()


def _prune(store: LogStore, retention: Retention, hot: list[str] = ()) -> int:
    async def run() -> int:
        manager = TableManager(store, CATALOG, retention=retention)
        try:
            for table_id in hot:
                await manager.table(table_id)  # in memory: someone is at this table
            return await manager.prune(NOW)
        finally:
            await manager.stop()

    return asyncio.run(run())


def test_finding_5_retention_deletes_old_finished_and_abandoned_tables_with_their_rows(store, monkeypatch):
    monkeypatch.setattr(tables_module, "_PRUNE_BATCH", 2)  # several batches
    _table(store, "finished-long-ago", 40, [35, 31], finished=True)
    _table(store, "finished-lately", 40, [35, 29], finished=True)
    _table(store, "abandoned", 20, [16, 15])
    _table(store, "played-lately", 20, [16, 1])
    _table(store, "never-started-long-ago", 15)
    _table(store, "never-started-lately", 13)
    _table(store, "abandoned-but-open-in-memory", 20, [16])
    gone = _ids("finished-long-ago", "abandoned", "never-started-long-ago")
    kept = _ids("finished-lately", "played-lately", "never-started-lately", "abandoned-but-open-in-memory")

    assert _prune(store, Retention(keep_finished_days=30, keep_abandoned_days=14),
                  hot=_ids("abandoned-but-open-in-memory")) >= len(gone)

    assert _count(store, models.tables, gone) == 0
    # ON DELETE CASCADE: their seats and actions went with them (SQLite: foreign_keys=ON)
    assert _count(store, models.seats, gone) == 0 and _count(store, models.actions, gone) == 0
    assert _count(store, models.tables, kept) == len(kept)
    assert _count(store, models.seats, kept) == 2 * len(kept)
    assert _count(store, models.actions, _ids("played-lately", "finished-lately")) == 4
    # Once it has left memory, the abandoned table goes too.
    assert _prune(store, Retention(keep_finished_days=30, keep_abandoned_days=14)) >= 1
    assert _count(store, models.tables, _ids("abandoned-but-open-in-memory")) == 0


def test_finding_5_retention_of_zero_days_keeps_that_kind_of_table_forever(store):
    _table(store, "finished-a-year-ago", 400, [399], finished=True)
    _table(store, "abandoned-a-year-ago", 400, [399])
    _prune(store, Retention(keep_finished_days=0, keep_abandoned_days=14))
    assert _count(store, models.tables, _ids("abandoned-a-year-ago")) == 0
    assert _count(store, models.tables, _ids("finished-a-year-ago")) == 1
    _prune(store, Retention(keep_finished_days=0, keep_abandoned_days=0))
    assert _count(store, models.tables, _ids("finished-a-year-ago")) == 1


def test_finding_5_a_table_acted_at_after_it_was_found_is_not_deleted(store):
    _table(store, "abandoned-then-played", 20, [16])
    table_id = _id("abandoned-then-played")
    finished_before, abandoned_before = Retention(30, 14).cutoffs(NOW)
    assert table_id in store.expired_tables(finished_before, abandoned_before)
    store.append_many([Append(table_id, ActionRecord(2, 1, {"type": "pass"}, NOW))])
    # The delete checks the policy again in its own statement.
    assert store.delete_expired([table_id], finished_before, abandoned_before) == []
    assert _count(store, models.tables, [table_id]) == 1


def test_finding_5_the_manager_sweeps_for_expired_tables_on_its_own(store, monkeypatch):
    monkeypatch.setattr(tables_module, "_PRUNE_FIRST_AFTER", 0)
    _table(store, "abandoned-for-the-sweeper", 20, [16])

    async def run() -> None:
        manager = TableManager(store, CATALOG, retention=Retention(30, 14))
        await manager.start()
        try:
            while _count(store, models.tables, _ids("abandoned-for-the-sweeper")):
                await asyncio.sleep(0.02)  # bounded by wait_for below
        finally:
            await manager.stop()

    asyncio.run(asyncio.wait_for(run(), timeout=30))
