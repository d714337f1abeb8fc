"""An index on tables (finished_ms, created_ms) for the retention sweep.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # The sweep asks for finished tables by finished_ms, and for unfinished ones (finished_ms
    # IS NULL) by created_ms: one index serves both.
    op.create_index("ix_tables_finished_created", "tables", ["finished_ms", "created_ms"])


def downgrade() -> None:
    op.drop_index("ix_tables_finished_created", table_name="tables")
