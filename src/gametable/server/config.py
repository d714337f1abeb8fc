"""Settings of the table service, read from the command line and the environment.

Every setting is a field of :class:`Settings`; the ones an operator may change are listed once
in ``_ENVIRONMENT`` (their variable and how its text is read), and checked once, in
``Settings.__post_init__``, whichever way they came in. docs/server.md lists them all.
"""

from __future__ import annotations

import ipaddress
import math
import os
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Callable
from urllib.parse import urlsplit

import platformdirs

from gametable.server.push_endpoints import DEFAULT_PUSH_HOSTS, parse_push_hosts

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
#: seconds a bot waits before it moves, so that people at the table can follow
DEFAULT_BOT_PAUSE = 0.6
#: largest request body (and WebSocket message) we read; actions and names are tiny
DEFAULT_MAX_BODY = 64 * 1024
#: a hot table nobody has touched for this long (and nobody watches) is dropped from memory
DEFAULT_IDLE_SECONDS = 15 * 60
#: a table's game state is stored every this many actions (gametable.server.checkpoints), so
#: a restart replays at most about this many actions of each log; 0: never (full replays)
DEFAULT_CHECKPOINT_EVERY = 50
#: milliseconds a group commit waits for other tables' actions while many tables commit
#: (gametable.server.writer): a few milliseconds more per action, a fraction of the transactions
DEFAULT_COMMIT_WINDOW_MS = 5.0
#: the longest commit window an operator may set
MAX_COMMIT_WINDOW_MS = 1000.0

# -- request rates (gametable.server.ratelimit) ------------------------------------------------
#: the `limits` syntax: "N/second|minute|hour|day", several joined by ";"; per client address
#: unless named global. Creating tables is what costs rows and memory, so it is what is held back:
#: a person opens a table now and then; a script that opens hundreds sets GAMETABLE_RATE_CREATE.
#: The global cap refuses only addresses busier than ratelimit.QUIET_CREATOR (issue 29: floods
#: from a few addresses within the old 20/s and 600/min slowed players at other tables 5-11x;
#: four addresses within 5/s and 120/min still 2.9x: each GWT creation is a new game, its rows
#: and a commit, so the server as a whole takes at most 10 a second).
DEFAULT_RATE_CREATE = "2/second;30/minute"
DEFAULT_RATE_CREATE_GLOBAL = "10/second"
DEFAULT_RATE_JOIN = "20/second;600/minute"
#: far above anyone's pace: a load test or a script playing many seats from one address at full
#: speed must not meet them; they stop a single client from flooding the process
DEFAULT_RATE_ACT = "2000/second"
DEFAULT_RATE_READ = "2000/second"
#: new players (a browser's first visit) and sign-ins per client address: people need a few a
#: day; a flood of them is someone filling the store or guessing sign-in links
DEFAULT_RATE_PLAYER = "5/minute;50/day"
DEFAULT_RATE_SIGNIN = "10/minute;100/day"

#: chat messages per seat of a table: a conversation's pace, not a flood
DEFAULT_RATE_CHAT = "5/10seconds;30/minute"
#: reviews asked for (each new one costs minutes of CPU; asking again for one is free but counts)
#: and hints (a few seconds of search each) per client address
DEFAULT_RATE_REVIEW = "10/minute;100/day"
DEFAULT_RATE_HINT = "6/minute;200/day"

# -- the search bot's reviews and hints (gametable.server.rooms.reviews, .hints) ------------------
#: processes that judge finished games (each review takes about one CPU for minutes)
DEFAULT_REVIEW_WORKERS = 1

# -- retention (gametable.server.retention) ----------------------------------------------------
#: finished tables are deleted this many days after they finished (0: kept forever)
DEFAULT_KEEP_FINISHED_DAYS = 30.0
#: unfinished tables nobody has acted at for this many days are deleted (0: kept forever)
DEFAULT_KEEP_ABANDONED_DAYS = 14.0

