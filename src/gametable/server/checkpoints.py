"""Checkpoints of a table's game state, so that loading a table replays only the log's tail.

Every ``every`` actions (``GAMETABLE_CHECKPOINT_EVERY``), at the first seq from there where no
seat can undo (the undo window is closed, so no undo of the log's tail can reach back past it),
the table manager hands the state to :class:`Checkpointer`, which writes its ``to_json()`` after
the action is committed and answered: the encoding runs on a worker thread and the insert on the
store's writer thread (several tables' checkpoints in one transaction), never on the event loop,
and a failed write is only logged.

A checkpoint is an optimisation, never the truth: :func:`rebuild` starts from the newest one at
or below the log's length and replays the rest through the same :class:`Timeline` code; one that
does not load (another ``Game.state_version``, JSON that does not read back exactly, a tail the
engine refuses from it) is ignored with a warning and the table is replayed from its seed.
"""

from __future__ import annotations

import asyncio
import json
import logging
import weakref
from typing import Any, Awaitable, Callable, Sequence

from gametable.engine import Game, State, Timeline, replay_timeline, replay_timeline_from
from gametable.server.store import LogStore, ResumeCandidate, StateCheckpoint, TableRecord

log = logging.getLogger("gametable.server.checkpoints")

#: the default of GAMETABLE_CHECKPOINT_EVERY: a GWT checkpoint is about 60 KB, so with 50 the
#: checkpoints add about 1 KB per action to the store, and a load replays at most ~50 actions
DEFAULT_EVERY = 50

#: runs a blocking store call away from the event loop (the manager's writer thread)
RunDb = Callable[..., Awaitable[Any]]


class CheckpointUnusable(Exception):
    """A stored checkpoint cannot stand for the table's state: rebuild from the seed instead."""


def closed(timeline: Timeline) -> bool:
    """Whether no seat can undo anything now: a checkpoint here is never crossed by an undo."""
    return not timeline.window.actions


class Checkpointer:
    """Decides when a table's state is stored, and stores it in the background."""

    def __init__(self, store: LogStore, run_db: RunDb, every: int = DEFAULT_EVERY) -> None:
        self.store = store
        self.every = every
        self._run_db = run_db
        #: per hot table (weakly: it goes when the table leaves memory), the seq of the newest
        #: checkpoint it has (loaded from, or handed to the store)
        self._last: weakref.WeakKeyDictionary[Any, int] = weakref.WeakKeyDictionary()
        self._pending: list[tuple[str, int, int, State]] = []
        self._flusher: asyncio.Task | None = None

    def loaded(self, table: Any, seq: int) -> None:
        """``table`` was built from a checkpoint at ``seq`` (0: from its seed)."""
        self._last[table] = seq

    def offer(self, table: Any, table_id: str, seq: int, game: Game, timeline: Timeline) -> bool:
        """After ``table``'s action at ``seq`` is committed: take a checkpoint if one is due and
        no undo can cross this seq. The state is copied now (cheap) and written later."""
        if not self.every or seq - self._last.get(table, 0) < self.every or not closed(timeline):
            return False
        self._last[table] = seq
        self._pending.append((table_id, seq, game.state_version, timeline.state.clone()))
        if self._flusher is None:
            self._flusher = asyncio.create_task(self._flush())
        return True

    async def close(self) -> None:
        """Let the writes under way finish."""
        if self._flusher is not None:
            await asyncio.gather(self._flusher, return_exceptions=True)

    async def _flush(self) -> None:
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                try:
                    # Encoding on a worker thread, so that the store's writer thread (which
                    # commits the actions) only inserts.
                    rows = await asyncio.to_thread(_encode, batch)
                    await self._run_db(self.store.save_checkpoints, rows)
                except Exception:  # noqa: BLE001 - the log has everything; the next one comes soon
                    log.exception("could not store %d state checkpoint(s); the tables load from "
                                  "their logs meanwhile", len(batch))
        finally:
            self._flusher = None


def _encode(batch: Sequence[tuple[str, int, int, State]]) -> list[StateCheckpoint]:
    return [StateCheckpoint(table_id, seq, version, json.dumps(state.to_json(), separators=(",", ":")))
            for table_id, seq, version, state in batch]


def from_checkpoint(game: Game, record: TableRecord, checkpoint: StateCheckpoint,
                    tail: Sequence[tuple[int, Any]]) -> Timeline:
    """The table's timeline from a checkpoint and the log after it; CheckpointUnusable when
    the checkpoint cannot be trusted to be the replay's state."""
    if checkpoint.state_version != game.state_version:
        raise CheckpointUnusable(f"it was written by state version {checkpoint.state_version} of "
                                 f"{game.name}, which is at version {game.state_version} now")
    try:
        data = json.loads(checkpoint.state)
        state = game.from_json(data)
        exact = state.num_players == record.num_players and state.to_json() == data
    except Exception as exc:  # noqa: BLE001 - whatever a damaged state raises, it is unusable
        raise CheckpointUnusable(f"its state does not load ({type(exc).__name__}: {exc})") from exc
    if not exact:
        raise CheckpointUnusable("its state does not read back as it was written")
    try:
        return replay_timeline_from(state, tail, True, checkpoint.seq + 1)
    except Exception as exc:  # noqa: BLE001 - the full replay below decides whether the log is bad
        raise CheckpointUnusable(f"the log after it does not replay from it: {exc}") from exc


def rebuild(game: Game, record: TableRecord, checkpoint: StateCheckpoint | None,
            tail: Sequence[tuple[int, Any]],
            whole_log: Callable[[], Sequence[tuple[int, Any]]]) -> tuple[Timeline, int, int]:
    """The table's timeline (with the last seat's undo base kept), the seq of the checkpoint it
    started from (0: the seed) and the log's length. ``tail``: the log's entries after the
    checkpoint (after seq 0 without one); ``whole_log()`` reads them all, should the checkpoint
    be unusable. CPU work: run it off the event loop."""
    if checkpoint is not None:
        try:
            timeline = from_checkpoint(game, record, checkpoint, tail)
            return timeline, checkpoint.seq, checkpoint.seq + len(tail)
        except CheckpointUnusable as exc:
            log.warning("table %s: the checkpoint at seq %d is not used (%s); replaying the whole log",
                        record.id, checkpoint.seq, exc)
        tail = whole_log()
    timeline = replay_timeline(game, record.num_players, record.seed, record.options, tail, True)
    return timeline, 0, len(tail)


def resume_order(candidates: Sequence[ResumeCandidate], active_since: int) -> list[str]:
    """Which unfinished tables a starting server brings back into memory, and in what order:
    first the tables where people wait (the soonest clock deadline first, then the latest
    activity), then the tables where a bot must move. A table where people decide and nothing
    happened since ``active_since`` stays on disk until someone opens it: it would only be
    dropped again as idle (it loads on demand as before)."""
    people = [c for c in candidates
              if not c.bot_due and (c.deadline_ms is not None or c.active_ms >= active_since)]
    people.sort(key=lambda c: (c.deadline_ms is None, c.deadline_ms or 0, -c.active_ms))
    bots = sorted((c for c in candidates if c.bot_due), key=lambda c: -c.active_ms)
    return [c.table_id for c in people + bots]
