"""Persian in Persian (issue 9): the GWT board writes no English word and no Latin digit, the
table page's accessible names come from the catalog, the connection label follows a language
switch, and an element that opens a menu has a name."""

from __future__ import annotations

import random
import re

from playwright.sync_api import expect

from gametable import i18n
from tests.web.conftest import new_page
from tests.web.play import click_one, wait_until_it_is_my_move
from tests.web.test_catan_table import CREATOR, create_table

BOARD_TEXTS = """() => [...document.querySelectorAll(
    '.gwt-table text, .gwt-table title')].map((node) => node.textContent)"""


def _persian_gwt_table(server, browser, page_errors, options=None):
    context, page = new_page(browser, page_errors, lang="fa", width=1400, height=900)
    page.goto(server.base + "/?lang=fa")
    page.evaluate("() => localStorage.setItem('gametable.lang', 'fa')")
    create_table(page, server, game="gwt", players=2, options=options)
    page.wait_for_selector(".gwt-board")
    return context, page


def test_the_persian_gwt_board_has_no_english_word_and_no_latin_digit(server, browser, page_errors):
    context, page = _persian_gwt_table(server, browser, page_errors, {"building_sides": "a"})
    texts = page.evaluate(BOARD_TEXTS)
    assert len(texts) > 200
    # single Latin letters stay (building sides and the neutral buildings' letters A-G are printed so)
    english = sorted({word for text in texts for word in re.findall(r"[A-Za-z]{2,}", text)})
    assert english == []
    assert [text for text in texts if re.search(r"[0-9]", text)] == []
    # the player areas' HTML too (money badge, hand, counts), players' names aside
    areas = page.inner_text(".gwt-players").replace(CREATOR, "")
    assert re.findall(r"[A-Za-z]{2,}|[0-9]", areas) == []
    # building 3a's "discard any" in words, and VP as the catalog says it
    titles = page.locator(".gwt-player.mine .building-card[data-building='3a'] > title").all_text_contents()
    assert i18n.text("gwt.term.any_pair", "fa") in titles[0]
    assert page_errors == []
    context.close()


#: what the table says in words once a game is under way: the board's texts and tooltips, the log,
#: the action bar (prompt and choice buttons), the choices' names, the zoom buttons' names
SAID = """() => [
    ...[...document.querySelectorAll('.gwt-table text, .gwt-table title')].map((node) => node.textContent),
    ...[...document.querySelectorAll('#log .log-entry')].map((node) => node.textContent),
    document.querySelector('#action-bar').innerText,
    ...[...document.querySelectorAll('[data-legal], .zoom-bar button')].map((node) => node.getAttribute('aria-label') || ''),
]"""


def test_the_persian_gwt_board_and_log_stay_persian_through_a_game(server, browser, page_errors):
    """Many moves in (buildings built, cattle bought, a log of what everybody did), every word
    the page writes still comes from the Persian catalogs."""
    context, page = _persian_gwt_table(server, browser, page_errors, {"building_sides": "b"})
    rnd = random.Random(6)
    for _ in range(14):
        wait_until_it_is_my_move(page)
        click_one(page, rnd, prefer=lambda element: element["type"] != "end_phase_b" or rnd.random() < 0.3)
    wait_until_it_is_my_move(page)
    said = [text.replace(CREATOR, "") for text in page.evaluate(SAID)]
    assert page.locator("#log .log-entry").count() > 10
    english = sorted({word for text in said for word in re.findall(r"[A-Za-z]{2,}", text)})
    assert english == []
    assert [text for text in said if re.search(r"[0-9]", text)] == []
    assert page_errors == []
    context.close()


def test_the_table_pages_accessible_names_and_connection_label_follow_the_language(
        server, browser, page_errors):
    context, page = new_page(browser, page_errors, lang="en", width=1400, height=900)
    create_table(page, server, game="gwt", players=2)
    expect(page.locator("#connection")).to_have_text(i18n.text("ui.connection.live", "en"))
    assert page.get_attribute("#seat-bar", "aria-label") == i18n.text("ui.table.players_label", "en")
    page.select_option("#lang", "fa")
    expect(page.locator("html")).to_have_attribute("lang", "fa")
    expect(page.locator("#connection")).to_have_text(i18n.text("ui.connection.live", "fa"))
    expect(page.locator("#seat-bar")).to_have_attribute("aria-label", i18n.text("ui.table.players_label", "fa"))
    assert page.get_attribute("#replay-slider", "aria-label") == i18n.text("ui.replay.slider", "fa")
    assert page.get_attribute("#invite-url", "aria-label") == i18n.text("ui.invite_link", "fa")
    assert page_errors == []
    context.close()


def test_an_element_that_opens_a_menu_is_named_by_its_choices(server, browser, page_errors):
    context, page = new_page(browser, page_errors)
    page.goto(server.base + "/")
    got = page.evaluate("""async () => {
        const { Choices } = await import('/static/js/choices.js');
        const actions = [{type: "a"}, {type: "b"}];
        const choices = new Choices(actions, () => {}, (a) => `do ${a.type}`, null, [], () => "",
                                    (labels) => `Choose: ${labels.join(" or ")}`);
        const one = choices.bind(document.createElement("div"), actions);
        const titled = choices.bind(document.createElement("div"), actions, "Building A");
        return [one.getAttribute("aria-label"), one.getAttribute("aria-haspopup"), titled.getAttribute("aria-label")];
    }""")
    assert got == ["Choose: do a or do b", "menu", "Building A"]
    assert page_errors == []
    context.close()