# -- live connections (gametable.server.ws, gametable.server.audience) --------------------------
#: live connections (WebSockets) one client address may hold open at once, over all tables (high
#: enough for an office or a carrier-grade NAT of players behind one address)
DEFAULT_MAX_SOCKETS_PER_ADDRESS = 256
#: spectator sockets one table takes (seats' own sockets do not count: they are never shut out);
#: beyond the direct ones they share the slow feed, whose cost per spectator is flat
DEFAULT_MAX_SOCKETS_PER_TABLE = 1000
#: sockets (browser tabs) one seat may hold open on one table
DEFAULT_MAX_SOCKETS_PER_SEAT = 8
#: spectators of a table told of each change at once; the rest share a slower feed
DEFAULT_DIRECT_SPECTATORS = 50
#: the spectators' shared feed sends at most one update per this many seconds
DEFAULT_SPECTATOR_FEED_SECONDS = 1.0
#: seconds a new WebSocket has to send its hello before it is closed
DEFAULT_WS_HELLO_SECONDS = 5.0

# -- connections (gametable.server.serving builds uvicorn's configuration from these) --------
#: seconds a client has to send a whole request head, counted from its connection or its first
#: byte; closes slow-header ("slowloris") connections and connections that never say anything
DEFAULT_HEADER_TIMEOUT = 10.0
#: seconds an idle keep-alive connection is kept open after a response
DEFAULT_KEEP_ALIVE_TIMEOUT = 5.0
#: open connections (HTTP and WebSocket) served at once; beyond it requests get 503. 0: as many
#: as the open-file limit (which `serve` raises to the hard limit) leaves after the descriptors
#: the server needs itself (gametable.server.serving.connection_limits); a number is lowered to that.
DEFAULT_MAX_CONNECTIONS = 0
#: the fewest connections served at once that may be asked for
MIN_CONNECTIONS = 16
#: largest request head (request line and headers) in bytes; beyond it 431 and the socket closes
DEFAULT_MAX_HEADER_BYTES = 16 * 1024
#: seconds between WebSocket pings; a socket whose pong is this late is closed
DEFAULT_WS_PING_SECONDS = 20.0
#: seconds a stopping server waits for requests in progress before it closes them
DEFAULT_GRACEFUL_SHUTDOWN = 10.0
#: the proxies whose X-Forwarded-For / X-Forwarded-Proto headers are believed when none are
#: configured and this process forwards to and from others (it has an internal address): the
#: processes of this machine (`--workers`). With neither, no peer is believed: a client could
#: otherwise name any address it likes to be counted as (issue 29).
SIBLING_PROCESSES = "127.0.0.1"
#: how log lines are written (GAMETABLE_LOG_FORMAT)
LOG_FORMATS = ("text", "json")
#: SQLite's synchronous setting: "full" fsyncs every commit (an acknowledged action survives a
#: power cut); "normal" leaves the fsync to checkpoints (it survives a killed server process,
#: but a power cut may lose the last moments)
SQLITE_SYNC_MODES = ("full", "normal")


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
    checkpoint_every: int = DEFAULT_CHECKPOINT_EVERY
    commit_window_ms: float = DEFAULT_COMMIT_WINDOW_MS
    #: one of SQLITE_SYNC_MODES
    sqlite_sync: str = "full"
    #: False turns every rate limit off (benchmarks, tests); see gametable.server.ratelimit
    rate_limits: bool = True
    rate_create: str = DEFAULT_RATE_CREATE
    rate_create_global: str = DEFAULT_RATE_CREATE_GLOBAL
    rate_join: str = DEFAULT_RATE_JOIN
    rate_act: str = DEFAULT_RATE_ACT
    rate_read: str = DEFAULT_RATE_READ
    rate_player: str = DEFAULT_RATE_PLAYER
    rate_signin: str = DEFAULT_RATE_SIGNIN
    rate_chat: str = DEFAULT_RATE_CHAT
    rate_review: str = DEFAULT_RATE_REVIEW
    rate_hint: str = DEFAULT_RATE_HINT
    #: worker processes for reviews (gametable.server.rooms.reviews); reviews beyond wait in turn
    review_workers: int = DEFAULT_REVIEW_WORKERS
    #: the share of the review's and the hints' budget spent (1: the documented budget; tests and
    #: small machines use less, at the cost of judgement)
    review_effort: float = 1.0
    keep_finished_days: float = DEFAULT_KEEP_FINISHED_DAYS
    keep_abandoned_days: float = DEFAULT_KEEP_ABANDONED_DAYS
    max_sockets_per_address: int = DEFAULT_MAX_SOCKETS_PER_ADDRESS
    max_sockets_per_table: int = DEFAULT_MAX_SOCKETS_PER_TABLE
    max_sockets_per_seat: int = DEFAULT_MAX_SOCKETS_PER_SEAT
    direct_spectators: int = DEFAULT_DIRECT_SPECTATORS
    spectator_feed_seconds: float = DEFAULT_SPECTATOR_FEED_SECONDS
    ws_hello_seconds: float = DEFAULT_WS_HELLO_SECONDS
    header_timeout: float = DEFAULT_HEADER_TIMEOUT
    keep_alive_timeout: float = DEFAULT_KEEP_ALIVE_TIMEOUT
    max_connections: int = DEFAULT_MAX_CONNECTIONS
    max_header_bytes: int = DEFAULT_MAX_HEADER_BYTES
    ws_ping_seconds: float = DEFAULT_WS_PING_SECONDS
    graceful_shutdown: float = DEFAULT_GRACEFUL_SHUTDOWN
    #: comma-separated addresses or networks of trusted proxies, or "*" (trust every peer); None:
    #: not configured (see trusted_proxies)
    forwarded_allow_ips: str | None = None
    #: the address people reach the server at, e.g. https://play.example.org; invite links are
    #: built from it (None: invite links are relative, /t/<id>)
    public_url: str | None = None
    #: serve GET /metrics (Prometheus) to clients on this machine (loopback) only; off: 404
    metrics: bool = False
    #: "text" (uvicorn's usual lines) or "json" (one JSON object per line)
    log_format: str = "text"
    #: Web Push (gametable.server.push): the VAPID private key's PEM file (`gametable vapid-keys`
    #: makes one) and the contact push services may write to (mailto: or https:); no key: no push
    vapid_private_key: str | None = None
    vapid_subject: str | None = None
    #: accept push endpoints over plain http (a local push server, the tests); push services are https
    push_http_endpoints: bool = False
    #: the push services' hosts pushes may go to (gametable.server.push_endpoints): names,
    #: *.domain, * (any name; its addresses must still be public), or addresses trusted as written
    push_hosts: str = DEFAULT_PUSH_HOSTS
    #: turn alerts by e-mail (gametable.server.mail): smtp://user:password@host:port?from=...
    #: or smtps://...; none: no e-mail. E-mails link to public_url, which must be set with it.
    smtp_url: str | None = None
    #: with a player's digest on, how long after the first table waits its e-mail goes out
    alert_digest_seconds: float = 1800.0
    #: at a table without a clock, how long a turn waits before its player is e-mailed
    alert_wait_seconds: float = 12 * 3600.0
    #: several processes (with ``redis_url``): where the other processes reach this one to
    #: forward the requests of the tables it owns, e.g. http://10.0.0.5:8000 (gametable.server.leases);
    #: None: no leases, every process serves every table itself
    internal_url: str | None = None

    def __post_init__(self) -> None:
        """Check every value, however it came in (environment, command line, code)."""
        for name, (least, above) in _NUMBER_BOUNDS.items():
            value = getattr(self, name)
            if not (isinstance(value, (int, float)) and math.isfinite(value)
                    and (value > least if above else value >= least)):
                raise SettingError(f"{_source(name)} must be {_what(name)}, not {value!r}")
        for name in ("checkpoint_every", "max_connections", "review_workers"):  # counts: 2.5 or True would pass the bounds
            if type(getattr(self, name)) is not int:
                raise SettingError(f"{_source(name)} must be {_what(name)}, not {getattr(self, name)!r}")
        if self.commit_window_ms > MAX_COMMIT_WINDOW_MS:
            raise SettingError(f"{_source('commit_window_ms')} must be {_what('commit_window_ms')}, "
                               f"not {self.commit_window_ms!r}")
        if 0 < self.max_connections < MIN_CONNECTIONS:
            raise SettingError(f"{_source('max_connections')} must be {_what('max_connections')}, "
                               f"not {self.max_connections!r}")
        for name in _RATES:
            check_rate(name, getattr(self, name))
        if self.forwarded_allow_ips is not None:
            object.__setattr__(self, "forwarded_allow_ips", check_forwarded_allow_ips(self.forwarded_allow_ips))
        if self.public_url is not None:
            object.__setattr__(self, "public_url", check_public_url(self.public_url))
        if self.internal_url is not None:
            object.__setattr__(self, "internal_url", check_internal_url(self.internal_url))
        if self.smtp_url is not None and not (self.smtp_url.startswith(("smtp://", "smtps://"))
                                              and self.public_url):
            raise SettingError(f"{_source('smtp_url')} must be {_what('smtp_url')}, not {self.smtp_url!r}")
        if self.vapid_private_key is not None:
            if not Path(self.vapid_private_key).is_file():
                raise SettingError(f"{_source('vapid_private_key')} must be {_what('vapid_private_key')}, "
                                   f"not {self.vapid_private_key!r} (no such file)")
            if not (self.vapid_subject or "").startswith(("mailto:", "https://")):
                raise SettingError(f"{_source('vapid_subject')} must be {_what('vapid_subject')}, "
                                   f"not {self.vapid_subject!r}")
        try:
            parse_push_hosts(self.push_hosts)
        except ValueError:
            raise SettingError(f"{_source('push_hosts')} must be {_what('push_hosts')}, "
                               f"not {self.push_hosts!r}") from None
        for name, choices in (("log_format", LOG_FORMATS), ("sqlite_sync", SQLITE_SYNC_MODES)):
            if getattr(self, name) not in choices:
                raise SettingError(f"{_source(name)} must be {_what(name)}, not {getattr(self, name)!r}")

    def trusted_proxies(self) -> str | None:
        """Whose forwarded headers to believe: the proxies configured; without any, this
        machine's other processes when there are several (they forward requests to one another
        with the client's address); otherwise nobody (None)."""
        if self.forwarded_allow_ips is not None:
            return self.forwarded_allow_ips
        return SIBLING_PROCESSES if self.internal_url is not None else None

    @classmethod
    def from_env(cls, **overrides: object) -> "Settings":
        """Settings from DATABASE_URL, REDIS_URL and the GAMETABLE_... variables; ``overrides``
        (the command line) win. Raises SettingError for a value that cannot be used."""
        values: dict[str, object] = {}
        url = os.environ.get("DATABASE_URL")
        values["database_url"] = normalise_database_url(url) if url else f"sqlite:///{default_database_path()}"
        if os.environ.get("REDIS_URL"):
            values["redis_url"] = os.environ["REDIS_URL"]
        for name, (variable, read) in _ENVIRONMENT.items():
            raw = os.environ.get(variable, "").strip()
            if raw:
                try:
                    values[name] = read(raw)
                except ValueError:
                    raise SettingError(f"{variable} must be {_what(name)}, not {raw!r}") from None
        values.update({k: v for k, v in overrides.items() if v is not None})
        values["database_url"] = normalise_database_url(str(values["database_url"]))
        return cls(**values)  # type: ignore[arg-type]


