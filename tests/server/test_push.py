"""Web Push (issue 8; docs/server.md, "Turn alerts by Web Push"): a seat's subscription is told
when it becomes the seat's turn. The push service here is a small HTTP endpoint of the test,
which decrypts what it receives with the subscription's own keys, as a browser would."""

from __future__ import annotations

import base64
import http.server
import ipaddress
import json
import os
import threading
import time
from typing import Iterator

import http_ece
import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, utils

from gametable.server import Settings
from gametable.server.push import FAILURES_TO_DROP, new_key
from tests.server.conftest import start_server
from tests.server.helpers import Api, auth


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PushReceiver:
    """A push service of one browser: keeps each request it is sent, and decrypts it."""

    def __init__(self, status: int = 201, location: str | None = None) -> None:
        self.private_key = ec.generate_private_key(ec.SECP256R1())
        self.auth_secret = os.urandom(16)
        self.received: list[tuple[dict[str, str], bytes]] = []
        self.arrived = threading.Event()
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - the standard library's name
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.received.append(({k.lower(): v for k, v in self.headers.items()}, body))
                receiver.arrived.set()
                self.send_response(status)
                if location:
                    self.send_header("Location", location)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    @property
    def subscription(self) -> dict:
        return self.subscription_at(f"{self.url}/push/bob")

    def subscription_at(self, endpoint: str) -> dict:
        public = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        return {"endpoint": endpoint, "keys": {"p256dh": _b64(public), "auth": _b64(self.auth_secret)}}

    def decrypt(self, body: bytes) -> dict:
        return json.loads(http_ece.decrypt(body, private_key=self.private_key,
                                           auth_secret=self.auth_secret, version="aes128gcm"))

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver() -> Iterator[PushReceiver]:
    receiver = PushReceiver()
    yield receiver
    receiver.close()


@pytest.fixture
def vapid_key(tmp_path) -> tuple[str, str]:
    path = tmp_path / "vapid.pem"
    return str(path), new_key(path)


@pytest.fixture
def push_api(database_url, vapid_key) -> Iterator[Api]:
    server = start_server(Settings(database_url=database_url, bot_pause=0.0, rate_limits=False,
                                   vapid_private_key=vapid_key[0], vapid_subject="mailto:ops@example.org",
                                   push_http_endpoints=True, push_hosts="127.0.0.1"))
    try:
        with Api(server.url) as api:
            yield api
    finally:
        server.stop()


def test_a_seats_browser_is_told_its_turn_encrypted_for_its_own_keys(push_api, receiver, vapid_key):
    api = push_api
    assert api.http.get("/api/push").json() == {"public_key": vapid_key[1]}
    table = api.create(players=2)
    bob = api.join(table["id"])
    tid = table["id"]
    response = api.http.post(f"/api/tables/{tid}/push", headers=auth(bob["token"]),
                             json={**receiver.subscription, "lang": "es"})
    assert response.status_code == 204, response.text
    api.act_ok(tid, table["token"], 0, {"type": "take", "count": 1})  # now it is Bob's turn
    assert receiver.arrived.wait(30)
    headers, body = receiver.received[0]
    assert headers["content-encoding"] == "aes128gcm"
    message = receiver.decrypt(body)
    assert message["url"] == f"/t/{tid}" and message["title"] == "Es tu turno"
    # signed by the server's VAPID key (the public key the browsers subscribed with)
    scheme, _, params = headers["authorization"].partition(" ")
    fields = dict(part.split("=", 1) for part in params.split(","))
    assert scheme == "vapid" and fields["k"] == vapid_key[1]
    header, claims, signature = fields["t"].split(".")
    claims_data = json.loads(_unb64(claims))
    assert claims_data["sub"] == "mailto:ops@example.org" and claims_data["aud"].startswith("http://127.0.0.1:")
    # the JWT's ES256 signature verifies with that public key (raises if it does not)
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), _unb64(vapid_key[1]))
    raw = _unb64(signature)
    der = utils.encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, f"{header}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))


