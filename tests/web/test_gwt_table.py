"""Great Western Trail in the browser: a game through the first Kansas City visit, by clicking."""

from __future__ import annotations

import random
import time
import urllib.error

import pytest
from playwright.sync_api import expect

from tests.web.conftest import SHOTS, new_page
from tests.web.play import play_until, prompt_state
from tests.web.test_catan_table import SCREENS, create_table


@pytest.mark.parametrize("screen", SCREENS)
def test_gwt_through_the_first_kansas_city_visit(server, browser, page_errors, screen):
    rnd = random.Random(7)
    width, height = SCREENS[screen]
    context, page = new_page(browser, page_errors, width=width, height=height)
    create_table(page, server, game="gwt", players=2, options={"building_sides": "b"})
    page.wait_for_selector(".gwt-board")
    # The option chosen in the lobby reached the game: everybody builds with side b.
    assert page.locator(".gwt-player.mine .building-card[data-building='1b']").count() == 1
    assert page.locator(".gwt-player .building-card[data-building='1a']").count() == 0

    # The whole board is drawn from the view.
    assert page.locator(".gwt-board .node").count() == 52
    assert page.locator(".gwt-board .city").count() == 10
    assert page.locator(".gwt-board .station").count() == 10
    assert page.locator(".gwt-board .job-market .job-row").count() == 12
    assert page.locator(".gwt-board .foresight-tile").count() == 6
    assert page.locator(".gwt-board .market-card").count() == 7  # 2 players: 7 cattle cards
    assert page.locator(".gwt-board .objective-slot").count() == 4
    assert page.locator(".gwt-player").count() == 2
    assert page.locator(".gwt-player.mine .holding.hand .cattle-card").count() == 4
    # A neutral building's tooltip names it by its letter ("building" once) and says what its
    # local actions do, from the game's data (rules §3: A's second hire costs $2 more).
    titles = sorted(page.locator(".gwt-board .node-neutral > title").all_text_contents())
    assert [t.split(":")[0] for t in titles] == [f"Neutral building {letter}" for letter in "ABCDEFG"]
    assert titles[0].endswith(" → +$2 · hire a worker · hire a worker ($2 more)"), titles[0]
    assert titles[1].endswith(" → +$2 · build ($2/craftsman)"), titles[1]
    # drawn with one picture per local action: A has three, B two
    assert page.locator(".gwt-board .node-neutral[data-node='NEUTRAL-A'] .action-chip").count() == 3
    # An empty building space's tooltip says where it stands on the trail (rules §5.2), not its id.
    spaces = page.locator(".gwt-board .node-private")
    named = dict(zip(spaces.evaluate_all("els => els.map(e => e.dataset.node)"),
                     page.locator(".gwt-board .node-private > title").all_text_contents()))
    assert len(named) == 22 and len(set(named.values())) == 22
    assert named["A-1"] == "1st building space after A"
    assert named["FLOOD-RISK-2"] == "2nd building space after the flood spaces (woods)"
    assert not [t for node, t in named.items() if node in t or "-" in t], named

    def delivered() -> bool:
        return page.locator("#log .log-entry.seat-colour-0[data-key='gwt.city_disc']").count() > 0

    def prefer(element) -> bool:
        # End phase B soon, so the herder keeps moving towards Kansas City.
        if element["type"] == "end_phase_b":
            return True
        return element["type"] not in ("end_phase_b",) and rnd.random() < 0.5

    # Anyone else with the link watches: the whole board, no hand, nothing to click.
    watcher_context, watcher = new_page(browser, page_errors)
    watcher.goto(page.url)
    watcher.wait_for_selector(".gwt-board")
    assert watcher.locator("#join-dialog[open]").count() == 0
    assert watcher.locator(".holding.hand .cattle-card").count() == 0
    assert watcher.locator("[data-legal]").count() == 0
    assert watcher.locator(".gwt-player").count() == 2

    clicks = play_until([page], delivered, rnd, prefer=prefer)
    assert clicks > 5
    page.wait_for_timeout(300)

    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate('window.scrollTo(0, 0)')
    page.screenshot(path=str(SHOTS / f"gwt-table-{screen}.png"), full_page=True)
    # A disc of ours now stands on a city, and the log tells what happened in words.
    assert page.locator(".gwt-board .city .disc").count() >= 1
    entries = page.locator("#log .log-entry").all_text_contents()
    assert not [e for e in entries if "gwt." in e], "every log entry is translated"
    # A built space's tooltip names the building by its number and the space by its place.
    built = page.locator(".gwt-board .node-private:has(.building-tile) > title").all_text_contents()
    empty_names = set(named.values())
    assert all(t.startswith("Building ") and any(f" on {n}: " in t for n in empty_names) for t in built), built
    assert prompt_state(page) in ("yours", "others")
    # The watcher followed live: the same disc on the same city. Counted once the bot has ended
    # its turn (it may deliver too): then the table waits for this page and stands still.
    expect(page.locator("#prompt")).to_have_attribute("data-state", "yours")
    expect(watcher.locator(".gwt-board .city .disc")).to_have_count(page.locator(".gwt-board .city .disc").count())
    assert page_errors == []
    context.close()
    watcher_context.close()


