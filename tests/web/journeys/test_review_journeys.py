"""Journeys of the search bot's help (issue 25; docs/web-client.md, "Reviews and hints").

A person makes a CATAN: On the Road table with hints and a bot in the lobby, typing a name; on
their turn they ask for a hint and read the bot's best moves; then they leave their seat to the
bot, which finishes the game; they open the replay, ask for the review, see the graph of the
players' chances and click a decision of the list (a marked one when there is one): the replay
goes there and says what was played and what the bot preferred. On a phone in Persian and on a
desktop and a tablet in English, with no console error and no failed request.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web.conftest import Server
from tests.web.journeys.people import PATIENCE, Person
from tests.web.play import wait_until_it_is_my_move

#: a review in a second or two: the budget's hundredth (the judgement has its own tests)
QUICK = "0.01"


@pytest.fixture
def quick_review_server(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMETABLE_REVIEW_EFFORT", QUICK)
    running = Server(tmp_path)
    running.start()
    yield running
    running.stop()


def create_with_hints(person: Person) -> None:
    """In the lobby: CATAN: On the Road for two, the other seat a basic bot, hints on; the name
    typed last; then to the table."""
    page = person.page
    person.goto(f"/?lang={person.lang}")
    page.locator('#games [data-game="catan-on-the-road"]').click()
    page.locator('#player-count [data-players="2"]').click()
    page.locator('#seats [data-seat="1"] [data-seat-kind="bot"]').click()
    page.locator("#bot-level").select_option("basic")
    page.locator("#hints").check()
    page.locator("#player-name").fill(person.name)
    page.locator("#create-button").click()
    expect(page.locator("#created")).to_be_visible(timeout=PATIENCE)
    person.open_created_table()


@pytest.mark.parametrize(("size", "lang", "name"),
                         [("desktop", "en", "Ann"), ("phone", "fa", "آنا"), ("tablet", "en", "Cyrus")])
def test_a_player_asks_for_a_hint_then_reviews_the_finished_game_and_jumps_to_a_decision(
        quick_review_server, browser, size, lang, name):
    person = Person(browser, quick_review_server, name, lang=lang, size=size)
    page = person.page
    create_with_hints(person)

    # a hint, on request, at the player's turn: the bot's best moves with the VP they lead to
    wait_until_it_is_my_move(page)
    expect(page.locator("#hint-ask")).to_be_visible()
    page.locator("#hint-ask").click()
    choices = page.locator("#hint-list .hint-choice")
    expect(choices.first).to_be_visible(timeout=PATIENCE)
    assert 1 <= choices.count() <= 3
    assert all(text.strip() for text in choices.all_inner_texts())
    person.shot("hint")

    # the bot finishes the game for the player
    page.locator("#leave-seat").click()
    expect(page.locator("#prompt")).to_have_attribute("data-state", "over", timeout=120_000)
    expect(page.locator("#hint-box")).to_be_hidden()

    # the replay, the review, the graph and the list
    page.locator("#replay-open").click()
    page.locator("#review-open").click()
    expect(page.locator("#review .review-graph")).to_be_visible(timeout=120_000)
    decisions = page.locator("#review-list .review-decision")
    expect(decisions.first).to_be_visible()
    person.shot("review")
    chosen = decisions.nth(min(1, decisions.count() - 1))
    seq = chosen.get_attribute("data-seq")
    chosen.click()
    expect(page.locator("#replay-slider")).to_have_value(seq, timeout=PATIENCE)
    detail = page.locator("#review-detail")
    expect(detail).to_have_attribute("data-seq", seq)
    expect(detail.locator(".review-played")).not_to_be_empty()
    expect(detail.locator(".review-best")).not_to_be_empty()
    assert "{" not in detail.inner_text() and "web.review" not in detail.inner_text()
    person.shot("review-jump")
    person.assert_clean()
    person.close()

