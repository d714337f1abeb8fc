"""Alembic migrations of the table service's schema; run by :func:`gametable.server.store.migrate`."""
