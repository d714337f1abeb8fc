"""tables.bot_level: the strength of the table's bots (gametable.bots.levels()).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN, as in 0002 (a batch rebuild would cascade to seats and actions).
    # Tables created before bot levels existed were played by random bots: they keep them.
    op.add_column("tables", sa.Column("bot_level", sa.String(16), nullable=False,
                                      server_default="random"))


def downgrade() -> None:
    op.drop_column("tables", "bot_level")
