"""Alembic environment: migrations always run on a connection handed over by the store."""

from __future__ import annotations

from alembic import context

from gametable.server.models import metadata

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=metadata,
    # SQLite cannot ALTER most things; batch mode rebuilds tables for later migrations.
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
