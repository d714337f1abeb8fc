"""Request rate limits per client address (and a global one on creating tables), counted by
the `limits` library: in this process's memory, or in Redis when the server fans out through
Redis, so that every process of the service counts against the same limit.

A refused request gets 429 with ``Retry-After`` (whole seconds) and a ``detail`` that says how
long to wait. The API's router depends on ``rate_limited()`` (see api.py); each route's kind
comes from its method and path.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from fastapi import Depends, HTTPException, Request
from limits import RateLimitItem, parse_many
from limits.aio.storage import MemoryStorage, RedisStorage
from limits.aio.strategies import SlidingWindowCounterRateLimiter
from limits.errors import StorageError
from starlette.types import ASGIApp, Receive, Scope, Send

from gametable.server.config import Settings
from gametable.server.serving import client_address

if TYPE_CHECKING:
    import redis.asyncio

log = logging.getLogger("gametable.server")

#: seconds to wait for Redis, and before trying it again after it failed
_REDIS_TIMEOUT = 1.0
_REDIS_RETRY = 5

#: what each kind of request is, in the refusal's words
_WHAT = {"create": "creating tables", "join": "joining tables", "act": "actions",
         "read": "requests", "player": "new players", "signin": "sign-in attempts",
         "chat": "chat messages", "review": "reviews asked for", "hint": "hints"}


@dataclass(frozen=True)
class Rule:
    """The limits of one kind of request: per client address, and over all clients."""

    per_address: tuple[RateLimitItem, ...]
    overall: tuple[RateLimitItem, ...] = ()
    #: an address within these (a person creating a table now and then) is never refused by
    #: ``overall``, nor counted in it: the cap all clients share refuses the busiest first
    quiet: tuple[RateLimitItem, ...] = ()


#: creating tables at this pace or slower, an address is a person, not a flood
QUIET_CREATOR = "3/minute"

#: An address refused more than ``REFUSALS_ANSWERED_AT_ONCE`` times, each within
#: ``PERSISTENT_WITHIN`` seconds of the one before, is not waiting for Retry-After as it was
#: told: its next refusals are answered ``REFUSAL_HOLD`` seconds late, until it is quiet for
#: ``PERSISTENT_WITHIN`` seconds. A person who hits a limit sees no difference; a flood that asks
#: again as soon as it is answered slows to a request a second per connection, instead of the
#: hundreds of refusals a second whose parsing and answering slowed everyone else (issue 29).
REFUSALS_ANSWERED_AT_ONCE = 3
PERSISTENT_WITHIN = 10.0
REFUSAL_HOLD = 1.0
#: addresses whose refusals are remembered, at the most (older ones are forgotten first)
_REFUSED_ADDRESSES = 10_000


def rules_from(settings: Settings) -> dict[str, Rule]:
    return {
        "create": Rule(tuple(parse_many(settings.rate_create)),
                       tuple(parse_many(settings.rate_create_global)), tuple(parse_many(QUIET_CREATOR))),
        "join": Rule(tuple(parse_many(settings.rate_join))),
        "act": Rule(tuple(parse_many(settings.rate_act))),
        "read": Rule(tuple(parse_many(settings.rate_read))),
        "player": Rule(tuple(parse_many(settings.rate_player))),
        "signin": Rule(tuple(parse_many(settings.rate_signin))),
        # per seat of a table, not per address (see RateLimiter.check_seat)
        "chat": Rule(tuple(parse_many(settings.rate_chat))),
        "review": Rule(tuple(parse_many(settings.rate_review))),
        "hint": Rule(tuple(parse_many(settings.rate_hint))),
    }


#: seconds between two sweeps of the expired counters kept in this process (SweptMemoryStorage)
SWEEP_EVERY = 1.0


class SweptMemoryStorage(MemoryStorage):
    """limits' in-process storage, whose sweep of expired counters runs at most once every
    SWEEP_EVERY seconds. limits starts its sweep (a task that walks every counter of every
    address) after each count once the last sweep is done, that is at nearly every request:
    with 2,000 client addresses that walk cost 0.15 ms a request, against 7 µs with one
    (bench/rate_limit_cost.py). Counting needs no sweep (an expired counter reads as 0); the
    sweep only frees the memory of addresses gone quiet, which can wait a second."""

    def __init__(self) -> None:
        super().__init__()
        self._swept_at = -math.inf

    async def _MemoryStorage__schedule_expiry(self) -> None:  # limits' own hook, called by each count
        now = time.monotonic()
        if now - self._swept_at >= SWEEP_EVERY:
            self._swept_at = now
            await super()._MemoryStorage__schedule_expiry()  # type: ignore[misc]


class TooManyRequests(HTTPException):
    def __init__(self, what: str, item: RateLimitItem, retry_after: int, overall: bool,
                 whose: str | None = None) -> None:
        whose = whose or ("on this server" if overall else "from your address")
        super().__init__(
            429, f"too many {what} {whose} (the limit is {item}); try again in {retry_after} s",
            headers={"Retry-After": str(retry_after)})


class RateLimiter:
    """Counts requests by kind and client address; ``check`` raises TooManyRequests."""

    def __init__(self, rules: dict[str, Rule], redis_url: str | None = None) -> None:
        self.rules = rules
        # A sliding window counter (two counters per key, weighted) rather than a moving window
        # (one entry per request, expired through a thread hop per key): a fraction of the CPU
        # per request, and as exact as a limit needs to be.
        # Memory always exists: it also stands in while Redis cannot be reached, so that an
        # outage of Redis neither stops the service nor lifts every limit.
        self._memory = SlidingWindowCounterRateLimiter(SweptMemoryStorage())
        self._shared: SlidingWindowCounterRateLimiter | None = None
        self._pool: redis.asyncio.ConnectionPool | None = None
        self._shared_down_until = 0.0
        #: address -> (monotonic time of its last refusal, refusals in a row before it)
        self._refused: dict[str, tuple[float, int]] = {}
        if redis_url:
            import redis.asyncio  # only here: a server without Redis starts without loading it

            # Our own pool, so that it can be closed, with short timeouts: a request must not
            # wait long on a Redis that does not answer.
            self._pool = redis.asyncio.ConnectionPool.from_url(
                redis_url, socket_connect_timeout=_REDIS_TIMEOUT, socket_timeout=_REDIS_TIMEOUT)
            storage = RedisStorage("async+" + redis_url, implementation="redispy",
                                   wrap_exceptions=True, key_prefix="gametable-rate",
                                   connection_pool=self._pool)
            self._shared = SlidingWindowCounterRateLimiter(storage)

    @classmethod
    def from_settings(cls, settings: Settings) -> "RateLimiter | None":
        if not settings.rate_limits:
            return None
        return cls(rules_from(settings), settings.redis_url)

    async def check(self, kind: str, address: str) -> None:
        try:
            await self._check(kind, address)
        except TooManyRequests:
            hold = self._hold_for(address)
            if hold:
                await asyncio.sleep(hold)
            raise

    async def _check(self, kind: str, address: str) -> None:
        rule = self.rules[kind]
        # The client's own limit first: a flood from one address is refused before it uses up
        # the budget every other client shares.
        for item in rule.per_address:
            await self._hit(kind, item, ("address", address), overall=False)
        if rule.quiet and all([(await self._count(kind, item, ("quiet", address)))[0] for item in rule.quiet]):
            return  # a quiet address: the shared cap is for the busy ones
        for item in rule.overall:
            await self._hit(kind, item, ("all",), overall=True)

    def _hold_for(self, address: str) -> float:
        """Count a refusal of ``address``; how long to hold its answer (see REFUSAL_HOLD)."""
        now = time.monotonic()
        last, refusals = self._refused.pop(address, (now, 0))
        if now - last > PERSISTENT_WITHIN:
            refusals = 0
        self._refused[address] = (now, refusals + 1)  # re-inserted: the dict stays oldest first
        if len(self._refused) > _REFUSED_ADDRESSES:
            del self._refused[next(iter(self._refused))]
        return REFUSAL_HOLD if refusals >= REFUSALS_ANSWERED_AT_ONCE else 0.0

    async def check_seat(self, kind: str, table_id: str, seat: int) -> None:
        """Count a request of one seat of a table (chat: a seat is one writer, whatever its
        address)."""
        for item in self.rules[kind].per_address:
            await self._hit(kind, item, ("seat", table_id, str(seat)), overall=False,
                            whose="from your seat")

    async def _hit(self, kind: str, item: RateLimitItem, key: tuple[str, ...],
                   overall: bool, whose: str | None = None) -> None:
        allowed, limiter = await self._count(kind, item, key)
        if allowed:
            return
        try:
            stats = await limiter.get_window_stats(item, kind, *key)
            retry_after = max(1, math.ceil(stats.reset_time - time.time()))
        except StorageError:
            retry_after = item.get_expiry()  # the whole window: never too early
        raise TooManyRequests(_WHAT[kind], item, retry_after, overall, whose)

    async def _count(self, kind: str, item: RateLimitItem,
                     key: tuple[str, ...]) -> tuple[bool, SlidingWindowCounterRateLimiter]:
        """Count one request under ``item`` if it is within it; whether it was, and where."""
        limiter = self._memory
        if self._shared is not None and time.monotonic() >= self._shared_down_until:
            limiter = self._shared
        try:
            allowed = await limiter.hit(item, kind, *key)
        except StorageError as exc:
            log.warning("rate limits: Redis cannot be reached (%s); counting in this process "
                        "for the next %d s", exc, _REDIS_RETRY)
            self._shared_down_until = time.monotonic() + _REDIS_RETRY
            limiter = self._memory
            allowed = await limiter.hit(item, kind, *key)
        return allowed, limiter

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.disconnect()


#: the kind of each route that is not a read, by method and path template
_KINDS = {
    ("POST", "/api/tables"): "create",
    ("POST", "/api/tables/{table_id}/join"): "join",
    ("POST", "/api/tables/{table_id}/seats/{seat}/bot"): "join",
    ("POST", "/api/tables/{table_id}/seats/{seat}/take-back"): "join",
    ("POST", "/api/tables/{table_id}/chat"): "act",
    ("POST", "/api/tables/{table_id}/push"): "join",
    ("DELETE", "/api/tables/{table_id}/push"): "join",
    ("POST", "/api/tables/{table_id}/actions"): "act",
    ("POST", "/api/tables/{table_id}/undo"): "act",
    ("POST", "/api/tables/{table_id}/rematch"): "create",
    ("POST", "/api/tables/{table_id}/analysis"): "review",
    ("GET", "/api/tables/{table_id}/hint"): "hint",
    ("POST", "/api/tables/{table_id}/adopt"): "join",
    ("POST", "/api/me"): "player",
    ("POST", "/api/me/signin-links"): "signin",
    ("POST", "/api/signin"): "signin",
    ("POST", "/api/me/friends"): "join",
    ("DELETE", "/api/me/friends/{player_id}"): "join",
    ("POST", "/api/signin/check"): "signin",
    ("POST", "/api/me/switch-back"): "signin",
    # turn alerts: an address gets an e-mail, so it is counted like a sign-in link
    ("PATCH", "/api/me/alerts"): "join",
    ("PUT", "/api/me/alerts/address"): "signin",
    ("DELETE", "/api/me/alerts/address"): "join",
    ("POST", "/api/me/push"): "join",
    ("DELETE", "/api/me/push"): "join",
    ("POST", "/alerts/confirm"): "signin",
    ("POST", "/alerts/unsubscribe"): "signin",
    # moderation: a report is counted like a new player (a few a minute), the rest like joins
    ("POST", "/api/reports"): "player",
    ("POST", "/api/me/blocks"): "join",
    ("DELETE", "/api/me/blocks/{player_id}"): "join",
    ("PUT", "/api/me/muted/{table_id}"): "join",
    # a player's whole history: a few downloads a minute
    ("GET", "/api/me/games.jsonl"): "signin",
}

#: for the OpenAPI documentation of every rate-limited route
TOO_MANY_REQUESTS = {429: {"description": "Too many requests from your address (or to create "
                                          "tables on this server): wait the seconds of the "
                                          "Retry-After header"}}


def request_kind(request: Request) -> str:
    route = request.scope.get("route")
    return _KINDS.get((request.method, getattr(route, "path", "")), "read")


def rate_limited():
    """A dependency (for a router or a route) that counts the request against its kind's limits
    (unless :class:`RefuseFloodsEarly` counted it already)."""

    async def check(request: Request) -> None:
        limiter: RateLimiter | None = getattr(request.app.state, "rate_limiter", None)
        if limiter is not None and not request.scope.get(_COUNTED):
            await limiter.check(request_kind(request), client_address(request))

    return Depends(check)


#: set in the scope of a request whose rate RefuseFloodsEarly counted
_COUNTED = "gametable.rate_counted"


class _CreateRoute:
    """What the metrics name an early refusal's route by (the route it would have reached)."""
    path = "/api/tables"


class RefuseFloodsEarly:
    """Pure ASGI middleware: creating a table (POST /api/tables, the request a flood repeats)
    is counted before the app, so that a refusal costs a few microseconds instead of a trip
    through routing and FastAPI's dependencies (issue 29: a flood got 500 refusals a second).
    The route has no table id, so no other process is ever forwarded it to count it again."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "POST" and scope["path"] == "/api/tables":
            limiter: RateLimiter | None = getattr(scope["app"].state, "rate_limiter", None)
            if limiter is not None:
                client = scope.get("client")
                try:
                    await limiter.check("create", client[0] if client else "unknown")
                except TooManyRequests as refused:
                    scope["route"] = _CreateRoute  # counted under its route in the metrics
                    body = json.dumps({"detail": refused.detail}).encode()
                    await send({"type": "http.response.start", "status": 429, "headers": [
                        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                        (b"retry-after", refused.headers["Retry-After"].encode())]})
                    await send({"type": "http.response.body", "body": body})
                    return
                scope[_COUNTED] = True
        await self.app(scope, receive, send)
