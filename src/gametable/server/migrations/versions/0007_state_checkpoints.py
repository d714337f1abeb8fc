"""Checkpoints of a table's game state, so a restart replays only the log's tail (issue 12).

Revision ID: 0007_state_checkpoints
Revises: 0006_clocks_chat
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_state_checkpoints"
down_revision = "0006_clocks_chat"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "state_checkpoints",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("state_version", sa.Integer, nullable=False),
        sa.Column("state", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("table_id", "seq", name="pk_state_checkpoints"),
    )


def downgrade() -> None:
    op.drop_table("state_checkpoints")
