"""My tables on a process that does not own the tables (issue 29, finding 3): answered from the
tables' rows (whose turn it is, kept in step with the log), never by replaying a table, and the
same as the owner's answer. Two servers on PostgreSQL and Redis."""

from __future__ import annotations

import pytest
from sqlalchemy import update

from gametable.server import Settings, models
from tests.server.conftest import start_server
from tests.server.test_fanout_redis import REDIS_URL, _redis_reachable
from tests.server.test_players import SHORT, WIN_FOR_SEAT_0, Browser

pytestmark = pytest.mark.skipif(not _redis_reachable(), reason=f"no Redis at {REDIS_URL}")
TAKE = {"type": "take", "count": 1}


@pytest.fixture
def two_servers(postgres_url):
    settings = Settings(database_url=postgres_url, redis_url=REDIS_URL, bot_pause=0.0, rate_limits=False)
    owner = start_server(settings)
    other = start_server(settings)
    yield owner, other
    other.stop()
    owner.stop()


def _counting(manager, name: str, calls: list[str], ours: set[str]):
    """Count the calls for this test's tables: the schema is shared by the session's tests, and
    the other process may rightly take over an earlier test's table whose server is gone."""
    original = getattr(manager, name)

    async def counted(table_id: str, *args, **kwargs):
        if table_id in ours:
            calls.append(name)
        return await original(table_id, *args, **kwargs)
    setattr(manager, name, counted)


def test_my_tables_elsewhere_reads_rows_not_tables_and_agrees_with_the_owner(two_servers):
    owner, other = two_servers
    ann = Browser(owner.url)
    ann.become("Ann")
    bob = Browser(owner.url)
    bob.become("Bob")
    ids = []
    for moves in ([], [(0, TAKE)], WIN_FOR_SEAT_0):  # Ann's turn; Bob's turn; finished
        created = ann.create(players=2, options=SHORT)
        bob.join(created["id"])
        seq = 0
        for seat, action in moves:
            seq = (ann if seat == 0 else bob).act_ok(created["id"], None, seq, action)
        ids.append(created["id"])
    waiting = ann.create(players=2, options=SHORT)["id"]  # nobody joined yet
    assert all(tid in owner.manager.tables for tid in [*ids, waiting])

    ann_elsewhere = Browser(other.url)
    ann_elsewhere.http.cookies = ann.http.cookies
    calls: list[str] = []
    ours = {*ids, waiting}
    for name in ("table", "copy_of"):
        _counting(other.manager, name, calls, ours)
    here, there = ann.my_tables(), ann_elsewhere.my_tables()
    assert there == here
    assert calls == [] and not ours & set(other.manager.tables)  # nothing replayed, nothing loaded
    by_id = {t["id"]: t for t in there}
    assert [by_id[tid]["your_turn"] for tid in ids] == [True, False, False]
    assert [by_id[tid]["status"] for tid in [*ids, waiting]] == ["playing", "playing", "finished", "waiting"]
    assert by_id[ids[1]]["to_act"] == [1] and by_id[ids[2]]["result"] is not None
    assert [t["id"] for t in there][:1] == [ids[0]]  # your turn first

    # the row follows the game: Bob moves, and it is Ann's turn at the second table too
    bob.act_ok(ids[1], None, 1, TAKE)
    assert {t["id"]: t["your_turn"] for t in ann_elsewhere.my_tables()}[ids[1]] is True
    assert calls == []

    # a table from before the column (to_act NULL) is still listed right, read the old way
    with other.manager.store.engine.begin() as conn:
        conn.execute(update(models.tables).where(models.tables.c.id == ids[0]).values(to_act=None))
    assert ann_elsewhere.my_tables() == ann.my_tables()
    assert "copy_of" in calls
