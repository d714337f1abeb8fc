"""Fan-out of table changes between server processes.

Within one process the table manager tells its own watchers directly, so :class:`LocalFanout`
has nothing to do. With several processes (``REDIS_URL`` set, PostgreSQL as the shared store),
:class:`RedisFanout` publishes "table X is at seq n" after each commit; every other process
that holds X in memory reads the new actions from the database (the log stays the only
truth: Redis carries notices, never state) and tells its own watchers.

A notice can be lost (Redis down, a process cut off from it), so staleness is bounded by the
table manager, not by Redis: while ``healthy`` is false (no subscription, or no answer to the
pings for a few seconds) it polls the store for the log heads of its hot tables every second.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from typing import Awaitable, Callable

log = logging.getLogger("gametable.server.fanout")

OnChange = Callable[[str], Awaitable[None]]
OnReconnect = Callable[[], Awaitable[None]]

CHANNEL = "gametable:tables"


class Fanout:
    """The interface, and the single-process case: nothing leaves the process."""

    #: other processes share the store: the manager must keep its hot tables in step with it
    shared = False
    #: notices from other processes are arriving; while not, the manager polls the store
    healthy = True
    #: send notices of our changes; off with table leases, where no other process holds a
    #: table this one changes (gametable.server.leases)
    publishes = True

    async def start(self, on_change: OnChange, on_reconnect: OnReconnect) -> None:
        return None

    async def stop(self) -> None:
        return None

    async def publish(self, table_id: str, seq: int) -> None:
        return None



class LocalFanout(Fanout):
    """One process: the table manager tells its own watchers, nothing else is needed."""


class RedisFanout(Fanout):
    """Notices through one Redis pub/sub channel; each process acts on those of its hot tables.

    One channel for all tables keeps subscription handling trivial and survives reconnects
    with a single SUBSCRIBE; each process reads every notice, which is fine for the handful of
    processes a deployment of this size runs.
    """

    shared = True

    def __init__(self, url: str, channel: str = CHANNEL, ping_interval: float = 1.0,
                 silence_limit: float = 3.0) -> None:
        self.url = url
        self.channel = channel
        self.origin = secrets.token_hex(8)  # our own notices come back to us; skip them
        #: the subscription pings Redis this often; after ``silence_limit`` seconds without any
        #: answer (a cut that closed no socket) it counts as lost and is made again
        self.ping_interval = ping_interval
        self.silence_limit = silence_limit
        self._redis = None
        self._listener: asyncio.Task | None = None
        self._handlers: set[asyncio.Task] = set()
        self._subscribed = False
        self._heard = 0.0  # time.monotonic() of the last thing the subscription received

    @property
    def healthy(self) -> bool:
        """Subscribed, and Redis answered on the subscription within ``silence_limit`` seconds
        (a subscription counts only once Redis has answered on it)."""
        return self._subscribed and time.monotonic() - self._heard < self.silence_limit

    async def start(self, on_change: OnChange, on_reconnect: OnReconnect) -> None:
        from redis.asyncio import Redis
        from redis.asyncio.retry import Retry
        from redis.backoff import NoBackoff
        from redis.exceptions import ConnectionError as RedisConnectionError

        # Bounded waits, so that a Redis that stopped answering holds nobody up; one retry on
        # a fresh connection, because after Redis restarts the pooled ones are all dead.
        self._redis = Redis.from_url(self.url, socket_connect_timeout=2.0, socket_timeout=2.0,
                                     retry=Retry(NoBackoff(), 1), retry_on_error=[RedisConnectionError])
        await self._redis.ping()  # fail at start, not on the first move, if Redis is missing
        ready = asyncio.get_running_loop().create_future()
        self._listener = asyncio.create_task(self._listen(on_change, on_reconnect, ready))
        await ready

    async def stop(self) -> None:
        if self._listener:
            self._listener.cancel()
            await asyncio.gather(self._listener, return_exceptions=True)
        for task in list(self._handlers):
            task.cancel()
        if self._redis is not None:
            await self._redis.aclose()

    async def publish(self, table_id: str, seq: int) -> None:
        """Send the notice in the background: the action is committed and its player need not
        wait for Redis. Without Redis, nothing is sent: the other processes, not hearing from
        it either, poll the store meanwhile."""
        if self.healthy and self.publishes:
            self._spawn(self._publish(table_id, seq))

    async def _publish(self, table_id: str, seq: int) -> None:
        message = json.dumps({"origin": self.origin, "table": table_id, "seq": seq})
        try:
            await self._redis.publish(self.channel, message)
        except Exception as exc:
            # The action is committed; the other processes' polling covers the lost notice.
            log.warning("could not publish a change of table %s (%s)", table_id, exc)

    async def _listen(self, on_change: OnChange, on_reconnect: OnReconnect,
                      ready: asyncio.Future) -> None:
        first, lost = True, False
        while True:
            pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.channel)
                subscribed_at = next_ping = time.monotonic()
                if not first:
                    self._spawn(on_reconnect())
                while True:
                    message = await pubsub.get_message(timeout=self.ping_interval)
                    now = time.monotonic()
                    if message is not None:  # a notice or the answer to our ping
                        if first:  # start() returns once Redis has answered on the subscription
                            ready.set_result(None)
                            first = False
                        elif lost and not self._subscribed:
                            log.warning("the Redis fan-out is back")
                        self._subscribed, self._heard, lost = True, now, False
                    elif now - max(self._heard, subscribed_at) > self.silence_limit:
                        raise ConnectionError(f"no answer from Redis for {self.silence_limit:g} s")
                    if now >= next_ping:
                        await pubsub.ping()
                        next_ping = now + self.ping_interval
                    if message is None or message.get("type") != "message":
                        continue
                    notice = json.loads(message["data"])
                    # The manager ignores notices about tables it does not hold in memory.
                    if notice.get("origin") != self.origin and isinstance(notice.get("table"), str):
                        self._spawn(on_change(notice["table"]))
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                was_subscribed, self._subscribed = self._subscribed, False
                if first:
                    ready.set_exception(exc)
                    return
                if was_subscribed:
                    lost = True
                    log.warning("lost the Redis fan-out (%s); polling the store for changes "
                                "until it is back", exc)
                await asyncio.sleep(1.0)
            finally:
                try:
                    await pubsub.aclose()
                except Exception:
                    pass

    def _spawn(self, coro: Awaitable[None]) -> None:
        task = asyncio.ensure_future(coro)
        self._handlers.add(task)
        task.add_done_callback(self._handlers.discard)
