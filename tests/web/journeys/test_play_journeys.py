"""Journeys of a game night at a GWT table (issue 24, defects 5, 6 and 8).

Ann makes the table in the lobby; Bob joins by her link on a phone, both by typing their names;
they play turns (a move taken back with Undo), Bob by tapping on a touch screen, where a first
tap on a place shows what it is and does and "Go" (or a second tap) goes there, and a long press
on anything on the board says what it is; a replay steps back through the game. Every decision
and every choice is said in player words in all four languages (no internal id), and the Kansas
City income says what it counts.
"""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect

from gametable import games
from gametable.sim.runner import GameDidNotEnd, play_random_game
from tests.web.journeys.people import PATIENCE, Person, table_id
from tests.web.play import click_one, wait_until_it_is_my_move

# What an internal id looks like in a sentence: "bonus/engineer/2", "objective_12", "web.gwt.x",
# an unfilled "{field}", or a value that was never set.
ID_LIKE = re.compile(r"[A-Za-z0-9]+/[A-Za-z0-9_]+|\w+_\w+|\b(?:web|gwt|gwt2e)\.\w|[{}]|undefined|null|NaN")


def _decisions_of_random_games() -> list[dict]:
    """Views and choices of the kinds random games of both editions reach: one seat's view at
    each kind of decision (and source), and each kind of choice (type and source) with the view
    it was offered in: what a page draws its prompt and choice labels from."""
    found: dict[tuple, dict] = {}

    def collect(state) -> None:
        for seat in state.to_act():
            # what prompt() and actionLabel() read of a view (the rest would only slow the page)
            view = {k: v for k, v in state.view(seat).items() if k in ("game", "phase", "pending")}
            for action in state.legal_actions(seat):
                key = ("choice", view["game"], action["type"], str(action.get("src", "")).split("/")[0])
                found.setdefault(key, {"view": view, "legal": [action]})
            pending = view.get("pending") or {}
            key = ("decision", view["game"], pending.get("kind"), str(pending.get("src", "")).split("/")[0],
                   pending.get("target"))
            found.setdefault(key, {"view": view, "legal": []})

    for game in ("gwt", "gwt-2e"):
        for seed in range(3):
            try:
                play_random_game(games.get(game), 3, seed, on_step=collect, max_decisions=2500)
            except GameDidNotEnd:  # the first decisions of a game are sample enough
                pass
    return list(found.values())


DECISIONS = _decisions_of_random_games()


def test_the_sample_holds_the_decisions_that_showed_ids():
    sources = {str(d["view"]["pending"].get("src")) for d in DECISIONS if d["view"].get("pending")}
    assert any(src.startswith("bonus/") for src in sources)
    assert any(src.startswith("objective/") for src in sources)
    assert any((d["view"]["pending"] or {}).get("target") == "station" for d in DECISIONS if d["view"].get("pending"))


@pytest.mark.parametrize("lang", ["en", "fa", "pt", "es"])
def test_every_gwt_decision_and_choice_is_said_in_player_words(server, browser, lang):
    """The page's own prompt and choice labels for every decision of the sample: no id in them
    ("Carry out: bonus/engineer/2." on main)."""
    ann = Person(browser, server, "Ann", lang=lang)
    ann.goto(f"/?lang={lang}")
    said = ann.page.evaluate(
        """async ([lang, decisions]) => {
            const { loadTranslator } = await import('/static/js/i18n.js');
            const gwt = await import('/static/js/games/gwt/table.js');
            const tr = await loadTranslator(lang);
            const names = ['Ann', 'Bob', 'Cy'];
            return decisions.flatMap(({ view, legal }) => [gwt.prompt({ tr, view, names }),
                ...legal.map((action) => gwt.actionLabel(tr, action, names, view))]);
        }""", [lang, DECISIONS])
    assert [text for text in said if ID_LIKE.search(text)] == []
    ann.assert_clean()
    ann.close()


