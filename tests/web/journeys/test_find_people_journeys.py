"""Journey of two strangers who find each other (issue 26, part a): Ann on a phone in Persian
lists a table in the lobby; Bob on a desktop in English finds it among the open tables (with the
lobby's filters), joins it as by a link, and they play it to its end (the toy game, a few moves).
Then each opens the other's player page from My tables and adds them as a friend, sees the game
in the history, the statistics and the rating chart; Ann invites Bob straight from the create
form and the table is in Bob's My tables; Bob looks at the leaderboard page. Both sign in by
typing their names in the page; no console error and no failed request."""

from __future__ import annotations

import random

import httpx2
import pytest
from playwright.sync_api import expect

from tests.web.journeys import people
from tests.web.journeys.people import PATIENCE
from tests.web.play import click_one

ANN, BOB = "آنا", "Bob"


class Requests:
    """The requests a person's page has in flight: a person who leaves a page while it still
    fetches (a table page that has just said the game is over still reads its log) cancels
    them, which the journey would count as failed requests that no page made fail."""

    def __init__(self, someone: people.Person) -> None:
        self.page = someone.page
        self.open: set = set()
        self.page.on("request", lambda request: self.open.add(request))
        self.page.on("requestfinished", lambda request: self.open.discard(request))
        self.page.on("requestfailed", lambda request: self.open.discard(request))

    def settle(self) -> None:
        for _ in range(300):
            if not self.open:
                return
            self.page.wait_for_timeout(100)
        raise AssertionError(f"requests still open: {[r.url for r in self.open]}")


def _five_rated_games(base: str, listed: bool = False) -> tuple[str, str]:
    """Two other players with five finished games between them (the leaderboard's minimum),
    played through the API; returns their names. ``listed``: and a listed table of theirs waits
    for a third player."""
    clients = [httpx2.Client(base_url=base, headers={"Origin": base}) for _ in range(2)]
    names = ("Cleo", "Dara")
    try:
        for client, name in zip(clients, names):
            assert client.post("/api/me", json={"name": name, "lang": "en"}).status_code == 201
        for _ in range(5):
            table = clients[0].post("/api/tables", json={"game": "toy", "players": 2, "name": names[0],
                                                         "options": {"pile": 5}}).json()
            assert clients[1].post(f"/api/tables/{table['id']}/join", json={"name": names[1]}).status_code == 200
            # 2, 2, 1: the first player takes the last token and wins
            for mover, count in ((0, 2), (1, 2), (0, 1)):
                seq = clients[mover].get(f"/api/tables/{table['id']}").json()["seq"]
                answer = clients[mover].post(f"/api/tables/{table['id']}/actions",
                                             json={"seq": seq, "action": {"type": "take", "count": count}})
                assert answer.status_code == 200, answer.text
        if listed:
            answer = clients[0].post("/api/tables", json={"game": "toy", "players": 3, "name": names[0],
                                                          "listed": True})
            assert answer.status_code == 201, answer.text
    finally:
        for client in clients:
            client.close()
    return names


def _open_profile_from_my_tables(someone: people.Person, requests: Requests, base: str, table_id: str,
                                 other: str) -> None:
    page = someone.page
    requests.settle()
    someone.goto(f"/me?lang={someone.lang}")
    entry = page.locator(f'#tables .table-entry[data-table="{table_id}"]')
    expect(entry).to_be_visible(timeout=PATIENCE)
    entry.get_by_role("link", name=other).click()
    expect(page.locator("#player-name")).to_have_text(other, timeout=PATIENCE)


