"""One owner process per table (several processes on PostgreSQL + Redis).

A process serves a table only while it holds the table's lease (``table_leases``: owner, the
owner's internal address, expiry). It takes the lease when it loads the table and nobody holds
a live one, renews all its leases in one statement every ``renew_every`` seconds, and gives
them up when it stops or drops a table from memory. Every other process forwards the table's
requests and WebSockets to the owner (gametable.server.forwarding); when the owner dies, its
leases run out within ``seconds`` and the next process that needs the table takes it over and
replays the log.

The lease is about where the work is done, not about correctness: two processes that both
believe they own a table (one paused past its lease) still cannot both commit a seq, because
the log's primary key lets one in (the other rebuilds from the log and answers 409).
"""

from __future__ import annotations

import secrets
import time
from typing import Any, Awaitable, Callable

from gametable.server.errors import Unavailable
from gametable.server.store import Lease, LogStore

RunDb = Callable[..., Awaitable[Any]]

#: how long a lease lasts unless renewed, and how often the owner renews them all
LEASE_SECONDS = 5.0
RENEW_EVERY = 1.0
#: how long another process's lease is believed without asking the store again (forwarding
#: many requests of a table costs one store round trip per table per this long)
REMEMBER_SECONDS = 1.0


def wall_ms() -> int:
    # Expiries are compared across processes (and machines): wall-clock time, not monotonic.
    return int(time.time() * 1000)


class OwnedElsewhere(Unavailable):
    """The table is served by another live process (its lease says where). The HTTP and
    WebSocket layers forward to it before the manager is asked; a request that still meets
    this (the lease moved meanwhile) gets 503 and retries."""

    def __init__(self, lease: Lease) -> None:
        super().__init__("this table has just moved to another server process; retry in a moment")
        self.lease = lease


class Leases:
    """This process's leases: ``owner`` names it, ``address`` is where it takes forwarded
    requests (http://host:port). ``run_db(fn, *args)`` runs a store call where the manager
    runs its writes."""

    def __init__(self, store: LogStore, run_db: RunDb, address: str,
                 seconds: float = LEASE_SECONDS, renew_every: float = RENEW_EVERY) -> None:
        self.store = store
        self.run_db = run_db
        self.address = address
        self.owner = secrets.token_hex(8)
        self.seconds = seconds
        self.renew_every = renew_every
        #: the tables whose lease we took, with when (time.monotonic()) we last took it
        self.held: dict[str, float] = {}
        #: other processes' live leases as last read, with when to stop believing them
        self._others: dict[str, tuple[Lease, float]] = {}

    def _until(self) -> int:
        return wall_ms() + int(self.seconds * 1000)

    async def claim(self, table_id: str) -> Lease | None:
        """Take the table's lease if nobody holds a live one. Returns None when the table is
        ours to serve (or does not exist: the caller answers 404), else the live owner's lease."""
        taken_at = time.monotonic()
        known = self._others.get(table_id)
        if known is not None and taken_at < known[1] and known[0].expires_ms > wall_ms():
            return known[0]
        lease = await self.run_db(self.store.take_lease, table_id, self.owner, self.address,
                                  wall_ms(), self._until())
        if lease is None or lease.owner == self.owner:
            self._others.pop(table_id, None)
            if lease is not None:
                self.held[table_id] = taken_at
            return None
        if len(self._others) > 10_000:  # (a bound: entries of tables nobody asks for again)
            self._others.clear()
        self._others[table_id] = (lease, taken_at + REMEMBER_SECONDS)
        return lease

    def forget(self, table_id: str) -> None:
        """The owner we knew did not answer: ask the store next time."""
        self._others.pop(table_id, None)

    async def lease(self, table_id: str) -> Lease | None:
        return await self.run_db(self.store.lease, table_id)

    async def renew(self) -> set[str]:
        """Extend every lease we hold; returns the tables whose lease we lost (taken over while
        this process was too slow to renew), which must leave memory."""
        started = time.monotonic()
        kept = set(await self.run_db(self.store.renew_leases, self.owner, self._until()))
        lost = {t for t, taken_at in self.held.items() if t not in kept and taken_at < started}
        for table_id in lost:
            del self.held[table_id]
        return lost

    async def release(self, table_ids: list[str]) -> None:
        """Give up these tables (they left memory): another process may take them at once."""
        mine = [t for t in table_ids if self.held.pop(t, None) is not None]
        if mine:
            await self.run_db(self.store.release_leases, self.owner, mine)

    async def release_all(self) -> None:
        self.held.clear()
        await self.run_db(self.store.release_leases, self.owner, None)

    async def orphaned(self) -> list[str]:
        """Tables with a bot to move or a clock running whose owner's lease ran out."""
        return await self.run_db(self.store.orphaned_tables, wall_ms())