def _a_kansas_city_income_decision() -> dict:
    """A seat at the Kansas City income step whose total differs from the last visit's."""
    for seed in range(10):
        hit: dict = {}

        def collect(state, hit=hit) -> None:
            if hit or not state.to_act():
                return
            seat = state.to_act()[0]
            view = state.view(seat)
            if (view.get("pending") or {}).get("kind") == "income" and view["kansas_city"]["total"]:
                hit.update(view=view, legal=state.legal_actions(seat), seat=seat)

        try:
            play_random_game(games.get("gwt"), 2, seed, on_step=collect, max_decisions=3000)
        except GameDidNotEnd:
            pass
        if hit:
            return hit
    raise AssertionError("no second Kansas City visit in the sample")


def test_the_kansas_city_income_says_what_it_counts(server, browser):
    """On main the board said "Income so far: $7" (the last visit's total) beside a choice paying
    $4. Now it says the income is still to come, and each choice adds its parts up."""
    from gametable.games.gwt import notes as gwt_notes
    from gametable.games.gwt.editions import FIRST
    from gametable.games.gwt.kansas_city import breeding_value

    decision = _a_kansas_city_income_decision()
    view = decision["view"]
    me = view["players"][decision["seat"]]
    notes = [gwt_notes.action_notes(FIRST, action, view) for action in decision["legal"]]
    ann = Person(browser, server, "Ann")
    ann.goto("/")
    shown = ann.page.evaluate(
        """async ([view, legal, notes, seat]) => {
            const { loadTranslator } = await import('/static/js/i18n.js');
            const { Choices } = await import('/static/js/choices.js');
            const gwt = await import('/static/js/games/gwt/table.js');
            const tr = await loadTranslator('en');
            const names = ['Ann', 'Bob'];
            const choices = new Choices(legal, () => {}, (a) => gwt.actionLabel(tr, a, names, view), null, notes,
                (n) => n.map((entry) => tr.describe(entry, names)).join('; '));
            const board = document.createElement('div');
            document.body.appendChild(board);
            gwt.render(board, { tr, view, names, choices, seat, domain: 'gwt', redraw: () => {} });
            return { total: board.querySelector('.kc-total').textContent,
                     labels: legal.map((a) => choices.label(a)) };
        }""", [view, decision["legal"], notes, decision["seat"]])
    assert "$" not in shown["total"] and "not taken yet" in shown["total"]
    value, permanent = breeding_value(FIRST, me["hand"]), me["permanent_certificates"]
    for action, label in zip(decision["legal"], shown["labels"]):
        spent = action["certificates"]
        assert (f"hand ${value} + certificates spent ${spent} + permanent certificates ${permanent} "
                f"= ${value + spent + permanent}") in label
    ann.assert_clean()
    ann.close()


# -- the table, played --------------------------------------------------------------------------

# Where the board's frame and the action bar are on the screen (the bar sticks to the bottom of
# a narrow screen), and each offered board element fully inside the frame that is not on top.
UNDER_THE_BAR = """() => {
    const frame = document.querySelector('.board-frame').getBoundingClientRect();
    const bar = document.querySelector('#action-bar').getBoundingClientRect();
    const covered = [...document.querySelectorAll('.board-frame [data-legal]')].filter((el) => {
        const box = el.getBoundingClientRect();
        if (box.top < frame.top || box.bottom > frame.bottom || box.left < frame.left || box.right > frame.right) return false;
        if (box.bottom > innerHeight || box.top < 0) return false;
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return !(hit && (hit === el || el.contains(hit)));
    }).map((el) => el.getAttribute('aria-label'));
    return {frame_bottom: frame.bottom, bar_top: bar.top, covered};
}"""


def _nothing_on_the_board_under_the_bar(person, where: str) -> None:
    """As the page opens and with the board scrolled to the top of the screen: the frame ends
    above the action bar, and no offered place in it is covered (on main the frame ran ~150 px
    under the bar at 390 x 844 and 800 x 1000)."""
    page = person.page
    for step in ("as it opens", "scrolled to the board"):
        if step == "scrolled to the board":
            page.locator(".board-frame").evaluate("(el) => el.scrollIntoView({block: 'start'})")
        page.wait_for_function("() => !document.body.classList.contains('busy')")
        seen = page.evaluate(UNDER_THE_BAR)
        assert seen["frame_bottom"] <= seen["bar_top"] + 1, f"{where}, {step}: {seen}"
        assert seen["covered"] == [], f"{where}, {step}: {seen}"


