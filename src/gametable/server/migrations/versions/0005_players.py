"""Players: sessions, sign-in links, ratings; seats that belong to a player; a table's stored
result and its rematch.

Revision ID: 0005_players
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_players"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("created_ms", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "player_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(64), sa.ForeignKey("players.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("created_ms", sa.BigInteger, nullable=False),
        sa.Column("expires_ms", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_player_sessions_player", "player_sessions", ["player_id"])
    op.create_index("ix_player_sessions_expires", "player_sessions", ["expires_ms"])
    op.create_table(
        "signin_links",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(64), sa.ForeignKey("players.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("expires_ms", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_signin_links_player", "signin_links", ["player_id"])
    op.create_index("ix_signin_links_expires", "signin_links", ["expires_ms"])
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.String(64), sa.ForeignKey("players.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_ms", sa.BigInteger, nullable=False),
        sa.PrimaryKeyConstraint("player_id", "game", name="pk_ratings"),
    )
    # Batch mode rebuilds these tables on SQLite (the only way it adds a foreign key); store.migrate
    # turns SQLite's foreign keys off meanwhile, so dropping the old copies deletes nothing else.
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("player_id", sa.String(64), nullable=True))
        batch.create_foreign_key("fk_seats_player_id_players", "players", ["player_id"], ["id"],
                                 ondelete="SET NULL")
        batch.create_index("ix_seats_player", ["player_id"])
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("result", sa.Text, nullable=True))
        batch.add_column(sa.Column("rematch_id", sa.String(64), nullable=True))
        batch.create_foreign_key("fk_tables_rematch_id_tables", "tables", ["rematch_id"], ["id"],
                                 ondelete="SET NULL")


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_constraint("fk_tables_rematch_id_tables", type_="foreignkey")
        batch.drop_column("rematch_id")
        batch.drop_column("result")
    with op.batch_alter_table("seats") as batch:
        batch.drop_index("ix_seats_player")
        batch.drop_constraint("fk_seats_player_id_players", type_="foreignkey")
        batch.drop_column("player_id")
    op.drop_table("ratings")
    op.drop_table("signin_links")
    op.drop_table("player_sessions")
    op.drop_table("players")