def stub_lookup(*addresses: str):
    """A resolver standing for DNS: every name resolves to ``addresses`` (nothing is looked up)."""
    async def lookup(host: str, port: int) -> list[str]:
        return list(addresses)
    return lookup


#: an address of a real push service (FCM's range): only ever returned by a stub, never connected to
PUBLIC = "142.250.74.42"
FCM = "https://fcm.googleapis.com/fcm/send/abc"


def push_server(database_url: str, vapid_key: tuple[str, str], **settings):
    return start_server(Settings(database_url=database_url, bot_pause=0.0, rate_limits=False,
                                 vapid_private_key=vapid_key[0], vapid_subject="mailto:ops@example.org",
                                 **settings))


def test_only_a_seat_subscribes_and_only_to_known_push_services_at_public_addresses(
        database_url, vapid_key, receiver):
    server = push_server(database_url, vapid_key)
    rules = server.app.state.pusher.rules
    rules.lookup = stub_lookup(PUBLIC)
    try:
        with Api(server.url) as api:
            table = api.create()
            tid, sub = table["id"], receiver.subscription

            def subscribe(endpoint: str, token: str | None = table["token"]):
                return api.http.post(f"/api/tables/{tid}/push", headers=auth(token),
                                     json={**sub, "endpoint": endpoint})

            assert subscribe(FCM, None).status_code == 401
            assert subscribe(FCM, "nobody").status_code == 403
            plain_http = subscribe(sub["endpoint"])
            assert plain_http.status_code == 400 and "https" in plain_http.json()["detail"]
            bad_keys = {**sub, "endpoint": FCM, "keys": {"p256dh": "AAAA", "auth": "AAAA"}}
            assert api.http.post(f"/api/tables/{tid}/push", headers=auth(table["token"]),
                                 json=bad_keys).status_code == 422
            for endpoint, why in [
                    ("https://127.0.0.1:8443/x", "is not a push service"),
                    ("https://169.254.169.254/latest/meta-data", "is not a push service"),
                    ("https://[::1]:8443/x", "is not a push service"),
                    ("https://localhost:8443/x", "localhost is not a known push service"),
                    ("https://push.example.org/x", "push.example.org is not a known push service"),
                    ("https://fcm.googleapis.com.example.org/x", "not a known push service"),
                    ("https://x@fcm.googleapis.com/fcm/send/abc", "must not name a user"),
                    ("https://x:y@127.0.0.1/", "must not name a user")]:
                refused = subscribe(endpoint)
                assert refused.status_code == 400 and why in refused.json()["detail"], endpoint
            # a push service's name that resolves to an inside address (one of them is enough)
            for inside in ("10.0.0.7", "169.254.169.254", "127.0.0.1", "::1", "fd00::1", "0.0.0.0",
                           "224.0.0.1", "::ffff:192.168.0.1"):
                rules.lookup = stub_lookup(PUBLIC, inside)
                refused = subscribe(FCM)
                assert refused.status_code == 400 and "not a public address" in refused.json()["detail"], inside
            rules.lookup = stub_lookup(PUBLIC)
            for endpoint in (FCM, "https://wns2-par02p.notify.windows.com/w/?token=x",
                             "https://updates.push.services.mozilla.com/wpush/v2/x",
                             "https://web.push.apple.com/QG"):
                assert subscribe(endpoint).status_code == 204, endpoint
            # no turn came, so nothing was sent; from here on any send would stay on this machine
            rules.lookup = stub_lookup("127.0.0.2")
            assert api.http.request("DELETE", f"/api/tables/{tid}/push", headers=auth(table["token"]),
                                    json={"endpoint": FCM}).status_code == 204
            assert {s.endpoint for _, s in server.manager.store.subscriptions(tid, [0])} == {
                "https://wns2-par02p.notify.windows.com/w/?token=x",
                "https://updates.push.services.mozilla.com/wpush/v2/x", "https://web.push.apple.com/QG"}
    finally:
        server.stop()


