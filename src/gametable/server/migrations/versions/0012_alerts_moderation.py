"""Turn alerts by e-mail (a player's choices, confirmation and unsubscribe tokens), push
subscriptions of players, and moderation (reports, blocks, muted tables, suspensions): issue 26,
its second half (branch issue-26b; written as 0009 after 0008_table_leases, renumbered at the
merge to follow main's 0009_tables_to_act, 0010_table_reviews and 0011_people_open_tables_friends).

Revision ID: 0012_alerts_moderation
Revises: 0011_people_open_tables_friends
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012_alerts_moderation"
down_revision = "0011_people_open_tables_friends"
branch_labels = None
depends_on = None


def _player_column(name: str = "player_id", **kwargs) -> sa.Column:
    return sa.Column(name, sa.String(64), sa.ForeignKey("players.id", ondelete="CASCADE"),
                     nullable=False, **kwargs)


def upgrade() -> None:
    op.create_table(
        "player_alerts",
        _player_column(primary_key=True),
        sa.Column("push", sa.Boolean, nullable=False, server_default=sa.true()),
        sa.Column("email", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("address", sa.String(254), nullable=True),
        sa.Column("address_confirmed", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("quiet_start", sa.Integer, nullable=True),
        sa.Column("quiet_end", sa.Integer, nullable=True),
        sa.Column("utc_offset_minutes", sa.Integer, nullable=False, server_default="0"),
        sa.Column("digest", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_table(
        "email_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        _player_column(),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("address", sa.String(254), nullable=False),
        sa.Column("expires_ms", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_email_tokens_expires", "email_tokens", ["expires_ms"])
    op.create_table(
        "player_push_subscriptions",
        _player_column(),
        sa.Column("endpoint", sa.String(2048), nullable=False),
        sa.Column("p256dh", sa.String(256), nullable=False),
        sa.Column("auth", sa.String(64), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.PrimaryKeyConstraint("player_id", "endpoint", name="pk_player_push_subscriptions"),
    )
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        _player_column("reporter_id"),
        sa.Column("reported_id", sa.String(64), sa.ForeignKey("players.id", ondelete="SET NULL"),
                  nullable=True),
        sa.Column("table_id", sa.String(64), nullable=True),
        sa.Column("chat_id", sa.Integer, nullable=True),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("evidence", sa.Text, nullable=False),
        sa.Column("created_ms", sa.BigInteger, nullable=False),
        sa.Column("closed_ms", sa.BigInteger, nullable=True),
    )
    op.create_index("ix_reports_open", "reports", ["closed_ms", "id"])
    op.create_table(
        "blocks",
        _player_column(),
        _player_column("blocked_id"),
        sa.Column("created_ms", sa.BigInteger, nullable=False),
        sa.PrimaryKeyConstraint("player_id", "blocked_id", name="pk_blocks"),
    )
    op.create_index("ix_blocks_blocked", "blocks", ["blocked_id"])
    op.create_table(
        "muted_tables",
        _player_column(),
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  nullable=False),
        sa.PrimaryKeyConstraint("player_id", "table_id", name="pk_muted_tables"),
    )
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("suspended_ms", sa.BigInteger, nullable=True))
        batch.add_column(sa.Column("suspended_reason", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_column("suspended_reason")
        batch.drop_column("suspended_ms")
    op.drop_table("muted_tables")
    op.drop_index("ix_blocks_blocked", "blocks")
    op.drop_table("blocks")
    op.drop_index("ix_reports_open", "reports")
    op.drop_table("reports")
    op.drop_table("player_push_subscriptions")
    op.drop_index("ix_email_tokens_expires", "email_tokens")
    op.drop_table("email_tokens")
    op.drop_table("player_alerts")
