"""What the reviews room keeps in the store: one row per reviewed table (models.table_reviews),
its status and progress while it is judged, and the review's JSON once done, served as is.

Which process judges a review is its ``owner``; the owner touches its rows while it has them
(``touch``), and leaves them on a graceful stop (``release``), so that a queued or running
review whose owner stopped or died is taken up again by the next process that looks
(``claim_orphans``): a review survives a restart.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from gametable.server import models
from gametable.server.store import LogStore

UNFINISHED = ("queued", "running")


@dataclass(frozen=True)
class ReviewRow:
    table_id: str
    status: str  # queued | running | done | failed
    progress: float
    #: the review's JSON text once done (served as is)
    review: str | None
    error: str | None


class ReviewStore:
    def __init__(self, store: LogStore) -> None:
        self.store = store
        self.engine = store.engine

    def get(self, table_id: str) -> ReviewRow | None:
        r = models.table_reviews
        with self.engine.connect() as conn:
            row = conn.execute(select(r.c.table_id, r.c.status, r.c.progress, r.c.review, r.c.error)
                               .where(r.c.table_id == table_id)).first()
        return None if row is None else ReviewRow(row.table_id, row.status, row.progress, row.review, row.error)

    def request(self, table_id: str, owner: str, now: int) -> bool:
        """Queue the table's review for ``owner`` unless one exists (a failed one is queued
        again). Returns whether this call queued it."""
        r = models.table_reviews
        with self.store.writing(), self.engine.begin() as conn:
            again = conn.execute(update(r).where(r.c.table_id == table_id, r.c.status == "failed")
                                 .values(status="queued", progress=0.0, error=None, owner=owner,
                                         updated_ms=now)).rowcount
            if again:
                return True
        try:
            with self.store.writing(), self.engine.begin() as conn:
                conn.execute(insert(r).values(table_id=table_id, status="queued", progress=0.0, owner=owner,
                                              requested_ms=now, updated_ms=now))
        except IntegrityError:  # it exists already (another request, another process)
            return False
        return True

    def progress(self, table_id: str, owner: str, progress: float, now: int) -> None:
        r = models.table_reviews
        with self.store.writing(), self.engine.begin() as conn:
            conn.execute(update(r).where(r.c.table_id == table_id, r.c.owner == owner,
                                         r.c.status.in_(UNFINISHED))
                         .values(status="running", progress=progress, updated_ms=now))

    def finish(self, table_id: str, owner: str, review: str, now: int) -> None:
        r = models.table_reviews
        with self.store.writing(), self.engine.begin() as conn:
            conn.execute(update(r).where(r.c.table_id == table_id, r.c.owner == owner)
                         .values(status="done", progress=1.0, review=review, updated_ms=now))

    def fail(self, table_id: str, owner: str, error: str, now: int) -> None:
        r = models.table_reviews
        with self.store.writing(), self.engine.begin() as conn:
            conn.execute(update(r).where(r.c.table_id == table_id, r.c.owner == owner)
                         .values(status="failed", error=error[:500], updated_ms=now))

    def touch(self, owner: str, now: int) -> None:
        """The owner is alive: its unfinished reviews are not orphans."""
        r = models.table_reviews
        with self.store.writing(), self.engine.begin() as conn:
            conn.execute(update(r).where(r.c.owner == owner, r.c.status.in_(UNFINISHED)).values(updated_ms=now))

    def release(self, owner: str) -> None:
        """A graceful stop: the owner's unfinished reviews are for the next process to take."""
        r = models.table_reviews
        with self.store.writing(), self.engine.begin() as conn:
            conn.execute(update(r).where(r.c.owner == owner, r.c.status.in_(UNFINISHED)).values(owner=None))

    def claim_orphans(self, owner: str, now: int, quiet_since: int, limit: int = 100) -> list[str]:
        """Take the unfinished reviews nobody owns, or whose owner has been quiet since
        ``quiet_since`` (it died); each is claimed by one process only. Oldest first."""
        r = models.table_reviews
        orphaned = (r.c.status.in_(UNFINISHED), or_(r.c.owner.is_(None), r.c.updated_ms < quiet_since))
        with self.engine.connect() as conn:
            ids = [row.table_id for row in conn.execute(
                select(r.c.table_id).where(*orphaned).order_by(r.c.requested_ms).limit(limit))]
        claimed = []
        for table_id in ids:
            with self.store.writing(), self.engine.begin() as conn:
                if conn.execute(update(r).where(r.c.table_id == table_id, *orphaned)
                                .values(owner=owner, updated_ms=now)).rowcount == 1:
                    claimed.append(table_id)
        return claimed
