"""Live updates and errors: reconnecting after the server restarts, a stale seq (409) and an illegal
action (400) explained to the player."""

from __future__ import annotations

import random
import time

from playwright.sync_api import expect

from tests.web.conftest import new_page
from tests.web.play import SocketActions, click_one, prompt_state, wait_until_it_is_my_move


def open_seat(browser, errors, server, game="gwt", before_opening=None):
    """A 2-player table with a bot, opened in a browser that holds seat 0 (as after a reload).

    ``before_opening(page, table)`` runs just before the table's page is opened."""
    table = server.api("POST", "/api/tables", {"game": game, "players": 2, "bots": [1], "name": "Ann",
                                                "bot_level": "basic"})
    context, page = new_page(browser, errors)
    page.goto(server.base + "/")
    page.evaluate("([id, token]) => localStorage.setItem('gametable.seat.' + id, JSON.stringify({seat: 0, token}))",
                  [table["id"], table["token"]])
    if before_opening:
        before_opening(page, table)
    page.goto(table["invite_url"])
    expect(page.locator("#connection")).to_have_attribute("data-state", "live")
    expect(page.locator("#prompt")).to_have_attribute("data-state", "yours", timeout=20_000)
    return table, context, page


def test_the_table_reconnects_and_resyncs_after_the_server_restarts(own_server, browser, page_errors):
    table, context, page = open_seat(browser, page_errors, own_server)
    # A reload keeps the seat (its token is remembered for this table).
    page.reload()
    expect(page.locator("#seat-bar .seat-chip.me")).to_have_attribute("data-seat", "0")
    expect(page.locator("#prompt")).to_have_attribute("data-state", "yours")
    own_server.stop()
    expect(page.locator("#connection")).to_have_attribute("data-state", "offline")
    own_server.start()
    # An action committed while the page is still away (its reconnect waits a moment).
    snapshot = own_server.api("GET", f"/api/tables/{table['id']}", token=table["token"])
    own_server.api("POST", f"/api/tables/{table['id']}/actions",
                   {"seq": snapshot["seq"], "action": snapshot["legal_actions"][0]}, table["token"])
    expect(page.locator("#connection")).to_have_attribute("data-state", "live", timeout=20_000)
    deadline = time.monotonic() + 20
    while True:  # the page catches up with everything the server has, bot moves included
        log = own_server.api("GET", f"/api/tables/{table['id']}", token=table["token"])["view"]["log"]
        if page.locator("#log .log-entry").count() == len(log):
            break
        assert time.monotonic() < deadline, "the page did not catch up after reconnecting"
        page.wait_for_timeout(200)
    assert page_errors == []
    context.close()


def test_a_table_fetch_lost_on_the_way_is_explained_and_the_table_still_shows(
        server, browser, page_errors):
    """The page fetches the table once as it opens. When that fetch is lost (the server
    restarting under it, as in the test above), the page says so and still shows the table (its
    live connection fetches it again and its socket brings it); the lost fetch is no uncaught
    error."""
    fetches = []

    def lose_the_first_fetch(page, table):
        def handler(route):
            fetches.append(route.request.method)
            if len(fetches) == 1:
                route.abort()
            else:
                route.continue_()
        page.route(lambda url: url.endswith(f"/api/tables/{table['id']}"), handler)

    table, context, page = open_seat(browser, page_errors, server, before_opening=lose_the_first_fetch)
    expect(page.locator("#notice")).to_have_attribute("data-kind", "error")
    expect(page.locator("#notice")).to_contain_text("The server cannot be reached")
    assert fetches[0] == "GET"
    assert page_errors == []
    context.close()


def test_issue_9_the_page_fetches_the_table_once_as_it_opens(server, browser, page_errors):
    """The page used to fetch the snapshot twice on load (once itself, once as its live
    connection started); the socket's first state follows anyway. Counted from the page's
    request log, for a seat and for a spectator."""
    fetched = []

    def count_snapshot_requests(page, table):
        path = f"/api/tables/{table['id']}"
        page.on("request", lambda request: fetched.append(request.method)
                if request.url.endswith(path) else None)

    table, context, page = open_seat(browser, page_errors, server, before_opening=count_snapshot_requests)
    page.wait_for_load_state("networkidle")
    assert fetched == ["GET"]
    watcher_context, watcher = new_page(browser, page_errors)
    watched = []
    watcher.on("request", lambda request: watched.append(request.method)
               if request.url.endswith(f"/api/tables/{table['id']}") else None)
    watcher.goto(table["invite_url"])
    expect(watcher.locator("#connection")).to_have_attribute("data-state", "live")
    expect(watcher.locator("#seat-bar .seat-chip")).to_have_count(2)
    watcher.wait_for_load_state("networkidle")
    assert watched == ["GET"]
    assert page_errors == []
    watcher_context.close()
    context.close()


