"""Turn alerts by e-mail (issue 26; docs/server.md "Turn alerts by e-mail"): a player confirms
an address through the link e-mailed to it, and, with every tab closed, gets an e-mail when a
table with a turn clock waits for them; every e-mail unsubscribes in one click (RFC 8058). The
SMTP server is aiosmtpd's, on a loopback port."""

from __future__ import annotations

import asyncio
import email
import email.policy
import queue
import re
import time
from typing import Iterator
from urllib.parse import urlsplit

import pytest
from aiosmtpd.controller import Controller

from gametable.server import Settings
from gametable.server.alert_store import AlertChoices
from gametable.server.rooms.alerts import TurnAlerts
from tests.server.conftest import free_port, start_server
from tests.server.helpers import Api

PUBLIC = "https://play.example.org"
TURN_CLOCK = {"kind": "turn", "per_move_s": 3600}


class Inbox:
    """aiosmtpd's handler: every message the server accepts, parsed."""

    def __init__(self) -> None:
        self.messages: queue.Queue = queue.Queue()

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        self.messages.put((envelope.rcpt_tos, message))
        return "250 OK"

    def next(self) -> tuple[list[str], email.message.EmailMessage]:
        return self.messages.get(timeout=30)


@pytest.fixture
def inbox() -> Iterator[Inbox]:
    handler = Inbox()
    controller = Controller(handler, hostname="127.0.0.1", port=free_port())
    controller.start()
    handler.port = controller.port
    yield handler
    controller.stop()


@pytest.fixture
def wait_seconds() -> float:
    """How long a turn at a table without a clock waits before it e-mails: longer than a test."""
    return 3600.0


@pytest.fixture
def mail_api(database_url, inbox, wait_seconds) -> Iterator[Api]:
    server = start_server(Settings(database_url=database_url, bot_pause=0.0, rate_limits=False,
                                   public_url=PUBLIC, alert_digest_seconds=0.0, alert_wait_seconds=wait_seconds,
                                   smtp_url=f"smtp://127.0.0.1:{inbox.port}?from=alerts@play.example.org"))
    try:
        with Api(server.url) as api:
            yield api
    finally:
        server.stop()


@pytest.fixture
def push_server(database_url, tmp_path):
    """A server with Web Push on, allowed to push to a loopback receiver (tests/server/test_push.py)."""
    from gametable.server.push import new_key
    from tests.server.test_push import PushReceiver
    key = tmp_path / "vapid.pem"
    new_key(key)
    receiver = PushReceiver()
    server = start_server(Settings(database_url=database_url, bot_pause=0.0, rate_limits=False,
                                   vapid_private_key=str(key), vapid_subject="mailto:ops@example.org",
                                   push_http_endpoints=True, push_hosts="127.0.0.1"))
    try:
        yield server, receiver
    finally:
        server.stop()
        receiver.close()


def _path_of_link(text: str, path: str) -> str:
    link = re.search(re.escape(PUBLIC + path) + r"\?token=[A-Za-z0-9_-]+", text).group(0)
    parts = urlsplit(link)
    return f"{parts.path}?{parts.query}"


def _confirmed_player(api: Api, inbox: Inbox, name: str, address: str) -> dict:
    me = api.http.post("/api/me", json={"name": name}).json()
    answer = api.http.put("/api/me/alerts/address", json={"address": address})
    assert answer.status_code == 202, answer.text
    assert answer.json()["address_confirmed"] is False and answer.json()["email"] is False
    to, message = inbox.next()
    assert to == [address] and message["From"] == "alerts@play.example.org"
    confirm = _path_of_link(message.get_content(), "/alerts/confirm")
    # opening the link (as a mail scanner would) only shows a button; the button confirms
    assert "<form" in api.http.get(confirm).text
    assert api.http.get("/api/me/alerts").json()["address_confirmed"] is False
    assert api.http.post(confirm).status_code == 200
    assert api.http.post(confirm).status_code == 410  # a confirmation link works once
    alerts = api.http.get("/api/me/alerts").json()
    assert alerts["address_confirmed"] and alerts["email"] and alerts["address"] == address
    return me


