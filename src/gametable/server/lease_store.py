"""The tables' leases in the store (several processes: gametable.server.leases): which process
owns a table, until when. Part of the LogStore (a base class of it), kept apart as the lease
room's own rows."""

from __future__ import annotations

from typing import Any, Callable

from sqlalchemy import Engine, and_, delete, or_, select, update
from sqlalchemy.exc import IntegrityError

from gametable.server import models
from gametable.server.records import Lease, lease_from_row


def _dialect_insert(dialect: str) -> Any:
    """The INSERT with ON CONFLICT of the store's database. Imported here: a start on SQLite
    need not load the PostgreSQL dialect (an engine loads its own)."""
    if dialect == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    else:
        from sqlalchemy.dialects.sqlite import insert
    return insert


class LeaseRows:
    engine: Engine
    #: LogStore's: the lock that SQLite's writes take
    writing: Callable[[], Any]

    def take_lease(self, table_id: str, owner: str, address: str, now: int, until: int) -> Lease | None:
        """Take the table's lease until ``until`` if nobody holds a live one (expired at
        ``now``, or ours already), in one atomic statement; returns the lease as it stands
        afterwards (another owner's if theirs is live), or None when there is no such table."""
        leases = models.table_leases
        upsert = _dialect_insert(self.engine.dialect.name)(leases)
        upsert = upsert.values(table_id=table_id, owner=owner, address=address, expires_ms=until)
        upsert = upsert.on_conflict_do_update(
            index_elements=[leases.c.table_id],
            set_={"owner": upsert.excluded.owner, "address": upsert.excluded.address,
                  "expires_ms": upsert.excluded.expires_ms},
            where=or_(leases.c.expires_ms < now, leases.c.owner == owner))
        try:
            with self.writing(), self.engine.begin() as conn:
                conn.execute(upsert)
                row = conn.execute(select(leases).where(leases.c.table_id == table_id)).first()
        except IntegrityError:  # the table's foreign key: no such table
            return None
        return lease_from_row(row) if row is not None else None

    def lease(self, table_id: str) -> Lease | None:
        leases = models.table_leases
        with self.engine.connect() as conn:
            row = conn.execute(select(leases).where(leases.c.table_id == table_id)).first()
        return lease_from_row(row) if row is not None else None

    def renew_leases(self, owner: str, until: int) -> list[str]:
        """Extend every lease ``owner`` still holds to ``until`` in one statement; returns
        their table ids (a lease another process took over is not among them)."""
        leases = models.table_leases
        with self.writing(), self.engine.begin() as conn:
            rows = conn.execute(update(leases).where(leases.c.owner == owner)
                                .values(expires_ms=until).returning(leases.c.table_id)).all()
        return [r.table_id for r in rows]

    def release_leases(self, owner: str, table_ids: list[str] | None = None) -> None:
        """Give up ``owner``'s leases (of these tables; None: all of them)."""
        leases = models.table_leases
        condition = leases.c.owner == owner
        if table_ids is not None:
            if not table_ids:
                return
            condition = and_(condition, leases.c.table_id.in_(table_ids))
        with self.writing(), self.engine.begin() as conn:
            conn.execute(delete(leases).where(condition))

    def orphaned_tables(self, now: int, limit: int = 100) -> list[str]:
        """Unfinished tables whose owner's lease has run out while it had something to do by
        itself (a bot to move, or a clock running): another process must take them over."""
        leases, tables, seats = models.table_leases, models.tables, models.seats
        clock_runs = (select(seats.c.seat).where(seats.c.table_id == tables.c.id,
                                                 seats.c.deadline_ms.is_not(None)).exists())
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(leases.c.table_id).join(tables, tables.c.id == leases.c.table_id)
                .where(leases.c.expires_ms < now, tables.c.finished_ms.is_(None),
                       or_(tables.c.bot_due, clock_runs))
                .order_by(leases.c.expires_ms).limit(limit)).all()
        return [r.table_id for r in rows]