# A building that is no choice now, on top where it shows in the board's frame: where to press
# it and its title (the frame pans to a focused one, unless a press just happened).
A_BUILDING_IN_VIEW = """() => {
    const frame = document.querySelector('.board-frame').getBoundingClientRect();
    const buildings = [...document.querySelectorAll('.board-frame .has-tip')];
    for (const el of buildings) {
        const box = el.getBoundingClientRect();
        const x = box.left + box.width / 2, y = box.top + box.height / 2;
        if (x < frame.left || x > frame.right || y < frame.top || y > frame.bottom) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit && el.contains(hit)) return [x, y, el.querySelector(':scope > title').textContent];
    }
    buildings[0]?.focus();
    return null;
}"""


def _play_until_it_is_the_turn_of(person, others, rnd) -> None:
    """The others click what they are offered (with the mouse: at once) until it is person's turn."""
    for _ in range(200):
        if person.page.locator("#prompt").get_attribute("data-state") == "yours":
            return
        if not any(click_one(other.page, rnd, prefer=lambda element: element["type"] != "start_trade") for other in others):
            person.page.wait_for_timeout(100)
    raise AssertionError("the turn never came")


def _seq(server, tid: str) -> int:
    return server.api("GET", f"/api/tables/{tid}")["seq"]


def _one_place_offered(page):
    """An offered place of the board with one choice (a menu opens for several), in view."""
    place = page.locator(".board-frame [data-legal='1']").first
    place.evaluate("(el) => el.focus()")  # the board pans to it, as a player drags it into view
    return place