def _on_off(raw: str) -> bool:
    if raw.lower() not in ("on", "off"):
        raise ValueError(raw)
    return raw.lower() == "on"


#: the settings an operator may change, with their environment variable and how it is read
_ENVIRONMENT: dict[str, tuple[str, Callable[[str], object]]] = {
    name: ("GAMETABLE_" + variable, read) for name, (variable, read) in {
        "bot_pause": ("BOT_PAUSE", float),
        "sqlite_sync": ("SQLITE_SYNC", str.lower),
        "idle_seconds": ("IDLE_SECONDS", float),
        "checkpoint_every": ("CHECKPOINT_EVERY", int),
        "commit_window_ms": ("COMMIT_WINDOW_MS", float),
        "rate_limits": ("RATE_LIMITS", _on_off),
        "rate_create": ("RATE_CREATE", str),
        "rate_create_global": ("RATE_CREATE_GLOBAL", str),
        "rate_join": ("RATE_JOIN", str),
        "rate_act": ("RATE_ACT", str),
        "rate_read": ("RATE_READ", str),
        "rate_player": ("RATE_PLAYER", str),
        "rate_signin": ("RATE_SIGNIN", str),
        "rate_chat": ("RATE_CHAT", str),
        "rate_review": ("RATE_REVIEW", str),
        "rate_hint": ("RATE_HINT", str),
        "review_workers": ("REVIEW_WORKERS", int),
        "review_effort": ("REVIEW_EFFORT", float),
        "keep_finished_days": ("KEEP_FINISHED_DAYS", float),
        "keep_abandoned_days": ("KEEP_ABANDONED_DAYS", float),
        "max_sockets_per_address": ("MAX_SOCKETS_PER_ADDRESS", int),
        "max_sockets_per_table": ("MAX_SOCKETS_PER_TABLE", int),
        "max_sockets_per_seat": ("MAX_SOCKETS_PER_SEAT", int),
        "direct_spectators": ("DIRECT_SPECTATORS", int),
        "spectator_feed_seconds": ("SPECTATOR_FEED_SECONDS", float),
        "ws_hello_seconds": ("WS_HELLO_SECONDS", float),
        "header_timeout": ("HEADER_TIMEOUT", float),
        "keep_alive_timeout": ("KEEP_ALIVE_TIMEOUT", float),
        "max_connections": ("MAX_CONNECTIONS", int),
        "max_header_bytes": ("MAX_HEADER_BYTES", int),
        "ws_ping_seconds": ("WS_PING", float),
        "graceful_shutdown": ("GRACEFUL_SHUTDOWN", float),
        "forwarded_allow_ips": ("FORWARDED_ALLOW_IPS", str),
        "public_url": ("PUBLIC_URL", str),
        "metrics": ("METRICS", _on_off),
        "log_format": ("LOG_FORMAT", str.lower),
        "vapid_private_key": ("VAPID_PRIVATE_KEY", str),
        "vapid_subject": ("VAPID_SUBJECT", str),
        "push_http_endpoints": ("PUSH_HTTP_ENDPOINTS", _on_off),
        "push_hosts": ("PUSH_HOSTS", str),
        "smtp_url": ("SMTP_URL", str),
        "alert_digest_seconds": ("ALERT_DIGEST_SECONDS", float),
        "alert_wait_seconds": ("ALERT_WAIT_SECONDS", float),
        "internal_url": ("INTERNAL_URL", str),
    }.items()
}
#: the settings `gametable serve` also takes as an option (--idle-seconds...)
_OPTIONS = {"bot_pause", "sqlite_sync", "idle_seconds", "rate_limits", "keep_finished_days",
            "keep_abandoned_days", "header_timeout", "keep_alive_timeout", "max_connections",
            "forwarded_allow_ips", "public_url", "metrics", "log_format", "internal_url"}
