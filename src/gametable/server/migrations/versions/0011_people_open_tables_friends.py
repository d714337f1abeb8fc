"""Finding people (issue 26, part a): listed tables and their language, when a player was last
seen, friends, and each rated game's rating (for the player page's chart).

Revision ID: 0011_people_open_tables_friends
Revises: 0010_table_reviews
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011_people_open_tables_friends"
down_revision = "0010_table_reviews"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("tables", sa.Column("lang", sa.String(8), nullable=True))
    op.create_index("ix_tables_listed", "tables", ["listed", "finished_ms", "created_ms"])
    op.add_column("players", sa.Column("seen_ms", sa.BigInteger, nullable=True))
    op.create_table(
        "friends",
        sa.Column("player_id", sa.String(64), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("friend_id", sa.String(64), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created_ms", sa.BigInteger, nullable=False),
        sa.PrimaryKeyConstraint("player_id", "friend_id", name="pk_friends"),
    )
    op.create_index("ix_friends_friend", "friends", ["friend_id"])
    op.create_table(
        "rating_history",
        sa.Column("player_id", sa.String(64), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("time", sa.BigInteger, nullable=False),
        sa.PrimaryKeyConstraint("player_id", "table_id", name="pk_rating_history"),
    )
    op.create_index("ix_rating_history_player_game", "rating_history", ["player_id", "game", "time"])


def downgrade() -> None:
    op.drop_index("ix_rating_history_player_game", "rating_history")
    op.drop_table("rating_history")
    op.drop_index("ix_friends_friend", "friends")
    op.drop_table("friends")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("seen_ms")
    op.drop_index("ix_tables_listed", "tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("lang")
        batch.drop_column("listed")
