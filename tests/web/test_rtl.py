"""Persian, right to left: the lobby and both tables lay out from the right and nothing spills
off the page. Screenshots are left in SHOTS for people to look at (nothing compares them)."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect

from tests.web.conftest import SHOTS, new_page
from tests.web.play import click_one, wait_until_it_is_my_move

#: elements wider than the page or starting left of it (the page itself must not scroll sideways)
_SPILLS = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const box = el.getBoundingClientRect();
    if (!box.width || getComputedStyle(el).position === 'fixed') continue;
    // the GWT board view clips its drawing, which is larger than the frame when zoomed in
    if (el.closest('.board-frame') && !el.classList.contains('board-frame')) continue;
    if (box.right > width + 1 || box.left < -1) {
      out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} [${Math.round(box.left)}, ${Math.round(box.right)}]`);
    }
  }
  return {scroll: document.documentElement.scrollWidth - width, spills: out.slice(0, 10)};
}"""


def _assert_fits(page):
    fit = page.evaluate(_SPILLS)
    assert fit["scroll"] <= 1 and fit["spills"] == [], fit


@pytest.mark.parametrize("width", [1280, 800])
def test_the_lobby_in_persian_reads_right_to_left(server, browser, page_errors, width):
    context, page = new_page(browser, page_errors, lang="fa", width=width, height=900)
    page.goto(server.base + "/?lang=fa")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    # The whole lobby is drawn at once, when the games have arrived: measure that, not less.
    expect(page.locator("#games .game-choice.chosen")).to_have_count(1)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"lobby-fa-{width}.png"), full_page=True)
    _assert_fits(page)
    assert page_errors == []
    context.close()


def _assert_board_labels_clear_of_discs(page):
    """The limit labels of the player board (step, hand, certificate limit) end before the disc
    spaces beside them, whichever side reading starts from."""
    overlaps = page.evaluate("""() => {
      const out = [];
      for (const label of document.querySelectorAll('.player-board .limit-text')) {
        const box = label.getBoundingClientRect();
        for (const disc of label.ownerSVGElement.querySelectorAll('.disc-space')) {
          const d = disc.getBoundingClientRect();
          const sameRow = d.top < box.bottom && d.bottom > box.top;
          if (sameRow && d.left < box.right && d.right > box.left) out.push(label.textContent);
        }
      }
      return out;
    }""")
    assert overlaps == [], overlaps


@pytest.mark.parametrize("game", ["gwt", "catan-on-the-road"])
def test_a_table_in_persian_reads_right_to_left(server, browser, page_errors, game):
    table = server.api("POST", "/api/tables", {"game": game, "players": 3, "bots": [1, 2], "name": "آنا",
                                                "bot_level": "basic"})
    context, page = new_page(browser, page_errors, lang="fa", width=1400, height=1000)
    page.goto(server.base + "/?lang=fa")
    page.evaluate("([id, token]) => localStorage.setItem('gametable.seat.' + id, JSON.stringify({seat: 0, token}))",
                  [table["id"], table["token"]])
    page.goto(table["invite_url"] + "?lang=fa")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator("#prompt")).to_have_attribute("data-state", "yours", timeout=20_000)
    rnd = random.Random(2)
    for _ in range(6):  # a few moves, so the log and the hands have something in them
        wait_until_it_is_my_move(page)
        click_one(page, rnd)
    wait_until_it_is_my_move(page)  # the bots have answered: the table stands still
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / f"{game}-table-fa.png"), full_page=True)
    _assert_fits(page)
    if game == "gwt":
        _assert_board_labels_clear_of_discs(page)
        # signs stay with their numbers: "+$2" and "-3" are drawn left to right, not as "$2+"
        signed = page.evaluate("""() => [...document.querySelectorAll('.gwt-board text, .player-board text')]
            .filter((n) => /^[-+−]/.test(n.textContent)).map((n) => getComputedStyle(n).direction)""")
        assert signed and set(signed) == {"ltr"}, signed
    else:  # the cards' counts ("×3" on a hand's card, the metropolis stack) in Persian digits too
        counts = page.locator(".catan-table .card-count").all_text_contents()
        assert counts and [c for c in counts if re.search(r"[0-9]", c)] == [], counts
    assert page_errors == []
    context.close()
