"""Web Push (standard VAPID): a seat's browsers are told when it becomes the seat's turn, even
with the page closed, for games played over days.

The operator makes a VAPID key once (``gametable vapid-keys``) and configures it
(GAMETABLE_VAPID_PRIVATE_KEY, GAMETABLE_VAPID_SUBJECT); without it, push is off and
``GET /api/push`` answers ``{"public_key": null}``. A page subscribes one seat of one table (the seat's token
proves it may: there are no player accounts) and the service worker (``/sw.js``) shows what
arrives. Messages are encrypted for the subscription's keys (aes128gcm) and signed with the
server's key (``pywebpush`` encrypts, ``py_vapid`` signs) and posted with aiohttp only to
endpoints that gametable.server.push_endpoints allows, never following a redirect; they carry
the table's address and a short text in the language the page was shown in. A subscription the
push service says is gone (404, 410) is forgotten, and so is one that fails FAILURES_TO_DROP
times in a row.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid

from gametable import i18n
from gametable.server.logs import short_id
from gametable.server.push_endpoints import EndpointRules
from gametable.server.rooms.alerts import alert_text
from gametable.server.store import PushSubscription

if TYPE_CHECKING:
    from gametable.server.push_sender import PushSender
    from gametable.server.live_table import LiveTable
    from gametable.server.tables import TableManager

log = logging.getLogger("gametable.server.push")

#: how long a push service keeps a message for a browser that is offline (seconds)
PUSH_TTL = 24 * 3600
#: subscriptions (browsers) one seat may have
SUBSCRIPTIONS_PER_SEAT = 5
#: pushes under way at once (each is an HTTPS request to a push service, on a worker thread)
_AT_ONCE = 4
_SEND_TIMEOUT = 10.0
#: a subscription whose pushes fail this many times in a row (refused, unreachable, an error
#: answer) is dropped, so that a dead or hostile endpoint is not tried at every turn for ever
FAILURES_TO_DROP = 5


def application_server_key(vapid: Vapid) -> str:
    """The public key a browser subscribes with (PushManager.subscribe's applicationServerKey):
    the uncompressed P-256 point, base64url without padding."""
    raw = vapid.public_key.public_bytes(serialization.Encoding.X962,
                                        serialization.PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def new_key(path: Path) -> str:
    """Make a VAPID key pair, keep the private key in ``path`` (PEM); returns the public key."""
    vapid = Vapid()
    vapid.generate_keys()
    vapid.save_key(str(path))
    path.chmod(0o600)
    return application_server_key(vapid)


def load_key(path: str) -> Vapid:
    return Vapid.from_file(private_key_file=path)


@dataclass
class TurnPusher:
    """TableManager.on_turn: pushes "your turn" to the subscriptions of the seats given (or,
    with ``invited_by``, "NAME invited you" to the seats kept for invited players)."""

    manager: "TableManager"
    vapid: Vapid
    subject: str
    #: where pushes may go (gametable.server.push_endpoints); checked at subscription and at send
    rules: EndpointRules

    def __post_init__(self) -> None:
        self.public_key = application_server_key(self.vapid)
        self._slots = asyncio.Semaphore(_AT_ONCE)
        self._tasks: set[asyncio.Task] = set()
        self._sender: "PushSender | None" = None
        #: (table id, endpoint) -> failures in a row; dropped at FAILURES_TO_DROP
        self._failures: dict[tuple[str, str], int] = {}

    def __call__(self, table: "LiveTable", seats: list[int], invited_by: str | None = None) -> None:
        task = asyncio.get_running_loop().create_task(
            self._push(table.id, table.record.game, seats, invited_by))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def wait(self) -> None:
        """Let the pushes under way finish (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def failures_in_a_row(self, table_id: str, endpoint: str) -> int:
        return self._failures.get((table_id, endpoint), 0)

    async def close(self) -> None:
        await self.wait()
        if self._sender is not None:
            await self._sender.close()

    async def _push(self, table_id: str, game: str, seats: list[int], invited_by: str | None) -> None:
        try:
            subscriptions = await self.manager.push.of_seats(table_id, seats)
            await asyncio.gather(*(self._send(table_id, game, seat, sub, invited_by)
                                   for seat, sub in subscriptions))
        except Exception:
            log.exception("push for table %s failed", short_id(table_id))

    async def _send(self, table_id: str, game: str, seat: int, sub: PushSubscription,
                    invited_by: str | None) -> None:
        message = turn_message(table_id, game, sub.lang, invited_by)
        async with self._slots:
            try:
                status = await self._post(sub, json.dumps(message))
            except Exception as exc:  # refused, unreachable, timed out (push_sender.SEND_ERRORS)
                await self._failed(table_id, seat, sub, f"{type(exc).__name__}: {exc}")
                return
        if status in (404, 410):  # the browser unsubscribed or the subscription expired
            self._failures.pop((table_id, sub.endpoint), None)
            await self.manager.push.forget(table_id, sub.endpoint)
        elif 200 <= status < 300:
            self._failures.pop((table_id, sub.endpoint), None)
        else:  # redirects too: they are never followed
            await self._failed(table_id, seat, sub, f"answered {status}")

    async def _post(self, sub: PushSubscription, payload: str) -> int:
        if self._sender is None:
            from gametable.server.push_sender import PushSender  # loads aiohttp: only with push on
            self._sender = PushSender(self.rules, self.vapid, self.subject, PUSH_TTL, _SEND_TIMEOUT, _AT_ONCE)
        return await self._sender.post(sub, payload)

    async def _failed(self, table_id: str, seat: int, sub: PushSubscription, why: str) -> None:
        key = (table_id, sub.endpoint)
        failures = self._failures[key] = self._failures.get(key, 0) + 1
        if failures < FAILURES_TO_DROP:
            log.warning("push to a subscription of table %s seat %d failed (%d in a row): %s",
                        short_id(table_id), seat, failures, why)
            return
        del self._failures[key]
        log.warning("push to a subscription of table %s seat %d failed %d times in a row (%s): "
                    "subscription dropped", short_id(table_id), seat, failures, why)
        await self.manager.push.forget(table_id, sub.endpoint)


def turn_message(table_id: str, game: str, lang: str, invited_by: str | None = None) -> dict[str, Any]:
    """What the service worker shows: a title, a body and the table's page to open."""
    title = "web.alert.your_turn" if invited_by is None else "web.alert.invited_title"
    return {"title": i18n.text(title, lang), "body": alert_text(game, lang, invited_by),
            "url": f"/t/{table_id}", "tag": f"gametable-{table_id}"}
