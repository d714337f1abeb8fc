"""Spacing that a review of the screenshots found wrong: a paragraph's margins added to the gap of
the grid it is in (the bot strength's hint in the lobby, CATAN's "Pay for your ..." panel), and the
seat panel squeezed under the game log on a wide screen (the log showed a second top edge)."""

from __future__ import annotations

import pytest

from tests.web.conftest import new_page
from tests.web.test_catan_choices import GAME, RENDER_PAYMENT
from tests.web.test_screen_sizes import open_table

# The space between each child of `selector` and the next one shown, and the container's row gap.
SPACES = """(selector) => {
    const box = document.querySelector(selector);
    const shown = [...box.children].filter((child) => child.tagName !== 'LEGEND' && child.getClientRects().length);
    const spaces = shown.slice(1).map((child, i) =>
        [child.className || child.tagName, child.getBoundingClientRect().top - shown[i].getBoundingClientRect().bottom]);
    return {spaces, gap: parseFloat(getComputedStyle(box).rowGap)};
}"""


def assert_spaced_by_the_gap_alone(page, selector, where):
    found = page.evaluate(SPACES, selector)
    assert found["gap"] > 0 and found["spaces"], f"{where}: {found}"
    wrong = [(name, space) for name, space in found["spaces"] if space != pytest.approx(found["gap"], abs=1)]
    assert wrong == [], f"{where}: the gap is {found['gap']} px: {found['spaces']}"


def test_the_bot_strength_hint_sits_under_its_select(server, browser, page_errors):
    context, page = new_page(browser, page_errors, width=1400, height=900)
    page.goto(server.base + "/")
    page.wait_for_selector("#bot-level option", state="attached")
    found = page.evaluate(SPACES, "fieldset:has(#bot-level)")
    spaces = dict(found["spaces"])
    # (the strength keeps its own margin above: it is set apart from the list of seats)
    assert spaces["hint"] == pytest.approx(found["gap"], abs=1), found
    assert page_errors == []
    context.close()


def test_the_payment_panel_is_spaced_by_its_gap(server, browser, page_errors):
    table = server.api("POST", "/api/tables", {"game": GAME, "players": 2, "bots": [], "name": "Ann"})
    view = server.api("GET", f"/api/tables/{table['id']}", token=table["token"])["view"]
    context, page = new_page(browser, page_errors, width=1400, height=900)
    page.goto(server.base + "/")
    page.add_style_tag(url="/static/css/catan.css")
    assert len(page.evaluate(RENDER_PAYMENT, [view, "en"])) == 3
    assert_spaced_by_the_gap_alone(page, ".catan-pay", "the payment panel")
    assert page_errors == []
    context.close()


@pytest.mark.parametrize("game", ["gwt", "catan-on-the-road"])
def test_no_part_of_the_wide_sidebar_hides_another(server, browser, page_errors, game):
    """The seat panel (leave the seat, turn alerts) was squeezed to its padding, under the log;
    its leave button, once seen, had no visible edge."""
    context, page = open_table(server, browser, page_errors, game, 1400, 900, players=2)
    assert_spaced_by_the_gap_alone(page, ".sidebar", f"{game}'s sidebar")
    leave = page.locator("#leave-seat")
    leave.scroll_into_view_if_needed()
    box = leave.bounding_box()
    on_top = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.closest('#leave-seat') !== null",
                           [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    assert on_top
    # a ghost button is drawn for the dark top bar (a faint white edge): on the panel it has the line's
    line = page.evaluate("() => getComputedStyle(document.querySelector('.panel')).getPropertyValue('--line')")
    edge = leave.evaluate("(button) => getComputedStyle(button).borderTopColor")
    assert edge == page.evaluate("(colour) => { const probe = document.createElement('i'); probe.style.color = colour;"
                                 " document.body.append(probe); return getComputedStyle(probe).color; }", line)
    assert page_errors == []
    context.close()
