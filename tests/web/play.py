"""Playing a game in the browser the way a person does: by clicking what is highlighted."""

from __future__ import annotations

import json
import random
import re
import time

from playwright.sync_api import expect


#: how long a page may take to show the next decision (bots move at once, but a CI machine shared
#: with other work answers slowly; a wait ends as soon as the decision is there)
WAIT_MS = 30_000
#: how long one click may take to land (a busy machine is slow to scroll, pan and hit-test)
CLICK_MS = 10_000


def legal_elements(page):
    """Everything the page offers to click now: highlighted board elements and choice buttons."""
    return page.locator("[data-legal]")


def prompt_state(page) -> str:
    return page.locator("#prompt").get_attribute("data-state") or ""


def wait_until_it_is_my_move(page) -> None:
    """Wait until the page offers this seat a move and is not still handling the last one.

    After an answer to a click (including an explained 409) the page fetches the table again
    and stays busy until it has; a click before then is ignored, as a person's would be.
    """
    expect(page.locator("#prompt")).to_have_attribute("data-state", "yours", timeout=WAIT_MS)
    expect(page.locator("body")).not_to_have_class(re.compile(r"\bbusy\b"), timeout=WAIT_MS)


_DESCRIBE = """() => [...document.querySelectorAll('[data-legal]')].map((el) => ({
  type: el.dataset.type || '', node: el.dataset.node || '', label: el.getAttribute('aria-label') || el.textContent || ''
}))"""


# All click_one needs to know of a page, in one round trip: the "End turn?" step, whose move it
# is, whether the page still handles the last click, and what it offers.
_LOOK = """() => ({
  ending_turn: !!document.querySelector('#end-turn-dialog[open]'),
  prompt: document.querySelector('#prompt')?.dataset.state || '',
  busy: document.body.classList.contains('busy'),
  offers: (""" + _DESCRIBE + """)(),
})"""

# Bring an element into view as a player would (focusing it pans the GWT board to it), and
# say where to tap it: its centre, if the element is what is on top there (else null).
_AIM = """(el) => {
  el.focus();
  el.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const box = el.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  const hit = document.elementFromPoint(x, y);
  return hit && (hit === el || el.contains(hit)) ? [x, y] : null;
}"""


def tap(page, target) -> None:
    """Press ``target`` with the mouse where it shows. One round trip to aim and one to press:
    Playwright's own click waits out its checks over many (a fifth of a second a click on a
    busy machine, most of a whole-game test); when the aim finds something else on top, it is
    the one used, which waits until the element can be clicked."""
    point = target.evaluate(_AIM, timeout=CLICK_MS)
    if point is None:
        target.click(timeout=CLICK_MS)
    else:
        page.mouse.click(*point)


def click_one(page, rnd: random.Random, prefer=None) -> bool:
    """Click one legal element (and a menu entry if a menu opens); False if there is none.

    ``prefer(descriptor)`` may narrow the choice; a descriptor has the element's ``type``
    (choice buttons), ``node`` (trail spaces) and ``label``.
    """
    seen = page.evaluate(_LOOK)
    if seen["ending_turn"]:  # the "End turn?" step: go on
        page.click("#end-turn-confirm")
        return True
    if seen["prompt"] != "yours" or seen["busy"]:
        return False
    described = seen["offers"]
    if not described:
        return False
    candidates = list(range(len(described)))
    if prefer:
        preferred = [i for i in candidates if prefer(described[i])]
        if preferred:
            candidates = preferred
    index = rnd.choice(candidates)
    try:
        target = legal_elements(page).nth(index)
        tap(page, target)
        menu = page.locator("#menu:not([hidden]) .menu-item")
        if menu.count():
            menu.nth(rnd.randrange(menu.count())).click(timeout=CLICK_MS)
    except Exception:  # the table moved on while we aimed: look again
        return False
    return True


def play_one_move(page, rnd: random.Random, table_seq, timeout: float = 90.0) -> None:
    """Click one legal element and wait until the table has moved on (``table_seq()`` reads its
    seq from the server). The bot's move before this seat's may be slow on a loaded machine, and
    a click that missed (the table moved while aiming) is tried again."""
    before = table_seq()
    deadline = time.monotonic() + timeout
    while table_seq() == before:
        assert time.monotonic() < deadline, "no move was taken: " + describe_page(page)
        if prompt_state(page) == "yours" and not page.locator("body.busy").count():
            click_one(page, rnd)
        page.wait_for_timeout(150)


def describe_page(page) -> str:
    """What a page shows and offers, for the message of a test that got stuck."""
    busy = bool(page.locator("body.busy").count())
    prompt = (page.locator("#prompt").text_content() or "").strip()
    return (f"{page.url}: prompt {prompt_state(page)!r} busy={busy} {prompt!r}; "
            f"offers {page.evaluate(_DESCRIBE)}")


def play_until(pages, done, rnd: random.Random, *, prefer=None, timeout: float = 600.0,
               stall: float = 120.0, max_clicks: int = 5000, stop_at_max: bool = False) -> int:
    """Let every page click until ``done()``; returns the number of clicks.

    Fails when no page found anything to click for ``stall`` seconds (the table is stuck: bots
    move at once here), or after ``timeout`` seconds or ``max_clicks`` clicks in all (with
    ``stop_at_max``, ``max_clicks`` clicks end the play instead). The overall limit is generous
    because a loaded CI machine runs the whole game several times slower.
    """
    start = last_click = time.monotonic()
    clicks = 0
    while not done():
        if stop_at_max and clicks >= max_clicks:
            return clicks
        now = time.monotonic()
        if now - last_click > stall or now - start > timeout or clicks >= max_clicks:
            why = (f"nothing to click for {now - last_click:.0f} s" if now - last_click > stall
                   else f"{now - start:.0f} s")
            raise AssertionError(f"the game did not get there after {clicks} clicks ({why})\n"
                                 + "\n".join(describe_page(page) for page in pages))
        acted = False
        for page in pages:
            if click_one(page, rnd, prefer):
                clicks += 1
                acted = True
                last_click = time.monotonic()
                page.wait_for_timeout(30)
        if not acted:
            pages[0].wait_for_timeout(60)
    return clicks


class SocketActions:
    """The table socket of a page, through Playwright's WebSocket routing: records the actions
    the page sends over it and lets a test change them on the way (``rewrite(message)`` edits
    an act message in place; None sends them as they are). Install before the page opens."""

    def __init__(self, page) -> None:
        self.sent: list[dict] = []
        self.rewrite = None
        page.route_web_socket(re.compile(r"/ws/tables/"), self._route)

    def _route(self, ws) -> None:
        server = ws.connect_to_server()

        def to_server(message) -> None:
            data = json.loads(message) if isinstance(message, str) else None
            if isinstance(data, dict) and data.get("type") == "act":
                self.sent.append(dict(data))
                if self.rewrite is not None:
                    self.rewrite(data)
                    message = json.dumps(data)
            server.send(message)

        ws.on_message(to_server)