def test_two_strangers_find_a_table_play_it_and_become_friends(toy_server, browser):
    base = toy_server.base
    rnd = random.Random(26)
    ann = people.Person(browser, toy_server, ANN, lang="fa", size="phone", touch=True)
    bob = people.Person(browser, toy_server, BOB, lang="en", size="desktop")
    requests = {someone.name: Requests(someone) for someone in (ann, bob)}

    # Ann lists a two-seat table of the toy game
    page = ann.page
    ann.goto("/?lang=fa")
    expect(page.locator("#player-name")).to_be_visible(timeout=PATIENCE)
    page.locator("#player-name").fill(ANN)
    page.locator('#games [data-game="toy"]').click()
    page.locator('#player-count [data-players="2"]').click()
    page.locator('#seats [data-seat="1"] [data-seat-kind="human"]').click()
    page.locator("#listed").check()
    page.locator("#create-button").click()
    expect(page.locator("#created")).to_be_visible(timeout=PATIENCE)
    ann.open_created_table()
    table_id = people.table_id(ann.page.url)

    # Bob finds it in the lobby's open tables: the game and language filters keep it
    page = bob.page
    bob.goto("/?lang=en")
    listed = page.locator(f'#open-list [data-table="{table_id}"]')
    expect(listed).to_be_visible(timeout=PATIENCE)
    page.locator("#open-game").select_option("toy")
    page.locator("#open-lang").select_option("es")
    expect(listed).to_be_hidden(timeout=PATIENCE)
    expect(page.locator("#open-none")).to_be_visible()
    page.locator("#open-lang").select_option("fa")
    expect(listed).to_contain_text("فارسی")
    expect(listed).to_contain_text("1 of 2 seats taken")
    listed.scroll_into_view_if_needed()
    bob.shot("open-tables")
    listed.get_by_role("link").click()
    expect(page.locator("#join-dialog")).to_be_visible(timeout=PATIENCE)
    page.locator("#join-name").fill(BOB)
    page.locator("#join-submit").click()
    expect(page.locator("#seat-bar .seat-chip.me")).to_have_attribute("data-seat", "1", timeout=PATIENCE)

    # a full table leaves the list
    requests[BOB].settle()
    bob.goto("/?lang=en")
    expect(page.locator("#open-none")).to_be_visible(timeout=PATIENCE)
    expect(page.locator(f'#open-list [data-table="{table_id}"]')).to_have_count(0)
    requests[BOB].settle()
    page.go_back()

    # they play it to its end
    for _ in range(100):
        if toy_server.api("GET", f"/api/tables/{table_id}")["status"] == "finished":
            break
        if not any(click_one(someone.page, rnd) for someone in (ann, bob)):
            ann.page.wait_for_timeout(100)
    for someone in (ann, bob):
        expect(someone.page.locator("#prompt")).to_have_attribute("data-state", "over", timeout=PATIENCE)

    # each adds the other from the other's page, which shows the game, the statistics and the chart
    for someone, other in ((bob, ANN), (ann, BOB)):
        _open_profile_from_my_tables(someone, requests[someone.name], base, table_id, other)
        page = someone.page
        page.locator("#add-friend").click()
        expect(page.locator("#friend-note")).to_contain_text(other, timeout=PATIENCE)
        expect(page.locator("#add-friend")).to_be_hidden()
        expect(page.locator(f'#history [data-table="{table_id}"]')).to_be_visible(timeout=PATIENCE)
        expect(page.locator('#stats [data-game="toy"] dd').first).to_have_text("۱" if someone is ann else "1")
        expect(page.locator('#rating-charts [data-game="toy"] svg .rating-point')).to_have_count(1)
        someone.shot("profile")

    # friends in the lobby; Ann invites Bob from the create form, and the table is in his My tables
    page = ann.page
    requests[ANN].settle()
    ann.goto("/?lang=fa")
    friend = page.locator("#friend-list .friend")
    expect(friend).to_have_count(1, timeout=PATIENCE)
    expect(friend).to_contain_text(BOB)
    page.locator('#games [data-game="toy"]').click()
    page.locator('#player-count [data-players="2"]').click()
    page.locator('#seats [data-seat="1"] [data-seat-kind="human"]').click()
    page.locator("#invite-list input").check()
    page.locator("#create-button").click()
    expect(page.locator("#created")).to_be_visible(timeout=PATIENCE)
    invited_to = page.locator("#open-table").get_attribute("href").rstrip("/").rsplit("/", 1)[1]
    ann.shot("lobby-friends")
    requests[BOB].settle()
    bob.goto("/me?lang=en")
    expect(bob.page.locator(f'#tables .table-entry[data-table="{invited_to}"]')).to_be_visible(timeout=PATIENCE)

    # the leaderboard page: players with five rated games, best first
    cleo, dara = _five_rated_games(base)
    page = bob.page
    requests[BOB].settle()
    bob.goto("/leaderboards?game=toy")
    rows = page.locator("#board tbody tr")
    expect(rows).to_have_count(2, timeout=PATIENCE)
    expect(rows.nth(0)).to_contain_text(cleo)
    expect(rows.nth(1)).to_contain_text(dara)
    bob.shot("leaderboard")
    rows.nth(0).get_by_role("link").click()
    expect(page.locator("#player-name")).to_have_text(cleo, timeout=PATIENCE)
    expect(page.locator("#history .played")).to_have_count(5, timeout=PATIENCE)

    for someone in (ann, bob):
        someone.assert_clean()
        someone.close()


SIDEWAYS = "() => document.documentElement.scrollWidth - window.innerWidth"


@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("size", ["phone", "tablet", "desktop"])
def test_open_tables_profiles_and_the_leaderboard_fit_every_screen(toy_server, browser, size, lang):
    """The lobby with an open table and a friend, a player page with games, statistics and a
    chart, and the leaderboard: nothing scrolls sideways and nothing fails, in en and fa."""
    base = toy_server.base
    cleo, _ = _five_rated_games(base, listed=True)
    eve = people.Person(browser, toy_server, "Eve", lang=lang, size=size, touch=size == "phone")
    requests = Requests(eve)
    page = eve.page
    eve.goto(f"/?lang={lang}")
    expect(page.locator("#open-list .open-table")).to_have_count(1, timeout=PATIENCE)
    assert page.evaluate(SIDEWAYS) <= 0
    page.locator("#open-list .open-table").scroll_into_view_if_needed()
    eve.shot("open-tables")
    requests.settle()
    eve.goto(f"/leaderboards?game=toy&lang={lang}")
    expect(page.locator("#board tbody tr")).to_have_count(2, timeout=PATIENCE)
    assert page.evaluate(SIDEWAYS) <= 0
    requests.settle()
    page.locator("#board tbody tr a").first.click()
    expect(page.locator("#player-name")).to_have_text(cleo, timeout=PATIENCE)
    expect(page.locator("#history .played")).to_have_count(5, timeout=PATIENCE)
    expect(page.locator('#rating-charts [data-game="toy"] .rating-point')).to_have_count(5)
    assert page.evaluate(SIDEWAYS) <= 0
    page.locator("#stats").scroll_into_view_if_needed()
    eve.shot("profile-stats")
    eve.assert_clean()
    eve.close()
