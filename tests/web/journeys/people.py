"""People at a game night, for the journeys: each a browser context of their own (a phone, a
tablet or a desktop, in their language) who becomes a player through the page, by typing a name
in the lobby, the join dialog or My tables, never by a token put into the browser's storage.

A person records what went wrong in their browser: uncaught page errors, console errors (a failed
request is one too: "Failed to load resource"), requests that failed (but not those the page
cancelled by navigating away) and answers of 400 or more.
Every journey ends with ``assert_clean()``: none of these in any browser (no step of the
journeys provokes a failure on purpose).
"""

from __future__ import annotations

import json

from playwright.sync_api import expect

from tests.web.conftest import SHOTS

#: ms an expectation waits: pages load a game's renderer and the catalogs first, and a shared
#: machine answers slowly (a wait ends as soon as the thing is there)
PATIENCE = 30_000
SIZES = {"phone": (390, 844), "tablet": (800, 1000), "desktop": (1400, 900)}
#: Persian digits, for reading numbers off a Persian page
_PERSIAN_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789")


class Person:
    """One person's browser: ``context``, its ``page``, and the ``problems`` seen in it.

    ``size`` is a key of SIZES; ``touch`` makes the context a touch screen (taps, long presses).
    """

    def __init__(self, browser, server, name: str, *, lang: str = "en", size: str = "desktop",
                 touch: bool = False) -> None:
        width, height = SIZES[size]
        self.server, self.name, self.lang = server, name, lang
        self.context = browser.new_context(viewport={"width": width, "height": height}, locale=lang,
                                           has_touch=touch, is_mobile=touch)
        self.problems: list[str] = []
        self.page = self.new_page()

    # -- what went wrong ------------------------------------------------------------------------
    def new_page(self):
        """A page of this person's browser (their cookies), watched like the first."""
        page = self.context.new_page()
        page.set_default_timeout(20_000)
        page.on("pageerror", lambda exc: self.problems.append(f"page error: {exc}"))
        page.on("console", lambda message: message.type == "error" and self.problems.append(
            f"console error: {message.text} at {message.location.get('url', '')}"))
        # A page that navigates away cancels what it was still loading (Chromium reports
        # net::ERR_ABORTED), as it does for anyone who clicks a link: that is not a failure. An
        # abort counts when no navigation of the page was under way while the request was: none
        # started after it, and none was still loading when it began (a page's script may start a
        # load after the click, and the new page's arrival cancels it).
        navigations = [0]
        navigating = [False]
        started: dict = {}

        def request_started(request) -> None:
            if request.is_navigation_request() and request.frame == page.main_frame:
                navigations[0] += 1
                navigating[0] = True
            started[request] = (navigations[0], navigating[0])

        def navigated(frame) -> None:
            if frame == page.main_frame:
                navigating[0] = False

        def request_failed(request) -> None:
            count_then, during_navigation = started.pop(request, (navigations[0], False))
            if request.is_navigation_request() and request.frame == page.main_frame:
                navigating[0] = False  # a navigation that failed brings no page
            navigation_around = during_navigation or navigations[0] > count_then
            if not (request.failure == "net::ERR_ABORTED" and navigation_around):
                self.problems.append(f"request failed: {request.method} {request.url} {request.failure}")
        page.on("framenavigated", navigated)
        page.on("request", request_started)
        page.on("requestfinished", lambda request: started.pop(request, None))
        page.on("requestfailed", request_failed)
        page.on("response", lambda response: response.status >= 400 and self.problems.append(
            f"{response.status} from {response.request.method} {response.url}"))
        return page

    def assert_clean(self) -> None:
        assert self.problems == [], f"{self.name}'s browser: {self.problems}"

    # -- ordinary steps ---------------------------------------------------------------------------
    def goto(self, path_or_url: str) -> None:
        self.page.goto(path_or_url if path_or_url.startswith("http") else self.server.base + path_or_url)

    def shot(self, label: str) -> None:
        """A screenshot for people to look at (nothing compares it)."""
        SHOTS.mkdir(parents=True, exist_ok=True)
        width = self.page.viewport_size["width"]
        self.page.screenshot(path=str(SHOTS / f"journey-{label}-{width}-{self.lang}.png"))

    def read(self, path: str):
        """What the server says to this person (their session cookie): for checking exact figures
        the page shows rounded. Reading only; every change goes through the page."""
        response = self.context.request.get(self.server.base + path)
        assert response.ok, response.text()
        return response.json()

    def close(self) -> None:
        self.context.close()

    # -- becoming a player ------------------------------------------------------------------------
    def create_table(self, game: str, players: int, *, invited: tuple[int, ...] = (),
                     options: dict | None = None, clock: dict | None = None) -> str:
        """In the lobby: the name first (as people do), then the game, the count, the seats
        (``invited`` ones for people, the others for bots), the options and the clock; the name
        typed is still there; create, go to the table (seat 0), and return the invite link."""
        page = self.page
        self.goto(f"/?lang={self.lang}")
        name = page.locator("#player-name")
        expect(name).to_be_visible(timeout=PATIENCE)
        name.fill(self.name)
        page.locator(f'#games [data-game="{game}"]').click()
        page.locator(f'#player-count [data-players="{players}"]').click()
        for seat in range(1, players):
            kind = "human" if seat in invited else "bot"
            page.locator(f'#seats [data-seat="{seat}"] [data-seat-kind="{kind}"]').click()
        for option, value in (options or {}).items():
            choice = page.locator(f"#options [data-option=\"{option}\"] [data-value='{json.dumps(value)}']")
            choice.click()
            expect(choice).to_have_attribute("aria-checked", "true")
        if clock:
            page.locator("#clock-kind").select_option(clock["kind"])
            for field in ("minutes", "increment", "hours", "timeouts"):
                if field in clock:
                    page.locator(f"#clock-{field}").fill(str(clock[field]))
        expect(name).to_have_value(self.name)  # what was typed is still there
        page.locator("#create-button").click()
        expect(page.locator("#created")).to_be_visible(timeout=PATIENCE)
        invite = page.locator("#invite-url").input_value()
        self.open_created_table()
        return invite

    def open_created_table(self) -> None:
        """From the lobby's "created" box to the table, where the creator holds seat 0."""
        self.page.locator("#open-table").click()
        mine = self.page.locator("#seat-bar .seat-chip.me")
        expect(mine).to_be_visible(timeout=PATIENCE)
        expect(mine).to_have_attribute("data-seat", "0", timeout=PATIENCE)

    def join_by_link(self, invite: str) -> int:
        """Open an invite link, type the name in the join dialog and take a seat; returns it."""
        page = self.page
        self.goto(invite)
        expect(page.locator("#join-dialog")).to_be_visible(timeout=PATIENCE)
        page.locator("#join-name").fill(self.name)
        page.locator("#join-submit").click()
        mine = page.locator("#seat-bar .seat-chip.me")
        expect(mine).to_be_visible(timeout=PATIENCE)
        expect(mine).to_have_count(1)
        return int(mine.get_attribute("data-seat"))

    def become_on_my_tables(self) -> None:
        """Open My tables and type the name there: this browser is a player now."""
        self.goto("/me")
        self.page.locator("#become-name").fill(self.name)
        self.page.locator("#become button[type=submit]").click()
        expect(self.page.locator("#signed-in")).to_contain_text(self.name, timeout=PATIENCE)

    def create_by_session(self, settings: dict) -> str:
        """A table with a setting the lobby does not offer (a clock of seconds, to run out within
        a test), created with the person's session as their page would; returns its invite link.
        The person then opens it like any table of theirs."""
        response = self.context.request.post(self.server.base + "/api/tables", data=settings,
                                             headers={"Origin": self.server.base})
        assert response.status == 201, response.text()
        return response.json()["invite_url"]


def table_id(url: str) -> str:
    """The table's id in an invite link or a table page's address."""
    return url.split("#")[0].rstrip("/").rsplit("/", 1)[1]


def number_in(text: str) -> str:
    """``text`` with Persian digits read as ASCII ones."""
    return text.translate(_PERSIAN_DIGITS)


def clock_seconds(page, seat: int) -> int:
    """The seconds a seat's chip shows (m:ss or h:mm:ss, in any digits)."""
    text = number_in(page.locator(f'.seat-bar .clock[data-seat="{seat}"]').first.inner_text()).strip()
    seconds = 0
    for part in text.split(":"):
        seconds = seconds * 60 + int(part)
    return seconds
