"""Turn alerts, clocks, chat and the seat panel in the browser (issue 8; docs/web-client.md)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.web.conftest import new_page


def _go_to_seat(page, server, table, seat, token):
    """Open the table in ``page`` as ``seat`` (its token kept in the browser, as a player's is)."""
    page.goto(server.base + "/")
    page.evaluate("([id, seat, token]) => localStorage.setItem('gametable.seat.' + id, JSON.stringify({seat, token}))",
                  [table["id"], seat, token])
    page.goto(table["invite_url"])


def _open_as(browser, errors, server, table, seat, token, **page_options):
    context, page = new_page(browser, errors, **page_options)
    _go_to_seat(page, server, table, seat, token)
    expect(page.locator("#connection")).to_have_attribute("data-state", "live")
    return context, page


def _play_while(server, table_id, tokens, seat):
    """Seat ``seat`` plays its first legal action until the game waits for someone else."""
    while True:
        snapshot = server.api("GET", f"/api/tables/{table_id}", token=tokens[seat])
        if snapshot["view"]["to_act"] != [seat]:
            return
        server.api("POST", f"/api/tables/{table_id}/actions",
                   {"seq": snapshot["seq"], "action": snapshot["legal_actions"][0]}, token=tokens[seat])


def test_the_tab_title_and_icon_say_when_it_becomes_your_turn(server, browser, page_errors):
    table = server.api("POST", "/api/tables", {
        "game": "gwt", "players": 2, "name": "Ann",
        "clock": {"kind": "turn", "per_move_s": 86400}})
    bob = server.api("POST", f"/api/tables/{table['id']}/join", {"name": "Bob"})
    tokens = [table["token"], bob["token"]]
    context, page = _open_as(browser, page_errors, server, table, 0, tokens[0])
    icon = page.locator('link[rel="icon"]')
    # Ann plays her turn (through the API); the page follows: not her turn, the plain title
    _play_while(server, table["id"], tokens, 0)
    expect(page.locator("#prompt")).to_have_attribute("data-state", "others", timeout=30_000)
    expect(page).not_to_have_title("● Your turn · Great Western Trail · gametable")
    assert "Your turn" not in page.title()
    expect(icon).to_have_attribute("href", "/static/img/icon.svg")
    # Bob's turn ends: the title and the icon change on Ann's page
    _play_while(server, table["id"], tokens, 1)
    # (the page hears of it over its socket: waited for, however slow the machine)
    expect(page).to_have_title("● Your turn · Great Western Trail · gametable", timeout=30_000)
    expect(icon).to_have_attribute("href", "/static/img/icon-turn.svg")
    # the clock of the seat to move runs in its chip (a day per move: hours left)
    expect(page.locator('#seat-bar .seat-chip[data-seat="0"] .clock.running')).to_have_count(1)
    assert page_errors == []
    context.close()


def test_the_chat_shows_messages_as_text_live_and_fits_a_phone(server, browser, page_errors):
    table = server.api("POST", "/api/tables", {"game": "gwt", "players": 2, "name": "Ann"})
    bob = server.api("POST", f"/api/tables/{table['id']}/join", {"name": "Bob"})
    context, page = _open_as(browser, page_errors, server, table, 0, table["token"], width=360, height=740)
    markup = '<img src=x onerror="document.title=1"><b>hi</b>'
    server.api("POST", f"/api/tables/{table['id']}/chat", {"text": markup}, token=bob["token"])
    message = page.locator("#chat-list .chat-message").last
    expect(message.locator(".text")).to_have_text(markup)  # the literal text, not an image
    assert page.locator("#chat-list img").count() == 0
    page.locator("#chat-text").fill("hello Bob")
    page.locator("#chat-send").click()
    expect(page.locator("#chat-list .chat-message .text").last).to_have_text("hello Bob")
    texts = [m["text"] for m in server.api("GET", f"/api/tables/{table['id']}/chat")["messages"]]
    assert texts == [markup, "hello Bob"]
    # the chat and the seat panel stay within the sidebar's column, as wide as its game log
    # panel at most (the column itself is the table layout's: app.css)
    column = page.locator(".sidebar .log").bounding_box()
    for selector in ("#chat", "#chat-text", "#chat-send", "#seat-tools", "#leave-seat"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["x"] >= column["x"] - 0.5, (selector, box)
        assert box["x"] + box["width"] <= column["x"] + column["width"] + 0.5, (selector, box, column)
    assert page_errors == []
    context.close()


def test_a_message_posted_while_the_socket_joins_is_shown(server, browser, page_errors):
    """The chat is read once the server has taken the socket in: a message posted between the
    page's first read and that moment (no socket of ours to push it to yet) is not lost."""
    table = server.api("POST", "/api/tables", {"game": "gwt", "players": 2, "name": "Ann"})
    bob = server.api("POST", f"/api/tables/{table['id']}/join", {"name": "Bob"})
    context, page = new_page(browser, page_errors)
    held: list = []  # the page's frames, kept from the server until the message is posted
    sockets: list = []

    def route(socket):
        to_server = socket.connect_to_server()
        sockets.append(to_server)
        socket.on_message(lambda frame: to_server.send(frame) if released else held.append(frame))
    released = False
    page.route_web_socket(re.compile(r"/ws/tables/"), route)
    _go_to_seat(page, server, table, 0, table["token"])
    while not held:  # the hello, kept back
        page.wait_for_timeout(20)
    expect(page.locator("#connection")).not_to_have_attribute("data-state", "live")
    server.api("POST", f"/api/tables/{table['id']}/chat", {"text": "are you there?"}, token=bob["token"])
    released = True
    for frame in held:
        sockets[0].send(frame)
    expect(page.locator("#connection")).to_have_attribute("data-state", "live")
    expect(page.locator("#chat-list .chat-message .text")).to_have_text(["are you there?"])
    assert page_errors == []
    context.close()


#: the left edges of the first and the last character of an element's text, as drawn
FIRST_AND_LAST = """(el) => {
    const text = el.firstChild;
    const left = (i) => {
        const range = document.createRange();
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        return range.getBoundingClientRect().left;
    };
    return [left(0), left(text.length - 1)];
}"""


def test_each_chat_message_runs_in_its_own_direction_on_a_persian_page(server, browser, page_errors):
    table = server.api("POST", "/api/tables", {"game": "gwt", "players": 2, "name": "Ann"})
    bob = server.api("POST", f"/api/tables/{table['id']}/join", {"name": "Bob"})
    chat = f"/api/tables/{table['id']}/chat"
    server.api("POST", chat, {"text": "Good luck!"}, token=bob["token"])
    server.api("POST", chat, {"text": "موفق باشید!"}, token=table["token"])
    context, page = _open_as(browser, page_errors, server, table, 0, table["token"], lang="fa")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    texts = page.locator("#chat-list .chat-message .text")
    expect(texts).to_have_count(2)
    first, last = texts.nth(0).evaluate(FIRST_AND_LAST)
    assert first < last  # "Good luck!": the "!" at its right end, not before the "G"
    first, last = texts.nth(1).evaluate(FIRST_AND_LAST)
    assert first > last  # the Persian message still right to left
    assert page_errors == []
    context.close()


def test_a_player_leaves_and_takes_the_seat_back_from_the_page(server, browser, page_errors):
    table = server.api("POST", "/api/tables", {"game": "gwt", "players": 2, "name": "Ann"})
    server.api("POST", f"/api/tables/{table['id']}/join", {"name": "Bob"})
    context, page = _open_as(browser, page_errors, server, table, 0, table["token"])
    page.locator("#leave-seat").click()
    expect(page.locator("#take-back")).to_be_visible()
    assert server.api("GET", f"/api/tables/{table['id']}")["seats"][0]["kind"] == "bot"
    page.locator("#take-back").click()
    expect(page.locator("#leave-seat")).to_be_visible()
    assert server.api("GET", f"/api/tables/{table['id']}")["seats"][0]["kind"] == "human"
    assert page_errors == []
    context.close()
