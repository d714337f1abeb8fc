"""Issue 9, replay while playing: during a live game the player steps back through the moves so
far with the keyboard, sees an older position as their own seat saw it, returns to the live table
and plays on."""

from __future__ import annotations

import random

from playwright.sync_api import expect

from tests.web.play import play_one_move, wait_until_it_is_my_move
from tests.web.test_live import open_seat


def test_a_player_steps_back_with_the_arrow_keys_and_returns_to_the_live_game(server, browser, page_errors):
    table, context, page = open_seat(browser, page_errors, server)
    rnd = random.Random(9)
    for _ in range(3):
        play_one_move(page, rnd, lambda: server.seq(table))
    wait_until_it_is_my_move(page)
    live_entries = page.locator("#log .log-entry").count()
    total = server.seq(table)
    assert total >= 3

    positions = []
    page.on("response", lambda r: positions.append(r) if "/replay/" in r.url else None)
    page.click("#replay-open")
    expect(page.locator("#replay-bar")).to_be_visible()
    slider = page.locator("#replay-slider")
    expect(slider).to_have_value(str(total))  # a running game's replay opens at the newest move
    # The buttons are drawn, and named in words for assistive technology.
    for name in ("First move", "One move back", "One move forward", "Last move"):
        expect(page.get_by_role("button", name=name)).to_be_visible()

    for _ in range(3):
        page.keyboard.press("ArrowLeft")
    expect(slider).to_have_value(str(total - 3))
    expect(page.locator("#replay-position")).to_have_text(f"Move {total - 3} of {total}")
    # an older position: fewer log entries, and no choices offered on it
    expect(page.locator("#log .log-entry")).not_to_have_count(live_entries)
    assert page.locator("#log .log-entry").count() < live_entries
    expect(page.locator("[data-legal]")).to_have_count(0)
    page.keyboard.press("ArrowRight")
    expect(slider).to_have_value(str(total - 2))
    page.keyboard.press("Home")
    expect(slider).to_have_value("0")
    page.keyboard.press("End")
    expect(slider).to_have_value(str(total))
    # The slider's own arrow keys move it once (the page does not step a second time).
    slider.focus()
    page.keyboard.press("ArrowLeft")
    expect(slider).to_have_value(str(total - 1))
    page.wait_for_timeout(300)
    expect(slider).to_have_value(str(total - 1))
    # Each position was asked for with this seat's token: the seat's own view, not a spectator's.
    assert positions and all(r.json()["you"] == 0 for r in positions if r.ok)

    page.click("#replay-close")
    expect(page.locator("#replay-bar")).to_be_hidden()
    expect(page.locator("#log .log-entry")).to_have_count(live_entries)
    page.keyboard.press("ArrowLeft")  # the keys step nothing once the replay is closed
    expect(page.locator("#replay-bar")).to_be_hidden()
    play_one_move(page, rnd, lambda: server.seq(table))
    assert server.seq(table) > total
    assert page_errors == []
    context.close()
