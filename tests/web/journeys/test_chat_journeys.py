"""Journey: friends at one table talk in its chat (issue 24, defect 1).

Ann makes a table in the lobby on a desktop in English, Bob joins by her link on a phone in
Persian, both by typing their names in the page; each writes and reads the other's message live,
markup shown as its literal text; someone who only watches reads and is told that players write.
"""

from __future__ import annotations

from playwright.sync_api import expect

from tests.web.journeys.people import PATIENCE, Person

MARKUP = '<b>bold?</b> <img src="x" alt="a picture?">'


def _say(person, text: str) -> None:
    page = person.page
    page.locator("#chat-text").fill(text)
    page.locator("#chat-text").press("Enter")
    expect(page.locator("#chat-text")).to_have_value("", timeout=PATIENCE)


def _last_message(person):
    return person.page.locator("#chat-list .chat-message .text").last


def test_seated_players_chat_both_ways_and_markup_stays_text(server, browser):
    ann = Person(browser, server, "Ann", size="desktop")
    bob = Person(browser, server, "بابک", lang="fa", size="phone", touch=True)
    link = ann.create_table("gwt", 3, invited=(1,))
    assert bob.join_by_link(link) == 1

    # Seated players see the form, and nothing says that only spectators may read.
    for player in (ann, bob):
        expect(player.page.locator("#chat-text")).to_be_visible(timeout=PATIENCE)
        expect(player.page.locator("#chat .hint")).to_be_hidden()

    _say(ann, MARKUP)
    expect(_last_message(bob)).to_have_text(MARKUP, timeout=PATIENCE)
    _say(bob, "سلام Ann! <i>ready</i>")
    expect(_last_message(ann)).to_have_text("سلام Ann! <i>ready</i>", timeout=PATIENCE)
    for player in (ann, bob):  # text, not markup: no element came from a message
        assert player.page.locator("#chat-list b, #chat-list img, #chat-list i").count() == 0
        expect(player.page.locator("#chat-list .chat-message .who")).to_have_text(["Ann", "بابک"])
    bob.shot("chat")

    # Someone who opens the link once every seat is taken watches: reads the chat, is told who writes.
    carla = Person(browser, server, "Carla", size="tablet")
    carla.goto(link)
    expect(_last_message(carla)).to_have_text("سلام Ann! <i>ready</i>", timeout=PATIENCE)
    expect(carla.page.locator("#chat .hint")).to_be_visible()
    expect(carla.page.locator("#chat-text")).to_be_hidden()

    for someone in (ann, bob, carla):
        someone.assert_clean()
        someone.close()