def _wait(predicate, what: str) -> None:
    deadline = time.monotonic() + 30
    while not predicate():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)


def test_a_name_that_resolves_inside_at_send_time_is_not_connected_to(database_url, vapid_key, receiver):
    """DNS rebinding: the name resolved to a public address when the seat subscribed; at the turn
    it resolves to this machine, where the receiver listens. The sender must not connect. (The
    name is localhost so that a sender that skipped the check would find it in /etc/hosts, never
    asking a DNS server.)"""
    server = push_server(database_url, vapid_key, push_http_endpoints=True, push_hosts="localhost")
    pusher = server.app.state.pusher
    pusher.rules.lookup = stub_lookup(PUBLIC)
    port = receiver.server.server_address[1]
    endpoint = f"http://localhost:{port}/push/bob"
    try:
        with Api(server.url) as api:
            table = api.create(players=2)
            bob = api.join(table["id"])
            tid = table["id"]
            response = api.http.post(f"/api/tables/{tid}/push", headers=auth(bob["token"]),
                                     json=receiver.subscription_at(endpoint))
            assert response.status_code == 204, response.text
            pusher.rules.lookup = stub_lookup("127.0.0.1")  # rebound
            api.act_ok(tid, table["token"], 0, {"type": "take", "count": 1})
            _wait(lambda: pusher.failures_in_a_row(tid, endpoint) == 1, "the refused push")
            assert receiver.received == []
            # the same name resolving to an address the operator listed is connected to: the
            # check, not the way of connecting, is what kept the push back
            pusher.rules.networks = (ipaddress.ip_network("127.0.0.1/32"),)
            api.act_ok(tid, bob["token"], 1, {"type": "take", "count": 1})
            api.act_ok(tid, table["token"], 2, {"type": "take", "count": 1})
            assert receiver.arrived.wait(30)
            headers, body = receiver.received[0]
            assert headers["host"] == f"localhost:{port}" and receiver.decrypt(body)["url"] == f"/t/{tid}"
            _wait(lambda: pusher.failures_in_a_row(tid, endpoint) == 0, "the count to reset")
    finally:
        server.stop()


def test_redirects_are_not_followed_and_an_endpoint_failing_again_and_again_is_dropped(
        database_url, vapid_key):
    inside = PushReceiver()  # where the redirect points: must never be reached
    redirecting = PushReceiver(status=307, location=f"{inside.url}/internal")
    server = push_server(database_url, vapid_key, push_http_endpoints=True, push_hosts="127.0.0.1")
    pusher = server.app.state.pusher
    endpoint = f"{redirecting.url}/push/bob"
    try:
        with Api(server.url) as api:
            table = api.create(players=2, options={"pile": 21})
            bob = api.join(table["id"])
            tid = table["id"]
            assert api.http.post(f"/api/tables/{tid}/push", headers=auth(bob["token"]),
                                 json=redirecting.subscription_at(endpoint)).status_code == 204
            seq = 0
            for turn in range(1, FAILURES_TO_DROP + 1):
                seq = api.act_ok(tid, table["token"], seq, {"type": "take", "count": 1})  # Bob's turn
                if turn < FAILURES_TO_DROP:
                    _wait(lambda: pusher.failures_in_a_row(tid, endpoint) == turn, f"failure {turn}")
                    assert server.manager.store.subscriptions(tid, [1]) != []
                seq = api.act_ok(tid, bob["token"], seq, {"type": "take", "count": 1})
            _wait(lambda: server.manager.store.subscriptions(tid, [1]) == [], "the subscription to go")
            assert len(redirecting.received) == FAILURES_TO_DROP and inside.received == []
            assert pusher.failures_in_a_row(tid, endpoint) == 0
    finally:
        server.stop()
        inside.close()
        redirecting.close()


def test_without_a_vapid_key_there_is_no_push(api):
    # issue 24: said with a 200 (the page asks on every table; a 404 was a red console error)
    response = api.http.get("/api/push")
    assert response.status_code == 200 and response.json() == {"public_key": None}
