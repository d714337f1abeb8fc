"""Journeys of clocked tables (issue 24, defects 2 and 3; docs/web-client.md, "Journeys").

Each person becomes a player through the page (their name typed in My tables, the lobby or the
join form) and acts by clicking; the server's figures are read with their session only to check
what the page shows rounded. No console error and no failed request in any browser.
"""

from __future__ import annotations

import random

from playwright.sync_api import expect

from tests.web.journeys.people import PATIENCE, Person, clock_seconds, table_id
from tests.web.play import click_one, wait_until_it_is_my_move


def _move(person: Person, rnd: random.Random, tid: str) -> None:
    """One move of the person's seat, by clicking, landed on the server."""
    wait_until_it_is_my_move(person.page)
    before = person.read(f"/api/tables/{tid}")["seq"]
    for _ in range(100):
        click_one(person.page, rnd)
        person.page.wait_for_timeout(150)
        if person.read(f"/api/tables/{tid}")["seq"] != before:
            return
    raise AssertionError("the move did not reach the server")


def test_a_seat_out_of_real_time_goes_to_the_bot_and_its_player_takes_it_back_with_time_to_play(
        toy_server, browser):
    rnd = random.Random(24)
    ann = Person(browser, toy_server, "Ann", size="phone")
    bob = Person(browser, toy_server, "بابک", lang="fa", size="tablet")
    ann.become_on_my_tables()
    # 10 s each and 5 s a turn: Ann's time runs out within the test
    invite = ann.create_by_session({"game": "toy", "players": 2, "options": {"pile": 21}, "name": "Ann",
                                     "clock": {"kind": "realtime", "initial_s": 10, "increment_s": 5},
                                     "timeouts_to_bot": 1})
    tid = table_id(invite)
    ann.goto(invite)
    expect(ann.page.locator("#seat-bar .seat-chip.me")).to_have_attribute("data-seat", "0", timeout=PATIENCE)
    assert bob.join_by_link(invite) == 1
    # Ann's phone died: her clock runs out, the bot moves for her and takes her seat
    expect(ann.page.locator(".seat-bar .clock.running[data-seat=\"0\"]")).to_be_visible(timeout=PATIENCE)
    expect(ann.page.locator("#take-back")).to_be_visible(timeout=PATIENCE)
    assert ann.read(f"/api/tables/{tid}")["timed_out"][0]["seat"] == 0
    # She takes it back: hers again, with at least one increment and the grace (35 s), not 0:00
    ann.page.locator("#take-back").click()
    expect(ann.page.locator("#take-back")).to_have_count(0, timeout=PATIENCE)
    expect(ann.page.locator("#seat-bar .seat-chip.me")).to_have_attribute("data-seat", "0", timeout=PATIENCE)
    seat = ann.read(f"/api/tables/{tid}")["seats"][0]
    assert seat["kind"] == "human" and seat["timeouts"] == 0 and seat["clock_ms"] >= 35_000
    assert clock_seconds(ann.page, 0) >= 30
    # and plays on: Bob moves, then Ann moves herself, in time
    while ann.page.locator("#prompt").get_attribute("data-state") != "yours":
        if bob.page.locator("#prompt").get_attribute("data-state") == "yours":
            _move(bob, rnd, tid)
        ann.page.wait_for_timeout(200)
    assert clock_seconds(ann.page, 0) >= 20
    _move(ann, rnd, tid)
    after = ann.read(f"/api/tables/{tid}")
    assert after["seats"][0]["kind"] == "human" and after["you"] == 0
    assert [t["seat"] for t in after["timed_out"]].count(0) == 1  # only the move of her dead phone
    for person in (ann, bob):
        person.assert_clean()
        person.close()


def _play_a_whole_turn(person: Person, tid: str, rnd: random.Random, check_within_turn) -> dict:
    """The person plays their seat's turn to its end, click by click; after each action of the
    turn, ``check_within_turn(seat_before, seat_now)``. Returns the seat as the turn ended."""
    you = person.read(f"/api/tables/{tid}")["you"]
    start = person.read(f"/api/tables/{tid}")["seats"][you]
    actions = 0
    while True:
        wait_until_it_is_my_move(person.page)
        before = person.read(f"/api/tables/{tid}")
        for _ in range(200):  # a click, or an "End turn?" confirmation, until the server has it
            click_one(person.page, rnd)
            person.page.wait_for_timeout(120)
            now = person.read(f"/api/tables/{tid}")
            if now["seq"] != before["seq"]:
                break
        else:
            raise AssertionError("no action reached the server")
        actions += 1
        seat = now["seats"][you]
        if you not in now["view"]["to_act"]:  # the other person's turn now
            assert actions >= 2, "a GWT turn is more than one action"
            return seat
        check_within_turn(start, seat)


def test_a_real_time_gwt_clock_gains_its_increment_once_a_turn(server, browser):
    rnd = random.Random(3)
    ann = Person(browser, server, "آنا", lang="fa", size="desktop")
    bob = Person(browser, server, "Bob", size="tablet")
    # the lobby's real-time clock as it comes: 20 minutes and 10 seconds a turn
    invite = ann.create_table("gwt", 2, invited=(1,), clock={"kind": "realtime"})
    tid = table_id(invite)
    bob.join_by_link(invite)
    first = ann.read(f"/api/tables/{tid}")["view"]["to_act"][0]
    mover = ann if first == 0 else bob

    def within_turn(start, seat):
        # issue 24: 10 s were added at every action (30:00 became 33:46 after six turns)
        assert seat["clock_ms"] == 1_200_000 and seat["deadline_ms"] == start["deadline_ms"]
        assert clock_seconds(mover.page, first) <= 1200

    ended = _play_a_whole_turn(mover, tid, rnd, within_turn)
    # the turn's end: the clock stops at the time left plus one increment, once
    assert ended["deadline_ms"] is None and 10_000 <= ended["clock_ms"] <= 1_210_000
    for person in (ann, bob):
        expect(person.page.locator(f'.seat-bar .clock[data-seat="{first}"]')).to_be_visible()
        assert clock_seconds(person.page, first) <= 1210
        person.assert_clean()
        person.close()


def test_a_turn_clock_gives_a_whole_gwt_turn_one_deadline(server, browser):
    rnd = random.Random(5)
    cyrus = Person(browser, server, "Cyrus", size="desktop")
    dana = Person(browser, server, "دانا", lang="fa", size="tablet")
    invite = cyrus.create_table("gwt", 2, invited=(1,), clock={"kind": "turn", "hours": 1})
    tid = table_id(invite)
    dana.join_by_link(invite)
    first = cyrus.read(f"/api/tables/{tid}")["view"]["to_act"][0]
    mover, watcher = (cyrus, dana) if first == 0 else (dana, cyrus)

    def within_turn(start, seat):
        # a deadline per turn: the actions of the turn do not move it (each got a new one)
        assert seat["deadline_ms"] == start["deadline_ms"]
        assert clock_seconds(mover.page, first) <= 3600

    ended = _play_a_whole_turn(mover, tid, rnd, within_turn)
    assert ended["deadline_ms"] is None  # the turn is over: its deadline with it
    # the other seat's turn has its own hour, shown on both pages
    other = 1 - first
    for person in (mover, watcher):
        expect(person.page.locator(f'.seat-bar .clock.running[data-seat="{other}"]')).to_be_visible(timeout=PATIENCE)
        assert clock_seconds(person.page, other) <= 3600
        person.assert_clean()
        person.close()
