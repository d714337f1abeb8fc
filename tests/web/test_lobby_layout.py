"""The lobby fits a phone (issue 9): at 360 and 390 px the page never scrolls sideways, and the
options row stays inside its panel at every size; every game's card has its picture."""

from __future__ import annotations

import pytest

from tests.web.conftest import new_page

WIDTH = "() => document.documentElement.scrollWidth"
OUTSIDE_PANEL = """() => {
    const panel = document.querySelector('#create').getBoundingClientRect();
    return [...document.querySelectorAll('#create *')].filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && (r.right > panel.right + 0.5 || r.left < panel.left - 0.5);
    }).map((e) => e.id || e.className || e.tagName);
}"""


@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("width", [360, 390, 1400])
def test_the_lobby_is_as_wide_as_the_screen_and_its_options_stay_in_the_panel(
        server, browser, page_errors, width, lang):
    context, page = new_page(browser, page_errors, lang=lang, width=width, height=844)
    page.goto(server.base + f"/?lang={lang}")
    page.wait_for_selector("#options [data-option]")
    for game in page.locator("#games .game-choice").all():  # each game has its own options
        game.click()
        page.wait_for_selector("#options [data-option]")
        assert page.evaluate(WIDTH) == width
        assert page.evaluate(OUTSIDE_PANEL) == []
    assert page_errors == []
    context.close()


def test_every_game_in_the_lobby_has_a_picture(server, browser, page_errors):
    context, page = new_page(browser, page_errors, width=1400, height=900)
    page.goto(server.base + "/")
    page.wait_for_selector("#options [data-option]")
    pictures = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#games .game-choice')].map(
        (card) => [card.dataset.game, getComputedStyle(card.querySelector('.game-art')).backgroundImage]))""")
    games = [game["name"] for game in server.api("GET", "/api/games")]
    assert sorted(pictures) == sorted(games)
    assert [game for game, picture in pictures.items() if not picture.startswith("url(")] == []
    assert page_errors == []
    context.close()