def test_a_player_with_every_tab_closed_gets_an_email_for_a_turn_clock_table(mail_api, inbox):
    bob_api = mail_api
    bob = _confirmed_player(bob_api, inbox, "Bob", "bob@example.org")
    with Api(bob_api.base_url) as ann_api:
        plain = ann_api.create(players=2)
        watched, clocked = [ann_api.http.post("/api/tables", json={
            "game": "toy", "players": 2, "name": "Ann", "clock": TURN_CLOCK}).json() for _ in range(2)]
        seats = {t["id"]: bob_api.join(t["id"]) for t in (plain, watched, clocked)}
        # Bob has the page of one clocked table open: that table's turn needs no e-mail
        with bob_api.socket(watched["id"], seats[watched["id"]]["token"]) as socket:
            assert socket.recv()["type"] == "state"  # the server has the socket now
            for table in (plain, watched, clocked):
                ann_api.act_ok(table["id"], table["token"], 0, {"type": "take", "count": 1})
            to, message = inbox.next()  # only the clocked table nobody watches e-mails
    assert to == ["bob@example.org"] and message["Subject"] == "Your turn"
    text = message.get_content()
    assert f"{PUBLIC}/t/{clocked['id']}" in text and plain["id"] not in text and watched["id"] not in text
    # RFC 8058: the one-click unsubscribe, also a link in the text
    unsubscribe = message["List-Unsubscribe"]
    assert unsubscribe.startswith(f"<{PUBLIC}/alerts/unsubscribe?token=") and unsubscribe.endswith(">")
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert unsubscribe[1:-1] in text
    # the mail client's one-click POST, with no cookie and no page
    with Api(bob_api.base_url) as mail_client:
        path = _path_of_link(unsubscribe, "/alerts/unsubscribe")
        done = mail_client.http.post(path, content=b"List-Unsubscribe=One-Click",
                                     headers={"Content-Type": "application/x-www-form-urlencoded"})
        assert done.status_code == 200
    assert bob_api.http.get("/api/me/alerts").json()["email"] is False
    # nobody else sees the address
    with Api(bob_api.base_url) as stranger:
        assert "bob@example.org" not in stranger.http.get(f"/api/players/{bob['id']}").text
        assert "bob@example.org" not in stranger.http.get(f"/api/tables/{clocked['id']}").text
        assert stranger.http.get("/api/me/alerts").status_code == 401


@pytest.mark.parametrize("wait_seconds", [0.0])
def test_a_turn_that_waits_long_at_a_table_without_a_clock_emails(mail_api, inbox):
    bob_api = mail_api
    _confirmed_player(bob_api, inbox, "Bob", "bob@example.org")
    with Api(bob_api.base_url) as ann_api:
        table = ann_api.create(players=2)
        bob_api.join(table["id"])
        ann_api.act_ok(table["id"], table["token"], 0, {"type": "take", "count": 1})
    _, message = inbox.next()  # the wait (0 s here) passed with nothing played
    assert f"{PUBLIC}/t/{table['id']}" in message.get_content()
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


def test_email_alerts_need_a_confirmed_address_and_a_valid_one(mail_api, inbox):
    mail_api.http.post("/api/me", json={"name": "Cy"})
    refused = mail_api.http.patch("/api/me/alerts", json={"email": True})
    assert refused.status_code == 409 and "address" in refused.json()["detail"]
    for bad in ("no-at-sign", "a@b", "two@@example.org", "x" * 250 + "@example.org", "a b@example.org"):
        assert mail_api.http.put("/api/me/alerts/address", json={"address": bad}).status_code == 422
    changed = mail_api.http.patch("/api/me/alerts", json={
        "push": False, "digest": True, "quiet_hours": {"start": 22 * 60, "end": 7 * 60},
        "utc_offset_minutes": 210})
    assert changed.status_code == 200
    assert changed.json() | {"email_available": True} == {
        "push": False, "email": False, "address": None, "address_confirmed": False,
        "quiet_hours": {"start": 1320, "end": 420}, "utc_offset_minutes": 210, "digest": True,
        "email_available": True}
    assert mail_api.http.patch("/api/me/alerts", json={"quiet_hours": {"start": 1440, "end": 0}}).status_code == 422


