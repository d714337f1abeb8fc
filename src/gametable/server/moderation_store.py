"""Moderation in the store: reports (with the evidence as it was when reported), blocks between
players, tables whose chat a player muted, and the operator's suspensions. Synchronous, one
short transaction each, like the LogStore."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, insert, select, update

from gametable.server import models
from gametable.server.store import LogStore

#: chat messages kept as context on each side of a reported one
CONTEXT_MESSAGES = 5
#: what a suspended player is told, whatever it tries
SUSPENDED = ("the operator of this server has suspended your player: you cannot sign in, play or write "
             "here; write to the operator if you think this is a mistake")


@dataclass(frozen=True)
class Report:
    id: int
    reporter_id: str
    reported_id: str | None
    table_id: str | None
    chat_id: int | None
    reason: str
    evidence: dict[str, Any]
    created_ms: int
    closed_ms: int | None


class ModerationStore:
    def __init__(self, store: LogStore) -> None:
        self.store = store
        self.engine = store.engine

    # -- reports -----------------------------------------------------------------------------

    def chat_evidence(self, table_id: str, chat_id: int) -> dict[str, Any] | None:
        """A message and the ones around it, as they are now; None if there is no such message."""
        chat = models.chat
        with self.engine.connect() as conn:
            message = conn.execute(select(chat).where(chat.c.table_id == table_id, chat.c.id == chat_id)).first()
            if message is None:
                return None
            before = conn.execute(select(chat).where(chat.c.table_id == table_id, chat.c.id < chat_id)
                                  .order_by(chat.c.id.desc()).limit(CONTEXT_MESSAGES)).all()
            after = conn.execute(select(chat).where(chat.c.table_id == table_id, chat.c.id > chat_id)
                                 .order_by(chat.c.id).limit(CONTEXT_MESSAGES)).all()

        def plain(row) -> dict[str, Any]:
            return {"id": row.id, "seat": row.seat, "name": row.name, "text": row.text, "time": row.time}

        return {"message": plain(message), "before": [plain(r) for r in reversed(before)],
                "after": [plain(r) for r in after]}

    def add_report(self, reporter_id: str, reported_id: str | None, table_id: str | None,
                   chat_id: int | None, reason: str, evidence: dict[str, Any], now: int) -> int:
        with self.store.writing(), self.engine.begin() as conn:
            result = conn.execute(insert(models.reports).values(
                reporter_id=reporter_id, reported_id=reported_id, table_id=table_id, chat_id=chat_id,
                reason=reason, evidence=json.dumps(evidence, ensure_ascii=False), created_ms=now))
            return result.inserted_primary_key[0]

    def reports(self, include_closed: bool = False, limit: int = 100) -> list[Report]:
        r = models.reports
        query = select(r).order_by(r.c.id).limit(limit)
        if not include_closed:
            query = query.where(r.c.closed_ms.is_(None))
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [Report(id=x.id, reporter_id=x.reporter_id, reported_id=x.reported_id, table_id=x.table_id,
                       chat_id=x.chat_id, reason=x.reason, evidence=json.loads(x.evidence),
                       created_ms=x.created_ms, closed_ms=x.closed_ms) for x in rows]

    def close_report(self, report_id: int, now: int) -> bool:
        with self.store.writing(), self.engine.begin() as conn:
            done = conn.execute(update(models.reports).where(models.reports.c.id == report_id)
                                .values(closed_ms=now))
        return done.rowcount > 0

    # -- blocks and muted tables --------------------------------------------------------------

    def block(self, player_id: str, blocked_id: str, now: int) -> None:
        b = models.blocks
        with self.store.writing(), self.engine.begin() as conn:
            conn.execute(delete(b).where(b.c.player_id == player_id, b.c.blocked_id == blocked_id))
            conn.execute(insert(b).values(player_id=player_id, blocked_id=blocked_id, created_ms=now))

    def unblock(self, player_id: str, blocked_id: str) -> None:
        b = models.blocks
        with self.store.writing(), self.engine.begin() as conn:
            conn.execute(delete(b).where(b.c.player_id == player_id, b.c.blocked_id == blocked_id))

    def blocked(self, player_id: str) -> list[tuple[str, str]]:
        """The players ``player_id`` blocked: (id, name), the newest first."""
        b, p = models.blocks, models.players
        with self.engine.connect() as conn:
            rows = conn.execute(select(b.c.blocked_id, p.c.name).join(p, p.c.id == b.c.blocked_id)
                                .where(b.c.player_id == player_id).order_by(b.c.created_ms.desc())).all()
        return [(r.blocked_id, r.name) for r in rows]

    def blocks_among(self, player_ids: list[str], other: str) -> bool:
        """Whether any of ``player_ids`` blocked ``other``."""
        b = models.blocks
        with self.engine.connect() as conn:
            return conn.execute(select(b.c.player_id).where(b.c.player_id.in_(player_ids),
                                                            b.c.blocked_id == other).limit(1)).first() is not None

    def not_reading(self, table_id: str, authors: list[str]) -> dict[str | None, set[str]]:
        """Who must not be handed a message of each author (a player id): the players who
        blocked the author, and (under the key None, for every author) those who muted the table."""
        b, m = models.blocks, models.muted_tables
        with self.engine.connect() as conn:
            muted = conn.execute(select(m.c.player_id).where(m.c.table_id == table_id)).scalars().all()
            rows = conn.execute(select(b.c.player_id, b.c.blocked_id).where(b.c.blocked_id.in_(authors))).all() \
                if authors else []
        hidden: dict[str | None, set[str]] = {None: set(muted)}
        for row in rows:
            hidden.setdefault(row.blocked_id, set()).add(row.player_id)
        return hidden

    def mute(self, player_id: str, table_id: str, muted: bool) -> None:
        m = models.muted_tables
        with self.store.writing(), self.engine.begin() as conn:
            conn.execute(delete(m).where(m.c.player_id == player_id, m.c.table_id == table_id))
            if muted:
                conn.execute(insert(m).values(player_id=player_id, table_id=table_id))

    def is_muted(self, player_id: str, table_id: str) -> bool:
        m = models.muted_tables
        with self.engine.connect() as conn:
            return conn.execute(select(m.c.player_id).where(m.c.player_id == player_id,
                                                            m.c.table_id == table_id)).first() is not None

    # -- suspensions ----------------------------------------------------------------------------

    def suspend(self, player_id: str, reason: str | None, now: int | None) -> bool:
        """Suspend a player (``now`` None: lift the suspension); False if there is no such player.
        Its sessions stay, so that its browsers are told why they cannot act (identity.py)."""
        p = models.players
        with self.store.writing(), self.engine.begin() as conn:
            done = conn.execute(update(p).where(p.c.id == player_id)
                                .values(suspended_ms=now, suspended_reason=reason if now else None))
        return done.rowcount > 0

    def suspended_ids(self) -> frozenset[str]:
        p = models.players
        with self.engine.connect() as conn:
            return frozenset(conn.execute(select(p.c.id).where(p.c.suspended_ms.is_not(None))).scalars())

    def names(self, player_ids: list[str]) -> dict[str, tuple[str, int | None]]:
        """Each player's name and suspension time."""
        p = models.players
        with self.engine.connect() as conn:
            rows = conn.execute(select(p.c.id, p.c.name, p.c.suspended_ms)
                                .where(p.c.id.in_(player_ids))).all()
        return {r.id: (r.name, r.suspended_ms) for r in rows}