#: numbers: the least value and whether it must be exceeded (True) or may be reached (False)
_NUMBER_BOUNDS: dict[str, tuple[float, bool]] = {
    "bot_pause": (0, False), "idle_seconds": (0, True), "checkpoint_every": (0, False),
    "commit_window_ms": (0, False),
    "keep_finished_days": (0, False), "keep_abandoned_days": (0, False),
    "max_sockets_per_address": (1, False), "max_sockets_per_table": (0, False),
    "max_sockets_per_seat": (1, False), "direct_spectators": (0, False),
    "spectator_feed_seconds": (0.05, False), "ws_hello_seconds": (0.1, False),
    "header_timeout": (0, True), "keep_alive_timeout": (0, True),
    "max_connections": (0, False), "max_header_bytes": (1024, False),
    "ws_ping_seconds": (0, True), "graceful_shutdown": (0, False),
    "review_workers": (1, False), "review_effort": (0, True),
    "alert_digest_seconds": (0, False), "alert_wait_seconds": (0, False),
}
_WHOLE_NUMBERS = {f.name for f in fields(Settings) if f.type in ("int", int)}
_RATES = ("rate_create", "rate_create_global", "rate_join", "rate_act", "rate_read", "rate_player",
          "rate_signin", "rate_chat", "rate_review", "rate_hint")