def test_the_digest_names_every_table_that_waits_in_one_email(mail_api, inbox):
    bob_api = mail_api
    _confirmed_player(bob_api, inbox, "Bob", "bob@example.org")
    assert bob_api.http.patch("/api/me/alerts", json={"digest": True}).status_code == 200
    with Api(bob_api.base_url) as ann_api:
        tables = [ann_api.http.post("/api/tables", json={"game": "toy", "players": 2, "name": "Ann",
                                                         "clock": TURN_CLOCK}).json() for _ in range(2)]
        for table in tables:
            bob_api.join(table["id"])
        for table in tables:
            ann_api.act_ok(table["id"], table["token"], 0, {"type": "take", "count": 1})
    seen: set[str] = set()
    while len(seen) < 2:  # one digest, or (if the first turn's digest left first) two
        _, message = inbox.next()
        seen |= {t["id"] for t in tables if t["id"] in message.get_content()}
        assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


def test_a_table_that_begins_to_wait_while_a_digest_is_sent_gets_the_next_digest():
    """The digest under way is sent while a second table begins to wait: the second table goes
    into a digest of its own (it was once dropped with the first digest's bookkeeping)."""
    choices = AlertChoices(email=True, address="bob@example.org", address_confirmed=True, digest=True)

    class Core:
        async def read(self, function, *args):
            return function(*args)

    class Store:
        def choices(self, player_ids):
            return {player_id: choices for player_id in player_ids}

    async def run() -> list[dict[str, str]]:
        alerts = TurnAlerts(Core(), Store(), "http://127.0.0.1", digest_seconds=0.01)
        sent: list[dict[str, str]] = []

        async def mail(player_id, chosen, tables, invited_by=None):
            sent.append(dict(tables))
            if len(sent) == 1:  # while the first digest is on its way
                alerts._add_to_digest(player_id, "second", "gwt")
        alerts._mail = mail
        alerts._add_to_digest("bob", "first", "gwt")
        while len(sent) < 2 and len(alerts._tasks) > 0:
            await asyncio.sleep(0.01)
        return sent

    assert asyncio.run(run()) == [{"first": "gwt"}, {"second": "gwt"}]


@pytest.mark.parametrize("now_minute, quiet", [(23 * 60, True), (6 * 60, True), (12 * 60, False)])
def test_quiet_hours_over_midnight(now_minute, quiet):
    choices = AlertChoices(quiet_start=22 * 60, quiet_end=7 * 60, utc_offset_minutes=60)
    assert choices.quiet_at((now_minute - 60) * 60_000) is quiet


