"""Issue 12: the browser takes its actions over the table's WebSocket while it is connected (no
HTTP action POST at all), and over HTTP when the socket is not there."""

from __future__ import annotations

import random
import re

from playwright.sync_api import expect

from tests.web.conftest import new_page
from tests.web.play import SocketActions, play_one_move, wait_until_it_is_my_move
from tests.web.test_live import open_seat


def _action_posts(page) -> list:
    posts = []
    page.on("request", lambda request: posts.append(request.url)
            if request.method == "POST" and request.url.endswith("/actions") else None)
    return posts


def test_the_browser_plays_over_the_websocket_while_it_is_connected(server, browser, page_errors):
    watched = {}

    def watch(page, table):
        watched["posts"] = _action_posts(page)
        watched["socket"] = SocketActions(page)
        watched["answers"] = answers = []
        page.on("websocket", lambda ws: ws.on("framereceived", lambda text: answers.append(text)
                                                   if '"type": "acted"' in text else None))

    table, context, page = open_seat(browser, page_errors, server, before_opening=watch)
    rnd = random.Random(12)
    for _ in range(4):  # each a move of this page's (the bot's moves between change seq too)
        wait_until_it_is_my_move(page)
        play_one_move(page, rnd, lambda: server.seq(table))
    wait_until_it_is_my_move(page)
    assert watched["posts"] == []  # not one action went over HTTP
    assert len(watched["socket"].sent) >= 4 and len(watched["answers"]) >= 4
    expect(page.locator("#notice")).to_be_hidden()
    assert page_errors == []
    context.close()


def test_without_its_socket_the_browser_takes_its_actions_over_http(server, browser, page_errors):
    table = server.api("POST", "/api/tables", {"game": "gwt", "players": 2, "bots": [1], "name": "Ann"})
    context, page = new_page(browser, page_errors)
    page.route_web_socket(re.compile(r"/ws/tables/"), lambda ws: ws.close())  # the socket never stays
    posts = _action_posts(page)
    page.goto(server.base + "/")
    page.evaluate("([id, token]) => localStorage.setItem('gametable.seat.' + id, JSON.stringify({seat: 0, token}))",
                  [table["id"], table["token"]])
    page.goto(table["invite_url"])
    expect(page.locator("#connection")).to_have_attribute("data-state", "offline")
    # the bot may have the first turn: it starts once the page opened the table, so wait for it
    wait_until_it_is_my_move(page)
    play_one_move(page, random.Random(4), lambda: server.seq(table))
    assert len(posts) == 1
    assert page_errors == []
    context.close()
