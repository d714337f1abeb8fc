"""Reviews of finished tables by the search bot, and tables that give hints (issue 25).

Revision ID: 0010_table_reviews
Revises: 0009_tables_to_act
Create Date: 2026-12-06

(After main's 0009_tables_to_act; other branches add 0009 migrations too: whichever merges later
renumbers.)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010_table_reviews"
down_revision = "0009_tables_to_act"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_reviews",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("progress", sa.Float, nullable=False, server_default="0"),
        sa.Column("review", sa.Text, nullable=True),
        sa.Column("error", sa.Text, nullable=True),
        sa.Column("owner", sa.String(32), nullable=True),
        sa.Column("requested_ms", sa.BigInteger, nullable=False),
        sa.Column("updated_ms", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_table_reviews_status", "table_reviews", ["status", "updated_ms"])
    op.add_column("tables", sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("hints")
    op.drop_index("ix_table_reviews_status", "table_reviews")
    op.drop_table("table_reviews")
