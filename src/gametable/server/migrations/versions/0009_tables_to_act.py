"""tables.to_act: whose decision the game waits for, kept in step with the log (issue 29), so
that My tables lists a running table without replaying it.

Revision ID: 0009_tables_to_act
Revises: 0008_table_leases
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_tables_to_act"
down_revision = "0008_table_leases"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN, as in 0002. Tables from before it keep NULL (not known) until their
    # next action: My tables reads those the old way.
    op.add_column("tables", sa.Column("to_act", sa.Text, nullable=True))


def downgrade() -> None:
    op.drop_column("tables", "to_act")
