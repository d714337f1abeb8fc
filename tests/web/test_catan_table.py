"""CATAN: On the Road in the browser: lobby, invite link, a whole game by clicking, spectator, replay."""

from __future__ import annotations

import json
import random
import re

import pytest
from playwright.sync_api import expect

from tests.web.conftest import SHOTS, new_page
from tests.web.play import play_until, prompt_state

CREATOR = "<i>Ann</i>"  # markup in a name must show as text


def create_table(page, server, *, game: str, players: int, humans: tuple[int, ...] = (),
                 options: dict | None = None, bot_level: str = "basic"):
    """Use the lobby: game, player count, which seats are invited (the rest are bots), options, the
    bots' level (basic: these tests check the client, and basic bots answer at once), create."""
    page.goto(server.base + "/")
    page.click(f"button[data-game='{game}']")
    page.click(f"#player-count button[data-players='{players}']")
    for seat in humans:
        page.click(f"#seats li[data-seat='{seat}'] button[data-seat-kind='human']")
    for name, value in (options or {}).items():
        page.locator(f"#options [data-option='{name}'] button[data-value='{json.dumps(value)}']").click()
    page.wait_for_selector("#bot-level option", state="attached")
    page.select_option("#bot-level", bot_level)
    page.fill("#player-name", CREATOR)
    page.click("#create-button")
    page.wait_for_selector("#created:not([hidden])")
    invite = page.input_value("#invite-url")
    page.click("#open-table")
    page.wait_for_selector("#seat-bar .seat-chip")
    return invite


#: a desktop, and a phone held upright (issue 9: the game can be played by tapping on it)
SCREENS = {"desktop": (1600, 1000), "phone": (390, 844)}
#: how far each screen plays: the desktop a whole game (final scores, replay); the phone its first
#: 80 clicks (builds, payments, trades, a few rounds), which is what a phone adds to the desktop's
#: game and to tests/web/test_screen_sizes.py, for a third of the time of a whole game
CLICKS = {"desktop": None, "phone": 80}


