"""Journeys of devices and sessions (issue 24, defects 9 and 10; docs/web-client.md, "Journeys").

A visit makes no request that fails (no 401 from asking who is signed in, no 404 from asking for
the push key); a sign-in link signs a player's second device in; opened on a device where someone
else is signed in, it asks first, refuses by default, and switching leaves a way back.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.web.journeys.people import PATIENCE, Person, table_id


def _signin_link(person: Person) -> str:
    """The person shows a sign-in code on My tables and reads its link."""
    page = person.new_page()
    page.goto(person.server.base + "/me")
    page.locator("#make-link").click()
    expect(page.locator("#signin-url")).to_have_value(re.compile(r"/signin#."), timeout=PATIENCE)
    link = page.locator("#signin-url").input_value()
    page.close()
    return link


def test_a_second_device_signs_in_by_link_and_someone_elses_device_is_asked_first(server, browser):
    ann = Person(browser, server, "Ann", size="phone")
    laptop = Person(browser, server, "Ann's laptop", size="desktop")
    bob = Person(browser, server, "بابک", lang="fa", size="tablet")

    # A first visit, signed in as nobody: the lobby asks only what answers (issue 24: a 401)
    bob.goto("/")
    expect(bob.page.locator("#games .game-choice").first).to_be_visible(timeout=PATIENCE)
    bob.assert_clean()
    # Ann makes a table in the lobby; at the table the page asks for the push key (issue 24: a 404)
    invite = ann.create_table("catan-on-the-road", 2)
    ann.page.wait_for_load_state("networkidle")
    ann.assert_clean()

    # Her laptop signs in by a link from her phone, and finds the table in My tables
    laptop.goto(_signin_link(ann))
    expect(laptop.page.locator("#signin-status")).to_contain_text("now plays as", timeout=PATIENCE)
    laptop.page.locator("#signin-next").click()
    entry = laptop.page.locator(f'#tables [data-table="{table_id(invite)}"]')
    expect(entry.locator(".table-seats li.me")).to_contain_text("Ann", timeout=PATIENCE)
    entry.locator(".table-links a").first.click()
    expect(laptop.page.locator("#seat-bar .seat-chip.me")).to_have_attribute("data-seat", "0", timeout=PATIENCE)

    # Bob is a player on his tablet; a link of Ann's opened there asks first, and staying is
    # the default (issue 24: it switched silently and ended Bob's session for good)
    bob.become_on_my_tables()
    link = _signin_link(ann)
    bob.goto(link)
    stay = bob.page.locator("#signin-stay")
    expect(stay).to_be_focused(timeout=PATIENCE)
    expect(bob.page.locator("#signin-status")).to_contain_text("Ann")
    expect(bob.page.locator("#signin-status")).to_contain_text("بابک")
    assert bob.page.locator("#signin-choice button").first.get_attribute("id") == "signin-stay"
    bob.page.keyboard.press("Enter")
    expect(bob.page.locator("#signin-choice")).to_be_hidden(timeout=PATIENCE)
    bob.goto("/me")
    expect(bob.page.locator("#signed-in")).to_contain_text("بابک", timeout=PATIENCE)

    # The link was not used: Bob may still say yes, and then he can sign back in as himself
    bob.goto(link)
    bob.page.locator("#signin-switch").click()
    expect(bob.page.locator("#signin-next")).to_be_visible(timeout=PATIENCE)
    bob.page.locator("#signin-next").click()
    expect(bob.page.locator("#signed-in")).to_contain_text("Ann", timeout=PATIENCE)
    back = bob.page.locator("#switch-back")
    expect(back).to_contain_text("بابک")
    back.click()
    expect(bob.page.locator("#signed-in")).to_contain_text("بابک", timeout=PATIENCE)
    expect(bob.page.locator("#switch-back")).to_contain_text("Ann")  # and back again, if need be
    for person in (ann, laptop, bob):
        person.assert_clean()
        person.close()
