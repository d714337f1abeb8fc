"""After a start: the unfinished tables come back into memory in the background."""

from __future__ import annotations

import asyncio
import logging

from gametable.server import checkpoints as state_checkpoints
from gametable.server.core import TableCore
from gametable.server.errors import TableError
from gametable.server.leases import OwnedElsewhere
from gametable.server.live_table import now_ms
from gametable.server.store import StoredTable

log = logging.getLogger("gametable.server")

#: tables read from the store at once while a starting server resumes them
_RESUME_BATCH = 25


async def resume(core: TableCore) -> None:
    """Bring the unfinished tables back into memory in the background (the server listens
    meanwhile; /readyz says ready when this is done): first those where people wait, the
    soonest clock deadline first, then those where a bot must move, whose bots go on by
    themselves. Each loads from its newest checkpoint (gametable.server.checkpoints).
    Tables where people decide and nothing happened for ``idle_seconds`` stay on disk
    until someone opens them. Every running clock is scheduled first (an overdue one is
    played at once, by the scheduler)."""
    for deadline, table_id in await core.read(core.store.deadlines):
        core.deadlines.note(table_id, deadline)
    candidates = await core.read(core.store.tables_to_resume)
    order = state_checkpoints.resume_order(candidates, now_ms() - int(core.idle_seconds * 1000))

    async def resume_one(table_id: str, stored: StoredTable | None) -> None:
        try:
            table = await core.table(table_id, stored)  # schedules its bots
        except OwnedElsewhere:
            return  # its owner's bots play it
        except TableError as exc:
            log.warning("table %s cannot be resumed: %s", table_id, exc.message)
            return
        except Exception:  # noqa: BLE001 - one broken table must not keep the others down
            log.exception("table %s cannot be resumed", table_id)
            return
        async with table.lock:
            due = table.bot_to_move() is not None
            if due != table.bot_due and not table.evicted:
                # A mark from before the column was kept (the migration marks generously).
                await core.read(core.store.set_bot_due, table_id, due)
                table.bot_due = due

    # One batch at a time: the work is mostly Python (replays, reading rows), so more threads
    # would only take the interpreter lock from the event loop, which serves requests
    # between two tables.
    for start in range(0, len(order), _RESUME_BATCH):
        batch = order[start:start + _RESUME_BATCH]
        # A few queries for the whole batch, on a thread; not for the tables that requests
        # loaded (or are loading) meanwhile: after a crash most are asked for before we reach them.
        unread = [t for t in batch if t not in core.tables and t not in core.loading]
        stored = (await asyncio.to_thread(core.store.load_tables, unread, bool(core.checkpoints.every))
                  if unread else {})
        for table_id in batch:
            # (a table loaded meanwhile, on demand, is taken as it is: the batch may be older)
            await resume_one(table_id, None if table_id in core.tables else stored.get(table_id))
            await asyncio.sleep(0)  # a rebuild may not have waited for anything: serve requests