@pytest.mark.parametrize("screen", SCREENS)
def test_catan_whole_game_with_invited_player_and_spectator(server, browser, page_errors, screen):
    rnd = random.Random(4)
    width, height = SCREENS[screen]
    host_context, host = new_page(browser, page_errors, width=width, height=height)
    invite = create_table(host, server, game="catan-on-the-road", players=3, humans=(1,))
    assert "/t/" in invite
    assert prompt_state(host) == "waiting"

    # A second player opens the invite link; it asks only for a name.
    guest_context, guest = new_page(browser, page_errors, width=width, height=height)
    guest.goto(invite)
    guest.wait_for_selector("#join-dialog[open]")
    assert guest.locator("#join-dialog input").count() == 1
    guest.fill("#join-name", "Bea")
    guest.click("#join-submit")
    guest.wait_for_selector("#seat-bar .seat-chip.me")
    assert guest.locator("#seat-bar .seat-chip.me .name").text_content() == "Bea"

    # The name with markup is shown literally, never parsed.
    host.wait_for_selector("#seat-bar .seat-chip[data-seat='1'][data-kind='human']")
    assert host.locator("#seat-bar .seat-chip[data-seat='0'] .name").text_content() == CREATOR
    assert host.locator("#seat-bar i").count() == 0

    # Anyone else with the link watches, and sees no hand.
    watcher_context, watcher = new_page(browser, page_errors)
    watcher.goto(invite)
    watcher.wait_for_selector(".catan-table")
    assert watcher.locator("#join-dialog[open]").count() == 0
    assert watcher.locator(".hand").count() == 0
    assert watcher.locator(".my-area").count() == 0
    assert watcher.locator("[data-legal]").count() == 0

    host.wait_for_selector(".catan-table .building-row .card")
    assert host.locator(".building-row .card").count() == 5
    assert host.locator(".hand").count() == 1

    def over() -> bool:
        return prompt_state(host) == "over"

    # Builds and payments first; trades and ending the turn when nothing else is there.
    def prefer(element) -> bool:
        return element["type"] not in ("start_trade", "end_turn", "counter") or rnd.random() < 0.15

    if CLICKS[screen] is not None:
        clicks = play_until([host, guest], over, rnd, prefer=prefer, max_clicks=CLICKS[screen],
                            stop_at_max=True)
        assert clicks >= CLICKS[screen] or over()
        assert host.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
        watcher.wait_for_selector(".catan-table")
        assert page_errors == []
        for context in (host_context, guest_context, watcher_context):
            context.close()
        return
    play_until([host, guest], over, rnd, prefer=prefer)
    host.wait_for_selector(".final-scores")
    SHOTS.mkdir(parents=True, exist_ok=True)
    host.evaluate('window.scrollTo(0, 0)')
    host.screenshot(path=str(SHOTS / f"catan-table-{screen}.png"), full_page=True)

    # Final scoring: a row per category, a total per player, the winner named.
    rows = host.locator(".final-scores tbody tr")
    assert rows.count() >= 4
    totals = [int(t) for t in host.locator(".final-scores tfoot td").all_text_contents()]
    assert len(totals) == 3 and max(totals) >= 7

    log_text = "\n".join(host.locator("#log .log-entry").all_text_contents())
    assert "catan." not in log_text, "every log entry is translated"

    # The watcher followed the game live.
    watcher.wait_for_selector("#prompt[data-state='over']")

    # Replay: step back to the start and forward again.
    host.click("#replay-open")
    host.wait_for_selector("#replay-bar:not([hidden])")
    expect(host.locator("#replay-position")).not_to_be_empty()
    host.click("#replay-forward")
    expect(host.locator("#replay-slider")).to_have_value("1")
    host.click("#replay-last")
    host.wait_for_selector(".final-scores")
    host.click("#replay-first")
    expect(host.locator("#replay-slider")).to_have_value("0")
    expect(host.locator(".final-scores")).to_have_count(0)
    assert page_errors == []
    for context in (host_context, guest_context, watcher_context):
        context.close()


def test_a_persian_table_reads_right_to_left(server, browser, page_errors):
    context, page = new_page(browser, page_errors, lang="fa")
    page.goto(server.base + "/")
    page.select_option("#lang", "fa")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    # The lobby offers the bot levels, translated, with the server's default level chosen.
    page.wait_for_selector("#bot-level option", state="attached")
    expect(page.locator("#bot-level")).to_have_value(server.api("GET", "/api/bots")["default"])
    assert page.locator("#bot-level option").all_text_contents() == [
        "تصادفی (هر حرکت مجازی را انجام می‌دهد)", "پایه (معقول بازی می‌کند)", "خوب (کمی جلوتر را می‌بیند)",
        "قوی (جلوتر را می‌بیند؛ چند ثانیه فکر می‌کند)"]
    # Seat 1 is invited, not a bot: nobody moves before we look at the first-game row.
    create_table(page, server, game="catan-on-the-road", players=2, humans=(1,),
                 options={"metropolis_side": "B", "first_game": True})
    page.wait_for_selector(".catan-table .building-row .card")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator("html")).to_have_attribute("lang", "fa")
    # The options chosen in the lobby reached the game: side B metropolises, the first-game row.
    assert page.locator(".metropolis-stack .card").count() == 4
    assert {page.locator(".building-row .card").nth(i).get_attribute("data-kind") for i in range(5)} >= {
        "road", "village", "city", "knight"}
    persian = re.compile("[\u0600-\u06FF]")
    assert persian.search(page.locator("#prompt").text_content())
    entries = page.locator("#log .log-entry").all_text_contents()
    assert entries and all(persian.search(e) for e in entries)
    # The sidebar sits on the left in a right-to-left page.
    board = page.locator("#board").bounding_box()
    sidebar = page.locator(".sidebar").bounding_box()
    assert sidebar["x"] < board["x"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "catan-table-fa.png"), full_page=True)
    assert page_errors == []
    context.close()