def test_a_stale_seq_and_an_illegal_action_are_explained(server, browser, page_errors):
    socket_actions = {}
    table, context, page = open_seat(browser, page_errors, server, before_opening=lambda page, table:
                                     socket_actions.setdefault("route", SocketActions(page)))
    actions = socket_actions["route"]
    rnd = random.Random(3)
    start = server.api("GET", f"/api/tables/{table['id']}", token=table["token"])["seq"]

    # The page sends an older seq than its snapshot's, from before this seat's choices: 409.
    actions.rewrite = lambda message: message.update(seq=message["seq"] - 1)
    wait_until_it_is_my_move(page)
    assert click_one(page, rnd)
    expect(page.locator("#notice")).to_have_attribute("data-kind", "info")
    expect(page.locator("#notice")).to_contain_text("Your choices changed before your move arrived")

    # An action the engine refuses (400) shows the engine's own message.
    actions.rewrite = lambda message: message.update(action={"type": "move", "path": ["KANSAS_CITY"]})
    wait_until_it_is_my_move(page)  # the page shows the table again after the 409 first
    assert click_one(page, rnd)
    expect(page.locator("#notice")).to_have_attribute("data-kind", "error")
    expect(page.locator("#notice")).to_contain_text("Not allowed:")
    assert len(page.locator("#notice").text_content()) > len("Not allowed: ") + 10
    actions.rewrite = None

    # Nothing was applied by either: the table is where it was, and the next click works.
    before = server.api("GET", f"/api/tables/{table['id']}", token=table["token"])["seq"]
    assert before == start
    assert prompt_state(page) == "yours"
    wait_until_it_is_my_move(page)
    assert click_one(page, rnd)
    deadline = time.monotonic() + 10
    while server.api("GET", f"/api/tables/{table['id']}", token=table["token"])["seq"] == before:
        assert time.monotonic() < deadline, "the action after the errors was not taken"
        page.wait_for_timeout(100)
    assert page_errors == []
    context.close()


def test_two_people_answering_one_offer_both_count(server, browser, page_errors):
    """CATAN: another seat answers the trade offer first. This page's answer, sent with the seq
    of the offer it was chosen on (as when two people click at the same moment), still applies,
    because this seat's choices did not change: no 409, no second click."""
    table = server.api("POST", "/api/tables", {"game": "catan-on-the-road", "players": 3, "name": "Ann"})
    path = f"/api/tables/{table['id']}"
    tokens = {0: table["token"]}
    for name in ("Bob", "Cy"):
        joined = server.api("POST", f"{path}/join", {"name": name})
        tokens[joined["seat"]] = joined["token"]
    snapshot = server.api("GET", path)
    active, seq = snapshot["view"]["active_seat"], snapshot["seq"]
    mine, other = [s for s in sorted(tokens) if s != active]
    for kind in ("start_trade", "offer_give", "offer_ask", "propose"):
        legal = server.api("GET", path, token=tokens[active])["legal_actions"]
        action = next(a for a in legal if a["type"] == kind)
        seq = server.api("POST", f"{path}/actions", {"seq": seq, "action": action}, tokens[active])["seq"]

    context, page = new_page(browser, page_errors)
    actions = SocketActions(page)
    page.goto(server.base + "/")
    page.evaluate("([id, seat, token]) => localStorage.setItem('gametable.seat.' + id, JSON.stringify({seat, token}))",
                  [table["id"], mine, tokens[mine]])
    page.goto(table["invite_url"])
    expect(page.locator("button.action-decline")).to_be_visible(timeout=20_000)
    server.api("POST", f"{path}/actions", {"seq": seq, "action": {"type": "decline"}}, tokens[other])

    actions.rewrite = lambda message: message.update(seq=seq)
    page.locator("button.action-decline").click()
    deadline = time.monotonic() + 10
    while server.api("GET", path)["seq"] != seq + 2:
        assert time.monotonic() < deadline, "the page's answer was not applied"
        page.wait_for_timeout(100)
    after = server.api("GET", path, token=tokens[active])
    assert after["view"]["trade"] is None and after["view"]["to_act"] == [active]  # both declined
    expect(page.locator("#notice")).to_be_hidden()
    assert [message["action"] for message in actions.sent] == [{"type": "decline"}]  # over the socket
    assert page_errors == []
    context.close()


def test_finding_2_the_seat_bar_shows_who_is_connected(server, browser, page_errors):
    """Another seat's page opening and closing reaches this page as a presence message (the
    table itself does not change): its chip shows it online, then away again. The page's own
    socket says hello with its token; its URL carries none."""
    from tests.server.helpers import Socket

    table = server.api("POST", "/api/tables", {"game": "gwt", "players": 2, "name": "Ann"})
    bob = server.api("POST", f"/api/tables/{table['id']}/join", {"name": "Bob"})
    context, page = new_page(browser, page_errors)
    socket_urls = []
    page.on("websocket", lambda ws: socket_urls.append(ws.url))
    page.goto(server.base + "/")
    page.evaluate("([id, token]) => localStorage.setItem('gametable.seat.' + id, JSON.stringify({seat: 0, token}))",
                  [table["id"], table["token"]])
    page.goto(table["invite_url"])
    expect(page.locator("#connection")).to_have_attribute("data-state", "live")
    bobs_chip = page.locator('#seat-bar .seat-chip[data-seat="1"]')
    expect(bobs_chip).to_have_attribute("data-online", "false")
    expect(bobs_chip.locator(".tag.away")).to_have_text("away")
    expect(page.locator('#seat-bar .seat-chip[data-seat="0"]')).to_have_attribute("data-online", "true")
    seq = server.api("GET", f"/api/tables/{table['id']}")["seq"]
    with Socket(server.base.replace("http://", "ws://") + f"/ws/tables/{table['id']}", bob["token"]) as bobs_page:
        assert bobs_page.until(lambda m: m["type"] == "state")["you"] == 1
        expect(bobs_chip).to_have_attribute("data-online", "true")
        expect(bobs_chip.locator(".tag.away")).to_have_count(0)
    expect(bobs_chip).to_have_attribute("data-online", "false")
    expect(bobs_chip.locator(".tag.away")).to_have_count(1)
    assert server.api("GET", f"/api/tables/{table['id']}")["seq"] == seq  # only presence changed
    assert socket_urls and all("token" not in url and table["token"] not in url for url in socket_urls)
    assert page_errors == []
    context.close()
