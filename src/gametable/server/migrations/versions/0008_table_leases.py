"""Table leases: one owner process per table (issue 12).

Revision ID: 0008_table_leases
Revises: 0007_state_checkpoints
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_table_leases"
down_revision = "0007_state_checkpoints"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_leases",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("owner", sa.String(32), nullable=False),
        sa.Column("address", sa.String(255), nullable=False),
        sa.Column("expires_ms", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_table_leases_owner", "table_leases", ["owner"])
    op.create_index("ix_table_leases_expires", "table_leases", ["expires_ms"])


def downgrade() -> None:
    op.drop_index("ix_table_leases_expires", "table_leases")
    op.drop_index("ix_table_leases_owner", "table_leases")
    op.drop_table("table_leases")
