"""Undo within a turn and the end-turn confirmation in the browser (issue 9), on Great Western
Trail against a bot: a misclicked move is taken back by the Undo button and by the keyboard,
and ending phase B asks first, shows the turn, and can be switched off."""

from __future__ import annotations

import random
import re
import time

from playwright.sync_api import expect

from tests.web.conftest import new_page
from tests.web.play import click_one, wait_until_it_is_my_move
from tests.web.test_catan_table import create_table


def _table(page, server) -> dict:
    """The table as this page's seat sees it, straight from the API."""
    table_id = re.search(r"/t/([^/?#]+)", page.url).group(1)
    # the page's own request context carries its player's session cookie (no stored token)
    return page.request.get(f"{server.base}/api/tables/{table_id}").json()


def _misclick_a_move(page) -> None:
    """Click the first trail space the herder may move to (a menu entry if one opens)."""
    page.locator(".gwt-board [data-legal]").first.click()
    menu = page.locator("#menu:not([hidden]) .menu-item")
    if menu.count():
        menu.first.click()


def _play_until_phase_b_can_end(page, rnd) -> None:
    """Move, then use the location until "End phase B" is offered (§9: after one action)."""
    end = page.locator("#choice-buttons button[data-type='end_phase_b']")
    deadline = time.monotonic() + 120
    while not end.count():
        assert time.monotonic() < deadline, "End phase B was never offered"
        wait_until_it_is_my_move(page)
        click_one(page, rnd)
        page.wait_for_timeout(100)
    expect(end).to_be_visible()


def test_a_misclicked_move_is_undone_by_the_button_and_by_the_keyboard(server, browser, page_errors):
    context, page = new_page(browser, page_errors)
    create_table(page, server, game="gwt", players=2)
    page.wait_for_selector(".gwt-board")
    wait_until_it_is_my_move(page)
    before = _table(page, server)
    assert not before["can_undo"]
    expect(page.locator("#turn-controls")).to_be_visible()
    expect(page.locator("#undo")).to_be_hidden()

    _misclick_a_move(page)
    expect(page.locator("#undo")).to_be_visible()
    moved = _table(page, server)
    assert moved["can_undo"] and moved["view"] != before["view"]
    page.click("#undo")
    expect(page.locator("#undo")).to_be_hidden()
    wait_until_it_is_my_move(page)
    after = _table(page, server)
    assert after["view"] == before["view"] and after["seq"] == moved["seq"] + 1
    assert after["legal_actions"] == before["legal_actions"]

    # The same with the keyboard ("u"); typing "u" in a field does nothing.
    _misclick_a_move(page)
    expect(page.locator("#undo")).to_be_visible()
    page.locator("#lang").focus()
    page.keyboard.press("Control+z")
    page.locator("body").click(position={"x": 2, "y": 2})
    page.keyboard.press("u")
    expect(page.locator("#undo")).to_be_hidden()
    wait_until_it_is_my_move(page)
    assert _table(page, server)["view"] == before["view"]
    assert page_errors == []
    context.close()


def test_ending_the_turn_asks_first_shows_the_turn_and_can_be_switched_off(server, browser, page_errors):
    context, page = new_page(browser, page_errors)
    create_table(page, server, game="gwt", players=2)
    page.wait_for_selector(".gwt-board")
    rnd = random.Random(3)
    _play_until_phase_b_can_end(page, rnd)
    end = page.locator("#choice-buttons button[data-type='end_phase_b']")
    seq = _table(page, server)["seq"]

    end.click()
    dialog = page.locator("#end-turn-dialog")
    expect(dialog).to_be_visible()
    # What this turn did (the move, in words), and the action that will end it.
    expect(page.locator("#end-turn-summary li").first).not_to_have_text("")
    assert not [t for t in page.locator("#end-turn-summary li").all_text_contents() if "gwt." in t]
    expect(page.locator("#end-turn-action")).not_to_be_empty()
    page.click("#end-turn-back")
    expect(dialog).to_be_hidden()
    assert _table(page, server)["seq"] == seq  # Back sent nothing

    end.click()
    page.click("#end-turn-confirm")
    expect(dialog).to_be_hidden()
    # The dialog may close before the page marks itself busy, so wait for the server to have the
    # move (up to 5 s) rather than for the busy mark to go.
    table = _table(page, server)
    for _ in range(50):
        if table["seq"] > seq:
            break
        page.wait_for_timeout(100)
        table = _table(page, server)
    assert table["seq"] > seq and not table["can_undo"]
    assert any(e["key"] == "gwt.phase_b_ended" for e in table["view"]["log"])

    # Switched off: the next turn ends at once (remembered in this browser).
    wait_until_it_is_my_move(page)
    page.uncheck("#ask-end-turn")
    assert page.evaluate("window.localStorage.getItem('gametable.confirmEndTurn')") == "off"
    _play_until_phase_b_can_end(page, rnd)
    ended = len([e for e in _table(page, server)["view"]["log"] if e["key"] == "gwt.phase_b_ended"])
    end.click()
    page.wait_for_function("() => !document.body.classList.contains('busy')")
    assert page.locator("#end-turn-dialog[open]").count() == 0
    log = _table(page, server)["view"]["log"]
    assert len([e for e in log if e["key"] == "gwt.phase_b_ended"]) > ended
    assert page_errors == []
    context.close()
