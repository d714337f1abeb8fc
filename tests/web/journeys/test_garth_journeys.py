"""A solo game against Garth, the fan-made solo automa (issue 27): a person signs in through the
lobby page, sets a solo table with "Solo against Garth", chooses his difficulty, creates the table
and plays a few turns; Garth answers each of them (his one action, the engine's automa)."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from tests.web.journeys.people import PATIENCE, Person, table_id
from tests.web.play import play_one_move, wait_until_it_is_my_move


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_person_plays_a_solo_game_against_garth_from_the_lobby(server, browser, size):
    ann = Person(browser, server, "Ann", size=size, touch=size == "phone")
    page = ann.page
    ann.goto("/?lang=en")
    name = page.locator("#player-name")
    expect(name).to_be_visible(timeout=PATIENCE)
    name.fill("Ann")
    page.locator('#games [data-game="catan-on-the-road"]').click()
    expect(page.locator("#solo-garth")).to_be_hidden()  # Garth plays Great Western Trail only
    assert "garth-hard" not in page.locator("#bot-level option").evaluate_all("(os) => os.map((o) => o.value)")
    page.locator('#games [data-game="gwt-2e"]').click()
    page.locator("#solo-garth").click()
    expect(page.locator("#solo-garth")).to_have_attribute("aria-pressed", "true")
    expect(page.locator('#player-count [data-players="2"]')).to_have_attribute("aria-checked", "true")
    page.locator("#bot-level").select_option("garth-hard")
    expect(page.locator("#solo-garth-help")).to_be_visible()
    ann.shot("garth-lobby")
    expect(name).to_have_value("Ann")
    page.locator("#create-button").click()
    expect(page.locator("#created")).to_be_visible(timeout=PATIENCE)
    tid = table_id(page.locator("#invite-url").input_value())
    ann.open_created_table()

    table = server.api("GET", f"/api/tables/{tid}")
    assert table["bot_level"] == "garth-hard"
    expect(page.locator('#seat-bar .seat-chip[data-seat="1"] .name')).to_have_text("Garth", timeout=PATIENCE)

    def seq() -> int:
        return server.api("GET", f"/api/tables/{tid}")["seq"]

    def garth_turns() -> int:
        """Garth's cards revealed so far, by the public log (the actions are shown at the end)."""
        log = server.api("GET", f"/api/tables/{tid}/log")["log"]
        return sum(1 for e in log if e["key"] == "gwt2e.garth_card" and e["seat"] == 1)

    rnd = random.Random(27)
    while garth_turns() < 3:  # a few of Ann's turns, each answered by Garth
        wait_until_it_is_my_move(page)
        play_one_move(page, rnd, seq)
    assert server.api("GET", f"/api/tables/{tid}/log")["options"]["garth"] == {"1": "hard"}
    ann.shot("garth-table")
    ann.assert_clean()
    ann.close()
