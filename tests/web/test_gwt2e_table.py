"""Great Western Trail: Second Edition in the browser, with the Simmental variant: the second
edition's board (its cities, outlaws, the 12 buildings, exchange tokens, Simmental stacks) and a
game through the first Kansas City visit, by clicking."""

from __future__ import annotations

import random

from playwright.sync_api import expect

from tests.web.conftest import SHOTS, new_page
from tests.web.play import play_until, prompt_state
from tests.web.test_catan_table import create_table


def test_gwt2e_through_the_first_kansas_city_visit(server, browser, page_errors):
    rnd = random.Random(11)
    context, page = new_page(browser, page_errors)
    create_table(page, server, game="gwt-2e", players=2, options={"simmental": "on"})
    page.wait_for_selector(".gwt-board")
    # The second edition's board, drawn from the view: its trail, its cities, the outlaws.
    assert page.locator(".gwt-board .node").count() == 52
    cities = page.locator(".gwt-board .city").evaluate_all("els => els.map(e => e.dataset.city)")
    assert cities == ["kansas_city", "fulton", "st_louis", "bloomington", "peoria", "chicago", "toledo",
                      "pittsburgh", "philadelphia", "new_york"]
    assert "New York" in page.locator(".gwt-board .city[data-city='new_york']").text_content()
    assert page.locator(".gwt-board .node-teepee").count() == 9   # outlaw spaces 1-9
    assert page.locator(".gwt-board .node[data-node='D-1']").count() == 1
    assert "⇄" in page.locator(".gwt-board .node[data-node='OUTLAW-1']").text_content()
    assert page.locator(".gwt-board .city-arrow", has_text="⇄").count() == 1
    # 12 private buildings per player, exchange tokens, the Simmental market and stacks.
    assert page.locator(".gwt-player.mine .building-card").count() == 12
    # (both players' areas: the second may be drawn a moment after the first)
    expect(page.locator(".gwt-player .exchange-badge[data-exchange='1']")).to_have_count(2)
    assert page.locator(".gwt-board .market-card").count() == 9   # 2 players with Simmental
    expect(page.locator(".gwt-board .simmental-stacks")).to_contain_text("Heifers 8")
    # A private building space is named by its place, never by its id (OUTLAW-RISK-1 ...).
    titles = page.locator(".gwt-board .node-private > title").all_text_contents()
    assert len(titles) == 22 and not [t for t in titles if "-" in t or "_" in t], titles

    def delivered() -> bool:
        return page.locator("#log .log-entry.seat-colour-0[data-key='gwt2e.city_disc']").count() > 0

    def prefer(element) -> bool:
        if element["type"] == "end_phase_b":
            return True
        return rnd.random() < 0.5

    clicks = play_until([page], delivered, rnd, prefer=prefer)
    assert clicks > 5
    page.wait_for_timeout(300)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / "gwt2e-table.png"), full_page=True)
    assert page.locator(".gwt-board .city .disc").count() >= 1
    entries = page.locator("#log .log-entry").all_text_contents()
    assert not [e for e in entries if "gwt." in e or "gwt2e." in e], "every log entry is translated"
    assert not [e for e in entries if "teepee" in e or "cattleman" in e or "craftsman" in e], \
        "the second edition's words"
    assert prompt_state(page) in ("yours", "others")
    assert page_errors == []
    context.close()
