"""tables.bot_due: a bot seat must decide next (the tables a restarted server resumes).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN (SQLite has it): a batch rebuild would drop and recreate `tables`, and
    # with foreign keys on, dropping it would cascade to every seat and action.
    op.add_column("tables", sa.Column("bot_due", sa.Boolean, nullable=False, server_default=sa.false()))
    # Tables from before this column: mark every unfinished table with a bot seat. The server
    # replays those on its next start and clears the mark where a person is the one to decide.
    op.execute(
        "UPDATE tables SET bot_due = TRUE WHERE finished_ms IS NULL AND EXISTS "
        "(SELECT 1 FROM seats WHERE seats.table_id = tables.id AND seats.kind = 'bot')"
    )


def downgrade() -> None:
    op.drop_column("tables", "bot_due")
