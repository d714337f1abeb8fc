"""Issue 8, players in the browser: a table made on one device is found in My tables on another
signed in by a one-time link, and both play the same seat; the pages work at 360 px in Persian."""

from __future__ import annotations

import random
import re
import time

from playwright.sync_api import expect

from tests.web.conftest import new_page
from tests.web.play import click_one, wait_until_it_is_my_move


#: ms an expectation waits: the pages load a game's renderer and the catalogs first, which on a
#: busy machine takes longer than expect's default 5 s
PATIENCE = 30_000


def _log_length(page) -> int:
    return page.locator("#log .log-entry").count()


def _seq(server, table_id: str) -> int:
    return server.api("GET", f"/api/tables/{table_id}")["seq"]


def _play_one_move(page, rnd: random.Random, server, table_id: str) -> None:
    """Make one move of this seat (a click, and a menu entry if one opens) and wait until the
    server has it."""
    wait_until_it_is_my_move(page)
    before = _seq(server, table_id)
    deadline = time.monotonic() + 20
    while _seq(server, table_id) == before:
        assert time.monotonic() < deadline, "the move did not reach the server"
        click_one(page, rnd)
        page.wait_for_timeout(300)


def _same_log(one, other) -> None:
    """Both pages come to show the same log (each follows the table live)."""
    deadline = time.monotonic() + 20
    while _log_length(one) != _log_length(other):
        assert time.monotonic() < deadline, "the two pages do not show the same table"
        one.wait_for_timeout(200)


def test_a_second_device_signed_in_by_link_finds_the_table_and_plays_the_same_seat(server, browser, page_errors):
    rnd = random.Random(8)
    phone_context, phone = new_page(browser, page_errors, width=390, height=844)
    phone.goto(server.base + "/")
    phone.locator('#player-count [data-players="2"]').click()
    phone.locator("#player-name").fill("Ann")
    expect(phone.locator('#seats [data-seat="1"] [data-seat-kind="bot"]')).to_have_attribute("aria-checked", "true", timeout=PATIENCE)
    phone.locator("#create-button").click()
    phone.locator("#open-table").click()
    expect(phone.locator("#seat-bar .seat-chip.me")).to_have_attribute("data-seat", "0", timeout=PATIENCE)
    table_id = phone.url.rsplit("/", 1)[1]
    # No secret in the page's reach: no seat token in localStorage, and the session cookie is HttpOnly.
    stored = phone.evaluate("() => Object.keys(localStorage).filter((k) => k.startsWith('gametable.seat.'))")
    assert stored == []
    assert "gametable_session" not in phone.evaluate("() => document.cookie")
    assert any(c["name"] == "gametable_session" and c["httpOnly"] and c["sameSite"] == "Strict"
               for c in phone_context.cookies())
    _play_one_move(phone, rnd, server, table_id)

    # The phone shows a sign-in code for another device.
    me_page = phone_context.new_page()
    me_page.on("pageerror", lambda exc: page_errors.append(str(exc)))
    me_page.goto(server.base + "/me")
    me_page.locator("#make-link").click()
    expect(me_page.locator("#qr")).to_have_attribute("src", re.compile(r"^data:image/svg\+xml"), timeout=PATIENCE)
    link = me_page.locator("#signin-url").input_value()
    assert link.startswith(server.base + "/signin#")
    me_page.close()

    # The laptop opens the link: signed in as Ann, it finds the table in My tables.
    laptop_context, laptop = new_page(browser, page_errors)
    laptop.goto(link)
    expect(laptop.locator("#signin-next")).to_be_visible(timeout=PATIENCE)
    assert "#" not in laptop.url  # the secret is wiped from the address
    laptop.locator("#signin-next").click()
    entry = laptop.locator(f'#tables [data-table="{table_id}"]')
    expect(entry).to_be_visible(timeout=PATIENCE)
    expect(entry.locator(".table-seats li.me")).to_contain_text("Ann", timeout=PATIENCE)
    entry.locator(".table-links a").first.click()
    expect(laptop.locator("#seat-bar .seat-chip.me")).to_have_attribute("data-seat", "0", timeout=PATIENCE)
    expect(laptop.locator("#join-dialog")).not_to_be_visible(timeout=PATIENCE)

    # Both devices play the same seat, and each sees the other's moves.
    _play_one_move(laptop, rnd, server, table_id)
    wait_until_it_is_my_move(laptop)
    _same_log(phone, laptop)
    _play_one_move(phone, rnd, server, table_id)
    wait_until_it_is_my_move(phone)
    _same_log(laptop, phone)

    # Used once: a third browser cannot sign in with the same link.
    other_context, other = new_page(browser, page_errors)
    other.goto(link)
    expect(other.locator("#signin-status")).to_contain_text("expired or was used already", timeout=PATIENCE)
    assert page_errors == []
    for context in (phone_context, laptop_context, other_context):
        context.close()


