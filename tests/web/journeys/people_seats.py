"""People at a game night, for the journeys: each a browser context of their own (a phone, a
tablet or a desktop, in their language) that becomes a player through the page, by typing a name
in the lobby, the join form or My tables, never by a token put into storage.

A person collects what went wrong in their browser: uncaught page errors, console errors (a
failed request is one too: "Failed to load resource") and answers of 400 or more. A journey ends
with ``assert_clean()``; a step that provokes a failure on purpose says so with ``provoking()``.
"""

from __future__ import annotations

import json
import re
from contextlib import contextmanager

from playwright.sync_api import expect

#: ms an expectation waits: pages load a game's renderer and the catalogs first, and a shared CI
#: machine answers slowly (a wait ends as soon as the thing is there)
PATIENCE = 30_000
SIZES = {"phone": (390, 844), "tablet": (800, 1000), "desktop": (1400, 900)}
#: Persian digits, for reading numbers off a Persian page
_PERSIAN_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789")


class Person:
    """One person's browser: ``context``, its ``page``, and the ``problems`` seen in it."""

    def __init__(self, browser, server, name: str, *, lang: str = "en", size: str = "desktop") -> None:
        width, height = SIZES[size]
        self.server, self.name, self.lang = server, name, lang
        self.context = browser.new_context(viewport={"width": width, "height": height}, locale=lang)
        self.problems: list[str] = []
        self._provoked: list[re.Pattern] = []
        self.page = self.new_page()

    def new_page(self):
        page = self.context.new_page()
        page.set_default_timeout(20_000)
        page.on("pageerror", lambda exc: self._problem(f"page error: {exc}"))
        page.on("console", lambda msg: msg.type == "error" and self._problem(f"console error: {msg.text}"))
        page.on("response", lambda r: r.status >= 400 and self._problem(f"{r.status} from {r.request.method} {r.url}"))
        page.on("requestfailed", self._request_failed)
        return page

    def _request_failed(self, request) -> None:
        if "ERR_ABORTED" not in (request.failure or ""):  # a page left while it loaded: no failure
            self._problem(f"request failed: {request.method} {request.url} {request.failure}")

    def _problem(self, text: str) -> None:
        if not any(pattern.search(text) for pattern in self._provoked):
            self.problems.append(text)

    @contextmanager
    def provoking(self, pattern: str):
        """A step that makes a request fail on purpose: failures matching ``pattern`` are its."""
        self._provoked.append(re.compile(pattern))
        try:
            yield
        finally:
            self._provoked.pop()

    def goto(self, path: str) -> None:
        self.page.goto(path if path.startswith("http") else self.server.base + path)

    def assert_clean(self) -> None:
        assert self.problems == [], f"{self.name}'s browser: {self.problems}"

    def read(self, path: str):
        """What the server says to this person (their session cookie): for checking exact figures
        the page shows rounded. Reading only; every change goes through the page."""
        response = self.context.request.get(self.server.base + path)
        assert response.ok, response.text()
        return response.json()

    def close(self) -> None:
        self.context.close()


def number_in(text: str) -> str:
    return text.translate(_PERSIAN_DIGITS)


def clock_seconds(page, seat: int) -> int:
    """The seconds a seat's chip shows (m:ss or h:mm:ss, in any digits)."""
    text = number_in(page.locator(f'.seat-bar .clock[data-seat="{seat}"]').first.inner_text()).strip()
    seconds = 0
    for part in text.split(":"):
        seconds = seconds * 60 + int(part)
    return seconds


def become_on_my_tables(person: Person) -> None:
    """The person opens My tables and types their name: their browser is a player now."""
    person.goto("/me")
    person.page.locator("#become-name").fill(person.name)
    person.page.locator("#become button[type=submit]").click()
    expect(person.page.locator("#signed-in")).to_contain_text(person.name, timeout=PATIENCE)


def create_in_lobby(person: Person, game: str, players: int, *, bots: tuple[int, ...] = (),
                    options: dict | None = None, clock: dict | None = None) -> str:
    """The person sets up a table in the lobby (game, players, seats, options, clock), types
    their name last, creates it and goes to it. Returns the invite link."""
    page = person.page
    person.goto("/")
    page.locator(f'#games [data-game="{game}"]').click()
    page.locator(f'#player-count [data-players="{players}"]').click()
    for seat in range(1, players):
        kind = "bot" if seat in bots else "human"
        page.locator(f'#seats [data-seat="{seat}"] [data-seat-kind="{kind}"]').click()
    for name, value in (options or {}).items():  # each choice a button whose value is its JSON
        choice = page.locator(f"#options [data-option=\"{name}\"] [data-value='{json.dumps(value)}']")
        choice.click()
        expect(choice).to_have_attribute("aria-checked", "true")
    if clock:
        page.locator("#clock-kind").select_option(clock["kind"])
        for field in ("minutes", "increment", "hours", "timeouts"):
            if field in clock:
                page.locator(f"#clock-{field}").fill(str(clock[field]))
    page.locator("#player-name").fill(person.name)
    page.locator("#create-button").click()
    expect(page.locator("#created")).to_be_visible(timeout=PATIENCE)
    invite = page.locator("#invite-url").input_value()
    page.locator("#open-table").click()
    expect(page.locator("#seat-bar .seat-chip.me")).to_have_attribute("data-seat", "0", timeout=PATIENCE)
    return invite


def join_by_invite(person: Person, invite: str) -> int:
    """The person opens the invite link and types their name in the join form; their seat."""
    page = person.page
    person.goto(invite)
    expect(page.locator("#join-dialog")).to_be_visible(timeout=PATIENCE)
    page.locator("#join-name").fill(person.name)
    page.locator("#join-submit").click()
    mine = page.locator("#seat-bar .seat-chip.me")
    expect(mine).to_have_count(1, timeout=PATIENCE)
    return int(mine.get_attribute("data-seat"))


def table_id(invite: str) -> str:
    return invite.rstrip("/").rsplit("/", 1)[1]


def create_by_session(person: Person, settings: dict) -> str:
    """A table with a setting the lobby does not offer (a clock of seconds, to run out within a
    test), created with the person's session as their page would; returns its invite link.
    The person then opens it like any table of theirs."""
    response = person.context.request.post(person.server.base + "/api/tables", data=settings,
                                           headers={"Origin": person.server.base})
    assert response.status == 201, response.text()
    return response.json()["invite_url"]


def wait_for_my_move(person: Person) -> None:
    expect(person.page.locator("#prompt")).to_have_attribute("data-state", "yours", timeout=PATIENCE)
    expect(person.page.locator("body")).not_to_have_class(re.compile(r"\bbusy\b"), timeout=PATIENCE)
