"""Posting one push message: encrypted for the browser's keys (aes128gcm, by ``pywebpush``),
signed with the server's VAPID key (``py_vapid``) and sent with aiohttp, which connects only
to addresses the endpoint rules allow (gametable.server.push_endpoints) and follows no redirect.

A module of its own so that a server without push never loads aiohttp and pywebpush.
"""

from __future__ import annotations

import asyncio
import socket
import time
from typing import Any
from urllib.parse import urlsplit

import aiohttp
from aiohttp.abc import AbstractResolver
from py_vapid import Vapid
from pywebpush import WebPusher

from gametable.server.push_endpoints import EndpointRefused, EndpointRules
from gametable.server.store import PushSubscription

#: what a failed send may raise (the push service's status is not one: it is returned)
SEND_ERRORS = (EndpointRefused, aiohttp.ClientError, asyncio.TimeoutError, OSError)


class CheckedResolver(AbstractResolver):
    """aiohttp's resolver for the push sender: it hands aiohttp only addresses the rules allow,
    so the address connected to is the one checked (aiohttp connects to what this returns)."""

    def __init__(self, rules: EndpointRules) -> None:
        self.rules = rules

    async def resolve(self, host: str, port: int = 0, family: int = socket.AF_INET) -> list[dict[str, Any]]:
        addresses = await self.rules.addresses(host, port)
        return [{"hostname": host, "host": address, "port": port,
                 "family": socket.AF_INET6 if ":" in address else socket.AF_INET,
                 "proto": 0, "flags": socket.AI_NUMERICHOST} for address in addresses]

    async def close(self) -> None:
        pass


class PushSender:
    def __init__(self, rules: EndpointRules, vapid: Vapid, subject: str, ttl: int, timeout: float,
                 at_once: int) -> None:
        self.rules, self.vapid, self.subject, self.ttl = rules, vapid, subject, ttl
        connector = aiohttp.TCPConnector(resolver=CheckedResolver(rules), limit=at_once)
        # trust_env=False: no proxy from the environment, which would connect instead of us
        self.session = aiohttp.ClientSession(connector=connector, trust_env=False,
                                             timeout=aiohttp.ClientTimeout(total=timeout))

    async def post(self, sub: PushSubscription, payload: str) -> int:
        """Encrypt, sign and POST one message; the push service's status (a redirect is
        returned as it is, never followed)."""
        self.rules.check_url(sub.endpoint)  # an address literal never reaches the resolver
        body, headers = await asyncio.to_thread(self._message, sub, payload)
        async with self.session.post(sub.endpoint, data=body, headers=headers,
                                     allow_redirects=False) as response:
            return response.status

    def _message(self, sub: PushSubscription, payload: str) -> tuple[bytes, dict[str, str]]:
        parts = urlsplit(sub.endpoint)
        pusher = WebPusher({"endpoint": sub.endpoint, "keys": {"p256dh": sub.p256dh, "auth": sub.auth}})
        body = pusher.encode(payload.encode(), "aes128gcm")["body"]
        claims = {"sub": self.subject, "aud": f"{parts.scheme}://{parts.netloc}",
                  "exp": int(time.time()) + 12 * 3600}
        return body, {**self.vapid.sign(claims), "TTL": str(self.ttl), "Content-Encoding": "aes128gcm"}

    async def close(self) -> None:
        await self.session.close()
