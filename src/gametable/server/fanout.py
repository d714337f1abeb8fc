"""Fan-out of table changes between server processes.

Within one process the table manager tells its own watchers directly, so :class:`LocalFanout`
has nothing to do. With several processes (``REDIS_URL`` set, PostgreSQL as the shared store),
:class:`RedisFanout` publishes "table X is at seq n" after each commit; every other process
that holds X in memory reads the new actions from the database (the log stays the only
truth: Redis carries notices, never state) and tells its own watchers.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from typing import Awaitable, Callable

log = logging.getLogger("gametable.server.fanout")

OnChange = Callable[[str], Awaitable[None]]
OnReconnect = Callable[[], Awaitable[None]]

CHANNEL = "gametable:tables"


class Fanout:
    """The interface, and the single-process case: nothing leaves the process."""

    async def start(self, on_change: OnChange, on_reconnect: OnReconnect) -> None:
        return None

    async def stop(self) -> None:
        return None

    async def publish(self, table_id: str, seq: int) -> None:
        return None

    async def watch(self, table_id: str) -> None:
        """This process now holds the table in memory and wants to hear of its changes."""
        return None

    async def unwatch(self, table_id: str) -> None:
        return None


class LocalFanout(Fanout):
    """One process: the table manager tells its own watchers, nothing else is needed."""


class RedisFanout(Fanout):
    """Notices through one Redis pub/sub channel; each process keeps those of its hot tables.

    One channel for all tables keeps subscription handling trivial and survives reconnects
    with a single SUBSCRIBE; each process reads every notice, which is fine for the handful of
    processes a deployment of this size runs.
    """

    def __init__(self, url: str, channel: str = CHANNEL) -> None:
        self.url = url
        self.channel = channel
        self.origin = secrets.token_hex(8)  # our own notices come back to us; skip them
        self.hot: set[str] = set()
        self._redis = None
        self._listener: asyncio.Task | None = None
        self._handlers: set[asyncio.Task] = set()

    async def start(self, on_change: OnChange, on_reconnect: OnReconnect) -> None:
        from redis.asyncio import Redis

        self._redis = Redis.from_url(self.url)
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
        message = json.dumps({"origin": self.origin, "table": table_id, "seq": seq})
        try:
            await self._redis.publish(self.channel, message)
        except Exception:
            # The action is committed; other processes catch up when the fan-out returns.
            log.exception("could not publish a change of table %s", table_id)

    async def watch(self, table_id: str) -> None:
        self.hot.add(table_id)

    async def unwatch(self, table_id: str) -> None:
        self.hot.discard(table_id)

    async def _listen(self, on_change: OnChange, on_reconnect: OnReconnect,
                      ready: asyncio.Future) -> None:
        first = True
        while True:
            pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.channel)
                if first:
                    ready.set_result(None)
                    first = False
                else:
                    self._spawn(on_reconnect())
                while True:
                    message = await pubsub.get_message(timeout=30.0)
                    if message is None or message.get("type") != "message":
                        continue
                    notice = json.loads(message["data"])
                    if notice.get("origin") != self.origin and notice.get("table") in self.hot:
                        self._spawn(on_change(notice["table"]))
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if first:
                    ready.set_exception(exc)
                    return
                log.warning("lost the Redis fan-out (%s); reconnecting", exc)
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