def test_friends_invited_from_the_create_form_get_one_email_each(mail_api, inbox):
    """Issue 26: the invite appears in the friend's My tables and alerts them, in their language."""
    bob_api = mail_api
    bob = _confirmed_player(bob_api, inbox, "Bob", "bob@example.org")
    assert bob_api.http.patch("/api/me", json={"lang": "pt"}).status_code == 200
    with Api(bob_api.base_url) as cy_api, Api(bob_api.base_url) as dee_api, Api(bob_api.base_url) as ann_api:
        _confirmed_player(cy_api, inbox, "Cy", "cy@example.org")  # not invited: hears nothing
        dee = _confirmed_player(dee_api, inbox, "Dee", "dee@example.org")  # invited in her quiet hours
        minute = int(time.time()) // 60 % 1440
        quiet = {"start": (minute - 10) % 1440, "end": (minute + 10) % 1440}
        assert dee_api.http.patch("/api/me/alerts", json={"quiet_hours": quiet,
                                                          "utc_offset_minutes": 0}).status_code == 200
        ann_api.http.post("/api/me", json={"name": "Ann"})
        for friend in (bob, dee):
            ann_api.http.post("/api/me/friends", json={"player_id": friend["id"]})
        first, second = [ann_api.http.post("/api/tables", json={
            "game": "gwt", "players": 3, "name": "Ann", "invite": invite}).json()
            for invite in ([bob["id"], dee["id"]], [bob["id"]])]
        got = [inbox.next() for _ in range(2)]
    # one e-mail per table, both to Bob (none to Cy, none to Dee in her quiet hours), in Bob's
    # language, naming Ann and the game
    assert [to for to, _ in got] == [["bob@example.org"]] * 2 and inbox.messages.empty()
    links = sorted(re.search(re.escape(PUBLIC) + r"/t/([A-Za-z0-9_-]+)\s", m.get_content()).group(1)
                   for _, m in got)
    assert links == sorted([first["id"], second["id"]])
    for _, message in got:
        assert message["Subject"] == "Ann convidou você para uma mesa de Great Western Trail."
        assert message.get_content().startswith("Ann convidou você para uma mesa de Great Western Trail.")
        unsubscribe = message["List-Unsubscribe"]
        assert unsubscribe.startswith(f"<{PUBLIC}/alerts/unsubscribe?token=")
        assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        assert unsubscribe[1:-1] in message.get_content()


def test_a_players_push_subscription_is_told_of_its_turns_at_every_table(push_server):
    server, receiver = push_server
    with Api(server.url) as bob_api, Api(server.url) as ann_api:
        bob_api.http.post("/api/me", json={"name": "Bob"})
        # checked like a seat's (docs/server.md, "Where pushes may go"): no inside address
        for inside in ("http://169.254.169.254/latest", "http://10.0.0.1/push"):
            refused = bob_api.http.post("/api/me/push", json={**receiver.subscription,
                                                              "endpoint": inside, "lang": "pt"})
            assert refused.status_code == 400, refused.text
        assert bob_api.http.post("/api/me/push", json={**receiver.subscription, "lang": "pt"}).status_code == 204
        table = ann_api.create(players=2)
        bob_api.join(table["id"])
        ann_api.act_ok(table["id"], table["token"], 0, {"type": "take", "count": 1})
        assert receiver.arrived.wait(30)
        message = receiver.decrypt(receiver.received[0][1])
        assert message["url"] == f"/t/{table['id']}" and message["title"] == "Sua vez"
        # turned off in the player's choices: no push (the next push would be this one's)
        receiver.arrived.clear()
        assert bob_api.http.patch("/api/me/alerts", json={"push": False}).status_code == 200
        other = ann_api.create(players=2)
        bob_api.join(other["id"])
        ann_api.act_ok(other["id"], other["token"], 0, {"type": "take", "count": 1})
        assert bob_api.http.patch("/api/me/alerts", json={"push": True}).status_code == 200
        third = ann_api.create(players=2)
        bob_api.join(third["id"])
        ann_api.act_ok(third["id"], third["token"], 0, {"type": "take", "count": 1})
        assert receiver.arrived.wait(30)
        assert [receiver.decrypt(body)["url"] for _, body in receiver.received[1:]] == [f"/t/{third['id']}"]
        assert bob_api.http.request("DELETE", "/api/me/push",
                                    json={"endpoint": receiver.subscription["endpoint"]}).status_code == 204


