"""Turn alerts on My tables (issue 26; docs/web-client.md "Alerts, blocks and your data"): a
player types a name and an e-mail address in the page, opens the link the server e-mails
(aiosmtpd on a loopback port), confirms it with the page's button, and the settings say so and
keep what is chosen; at three sizes, in Persian, Portuguese and English."""

from __future__ import annotations

import email
import email.policy
import queue
import re

import pytest
from aiosmtpd.controller import Controller
from playwright.sync_api import expect

from tests.web.conftest import Server, _free_port
from tests.web.journeys import people
from tests.web.journeys.people import PATIENCE

CONFIRMED = {"en": "Address confirmed.", "pt": "Endereço confirmado.", "fa": "نشانی تأیید شده است."}


class Inbox:
    def __init__(self) -> None:
        self.messages: queue.Queue = queue.Queue()

    async def handle_DATA(self, server, session, envelope):
        self.messages.put(email.message_from_bytes(envelope.content, policy=email.policy.default))
        return "250 OK"


@pytest.fixture
def mail_server(tmp_path, monkeypatch):
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=_free_port())
    controller.start()
    monkeypatch.setenv("GAMETABLE_SMTP_URL", f"smtp://127.0.0.1:{controller.port}?from=alerts@example.org")
    running = Server(tmp_path)
    running.start()
    yield running, inbox
    running.stop()
    controller.stop()


@pytest.mark.parametrize("size, lang", [("phone", "fa"), ("tablet", "pt"), ("desktop", "en")])
def test_a_player_confirms_an_address_and_chooses_its_alerts(mail_server, browser, size, lang):
    server, inbox = mail_server
    ann = people.Person(browser, server, "Ann", size=size, lang=lang)
    page = ann.page
    ann.goto(f"/me?lang={lang}")
    page.locator("#become-name").fill("Ann")
    page.locator("#become button[type=submit]").click()
    expect(page.locator("#alerts")).to_be_visible(timeout=PATIENCE)
    expect(page.locator("#alerts-email")).to_be_disabled()
    page.locator("#alerts-address").fill("ann@example.org")
    page.locator("#alerts-address-form button[type=submit]").click()
    expect(page.locator("#alerts-address-state")).to_be_visible(timeout=PATIENCE)
    message = inbox.messages.get(timeout=30)
    assert message["To"] == "ann@example.org"
    found = re.search(r"http://127\.0\.0\.1:\d+/alerts/confirm\?token=[\w-]+", message.get_content())
    assert found, message.get_content()
    link = found.group(0)
    page.goto(link)
    page.locator("form button[type=submit]").click()
    expect(page.locator("p").first).not_to_have_text("", timeout=PATIENCE)
    ann.goto("/me")
    expect(page.locator("#alerts-address-state")).to_have_text(CONFIRMED[lang], timeout=PATIENCE)
    expect(page.locator("#alerts-email")).to_be_checked()  # confirming turns e-mail alerts on
    page.locator("#alerts-digest").check()
    page.locator("#alerts-quiet").check()
    expect(page.locator("#alerts-error")).to_be_hidden()
    page.wait_for_function("() => document.querySelector('#alerts-quiet').checked")
    ann.shot("alert-settings")
    page.reload()
    expect(page.locator("#alerts-digest")).to_be_checked(timeout=PATIENCE)
    expect(page.locator("#alerts-quiet")).to_be_checked()
    expect(page.locator("#download-games")).to_have_attribute("href", "/api/me/games.jsonl")
    ann.assert_clean()
    ann.close()
