"""The guided first games through the page (issue 25; docs/web-client.md, "Guided first games").

A person opens /learn/<game> from nothing, types a name, starts the lesson and plays it to its
end by the page alone: at every step the guide's words are there, the lesson's choice is ringed
and nothing lies over it (on a phone too, where the guide shares the action bar stuck to the
bottom), another legal choice is explained and not sent, and the lesson ends with "you can now
play" and a link to create a table. Leaving the page and coming back (through /learn, or at the
table's plain address as My tables links it) carries on at the same step. Each game in English and Persian, on a phone (390x844) and a desktop
(1400x900), with no console error and no failed request.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.web.journeys.people import PATIENCE, Person
from tests.web.play import wait_until_it_is_my_move

GUIDED = ["gwt", "gwt-2e", "catan-on-the-road"]
NAMES = {"en": "Ann", "fa": "آنا"}

# Bring an element into view as a player would (focusing it pans the GWT board to it) and say
# whether it is what is on top at its centre (nothing of the guide or the bar over it).
# Whether the guide has brought its choice into view itself: on top at its centre, in the window
# (a choice outside the GWT board's frame; the board pans to a choice when it is focused).
_IN_VIEW = """(el) => {
  if (el.closest('.board-frame')) return true;
  const box = el.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
  const hit = document.elementFromPoint(x, y);
  return !!hit && (hit === el || el.contains(hit));
}"""

_ON_TOP = """(el) => {
  el.blur();  // the guide may have focused it already: a new focus pans the GWT board to it
  el.focus();
  el.scrollIntoView({block: 'center', inline: 'nearest'});
  const box = el.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  const hit = document.elementFromPoint(x, y);
  return {x, y, on_top: !!hit && (hit === el || el.contains(hit)), width: box.width, height: box.height,
          what: hit ? hit.outerHTML.slice(0, 120) : null};
}"""


def aim_and_click(page, target, step) -> None:
    """Click ``target`` at its centre once it is on top there and still (focusing it may pan the
    GWT board, and the page may still be settling from the last move)."""
    last = None
    for _ in range(20):
        aim = target.evaluate(_ON_TOP)
        if aim["on_top"] and last is not None and (aim["x"], aim["y"]) == (last["x"], last["y"]):
            page.mouse.click(aim["x"], aim["y"])
            return
        last = aim
        page.wait_for_timeout(100)
    assert last["on_top"], f"something covers the lesson's choice at {step}: {last}"
    page.mouse.click(last["x"], last["y"])


def choose(page, target, step) -> None:
    """Click ``target`` where it shows (it must be on top there), then the ringed menu entry if a
    menu opens."""
    opens_menu = target.get_attribute("aria-haspopup") == "menu"  # read first: a click redraws it
    aim_and_click(page, target, step)
    if opens_menu:
        entry = page.locator("#menu:not([hidden]) .menu-item.guide-target")
        for _ in range(3):  # a click while the page redrew closes nothing but opens no menu
            try:
                entry.wait_for(state="visible", timeout=3000)
                break
            except Exception:
                aim_and_click(page, target, step)
        entry.click()


def try_another_choice(page, step) -> bool:
    """Click a legal choice that is not the lesson's (a single choice, no menu); the guide must
    explain it and send nothing. False where the step offers no such choice."""
    others = page.locator('[data-legal="1"]:not(.guide-target)')
    for index in range(others.count()):
        other = others.nth(index)
        if not other.evaluate(_ON_TOP)["on_top"]:
            continue
        aim_and_click(page, other, step)
        expect(page.locator("#guide .guide-why")).to_be_visible()
        return True
    return False


def start_lesson(person: Person, game: str) -> None:
    page = person.page
    person.goto(f"/learn/{game}")
    expect(page.locator("#learn-intro")).not_to_be_empty()
    page.locator("#learn-name").fill(NAMES[person.lang])
    person.shot(f"learn-page-{game}")
    page.locator("#learn-start").click()
    page.wait_for_url(re.compile(r"/t/[^?]+\?guide="), timeout=PATIENCE)


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("game", GUIDED)
def test_a_guided_first_game_plays_to_its_end_in_the_page(browser, server, game, lang, size):
    person = Person(browser, server, NAMES[lang], lang=lang, size=size)
    try:
        start_lesson(person, game)
        page = person.page
        guide = page.locator("#guide")
        steps = person.read(f"/api/learn/{game}")["steps"]
        explained = 0
        for number, step in enumerate(steps):
            expect(guide).to_have_attribute("data-step", str(step["seq"]), timeout=PATIENCE)
            wait_until_it_is_my_move(page)
            expect(guide.locator(".guide-text")).not_to_be_empty()
            expect(guide.locator(".guide-progress")).not_to_contain_text("{")
            if lang == "fa":
                expect(page.locator("html")).to_have_attribute("dir", "rtl")
            # the guide brings each step's choice into view (the first: the page opened at the top)
            if number > 0:
                try:
                    page.wait_for_function(f"() => ({_IN_VIEW})(document.querySelector('[data-legal].guide-target'))",
                                           timeout=PATIENCE)
                except Exception:
                    raise AssertionError(f"not in view at {step}: " + str(page.evaluate("""() => {
                      const el = document.querySelector('[data-legal].guide-target'); const b = el.getBoundingClientRect();
                      const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
                      return [b.left, b.top, b.width, b.height, window.innerHeight, el.outerHTML.slice(0, 150),
                              hit && hit.outerHTML.slice(0, 150), document.activeElement && document.activeElement.outerHTML.slice(0, 80)];
                    }"""))) from None
            if number == 1:
                person.shot(f"learn-{game}-step")
            if explained < 2 and try_another_choice(page, step):
                explained += 1
                # nothing was sent: the same step waits
                expect(guide).to_have_attribute("data-step", str(step["seq"]))
            if number == 2:
                # leave and come back: through /learn's "Carry on", or (Persian) at the table's
                # plain address as My tables links it; the same step again either way
                page_url = page.url
                # leave once the page has loaded what it asked for (a navigation aborts the rest,
                # which would read as a failed request)
                page.wait_for_load_state("networkidle")
                person.goto(f"/learn/{game}")
                resume = page.locator("#learn-resume")
                expect(resume).to_be_visible()
                if lang == "en":
                    resume.click()
                    page.wait_for_url(page_url, timeout=PATIENCE)
                else:
                    person.goto(page_url.split("?")[0])
                expect(guide).to_have_attribute("data-step", str(step["seq"]), timeout=PATIENCE)
                wait_until_it_is_my_move(page)
            target = page.locator("[data-legal].guide-target").first
            expect(target).to_be_visible()
            choose(page, target, step)
            expect(guide).not_to_have_attribute("data-step", str(step["seq"]), timeout=PATIENCE)
        assert explained >= 1
        expect(guide).to_have_attribute("data-step", "over", timeout=PATIENCE)
        expect(page.locator("#guide-create")).to_be_visible()
        person.shot(f"learn-{game}-over")
        person.assert_clean()
    finally:
        person.close()
