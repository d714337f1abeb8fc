"""Which push endpoints the server sends to (gametable.server.push_endpoints, push_sender): the
rules on their own, with a stubbed resolver; nothing here connects anywhere."""

from __future__ import annotations

import asyncio
import ipaddress

import pytest

from gametable.server import Settings
from gametable.server.config import SettingError
from gametable.server.push_endpoints import (DEFAULT_PUSH_HOSTS, EndpointRefused, EndpointRules, is_public,
                                             parse_push_hosts)
from gametable.server.push_sender import CheckedResolver


def stub(*addresses: str):
    async def lookup(host: str, port: int) -> list[str]:
        return list(addresses)
    return lookup


def default_rules(*addresses: str) -> EndpointRules:
    names, networks = parse_push_hosts(DEFAULT_PUSH_HOSTS)
    return EndpointRules(names, networks, ("https",), stub(*addresses))


@pytest.mark.parametrize("address", [
    "127.0.0.1", "127.8.9.10", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1",
    "0.0.0.0", "224.0.0.251", "240.0.0.1", "255.255.255.255", "192.0.2.1", "::1", "::", "fe80::1",
    "fd00::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "2001:db8::1"])
def test_inside_and_special_addresses_are_not_public(address):
    assert not is_public(ipaddress.ip_address(address))


@pytest.mark.parametrize("address", ["142.250.74.42", "2a00:1450:4001:82b::200a", "::ffff:142.250.74.42"])
def test_internet_addresses_are_public(address):
    assert is_public(ipaddress.ip_address(address))


@pytest.mark.parametrize("url, why", [
    ("http://fcm.googleapis.com/fcm/send/x", "https://"),
    ("ftp://fcm.googleapis.com/x", "https://"),
    ("https://user@fcm.googleapis.com/x", "must not name a user"),
    ("https://:pw@fcm.googleapis.com/x", "must not name a user"),
    ("https://fcm.googleapis.com@127.0.0.1/x", "must not name a user"),
    ("https://notify.windows.com/x", "not a known push service"),
    ("https://evilnotify.windows.com/x", "not a known push service"),
    ("https://fcm.googleapis.com.evil.example/x", "not a known push service"),
    ("https://169.254.169.254/", "is not a push service"),
    ("https://142.250.74.42/", "is not a push service"),
    ("https://[::ffff:127.0.0.1]/", "is not a push service"),
    ("https:///x", "names no host"),
    ("https://fcm.googleapis.com:99999/x", "not a valid URL"),
])
def test_urls_refused_before_any_lookup(url, why):
    with pytest.raises(EndpointRefused, match=why):
        default_rules("142.250.74.42").check_url(url)


def test_the_known_push_services_are_allowed_by_default():
    rules = default_rules()
    assert rules.check_url("https://fcm.googleapis.com/fcm/send/x") == ("fcm.googleapis.com", 443)
    assert rules.check_url("https://FCM.googleapis.com./x") == ("fcm.googleapis.com", 443)
    assert rules.check_url("https://db5p.notify.windows.com/w/?token=x")[0] == "db5p.notify.windows.com"
    assert rules.check_url("https://web.push.apple.com:8443/x") == ("web.push.apple.com", 8443)


def test_a_name_is_allowed_only_when_every_address_it_has_is_public():
    async def check(*addresses: str) -> None:
        await default_rules(*addresses).check("https://fcm.googleapis.com/fcm/send/x")

    asyncio.run(check("142.250.74.42", "2a00:1450:4001:82b::200a"))
    for inside in ("10.0.0.1", "169.254.169.254", "127.0.0.1", "fe80::1%eth0", "::ffff:10.0.0.1"):
        with pytest.raises(EndpointRefused, match="not a public address"):
            asyncio.run(check("142.250.74.42", inside))
    with pytest.raises(EndpointRefused, match="has no address"):
        asyncio.run(check())

    async def failing(host: str, port: int) -> list[str]:
        raise OSError("no such name")
    rules = default_rules()
    rules.lookup = failing
    with pytest.raises(EndpointRefused, match="cannot be found"):
        asyncio.run(rules.check("https://fcm.googleapis.com/x"))


def test_the_resolver_the_sender_connects_through_hands_over_only_checked_addresses():
    async def resolve(rules: EndpointRules):
        return await CheckedResolver(rules).resolve("fcm.googleapis.com", 443)

    found = asyncio.run(resolve(default_rules("142.250.74.42", "2a00:1450:4001:82b::200a")))
    assert [(r["host"], r["port"], r["hostname"]) for r in found] == [
        ("142.250.74.42", 443, "fcm.googleapis.com"), ("2a00:1450:4001:82b::200a", 443, "fcm.googleapis.com")]
    for rebound in ("169.254.169.254", "10.0.0.1", "127.0.0.1", "::1"):
        with pytest.raises(EndpointRefused):
            asyncio.run(resolve(default_rules(rebound)))


def test_the_allow_list_widens_with_names_domains_and_trusted_addresses():
    names, networks = parse_push_hosts(" push.example.org, *.example.net ,127.0.0.0/8, ::1 ")
    rules = EndpointRules(names, networks, ("https",), stub("127.0.0.5"))
    assert rules.check_url("https://push.example.org/x")[0] == "push.example.org"
    assert rules.check_url("https://a.b.example.net/x")[0] == "a.b.example.net"
    assert rules.check_url("https://127.0.0.3:4443/x") == ("127.0.0.3", 4443)
    asyncio.run(rules.check("https://push.example.org/x"))  # resolves to a listed network
    with pytest.raises(EndpointRefused):
        rules.check_url("https://10.0.0.1/x")
    anything = EndpointRules(*parse_push_hosts("*"), ("https",), stub("10.0.0.1"))
    assert anything.check_url("https://push.anywhere.example/x")[0] == "push.anywhere.example"
    with pytest.raises(EndpointRefused, match="not a public address"):  # * is any name, not any address
        asyncio.run(anything.check("https://push.anywhere.example/x"))


@pytest.mark.parametrize("value", ["", " , ", "push example.org", "https://push.example.org", "*..com", "a/b"])
def test_unusable_allow_lists_are_refused_at_start(value):
    with pytest.raises(SettingError, match="GAMETABLE_PUSH_HOSTS"):
        Settings(database_url="sqlite://", push_hosts=value)