def test_gwt_final_scoring_shows_the_eleven_categories(server, browser, page_errors):
    """A whole game played through the API by seat 0 (the bot plays seat 1), then looked at."""
    rnd = random.Random(11)
    table = server.api("POST", "/api/tables", {"game": "gwt", "players": 2, "bots": [1], "name": "Ann",
                                                "bot_level": "basic"})
    path = f"/api/tables/{table['id']}"
    deadline = time.monotonic() + 120
    while True:
        snapshot = server.api("GET", path, token=table["token"])
        if snapshot["status"] == "finished":
            break
        assert time.monotonic() < deadline, "the game did not finish"
        if snapshot["legal_actions"]:
            actions = snapshot["legal_actions"]
            # Keep the game moving: end phase B when possible, as a hurried player would.
            hurry = [a for a in actions if a["type"] == "end_phase_b"]
            action = hurry[0] if hurry and rnd.random() < 0.7 else rnd.choice(actions)
            try:
                server.api("POST", f"{path}/actions", {"seq": snapshot["seq"], "action": action}, table["token"])
            except urllib.error.HTTPError as error:
                assert error.code == 409, error.read()  # the bot moved meanwhile: look again
    result = snapshot["result"]

    context, page = new_page(browser, page_errors)
    page.goto(server.base + "/")
    page.evaluate("([id, token]) => localStorage.setItem('gametable.seat.' + id, JSON.stringify({seat: 0, token}))",
                  [table["id"], table["token"]])
    page.goto(table["invite_url"])
    page.wait_for_selector(".final-scores")
    rows = page.locator(".final-scores tbody tr")
    assert rows.count() == 11
    names = rows.locator("th").all_text_contents()
    assert names[0] == "Money (1 VP per $5)" and not [n for n in names if "gwt." in n or "_" in n]
    totals = [int(t) for t in page.locator(".final-scores tfoot td").all_text_contents()]
    assert totals == [score["total"] for score in sorted(result["scores"], key=lambda s: s["seat"])]
    expect(page.locator("#prompt")).to_have_attribute("data-state", "over")
    # Easy to read: the winner's column stands out, losses are marked, nothing scored fades.
    cells = page.evaluate("""() => [...document.querySelectorAll('.final-scores tbody tr')].map((row) =>
        [...row.querySelectorAll('td')].map((td) => [Number(td.textContent), td.className.split(' ')]))""")
    winners = set(result["winners"])
    for row in cells:
        for seat, (points, classes) in enumerate(row):
            assert ("negative" in classes) == (points < 0)
            assert ("zero" in classes) == (points == 0)
            assert ("winner" in classes) == (seat in winners)
    # The replay starts from the beginning of the game.
    page.click("#replay-open")
    expect(page.locator("#replay-slider")).to_have_value("0")
    expect(page.locator(".final-scores")).to_have_count(0)
    page.click("#replay-forward")
    expect(page.locator("#replay-slider")).to_have_value("1")
    assert page_errors == []
    context.close()