def test_a_friend_invited_from_the_create_form_is_pushed_once(push_server):
    server, receiver = push_server
    with Api(server.url) as bob_api, Api(server.url) as ann_api:
        bob = bob_api.http.post("/api/me", json={"name": "Bob"}).json()
        ann_api.http.post("/api/me", json={"name": "Ann"})
        assert bob_api.http.post("/api/me/push", json={**receiver.subscription, "lang": "es"}).status_code == 204
        ann_api.http.post("/api/me/friends", json={"player_id": bob["id"]})
        ann_api.create(players=3)  # nobody invited: no push
        table = ann_api.http.post("/api/tables", json={
            "game": "toy", "players": 3, "name": "Ann", "invite": [bob["id"]]}).json()
        assert receiver.arrived.wait(30)
        # a turn alert next, so that a second invite push would have arrived before it
        receiver.arrived.clear()
        turn = ann_api.create(players=2)
        bob_api.join(turn["id"])
        ann_api.act_ok(turn["id"], turn["token"], 0, {"type": "take", "count": 1})
        while len(receiver.received) < 2:
            assert receiver.arrived.wait(30)
            receiver.arrived.clear()
        invite, then = [receiver.decrypt(body) for _, body in receiver.received]
        assert invite == {"title": "Una mesa para ti", "body": "Ann te invitó a una mesa de toy.",
                          "url": f"/t/{table['id']}", "tag": f"gametable-{table['id']}"}
        assert then["url"] == f"/t/{turn['id']}" and then["title"] == "Es tu turno"


def _play_toy_to_end(api: Api, table_id: str, tokens: dict[int, str]) -> None:
    """The toy game's seats take the first legal action in turn until someone takes the last token."""
    while True:
        views = {seat: api.table(table_id, token) for seat, token in tokens.items()}
        if views[0]["status"] == "finished":
            return
        seat = next(s for s, view in views.items() if view["legal_actions"])
        api.act_ok(table_id, tokens[seat], views[seat]["seq"], views[seat]["legal_actions"][0])


def test_a_players_push_subscription_survives_a_rematch(push_server):
    server, receiver = push_server
    with Api(server.url) as bob_api, Api(server.url) as ann_api:
        ann_api.http.post("/api/me", json={"name": "Ann"})
        bob_api.http.post("/api/me", json={"name": "Bob"})
        assert bob_api.http.post("/api/me/push", json={**receiver.subscription, "lang": "en"}).status_code == 204
        table = ann_api.create(players=2)
        bob_token = bob_api.join(table["id"])["token"]
        _play_toy_to_end(ann_api, table["id"], {0: table["token"], 1: bob_token})
        rematch = ann_api.http.post(f"/api/tables/{table['id']}/rematch").json()
        assert bob_api.http.post(f"/api/tables/{table['id']}/rematch").json()["id"] == rematch["id"]
        first = ann_api.table(rematch["id"], rematch["token"])
        assert first["legal_actions"]  # Ann begins; then it is Bob's turn
        ann_api.act_ok(rematch["id"], rematch["token"], first["seq"], first["legal_actions"][0])
        urls: list[str] = []
        while f"/t/{rematch['id']}" not in urls:  # Bob's browser hears of the rematch's turn
            assert receiver.arrived.wait(30)
            receiver.arrived.clear()
            urls = [receiver.decrypt(body)["url"] for _, body in receiver.received]


def test_the_smtp_address_is_read_and_needs_the_public_address():
    from gametable.server.config import SettingError
    from gametable.server.mail import SmtpServer

    server = SmtpServer.from_url("smtps://alerts%40example.org:p%40ss@mail.example.org?from=a@example.org")
    assert (server.host, server.port, server.username, server.password, server.implicit_tls, server.sender) == (
        "mail.example.org", 465, "alerts@example.org", "p@ss", True, "a@example.org")
    plain = SmtpServer.from_url("smtp://127.0.0.1:2525?starttls=require", "play.example.org")
    assert (plain.port, plain.require_starttls, plain.sender) == (2525, True, "gametable@play.example.org")
    with pytest.raises(ValueError):
        SmtpServer.from_url("http://mail.example.org")
    with pytest.raises(SettingError, match="GAMETABLE_PUBLIC_URL"):
        Settings(database_url="sqlite://", smtp_url="smtp://127.0.0.1")
    with pytest.raises(SettingError, match="smtp://"):
        Settings(database_url="sqlite://", smtp_url="mail.example.org", public_url=PUBLIC)
