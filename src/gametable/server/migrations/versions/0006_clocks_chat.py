"""Clocks, seat take-back, chat and Web Push subscriptions (issue 8).

Revision ID: 0006_clocks_chat
Revises: 0005_players
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_clocks_chat"
down_revision = "0005_players"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMNs (no batch rebuild: dropping `tables` would cascade to seats and actions).
    op.add_column("tables", sa.Column("clock", sa.Text, nullable=True))
    op.add_column("tables", sa.Column("timeouts_to_bot", sa.Integer, nullable=False, server_default="3"))
    op.add_column("seats", sa.Column("reclaim_hash", sa.String(64), nullable=True))
    op.add_column("seats", sa.Column("clock_ms", sa.BigInteger, nullable=True))
    op.add_column("seats", sa.Column("deadline_ms", sa.BigInteger, nullable=True))
    op.add_column("seats", sa.Column("timeouts", sa.Integer, nullable=False, server_default="0"))
    op.create_index("ix_seats_deadline", "seats", ["deadline_ms"])
    op.add_column("actions", sa.Column("timeout", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("time", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_chat_table", "chat", ["table_id", "id"])
    op.create_table(
        "push_subscriptions",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("endpoint", sa.String(2048), nullable=False),
        sa.Column("p256dh", sa.String(256), nullable=False),
        sa.Column("auth", sa.String(64), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.PrimaryKeyConstraint("table_id", "seat", "endpoint", name="pk_push_subscriptions"),
    )


def downgrade() -> None:
    op.drop_table("push_subscriptions")
    op.drop_index("ix_chat_table", table_name="chat")
    op.drop_table("chat")
    op.drop_column("actions", "timeout")
    op.drop_index("ix_seats_deadline", table_name="seats")
    for column in ("timeouts", "deadline_ms", "clock_ms", "reclaim_hash"):
        op.drop_column("seats", column)
    op.drop_column("tables", "timeouts_to_bot")
    op.drop_column("tables", "clock")
