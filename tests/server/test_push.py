"""Web Push (issue 8; docs/server.md, "Turn alerts by Web Push"): a seat's subscription is told
when it becomes the seat's turn. The push service here is a small HTTP endpoint of the test,
which decrypts what it receives with the subscription's own keys, as a browser would."""

from __future__ import annotations

import base64
import http.server
import json
import os
import threading
from typing import Iterator

import http_ece
import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, utils

from gametable.server import Settings
from gametable.server.push import new_key
from tests.server.conftest import start_server
from tests.server.helpers import Api, auth


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PushReceiver:
    """A push service of one browser: keeps each request it is sent, and decrypts it."""

    def __init__(self) -> None:
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
                self.send_response(201)
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def subscription(self) -> dict:
        public = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        return {"endpoint": f"http://127.0.0.1:{self.server.server_address[1]}/push/bob",
                "keys": {"p256dh": _b64(public), "auth": _b64(self.auth_secret)}}

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
                                   push_http_endpoints=True))
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


def test_only_a_seat_subscribes_and_only_to_https_push_services(database_url, vapid_key, receiver):
    server = start_server(Settings(database_url=database_url, bot_pause=0.0, rate_limits=False,
                                   vapid_private_key=vapid_key[0], vapid_subject="mailto:ops@example.org"))
    try:
        with Api(server.url) as api:
            table = api.create()
            tid, sub = table["id"], receiver.subscription
            assert api.http.post(f"/api/tables/{tid}/push", json=sub).status_code == 401
            assert api.http.post(f"/api/tables/{tid}/push", headers=auth("nobody"), json=sub).status_code == 403
            plain_http = api.http.post(f"/api/tables/{tid}/push", headers=auth(table["token"]), json=sub)
            assert plain_http.status_code == 400 and "https" in plain_http.json()["detail"]
            bad_keys = {**sub, "endpoint": "https://push.example.org/x", "keys": {"p256dh": "AAAA", "auth": "AAAA"}}
            assert api.http.post(f"/api/tables/{tid}/push", headers=auth(table["token"]),
                                 json=bad_keys).status_code == 422
            fine = {**sub, "endpoint": "https://push.example.org/x"}
            assert api.http.post(f"/api/tables/{tid}/push", headers=auth(table["token"]),
                                 json=fine).status_code == 204
            assert api.http.request("DELETE", f"/api/tables/{tid}/push", headers=auth(table["token"]),
                                    json={"endpoint": fine["endpoint"]}).status_code == 204
    finally:
        server.stop()


def test_without_a_vapid_key_there_is_no_push(api):
    # issue 24: said with a 200 (the page asks on every table; a 404 was a red console error)
    response = api.http.get("/api/push")
    assert response.status_code == 200 and response.json() == {"public_key": None}
