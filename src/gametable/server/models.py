"""The database schema (SQLAlchemy Core). Changes to it go through an Alembic migration.

A table is its settings plus an append-only action log; the game state is the replay of the
log from the seed, so nothing but these three tables is ever needed to rebuild a game.
"""

from __future__ import annotations

from sqlalchemy import (BigInteger, Boolean, Column, ForeignKey, Index, Integer, MetaData, String,
                        Table, Text, PrimaryKeyConstraint, false)

metadata = MetaData()

#: one row per table: its settings (everything needed to start the replay)
tables = Table(
    "tables",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("num_players", Integer, nullable=False),
    Column("options", Text, nullable=False),  # JSON object, resolved by the game
    Column("seed", BigInteger, nullable=False),  # the game's seed; secret until the game ends
    Column("bot_seed", BigInteger, nullable=False),  # seeds the server's bots, per decision
    # The strength of the table's bots (gametable.bots.levels()). Tables from before the column
    # keep the random bots they were created with.
    Column("bot_level", String(16), nullable=False, server_default="random"),
    Column("creator_hash", String(64), nullable=False),  # sha256 of the creator's token
    Column("created_ms", BigInteger, nullable=False),
    Column("finished_ms", BigInteger, nullable=True),  # set in the same commit as the last action
    # A bot seat must decide next: kept in step with the log, in the same commit as the change,
    # so that a restarted server knows which tables to resume without replaying every game.
    Column("bot_due", Boolean, nullable=False, server_default=false()),
    # The retention sweep (see gametable.server.retention) finds finished tables by finished_ms
    # and never-finished ones (finished_ms IS NULL) by created_ms without reading every row.
    Index("ix_tables_finished_created", "finished_ms", "created_ms"),
)

#: one row per seat; kind is "open" (nobody yet), "human" or "bot"
seats = Table(
    "seats",
    metadata,
    Column("table_id", String(64), ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("kind", String(8), nullable=False),
    Column("name", String(64), nullable=False),
    Column("token_hash", String(64), nullable=True),  # sha256 of the seat token; never the token
    PrimaryKeyConstraint("table_id", "seat", name="pk_seats"),
)

#: the append-only action log; the primary key (table_id, seq) is what makes two commits of
#: the same seq impossible, even from two processes
actions = Table(
    "actions",
    metadata,
    Column("table_id", String(64), ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
    Column("seq", Integer, nullable=False),  # 1, 2, 3... the n-th action of the table
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),  # the action's JSON
    Column("time", BigInteger, nullable=False),  # milliseconds since the Unix epoch (UTC)
    PrimaryKeyConstraint("table_id", "seq", name="pk_actions"),
)
