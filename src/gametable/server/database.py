"""The database under the log store: an engine whose commits are durable, and the schema
brought to the newest Alembic revision."""

from __future__ import annotations

import re
from pathlib import Path

from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError

from gametable.server.config import SQLITE_SYNC_MODES

MIGRATIONS_DIR = Path(__file__).parent / "migrations"

#: an arbitrary constant naming our PostgreSQL advisory lock for migrations
_MIGRATION_LOCK = 0x6761_6D65



def create_db_engine(url: str, sqlite_sync: str = "full") -> Engine:
    """An engine with the settings that make each commit durable."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        if sqlite_sync not in SQLITE_SYNC_MODES:
            raise ValueError(f"sqlite_sync must be one of {', '.join(SQLITE_SYNC_MODES)}, not {sqlite_sync!r}")
        engine = create_engine(url, connect_args={"timeout": 30})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection, _record) -> None:
            cursor = dbapi_connection.cursor()
            # WAL lets readers run beside the writer; synchronous=FULL fsyncs every commit,
            # so an acknowledged action survives even a power cut, not just a killed process.
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(f"PRAGMA synchronous={sqlite_sync.upper()}")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=8, max_overflow=4)


def head_revision() -> str | None:
    """The newest migration's revision id, read from the migration files without loading
    Alembic (a start with nothing to migrate should not pay for importing it); None unless
    they form one line."""
    revisions, parents = set(), set()
    for path in (MIGRATIONS_DIR / "versions").glob("*.py"):
        source = path.read_text(encoding="utf-8")
        revision = re.search(r'^revision = "([^"]+)"$', source, re.M)
        parent = re.search(r'^down_revision = "([^"]+)"$', source, re.M)
        if revision is None:
            return None
        revisions.add(revision.group(1))
        if parent is not None:
            parents.add(parent.group(1))
    heads = revisions - parents
    return heads.pop() if len(heads) == 1 else None


def is_migrated(engine: Engine) -> bool:
    """Whether the database's schema is at the newest revision already."""
    head = head_revision()
    try:
        with engine.connect() as connection:
            current = connection.execute(text("SELECT version_num FROM alembic_version")).scalars().all()
    except DBAPIError:  # no alembic_version table yet: a new database
        return False
    return head is not None and current == [head]


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision (safe to call on every start)."""
    if is_migrated(engine):
        return
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    with engine.connect() as connection:
        if connection.dialect.name == "sqlite":
            # SQLite changes a table's constraints by copying it and dropping the old one; with
            # foreign keys on, that drop would delete (ON DELETE CASCADE) every row referencing
            # it. So, as SQLite's documentation says to, they are off while the schema changes
            # (the pragma is a no-op inside a transaction: it runs before the migration's).
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            connection.commit()
        elif connection.dialect.name == "postgresql":
            # Two servers starting at once must not both create the schema.
            connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": _MIGRATION_LOCK})
            connection.commit()
        try:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
            connection.commit()
        finally:
            if connection.dialect.name == "postgresql":
                connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": _MIGRATION_LOCK})
                connection.commit()
            elif connection.dialect.name == "sqlite":
                connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                connection.commit()
        if connection.dialect.name == "sqlite":
            broken = connection.exec_driver_sql("PRAGMA foreign_key_check").all()
            if broken:
                raise RuntimeError(f"the migrated database has rows whose references are broken: {broken[:5]}")
