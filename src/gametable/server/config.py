"""Settings of the table service, read from the command line and the environment."""

from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import platformdirs

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
#: seconds a bot waits before it moves, so that people at the table can follow
DEFAULT_BOT_PAUSE = 0.6
#: largest request body (and WebSocket message) we read; actions and names are tiny
DEFAULT_MAX_BODY = 64 * 1024
#: a hot table nobody has touched for this long (and nobody watches) is dropped from memory
DEFAULT_IDLE_SECONDS = 15 * 60

# -- connections (gametable.server.serving builds uvicorn's configuration from these) --------
#: seconds a client has to send a whole request head, counted from its connection or its first
#: byte; closes slow-header ("slowloris") connections and connections that never say anything
DEFAULT_HEADER_TIMEOUT = 10.0
#: seconds an idle keep-alive connection is kept open after a response
DEFAULT_KEEP_ALIVE_TIMEOUT = 5.0
#: open connections (HTTP and WebSocket) served at once; beyond it requests get 503. Lowered
#: at start to what the open-file limit leaves after the descriptors the server needs itself.
DEFAULT_MAX_CONNECTIONS = 2000
#: largest request head (request line and headers) in bytes; beyond it 431 and the socket closes
DEFAULT_MAX_HEADER_BYTES = 16 * 1024
#: seconds between WebSocket pings; a socket whose pong is this late is closed
DEFAULT_WS_PING_SECONDS = 20.0
#: seconds a stopping server waits for requests in progress before it closes them
DEFAULT_GRACEFUL_SHUTDOWN = 10.0
#: the proxies whose X-Forwarded-For / X-Forwarded-Proto headers are believed
DEFAULT_FORWARDED_ALLOW_IPS = "127.0.0.1"


class SettingError(ValueError):
    """A setting has a value we cannot use; the message names the setting and what to do."""


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
    header_timeout: float = DEFAULT_HEADER_TIMEOUT
    keep_alive_timeout: float = DEFAULT_KEEP_ALIVE_TIMEOUT
    max_connections: int = DEFAULT_MAX_CONNECTIONS
    max_header_bytes: int = DEFAULT_MAX_HEADER_BYTES
    ws_ping_seconds: float = DEFAULT_WS_PING_SECONDS
    graceful_shutdown: float = DEFAULT_GRACEFUL_SHUTDOWN
    #: comma-separated addresses or networks of trusted proxies, or "*" (trust every peer)
    forwarded_allow_ips: str = DEFAULT_FORWARDED_ALLOW_IPS
    #: the address people reach the server at, e.g. https://play.example.org; invite links are
    #: built from it (None: invite links are relative, /t/<id>)
    public_url: str | None = None

    def __post_init__(self) -> None:
        for name in ("header_timeout", "keep_alive_timeout", "ws_ping_seconds"):
            if not getattr(self, name) > 0:
                raise SettingError(f"{_SOURCES[name]} must be a number of seconds above 0, "
                                   f"not {getattr(self, name)!r}")
        if not self.graceful_shutdown >= 0:
            raise SettingError(f"{_SOURCES['graceful_shutdown']} must be a number of seconds, "
                               f"0 or more, not {self.graceful_shutdown!r}")
        for name, least in (("max_connections", 16), ("max_header_bytes", 1024)):
            if getattr(self, name) < least:
                raise SettingError(f"{_SOURCES[name]} must be a whole number of at least {least}, "
                                   f"not {getattr(self, name)!r}")
        object.__setattr__(self, "forwarded_allow_ips", check_forwarded_allow_ips(self.forwarded_allow_ips))
        if self.public_url is not None:
            object.__setattr__(self, "public_url", check_public_url(self.public_url))

    @classmethod
    def from_env(cls, **overrides: object) -> "Settings":
        """Settings from DATABASE_URL, REDIS_URL and the GAMETABLE_... variables; ``overrides``
        (the command line) win. Raises SettingError for a value that cannot be used."""
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
        for name, kind in _NUMBERS.items():
            raw = os.environ.get(_ENV[name])
            if raw:
                try:
                    values[name] = kind(raw)
                except ValueError:
                    raise SettingError(f"{_ENV[name]} must be a {'whole ' if kind is int else ''}number, "
                                       f"not {raw!r}") from None
        for name in ("forwarded_allow_ips", "public_url"):
            if os.environ.get(_ENV[name]):
                values[name] = os.environ[_ENV[name]]
        values.update({k: v for k, v in overrides.items() if v is not None})
        values["database_url"] = normalise_database_url(str(values["database_url"]))
        return cls(**values)  # type: ignore[arg-type]


#: the settings above that come from the environment, and how each is spelled there
_ENV = {
    "header_timeout": "GAMETABLE_HEADER_TIMEOUT",
    "keep_alive_timeout": "GAMETABLE_KEEP_ALIVE_TIMEOUT",
    "max_connections": "GAMETABLE_MAX_CONNECTIONS",
    "max_header_bytes": "GAMETABLE_MAX_HEADER_BYTES",
    "ws_ping_seconds": "GAMETABLE_WS_PING",
    "graceful_shutdown": "GAMETABLE_GRACEFUL_SHUTDOWN",
    "forwarded_allow_ips": "GAMETABLE_FORWARDED_ALLOW_IPS",
    "public_url": "GAMETABLE_PUBLIC_URL",
}
_NUMBERS = {"header_timeout": float, "keep_alive_timeout": float, "max_connections": int,
            "max_header_bytes": int, "ws_ping_seconds": float, "graceful_shutdown": float}
#: the settings above that `gametable serve` also takes as an option (--header-timeout...)
_OPTIONS = {"header_timeout", "keep_alive_timeout", "max_connections", "forwarded_allow_ips", "public_url"}
#: how an error message names a setting: its command-line option, if any, and its variable
_SOURCES = {name: f"--{name.replace('_', '-')} ({env})" if name in _OPTIONS else env
            for name, env in _ENV.items()}


def check_forwarded_allow_ips(value: str) -> str:
    """Trusted proxies: ``*``, or addresses and networks separated by commas (returned without
    spaces)."""
    items = [part.strip() for part in value.split(",")]
    for item in items:
        if item == "*":
            continue
        try:
            ipaddress.ip_network(item, strict=False)
        except ValueError:
            raise SettingError(
                f"{_SOURCES['forwarded_allow_ips']}: {item!r} is not an IP address or network; give "
                "the addresses of your reverse proxies separated by commas, e.g. 127.0.0.1,10.0.0.0/8"
            ) from None
    return ",".join(items)


def check_public_url(value: str) -> str:
    """The public base URL, without a trailing slash; it must be absolute http(s), no query or
    fragment (a path prefix, for a server behind a proxy under /games/, is allowed)."""
    parts = urlsplit(value.strip())
    if (parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment
            or "@" in parts.netloc):
        raise SettingError(
            f"{_SOURCES['public_url']} must be the absolute http(s) address people open, with no "
            f"query, fragment or user name, e.g. https://play.example.org, not {value!r}")
    return parts.geturl().rstrip("/")
