"""A person in a browser: one Playwright context at a screen size and in a language, who becomes a
player through the page (types a name in the lobby or the join dialog; no token is ever put into
the browser's storage by a test), and whose console errors and failed requests are recorded.

A journey asserts ``person.problems() == []`` at its end unless one of its steps provokes a
failure on purpose (and then it names what it provoked with ``person.expect_problem``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from playwright.sync_api import expect

from tests.web.conftest import SHOTS

PHONE = (390, 844)
TABLET = (800, 1000)
DESKTOP = (1400, 900)
SIZES = {"phone": PHONE, "tablet": TABLET, "desktop": DESKTOP}

#: ms an expectation waits: pages load a renderer and catalogs first (slow on a shared machine)
PATIENCE = 30_000

@dataclass
class Person:
    """One browser context and its page; ``name`` is what the person types when asked."""

    name: str
    context: object
    page: object
    lang: str
    console_errors: list = field(default_factory=list)
    failed_requests: list = field(default_factory=list)
    _expected: list = field(default_factory=list)

    # -- what went wrong ------------------------------------------------------------------
    def expect_problem(self, pattern: str) -> None:
        """A step that provokes a failure on purpose names it (a regex on the text recorded)."""
        self._expected.append(re.compile(pattern))

    def problems(self) -> list[str]:
        """Console errors, uncaught page errors and failed requests nobody provoked."""
        seen = self.console_errors + self.failed_requests
        return [p for p in seen if not any(e.search(p) for e in self._expected)]

    # -- ordinary steps ----------------------------------------------------------------------
    def open(self, path_or_url: str, base: str) -> None:
        url = path_or_url if path_or_url.startswith("http") else base + path_or_url
        self.page.goto(url)

    def shot(self, label: str) -> None:
        """A screenshot for people to look at (nothing compares it)."""
        SHOTS.mkdir(parents=True, exist_ok=True)
        width = self.page.viewport_size["width"]
        self.page.screenshot(path=str(SHOTS / f"journey-{label}-{width}-{self.lang}.png"))

    def create_table(self, base: str, *, players: int, invited: tuple[int, ...] = (), game: str | None = None) -> str:
        """In the lobby: the name first (as people do), then the game, the count and the seats;
        create, and return the invite link the page shows."""
        page = self.page
        self.open(f"/?lang={self.lang}", base)
        name = page.locator("#player-name")
        expect(name).to_be_visible(timeout=PATIENCE)
        name.fill(self.name)
        if game:
            page.locator(f'#games [data-game="{game}"]').click()
        page.locator(f'#player-count [data-players="{players}"]').click()
        for seat in invited:
            page.locator(f'#seats [data-seat="{seat}"] [data-seat-kind="human"]').click()
        expect(name).to_have_value(self.name)  # what was typed is still there
        page.locator("#create-button").click()
        expect(page.locator("#created")).to_be_visible(timeout=PATIENCE)
        return page.locator("#invite-url").input_value()

    def go_to_created_table(self) -> str:
        self.page.locator("#open-table").click()
        expect(self.page.locator("#seat-bar .seat-chip.me")).to_be_visible(timeout=PATIENCE)
        return self.table_id()

    def join_by_link(self, link: str) -> int:
        """Open an invite link, type the name in the join dialog and take a seat; returns it."""
        page = self.page
        page.goto(link)
        expect(page.locator("#join-dialog")).to_be_visible(timeout=PATIENCE)
        page.locator("#join-name").fill(self.name)
        page.locator("#join-form button[type=submit]").click()
        mine = page.locator("#seat-bar .seat-chip.me")
        expect(mine).to_be_visible(timeout=PATIENCE)
        return int(mine.get_attribute("data-seat"))

    def table_id(self) -> str:
        return self.page.url.split("#")[0].rstrip("/").rsplit("/", 1)[1]

    def close(self) -> None:
        self.context.close()


def person(browser, name: str, *, size=DESKTOP, lang: str = "en", touch: bool = False) -> Person:
    """A new browser context (its own cookies: a different person or device) at ``size``."""
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height}, locale=lang,
                                  has_touch=touch, is_mobile=touch)
    page = context.new_page()
    page.set_default_timeout(20_000)
    someone = Person(name, context, page, lang)
    page.on("console", lambda message: message.type == "error" and someone.console_errors.append(
        f"console: {message.text} at {message.location.get('url', '')}"))
    page.on("pageerror", lambda exc: someone.console_errors.append(f"page error: {exc}"))
    page.on("requestfailed", lambda request: someone.failed_requests.append(
        f"request failed: {request.method} {request.url} {request.failure}"))

    page.on("response", lambda response: response.status >= 400 and someone.failed_requests.append(
        f"{response.status}: {response.request.method} {response.url}"))
    return someone
