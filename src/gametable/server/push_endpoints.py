"""Which push endpoints the server may send to: a subscription's endpoint is a URL a browser
hands us, so without a check anyone holding a seat could make the server POST to an address
inside its own network every turn.

An endpoint is accepted when its scheme is https (http too with GAMETABLE_PUSH_HTTP_ENDPOINTS),
it names no user, its host is on the allow-list (GAMETABLE_PUSH_HOSTS: the known browsers' push
services by default) and every address the host resolves to is public. The addresses are
checked at subscription and again at every send, by the resolver the sender connects through
(gametable.server.push_sender), so a name that resolved to a public address when it was checked
cannot be switched to an inside one later (DNS rebinding): the sender connects only to the
addresses that passed. An address or network written in the allow-list is trusted as written
(a local push server, the tests), whatever kind it is.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable
from urllib.parse import urlsplit

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network
#: host name -> the addresses it resolves to (text); stubbed in the tests, never a real lookup there
Lookup = Callable[[str, int], Awaitable[list[str]]]

#: the push services of Chrome and Edge's Chromium (FCM), Firefox, Safari, and Windows' Edge
DEFAULT_PUSH_HOSTS = ("fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,"
                      "*.notify.windows.com")
_WIDEN = ("add its host to GAMETABLE_PUSH_HOSTS if it is a push service you trust, or subscribe "
          "again from a current browser")


class EndpointRefused(Exception):
    """An endpoint the server will not send to; the message says why and what to do."""


async def system_lookup(host: str, port: int) -> list[str]:
    infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return [str(info[4][0]) for info in infos]


def is_public(address: IPAddress) -> bool:
    """Reachable on the internet as itself: not loopback, private, link-local, multicast,
    reserved or unspecified (an IPv4 address mapped into IPv6 is judged as the IPv4 one)."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_global and not (address.is_loopback or address.is_private or address.is_link_local
                                       or address.is_multicast or address.is_reserved
                                       or address.is_unspecified)


def parse_push_hosts(value: str) -> tuple[tuple[str, ...], tuple[IPNetwork, ...]]:
    """GAMETABLE_PUSH_HOSTS: comma-separated host names, ``*.domain`` (any name under it), ``*``
    (any name) or IP addresses and networks trusted as written. ValueError for anything else."""
    names: list[str] = []
    networks: list[IPNetwork] = []
    for item in (part.strip().lower().rstrip(".") for part in value.split(",")):
        if not item:
            continue
        try:
            networks.append(ipaddress.ip_network(item.strip("[]"), strict=False))
            continue
        except ValueError:
            pass
        bare = item.removeprefix("*.")
        if item != "*" and not (bare and all(label and label.replace("-", "").isalnum() and label.isascii()
                                             for label in bare.split("."))):
            raise ValueError(item)
        names.append(item)
    if not names and not networks:
        raise ValueError(value)
    return tuple(names), tuple(networks)


def _literal(host: str) -> IPAddress | None:
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        return None


@dataclass
class EndpointRules:
    names: tuple[str, ...]
    networks: tuple[IPNetwork, ...] = ()
    schemes: tuple[str, ...] = ("https",)
    lookup: Lookup = field(default=system_lookup)

    @classmethod
    def from_settings(cls, settings: Any) -> "EndpointRules":
        names, networks = parse_push_hosts(settings.push_hosts)
        return cls(names, networks, ("https", "http") if settings.push_http_endpoints else ("https",))

    def check_url(self, url: str) -> tuple[str, int]:
        """What can be told from the URL alone; returns its host and port."""
        try:
            parts = urlsplit(url)
            port = parts.port
        except ValueError:
            raise EndpointRefused("the push endpoint is not a valid URL; subscribe again") from None
        if parts.scheme not in self.schemes:
            raise EndpointRefused("the push endpoint must be an https:// address (a browser's push service)")
        if parts.username is not None or parts.password is not None or "@" in parts.netloc:
            raise EndpointRefused("the push endpoint must not name a user (no user@ in the address)")
        host = (parts.hostname or "").rstrip(".")
        if not host:
            raise EndpointRefused("the push endpoint names no host; subscribe again")
        literal = _literal(host)
        if literal is not None:  # an address, not a name: only one the operator listed
            if not any(literal in network for network in self.networks):
                raise EndpointRefused(f"the push endpoint's address {host} is not a push service; {_WIDEN}")
        elif not self._named(host):
            raise EndpointRefused(f"{host} is not a known push service; {_WIDEN}")
        return host, port or (443 if parts.scheme == "https" else 80)

    async def addresses(self, host: str, port: int) -> list[str]:
        """The addresses of ``host``, all of them allowed; EndpointRefused if any is not."""
        literal = _literal(host)
        if literal is not None:
            found = [literal]
        else:
            try:
                found = [ipaddress.ip_address(a.split("%", 1)[0]) for a in await self.lookup(host, port)]
            except OSError as exc:
                raise EndpointRefused(f"the push service {host} cannot be found ({exc}); try again later") from None
        if not found:
            raise EndpointRefused(f"the push service {host} has no address; try again later")
        refused = [a for a in found if not self._trusted(a)]
        if refused:
            raise EndpointRefused(f"the push service {host} resolves to {refused[0]}, which is not a public "
                                  "address; the server sends push messages to public addresses only")
        return [str(a) for a in found]

    async def check(self, url: str) -> None:
        """Everything a subscription is checked for: the URL, and where its host resolves now."""
        host, port = self.check_url(url)
        await self.addresses(host, port)

    def _named(self, host: str) -> bool:
        host = host.lower()
        return any(pattern == "*" or host == pattern
                   or (pattern.startswith("*.") and host.endswith(pattern[1:]))
                   for pattern in self.names)

    def _trusted(self, address: IPAddress) -> bool:
        return any(address in network for network in self.networks) or is_public(address)