#: what a value must be, where "a number" would not say enough
_SPECIAL = {
    "keep_finished_days": "0 (keep forever) or a number of days above 0",
    "keep_abandoned_days": "0 (keep forever) or a number of days above 0",
    "rate_limits": "on or off",
    "metrics": "on or off",
    "log_format": "text or json",
    "sqlite_sync": "full or normal",
    "public_url": "the absolute http(s) address people open, e.g. https://play.example.org",
    "vapid_private_key": "the PEM file of a VAPID private key (make one with `gametable vapid-keys`)",
    "vapid_subject": "a contact for push services, mailto:you@example.org or https://... (needed with a VAPID key)",
    "push_http_endpoints": "on or off",
    "push_hosts": "host names of push services separated by commas (*.domain for any name under "
                  "it, * for any public host, or an IP address or network trusted as written), e.g. "
                  f"{DEFAULT_PUSH_HOSTS},push.example.org",
    "smtp_url": "smtp://[user[:password]@]host[:port][?from=alerts@example.org] or smtps://... "
                "(needs GAMETABLE_PUBLIC_URL: e-mails link to it)",
    "internal_url": "the http://host:port the other server processes reach this one at, e.g. http://10.0.0.5:8000",
    "max_connections": f"a whole number of at least {MIN_CONNECTIONS}, or 0 for as many as the "
                       "open-file limit allows",
    "review_effort": "a number above 0 (1: the full budget; 0.01 for quick tests)",
    "commit_window_ms": f"a number of milliseconds from 0 (each commit at once) to {MAX_COMMIT_WINDOW_MS:g}, "
                        f"e.g. {DEFAULT_COMMIT_WINDOW_MS:g}",
    "checkpoint_every": "0 (no checkpoints: every load replays the whole log) or a whole number "
                        "of actions, e.g. 50",
}