@pytest.mark.parametrize(("size", "lang"), [("phone", "fa"), ("tablet", "en")])
def test_a_friend_joins_by_link_and_plays_gwt_by_touch(server, browser, size, lang):
    """Ann (desktop, English) makes the table and moves, takes it back with Undo and moves
    again; Bob (a touch screen) joins by her link and plays: nothing he is offered lies under the
    action bar; a first tap on a place says what it is and costs, Go goes; a second tap on a
    place goes too; a long press on a building opens its text; the replay steps back."""
    rnd = random.Random(24)
    ann = Person(browser, server, "Ann", size="desktop")
    bob = Person(browser, server, "Bob" if lang == "en" else "بابک", lang=lang, size=size, touch=True)
    link = ann.create_table("gwt", 2, invited=(1,))
    tid = table_id(link)
    assert bob.join_by_link(link) == 1

    # Ann moves, takes it back (the same choices again), and plays until it is Bob's turn.
    _play_until_it_is_the_turn_of(ann, [bob], rnd)
    wait_until_it_is_my_move(ann.page)
    offered = sorted(ann.page.locator("[data-legal]").evaluate_all("(els) => els.map((e) => e.getAttribute('aria-label'))"))
    before = _seq(server, tid)
    click_one(ann.page, rnd, prefer=lambda element: bool(element["node"]))
    expect(ann.page.locator("#undo")).to_be_visible(timeout=PATIENCE)
    ann.page.locator("#undo").click()
    wait_until_it_is_my_move(ann.page)
    expect(ann.page.locator("#undo")).to_be_hidden(timeout=PATIENCE)
    assert sorted(ann.page.locator("[data-legal]").evaluate_all(
        "(els) => els.map((e) => e.getAttribute('aria-label'))")) == offered
    assert _seq(server, tid) > before  # the undo is logged, not erased
    _play_until_it_is_the_turn_of(bob, [ann], rnd)
    wait_until_it_is_my_move(bob.page)
    _nothing_on_the_board_under_the_bar(bob, f"{size} in {lang}")

    # A first tap shows the place and what going there costs; nothing is sent; Go goes.
    place = _one_place_offered(bob.page)
    label = place.get_attribute("aria-label")
    at = _seq(server, tid)
    place.tap()
    preview = bob.page.locator("#preview")
    expect(preview).to_be_visible(timeout=PATIENCE)
    expect(preview.locator(".preview-choice")).to_have_text(label)
    assert _seq(server, tid) == at
    bob.shot("preview")
    bob.page.locator("#preview-go").tap()
    expect(preview).to_be_hidden(timeout=PATIENCE)
    expect(bob.page.locator("#undo")).to_be_visible(timeout=PATIENCE)  # the move was made
    assert _seq(server, tid) > at

    # Back again, and this time a second tap on the same place goes.
    bob.page.locator("#undo").tap()
    wait_until_it_is_my_move(bob.page)
    expect(bob.page.locator("#undo")).to_be_hidden(timeout=PATIENCE)
    place = _one_place_offered(bob.page)
    at = _seq(server, tid)
    place.tap()
    expect(preview).to_be_visible(timeout=PATIENCE)
    place.tap()
    expect(bob.page.locator("#undo")).to_be_visible(timeout=PATIENCE)
    assert _seq(server, tid) > at

    # A long press on a building that is no choice opens what it does, from the game's data.
    # (The board may be drawn anew under the finger, by an update that follows the move, so that
    # nothing opens or another building's text does, rightly: as a person would, press again.)
    info = bob.page.locator("#info-dialog")
    shown_its_text = False
    for _ in range(5):
        x, y, words = bob.page.wait_for_function(A_BUILDING_IN_VIEW, timeout=PATIENCE).json_value()
        bob.page.mouse.move(x, y)
        bob.page.mouse.down()
        try:
            expect(info).to_be_visible(timeout=5_000)
        except AssertionError:
            continue
        finally:
            bob.page.mouse.up()
        try:
            expect(info.locator(".info-text")).to_have_text([words], timeout=2_000)
        except AssertionError:
            bob.page.locator("#info-close").click()
            expect(info).to_be_hidden()
            continue
        shown_its_text = True
        break
    assert shown_its_text, "no long press opened the pressed building's text"
    bob.shot("info")
    bob.page.locator("#info-close").click()
    expect(info).to_be_hidden()

    # The replay steps back through the game so far, and back to the table.
    bob.page.locator("#replay-open").click()
    expect(bob.page.locator("#replay-bar")).to_be_visible(timeout=PATIENCE)
    position = bob.page.locator("#replay-position").text_content()
    bob.page.locator("#replay-back").click()
    expect(bob.page.locator("#replay-position")).not_to_have_text(position, timeout=PATIENCE)
    bob.page.locator("#replay-close").click()
    expect(bob.page.locator("#replay-bar")).to_be_hidden()

    for someone in (ann, bob):
        someone.assert_clean()
        someone.close()


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_two_friends_finish_a_game_and_replay_it(toy_server, browser, lang):
    """A short game (the toy game of tests/engine, a few moves) from the lobby to its end: both
    pages say it is over, and the replay steps from its first move to its last."""
    rnd = random.Random(7)
    ann = Person(browser, toy_server, "Ann", lang=lang, size="phone", touch=True)
    bob = Person(browser, toy_server, "Bob", lang=lang, size="desktop")
    link = ann.create_table("toy", 2, invited=(1,))
    tid = table_id(link)
    assert bob.join_by_link(link) == 1
    for _ in range(100):
        if toy_server.api("GET", f"/api/tables/{tid}")["status"] == "finished":
            break
        if not any(click_one(someone.page, rnd) for someone in (ann, bob)):
            ann.page.wait_for_timeout(100)
    for someone in (ann, bob):
        expect(someone.page.locator("#prompt")).to_have_attribute("data-state", "over", timeout=PATIENCE)
    page = bob.page
    page.locator("#replay-open").click()
    expect(page.locator("#replay-bar")).to_be_visible(timeout=PATIENCE)
    slider = page.locator("#replay-slider")
    page.locator("#replay-first").click()
    expect(slider).to_have_value("0", timeout=PATIENCE)
    page.locator("#replay-last").click()
    expect(slider).to_have_value(slider.get_attribute("max"), timeout=PATIENCE)
    page.locator("#replay-close").click()
    expect(page.locator("#prompt")).to_have_attribute("data-state", "over")
    for someone in (ann, bob):
        someone.assert_clean()
        someone.close()
