"""Issue 9, replay while playing: during a live game the player steps back through the moves so
far with the keyboard, sees an older position as their own seat saw it, returns to the live table
and plays on. A finished game's replay: the seat panel is the live table's. On a phone the prompt
is not hidden under the replay bar."""

from __future__ import annotations

import random
import re
import time

from playwright.sync_api import expect

from tests.web.conftest import new_page
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


def _finished_toy_game(server) -> dict:
    """A toy game (over in a few moves) that the bots play to its end: Ann hands her seat over."""
    table = server.api("POST", "/api/tables", {"game": "toy", "players": 2, "bots": [1], "name": "Ann",
                                                "options": {"pile": 5}})
    path = f"/api/tables/{table['id']}"
    server.api("POST", f"{path}/seats/0/bot", token=table["token"])
    deadline = time.monotonic() + 60
    while server.api("GET", path)["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish the toy game"
        time.sleep(0.1)
    return table


def _open_replay_at_the_start(browser, errors, server, table):
    """Ann's browser (her seat's token, her seat now the bot's) on the finished table's replay, as
    My tables links it: a phone, where the replay bar sits at the bottom of the screen."""
    context, page = new_page(browser, errors, width=390, height=844)
    page.goto(server.base + "/")
    page.evaluate("([id, token]) => localStorage.setItem('gametable.seat.' + id, JSON.stringify({seat: 0, token}))",
                  [table["id"], table["token"]])
    page.goto(table["invite_url"] + "#replay")
    # a finished game's replay opens at its first position, which was a game still running
    expect(page.locator("#replay-position")).to_have_text(re.compile(r"^Move 0 of [1-9][0-9]*$"))
    return context, page


def test_the_replay_of_a_finished_game_offers_no_seat_to_take_back(toy_server, browser, page_errors):
    table = _finished_toy_game(toy_server)
    context, page = _open_replay_at_the_start(browser, page_errors, toy_server, table)
    expect(page.locator("#seat-tools")).to_be_visible()
    expect(page.locator("#seat-tools .hint")).to_have_count(0)  # not "a bot plays your seat for now"
    expect(page.locator("#take-back")).to_have_count(0)  # the server refuses it once the game is over
    assert page_errors == []
    context.close()


def test_on_a_phone_the_prompt_does_not_stick_under_the_replay_bar(server, browser, page_errors):
    table, context, page = open_seat(browser, page_errors, server, game="catan-on-the-road")
    play_one_move(page, random.Random(3), lambda: server.seq(table))
    page.set_viewport_size({"width": 390, "height": 844})  # the board is taller than the screen
    page.click("#replay-open")
    expect(page.locator("#prompt")).to_contain_text("replay")
    # Both would stick to the bottom of the screen, the replay bar on top: the action bar (the
    # replay's help and its error notices) would be drawn under it wherever the page is scrolled.
    overlap = page.evaluate("""() => {
        window.scrollTo(0, 0);
        const bar = document.querySelector('#replay-bar').getBoundingClientRect();
        const prompt = document.querySelector('#action-bar').getBoundingClientRect();
        return Math.max(0, Math.min(bar.bottom, prompt.bottom) - Math.max(bar.top, prompt.top));
    }""")
    assert overlap == 0
    assert page_errors == []
    context.close()