def option_value(name: str, raw: str | None) -> object:
    """A `gametable serve` option's text read as its environment variable is read (None: the
    option was not given); SettingError naming the option for text that cannot be read."""
    if raw is None:
        return None
    try:
        return _ENVIRONMENT[name][1](raw.strip())
    except ValueError:
        raise SettingError(f"{_source(name)} must be {_what(name)}, not {raw!r}") from None


def _source(name: str) -> str:
    """How a message names a setting: its command-line option, if any, and its variable."""
    variable = _ENVIRONMENT[name][0]
    return f"--{name.replace('_', '-')} ({variable})" if name in _OPTIONS else variable


def _what(name: str) -> str:
    if name in _SPECIAL:
        return _SPECIAL[name]
    if name in _RATES:
        return ("a rate such as 10/minute, or several joined by ';' (10/minute;60/hour) "
                "(GAMETABLE_RATE_LIMITS=off turns every limit off)")
    kind = "a whole number" if name in _WHOLE_NUMBERS else "a number"
    least, above = _NUMBER_BOUNDS.get(name, (None, False))
    if least is None:
        return kind
    return f"{kind} above {least:g}" if above else f"{kind} of at least {least:g}"


def check_rate(name: str, value: str) -> None:
    from limits import parse_many

    try:
        usable = all(item.amount > 0 for item in parse_many(value))
    except ValueError:
        usable = False
    if not usable:
        raise SettingError(f"{_source(name)} must be {_what(name)}, not {value!r}")


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
                f"{_source('forwarded_allow_ips')}: {item!r} is not an IP address or network; give "
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
            f"{_source('public_url')} must be the absolute http(s) address people open, with no "
            f"query, fragment or user name, e.g. https://play.example.org, not {value!r}")
    return parts.geturl().rstrip("/")


def check_internal_url(value: str) -> str:
    """The address other processes forward to: http://host:port, nothing else."""
    parts = urlsplit(value.strip())
    if (parts.scheme != "http" or not parts.hostname or parts.path not in ("", "/") or parts.query
            or parts.fragment or "@" in parts.netloc):
        raise SettingError(f"{_source('internal_url')} must be {_what('internal_url')}, not {value!r}")
    return f"http://{parts.netloc}"
