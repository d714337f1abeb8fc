"""Sending e-mail (turn alerts, address confirmations) to the operator's SMTP server.

GAMETABLE_SMTP_URL names the server: ``smtp://[user[:password]@]host[:port]`` (STARTTLS when
the server offers it; ``?starttls=require`` insists on it), ``smtps://...`` (TLS from the
first byte, port 465 by default), and ``?from=alerts@example.org`` the sender (default
``gametable@`` the public address's host). Messages wait in a bounded queue and one task sends
them with aiosmtplib, so the path that commits a move only puts a message in the queue.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from email.message import EmailMessage
from urllib.parse import parse_qs, unquote, urlsplit

import aiosmtplib

log = logging.getLogger("gametable.server.mail")

#: messages waiting to be sent; more are dropped (and logged): an SMTP server that is down
#: must not make the service hold mail without end
QUEUE_SIZE = 1000
_TIMEOUT = 30.0


@dataclass(frozen=True)
class SmtpServer:
    host: str
    port: int
    username: str | None
    password: str | None
    implicit_tls: bool
    require_starttls: bool
    sender: str

    @classmethod
    def from_url(cls, url: str, default_sender_host: str = "localhost") -> "SmtpServer":
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise ValueError("an SMTP address is smtp://host[:port] or smtps://host[:port]")
        query = parse_qs(parts.query)
        sender = query.get("from", [f"gametable@{default_sender_host}"])[0]
        return cls(host=parts.hostname, port=parts.port or (465 if parts.scheme == "smtps" else 25),
                   username=unquote(parts.username) if parts.username else None,
                   password=unquote(parts.password) if parts.password else None,
                   implicit_tls=parts.scheme == "smtps",
                   require_starttls=query.get("starttls", [""])[0] == "require", sender=sender)


class Mailer:
    """A queue of messages and the task that sends them, one at a time."""

    def __init__(self, server: SmtpServer) -> None:
        self.server = server
        self._queue: asyncio.Queue[EmailMessage] = asyncio.Queue(QUEUE_SIZE)
        self._task: asyncio.Task | None = None
        self.sent = 0

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._send_all())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    def submit(self, message: EmailMessage) -> None:
        if "From" not in message:
            message["From"] = self.server.sender
        try:
            self._queue.put_nowait(message)
        except asyncio.QueueFull:
            log.warning("the mail queue is full (%d messages): one to a player dropped", QUEUE_SIZE)

    async def wait(self) -> None:
        """Until every message queued so far was sent or given up on (tests, shutdown)."""
        await self._queue.join()

    async def _send_all(self) -> None:
        while True:
            message = await self._queue.get()
            try:
                await self._send(message)
                self.sent += 1
            except Exception as exc:  # noqa: BLE001 - one failed message must not stop the others
                # the kind only: an SMTP refusal often quotes the address, which no log may hold
                log.warning("an e-mail could not be sent (%s)", type(exc).__name__)
            finally:
                self._queue.task_done()

    async def _send(self, message: EmailMessage) -> None:
        s = self.server
        await aiosmtplib.send(message, hostname=s.host, port=s.port, username=s.username,
                              password=s.password, use_tls=s.implicit_tls,
                              start_tls=True if s.require_starttls else None, timeout=_TIMEOUT)