def test_my_tables_and_the_player_page_fit_a_phone_in_persian(server, browser, page_errors):
    context, page = new_page(browser, page_errors, lang="fa", width=360, height=740)
    page.goto(server.base + "/me?lang=fa")
    expect(page.locator("html")).to_have_attribute("dir", "rtl", timeout=PATIENCE)
    page.locator("#become-name").fill("آنا")
    page.locator("#become button[type=submit]").click()
    expect(page.locator("#signed-in")).to_contain_text("آنا", timeout=PATIENCE)
    player_page = page.locator("#player-page").get_attribute("href")
    page.goto(server.base + "/")
    page.locator('#player-count button').first.click()
    expect(page.locator("#player-name")).to_have_value("آنا")  # the player's name
    page.locator("#create-button").click()
    expect(page.locator("#created")).to_be_visible(timeout=PATIENCE)
    page.goto(server.base + "/me?lang=fa")
    expect(page.locator("#tables .table-entry")).to_have_count(1, timeout=PATIENCE)
    for path in ("/me?lang=fa", player_page + "?lang=fa"):
        page.goto(server.base + path)
        page.wait_for_load_state("networkidle")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360, path
        text = page.locator("main").inner_text()
        assert not re.search(r"[0-9]", text), (path, text)  # Persian digits only
    expect(page.locator("#no-ratings")).to_be_visible(timeout=PATIENCE)
    assert page_errors == []
    context.close()


def _player_context(browser, errors, server, name: str):
    """A browser context signed in as a new player (through its own request context, which
    shares the context's cookies)."""
    context, page = new_page(browser, errors, width=390, height=844)
    response = context.request.post(server.base + "/api/me", data={"name": name, "lang": "en"})
    assert response.status == 201
    return context, page


def _as(context, server, method: str, path: str, body=None):
    response = context.request.fetch(server.base + path, method=method, data=body)
    assert response.ok, response.text()
    return response.json()


def test_one_click_opens_a_rematch_and_the_other_player_is_invited_live_to_their_kept_seat(
        toy_server, browser, page_errors):
    server = toy_server
    ann_context, ann = _player_context(browser, page_errors, server, "Ann")
    bob_context, bob = _player_context(browser, page_errors, server, "Bob")
    table = _as(ann_context, server, "POST", "/api/tables",
                {"game": "toy", "players": 2, "options": {"pile": 5}, "name": "Ann"})
    _as(bob_context, server, "POST", f"/api/tables/{table['id']}/join", {"name": "Bob"})
    for context, action in ((ann_context, {"type": "take", "count": 2}), (bob_context, {"type": "take", "count": 2}),
                            (ann_context, {"type": "take", "count": 1})):
        seq = _as(context, server, "GET", f"/api/tables/{table['id']}")["seq"]
        _as(context, server, "POST", f"/api/tables/{table['id']}/actions", {"seq": seq, "action": action})

    ann.goto(table["invite_url"])
    bob.goto(table["invite_url"])
    for page in (ann, bob):
        expect(page.locator("#prompt")).to_have_attribute("data-state", "over", timeout=PATIENCE)
        expect(page.locator("#rematch")).to_have_text("Play again", timeout=PATIENCE)
    bob.locator("#rematch").click()
    expect(bob).not_to_have_url(table["invite_url"], timeout=PATIENCE)
    expect(bob.locator("#seat-bar .seat-chip.me")).to_have_attribute("data-seat", "1", timeout=PATIENCE)
    rematch_id = bob.url.rsplit("/", 1)[1]
    assert rematch_id != table["id"]
    # Ann's page of the finished table shows the invitation as it comes
    expect(ann.locator(".rematch")).to_have_attribute("data-invited", "true", timeout=PATIENCE)
    expect(ann.locator("#rematch")).to_have_text("Join the rematch", timeout=PATIENCE)
    ann.locator("#rematch").click()
    expect(ann).to_have_url(server.base + f"/t/{rematch_id}", timeout=PATIENCE)
    expect(ann.locator("#seat-bar .seat-chip.me")).to_have_attribute("data-seat", "0", timeout=PATIENCE)
    expect(ann.locator("#prompt")).to_have_attribute("data-state", "yours", timeout=PATIENCE)
    expect(bob.locator("#prompt")).to_have_attribute("data-state", "others", timeout=PATIENCE)
    mine = _as(ann_context, server, "GET", "/api/me/tables")["tables"]
    assert [t["id"] for t in mine] == [rematch_id, table["id"]] and mine[0]["your_turn"]
    assert page_errors == []
    ann_context.close()
    bob_context.close()


def test_a_player_opening_a_rematch_from_my_tables_takes_the_seat_kept_for_them(toy_server, browser, page_errors):
    server = toy_server
    ann_context, ann = _player_context(browser, page_errors, server, "Ann")
    bob_context, bob = _player_context(browser, page_errors, server, "Bob")
    table = _as(ann_context, server, "POST", "/api/tables",
                {"game": "toy", "players": 2, "options": {"pile": 5}, "name": "Ann"})
    _as(bob_context, server, "POST", f"/api/tables/{table['id']}/join", {"name": "Bob"})
    for context, action in ((ann_context, {"type": "take", "count": 2}), (bob_context, {"type": "take", "count": 2}),
                            (ann_context, {"type": "take", "count": 1})):
        seq = _as(context, server, "GET", f"/api/tables/{table['id']}")["seq"]
        _as(context, server, "POST", f"/api/tables/{table['id']}/actions", {"seq": seq, "action": action})
    rematch = _as(ann_context, server, "POST", f"/api/tables/{table['id']}/rematch")
    bob.goto(server.base + "/me")
    entry = bob.locator(f'#tables [data-table="{rematch["id"]}"]')
    expect(entry).to_contain_text("a seat is kept for you", timeout=PATIENCE)
    entry.locator(".table-links a").first.click()
    expect(bob).to_have_url(server.base + f"/t/{rematch['id']}", timeout=PATIENCE)
    expect(bob.locator("#seat-bar .seat-chip.me")).to_have_attribute("data-seat", "1", timeout=PATIENCE)
    expect(bob.locator("#join-dialog")).not_to_be_visible(timeout=PATIENCE)
    assert page_errors == []
    ann_context.close()
    bob_context.close()
