"""Journeys through the lobby (issue 24, defects 4 and 12): a person types a name first and then
sets the seats and the count, as people do, and creates the table; every option's words are
whole; "Create the table" is in view on a desktop without scrolling; each game has its own picture.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web.journeys.people import PATIENCE, Person

NAMES = {"en": "Ann", "fa": "آنا"}

# Every choice of every option: its words on the page, visible and not cut (an element whose
# text is wider than its box is cut; a select shows its choices only in its list).
CUT_CHOICES = """(labels) => labels.filter((label) => {
    const shown = [...document.querySelectorAll('#options *')].find(
        (el) => el.children.length === 0 && el.textContent.trim() === label);
    if (!shown || shown.closest('select')) return true;
    const box = shown.getBoundingClientRect();
    return box.width === 0 || shown.scrollWidth > shown.clientWidth + 0.5 || shown.scrollHeight > shown.clientHeight + 0.5;
})"""
CHOICE_WORDS = """() => [...document.querySelectorAll('#options [data-option] [role=radio], #options option')].map(
    (el) => el.textContent.trim())"""


@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("size", ["phone", "tablet", "desktop"])
def test_a_name_typed_first_stays_while_the_seats_and_the_count_change(server, browser, size, lang):
    ann = Person(browser, server, NAMES[lang], lang=lang, size=size, touch=size == "phone")
    ann.goto(f"/?lang={lang}")
    page = ann.page
    name = page.locator("#player-name")
    expect(name).to_be_visible(timeout=PATIENCE)
    name.fill(NAMES[lang])
    page.locator('#player-count [data-players="4"]').click()
    page.locator('#seats [data-seat="2"] [data-seat-kind="human"]').click()
    page.locator('#games [data-game="gwt-2e"]').click()
    page.locator('#player-count [data-players="2"]').click()
    page.locator('#seats [data-seat="1"] [data-seat-kind="human"]').click()
    expect(name).to_have_value(NAMES[lang])
    page.locator("#create-button").click()
    expect(page.locator("#created")).to_be_visible(timeout=PATIENCE)
    ann.open_created_table()
    expect(page.locator("#seat-bar .seat-chip.me .name")).to_have_text(NAMES[lang], timeout=PATIENCE)
    expect(page.locator('#seat-bar .seat-chip[data-seat="1"]')).to_have_attribute("data-kind", "open")
    ann.assert_clean()
    ann.close()


@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("size", ["phone", "tablet", "desktop"])
def test_every_option_shows_its_words_whole_and_create_is_reached(server, browser, size, lang):
    ann = Person(browser, server, NAMES[lang], lang=lang, size=size)
    ann.goto(f"/?lang={lang}")
    page = ann.page
    page.wait_for_selector("#options [data-option]")
    for game in [g["name"] for g in server.api("GET", "/api/games")]:
        page.locator(f'#games [data-game="{game}"]').click()
        expect(page.locator("#games .chosen")).to_have_attribute("data-game", game)
        words = page.evaluate(CHOICE_WORDS)
        assert words, game
        assert page.evaluate(CUT_CHOICES, words) == [], game
        if size == "desktop":  # no scrolling to find the button at 1,400 × 900
            bottom = page.locator("#create-button").evaluate("(el) => el.getBoundingClientRect().bottom")
            assert bottom <= page.viewport_size["height"], (game, bottom)
    ann.shot("lobby")
    ann.assert_clean()
    ann.close()


def test_each_game_has_a_picture_of_its_own(server, browser):
    ann = Person(browser, server, "Ann")
    ann.goto("/")
    page = ann.page
    page.wait_for_selector("#options [data-option]")
    pictures = page.evaluate("""() => [...document.querySelectorAll('#games .game-art')].map(
        (art) => getComputedStyle(art).backgroundImage)""")
    assert len(pictures) == len(server.api("GET", "/api/games"))
    assert len(set(pictures)) == len(pictures)  # the two GWT editions no longer share one
    ann.assert_clean()
    ann.close()