def test_gwt_choices_show_what_they_cost(server, browser, page_errors):
    """The server's action_notes reach the board: a move says its fees, a hire its cost."""
    rnd = random.Random(3)
    table = server.api("POST", "/api/tables", {"game": "gwt", "players": 2, "bots": [1], "name": "Ann",
                                                "bot_level": "basic"})
    path = f"/api/tables/{table['id']}"
    context, page = new_page(browser, page_errors)
    page.goto(server.base + "/")
    page.evaluate("([id, token]) => localStorage.setItem('gametable.seat.' + id, JSON.stringify({seat: 0, token}))",
                  [table["id"], table["token"]])

    def my_turn() -> dict:
        """The table when seat 0 must decide (the bot waits for us then, so it stands still)."""
        deadline = time.monotonic() + 30
        while True:
            snapshot = server.api("GET", path, token=table["token"])
            if snapshot["legal_actions"]:
                return snapshot
            assert time.monotonic() < deadline, f"seat 0 was never asked: {snapshot['status']}, {snapshot['view']['to_act']}, {snapshot['seq']}"
            time.sleep(0.1)

    # The first decision: where to enter the trail. A start space charges no fee (rules §2.4).
    snapshot = my_turn()
    assert {a["type"] for a in snapshot["legal_actions"]} == {"move"}
    page.goto(table["invite_url"])
    page.wait_for_selector(".gwt-board [data-legal][data-node]")
    labels = [el.get_attribute("aria-label") for el in page.locator(".gwt-board [data-legal][data-node]").all()]
    assert len(labels) == len(snapshot["legal_actions"])
    assert all(label.endswith(" — no fees") for label in labels), labels

    # Play on through the API until a hire is offered; then its cell tells the row's cost.
    deadline = time.monotonic() + 120
    while not any(a["type"] == "hire" for a in snapshot["legal_actions"]):
        assert time.monotonic() < deadline, "no hire was offered"
        # head for neutral building A, where a worker can be hired (rules §3)
        to_a = {node["id"] for node in snapshot["view"]["trail"] if node["tile"] == "A"}
        towards_a = [a for a in snapshot["legal_actions"] if a["type"] == "move" and a["path"][-1] in to_a]
        action = rnd.choice(towards_a or snapshot["legal_actions"])
        try:
            server.api("POST", f"{path}/actions", {"seq": snapshot["seq"], "action": action}, table["token"])
        except urllib.error.HTTPError as error:
            assert error.code == 409, error.read()
        snapshot = my_turn()
    index = next(i for i, a in enumerate(snapshot["legal_actions"]) if a["type"] == "hire")
    hire, notes = snapshot["legal_actions"][index], snapshot["action_notes"][index]
    assert notes[0]["key"] == "gwt.terminal.costs"
    costs = f" — costs ${notes[0]['cost']}"
    page.reload()
    # (a row may hold several workers of that kind: each cell offers the same hires)
    cell = page.locator(f".job-slot[data-row='{hire['row']}'][data-worker='{hire['worker']}'][data-legal]").first
    expect(cell).to_be_visible()
    if cell.get_attribute("data-legal") == "1":
        assert cell.get_attribute("aria-label").endswith(costs)
    else:  # several ways to hire this worker: the menu lists each with its own cost
        cell.click()
        items = page.locator("#menu .menu-item").all_text_contents()
        assert any(item.endswith(costs) for item in items), items
        assert all(" — costs $" in item for item in items), items
    assert page_errors == []
    context.close()


RENDER_OBJECTIVE = """async ([width, height]) => {
    const { loadTranslator } = await import('/static/js/i18n.js');
    const { objectiveCard } = await import('/static/js/games/gwt/cards.js');
    const { fitTexts } = await import('/static/js/games/gwt/pieces.js');
    const faces = await (await fetch('/static/data/gwt.json')).json();
    const tr = await loadTranslator('en');
    const ns = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('width', 400);
    svg.setAttribute('height', 400);
    document.body.appendChild(svg);
    const sizes = {};
    for (const id of Object.keys(faces.objectives)) {
        const card = objectiveCard({tr, faces, names: []}, id, {width, height});
        svg.appendChild(card);
        fitTexts(svg);  // as the table does once it is drawn: long texts are squeezed
        const box = card.getBBox();
        // what the card draws beyond its own outline, in the units of the slot it is given
        const scale = card.transform.baseVal.length ? card.transform.baseVal[0].matrix.a : 1;
        sizes[id] = [box.width * scale, box.height * scale];
        card.remove();
    }
    return sizes;
}"""


def test_an_objective_card_fits_every_slot_it_is_drawn_in(server, browser, page_errors):
    """An objective lies in the display (150 x 130), on a player's board (96 x 84), in the hand
    (52 x 70) and on the discard pile (36 x 50): its tasks and VP must stay inside the card."""
    context, page = new_page(browser, page_errors)
    page.goto(server.base + "/")
    for width, height in [(150, 130), (96, 84), (52, 70), (36, 50)]:
        sizes = page.evaluate(RENDER_OBJECTIVE, [width, height])
        assert len(sizes) == 24 + 4  # the 24 objective cards and the 4 starting ones
        too_big = {card: size for card, size in sizes.items()
                   if size[0] > width + 0.5 or size[1] > height + 0.5}
        assert not too_big, (width, height, too_big)
    assert page_errors == []
    context.close()
