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
#: request rates (the `limits` syntax: "N/second|minute|hour|day", several joined by ";"),
#: per client address unless named global
DEFAULT_RATE_CREATE = "10/minute;60/hour"
DEFAULT_RATE_CREATE_GLOBAL = "100/minute"
DEFAULT_RATE_JOIN = "30/minute"
#: generous: a person clicking fast or a script playing at full speed never meets it
DEFAULT_RATE_ACT = "20/second"
DEFAULT_RATE_READ = "50/second"
#: finished tables are deleted this many days after they finished (0: kept forever)
DEFAULT_KEEP_FINISHED_DAYS = 30.0
#: unfinished tables nobody has acted at for this many days are deleted (0: kept forever)
DEFAULT_KEEP_ABANDONED_DAYS = 14.0


class SettingError(ValueError):
    """A setting with a value the server cannot use; the message names the setting and says
    what it accepts."""
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
    #: False turns every rate limit off (benchmarks, tests); see gametable.server.ratelimit
    rate_limits: bool = True
    rate_create: str = DEFAULT_RATE_CREATE
    rate_create_global: str = DEFAULT_RATE_CREATE_GLOBAL
    rate_join: str = DEFAULT_RATE_JOIN
    rate_act: str = DEFAULT_RATE_ACT
    rate_read: str = DEFAULT_RATE_READ
    keep_finished_days: float = DEFAULT_KEEP_FINISHED_DAYS
    keep_abandoned_days: float = DEFAULT_KEEP_ABANDONED_DAYS
    max_sockets_per_address: int = DEFAULT_MAX_SOCKETS_PER_ADDRESS
    max_sockets_per_table: int = DEFAULT_MAX_SOCKETS_PER_TABLE
    max_sockets_per_seat: int = DEFAULT_MAX_SOCKETS_PER_SEAT
    direct_spectators: int = DEFAULT_DIRECT_SPECTATORS
    spectator_feed_seconds: float = DEFAULT_SPECTATOR_FEED_SECONDS
    ws_hello_seconds: float = DEFAULT_WS_HELLO_SECONDS

    def __post_init__(self) -> None:
        self.validate()

    def validate(self) -> None:
        """Raise SettingError (one line: which setting, what it accepts) for unusable values."""
        from limits import parse_many

        if not self.idle_seconds > 0:
            raise SettingError(f"idle seconds (GAMETABLE_IDLE_SECONDS, --idle-seconds) must be a "
                               f"number above 0, not {self.idle_seconds!r}")
        for name in ("keep_finished_days", "keep_abandoned_days"):
            value = getattr(self, name)
            if not value >= 0:
                raise SettingError(f"{_env_name(name)} must be 0 (keep forever) or a number of "
                                   f"days above 0, not {value!r}")
        for name in RATE_SETTINGS:
            value = getattr(self, name)
            try:
                usable = all(item.amount > 0 for item in parse_many(value))
            except ValueError:
                usable = False
            if not usable:
                raise SettingError(
                    f"{_env_name(name)} must be a rate such as 10/minute, or several joined by ';' "
                    f"(10/minute;60/hour), not {value!r} (GAMETABLE_RATE_LIMITS=off turns every "
                    f"limit off)")

    @classmethod
    def from_env(cls, **overrides: object) -> "Settings":
        """Settings from DATABASE_URL, REDIS_URL and the GAMETABLE_... variables (see
        docs/server.md); ``overrides`` win. Raises SettingError for unusable values."""
        values: dict[str, object] = {}
        url = os.environ.get("DATABASE_URL")
        if url:
            values["database_url"] = normalise_database_url(url)
        else:
            path = default_database_path()
            values["database_url"] = f"sqlite:///{path}"
        if os.environ.get("REDIS_URL"):
            values["redis_url"] = os.environ["REDIS_URL"]
        if os.environ.get("GAMETABLE_SQLITE_SYNC"):
            values["sqlite_sync"] = os.environ["GAMETABLE_SQLITE_SYNC"].lower()
        for name in ("bot_pause", "idle_seconds", "keep_finished_days", "keep_abandoned_days"):
            raw = os.environ.get(_env_name(name))
            if raw:
                try:
                    values[name] = float(raw)
                except ValueError:
                    raise SettingError(f"{_env_name(name)} must be a number, not {raw!r}") from None
        for name in RATE_SETTINGS:
            if os.environ.get(_env_name(name)):
                values[name] = os.environ[_env_name(name)].strip()
        switch = os.environ.get("GAMETABLE_RATE_LIMITS")
        if switch:
            if switch.strip().lower() not in ("on", "off"):
                raise SettingError(f"GAMETABLE_RATE_LIMITS must be on or off, not {switch!r}")
            values["rate_limits"] = switch.strip().lower() == "on"
        values.update(_live_connection_limits())
        values.update({k: v for k, v in overrides.items() if v is not None})
        values["database_url"] = normalise_database_url(str(values["database_url"]))
        return cls(**values)  # type: ignore[arg-type]


#: the settings that hold rates in the `limits` syntax
RATE_SETTINGS = ("rate_create", "rate_create_global", "rate_join", "rate_act", "rate_read")


def _env_name(setting: str) -> str:
    return "GAMETABLE_" + setting.upper()


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
            raise SettingError(f"{variable} must be {what} of at least {smallest:g}, not {raw!r}") from None
        if not (math.isfinite(value) and value >= smallest):
            raise SettingError(f"{variable} must be {what} of at least {smallest:g}, not {raw!r}")
        values[name] = value
    return values
