"""Settings of the table service, read from the command line and the environment."""

from __future__ import annotations

import math
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
#: live connections (WebSockets) one client address may hold open at once, over all tables
DEFAULT_MAX_SOCKETS_PER_ADDRESS = 64
#: spectator sockets one table takes (seats' own sockets do not count: they are never shut out)
DEFAULT_MAX_SOCKETS_PER_TABLE = 200
#: sockets (browser tabs) one seat may hold open on one table
DEFAULT_MAX_SOCKETS_PER_SEAT = 8
#: spectators of a table told of each change at once; the rest share a slower feed
DEFAULT_DIRECT_SPECTATORS = 50
#: the spectators' shared feed sends at most one update per this many seconds
DEFAULT_SPECTATOR_FEED_SECONDS = 1.0
#: seconds a new WebSocket has to send its hello before it is closed
DEFAULT_WS_HELLO_SECONDS = 5.0


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
    max_sockets_per_address: int = DEFAULT_MAX_SOCKETS_PER_ADDRESS
    max_sockets_per_table: int = DEFAULT_MAX_SOCKETS_PER_TABLE
    max_sockets_per_seat: int = DEFAULT_MAX_SOCKETS_PER_SEAT
    direct_spectators: int = DEFAULT_DIRECT_SPECTATORS
    spectator_feed_seconds: float = DEFAULT_SPECTATOR_FEED_SECONDS
    ws_hello_seconds: float = DEFAULT_WS_HELLO_SECONDS

    @classmethod
    def from_env(cls, **overrides: object) -> "Settings":
        """Settings from DATABASE_URL, REDIS_URL and the GAMETABLE_* variables; ``overrides`` win.
        A variable that does not hold a valid value raises ValueError saying which and why."""
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
        values.update(_live_connection_limits())
        values.update({k: v for k, v in overrides.items() if v is not None})
        values["database_url"] = normalise_database_url(str(values["database_url"]))
        return cls(**values)  # type: ignore[arg-type]


#: the live-connection limits: setting name -> (environment variable, kind, smallest value)
_SOCKET_LIMITS: dict[str, tuple[str, type, float]] = {
    "max_sockets_per_address": ("GAMETABLE_MAX_SOCKETS_PER_ADDRESS", int, 1),
    "max_sockets_per_table": ("GAMETABLE_MAX_SOCKETS_PER_TABLE", int, 0),
    "max_sockets_per_seat": ("GAMETABLE_MAX_SOCKETS_PER_SEAT", int, 1),
    "direct_spectators": ("GAMETABLE_DIRECT_SPECTATORS", int, 0),
    "spectator_feed_seconds": ("GAMETABLE_SPECTATOR_FEED_SECONDS", float, 0.05),
    "ws_hello_seconds": ("GAMETABLE_WS_HELLO_SECONDS", float, 0.1),
}


def _live_connection_limits() -> dict[str, object]:
    values: dict[str, object] = {}
    for name, (variable, kind, smallest) in _SOCKET_LIMITS.items():
        raw = os.environ.get(variable, "").strip()
        if not raw:
            continue
        what = "a whole number" if kind is int else "a number of seconds"
        try:
            value = kind(raw)
        except ValueError:
            raise ValueError(f"{variable} must be {what} of at least {smallest:g}, not {raw!r}") from None
        if not (math.isfinite(value) and value >= smallest):
            raise ValueError(f"{variable} must be {what} of at least {smallest:g}, not {raw!r}")
        values[name] = value
    return values
