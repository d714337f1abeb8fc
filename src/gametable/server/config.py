"""Settings of the table service, read from the command line and the environment."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
#: seconds a bot waits before it moves, so that people at the table can follow
DEFAULT_BOT_PAUSE = 0.6
#: largest request body (and WebSocket message) we read; actions and names are tiny
DEFAULT_MAX_BODY = 64 * 1024
#: a hot table nobody has touched for this long (and nobody watches) is dropped from memory
DEFAULT_IDLE_SECONDS = 15 * 60


def default_database_path() -> Path:
    """The SQLite file in the per-user data directory (e.g. ~/.local/share/gametable/)."""
    return platformdirs.user_data_path("gametable") / "gametable.sqlite3"


def normalise_database_url(url: str) -> str:
    """Accept the usual ``postgres://`` / ``postgresql://`` spellings and use the psycopg driver."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


@dataclass(frozen=True)
class Settings:
    database_url: str
    redis_url: str | None = None
    bot_pause: float = DEFAULT_BOT_PAUSE
    max_body: int = DEFAULT_MAX_BODY
    idle_seconds: float = DEFAULT_IDLE_SECONDS
    #: "full" or "normal": see gametable.server.store.SQLITE_SYNC_MODES
    sqlite_sync: str = "full"

    @classmethod
    def from_env(cls, **overrides: object) -> "Settings":
        """Settings from DATABASE_URL, REDIS_URL, GAMETABLE_BOT_PAUSE and GAMETABLE_SQLITE_SYNC;
        ``overrides`` win."""
        values: dict[str, object] = {}
        url = os.environ.get("DATABASE_URL")
        if url:
            values["database_url"] = normalise_database_url(url)
        else:
            path = default_database_path()
            values["database_url"] = f"sqlite:///{path}"
        if os.environ.get("REDIS_URL"):
            values["redis_url"] = os.environ["REDIS_URL"]
        if os.environ.get("GAMETABLE_BOT_PAUSE"):
            values["bot_pause"] = float(os.environ["GAMETABLE_BOT_PAUSE"])
        if os.environ.get("GAMETABLE_SQLITE_SYNC"):
            values["sqlite_sync"] = os.environ["GAMETABLE_SQLITE_SYNC"].lower()
        values.update({k: v for k, v in overrides.items() if v is not None})
        values["database_url"] = normalise_database_url(str(values["database_url"]))
        return cls(**values)  # type: ignore[arg-type]
