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
from tests.web.journeys import people
from tests.web.journeys.people import PATIENCE
from tests.web.play import click_one, wait_until_it_is_my_move

# What an internal id looks like in a sentence: "bonus/engineer/2", "objective_12", "web.gwt.x",
# an unfilled "{field}", or a value that was never set.
ID_LIKE = re.compile(r"[A-Za-z0-9]+/[A-Za-z0-9_]+|\w+_\w+|\b(?:web|gwt|gwt2e)\.\w|[{}]|undefined|null|NaN")


def _decisions_of_random_games() -> list[dict]:
    """One seat's view at each kind of decision (and source) random games of both editions reach,
    with that seat's legal actions: what a page draws its prompt and choices from."""
    found: dict[tuple, dict] = {}

    def collect(state) -> None:
        for seat in state.to_act():
            view = state.view(seat)
            pending = view.get("pending") or {}
            key = (view["game"], pending.get("kind"), str(pending.get("src", "")).split("/")[0],
                   pending.get("target"), tuple(sorted({(a["type"], str(a.get("src", "")).split("/")[0])
                                                        for a in state.legal_actions(seat)})))
            found.setdefault(key, {"view": view, "legal": state.legal_actions(seat)})

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
    ann = people.person(browser, "Ann", lang=lang)
    ann.open(f"/?lang={lang}", server.base)
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
    assert ann.problems() == []
    ann.close()


def _a_kansas_city_income_decision() -> dict:
    """A seat at the Kansas City income step whose total differs from the last visit's."""
    for seed in range(10):
        hit = {}

        def collect(state) -> None:
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
    from gametable.games.gwt.kansas_city import breeding_value

    decision = _a_kansas_city_income_decision()
    view = decision["view"]
    me = view["players"][decision["seat"]]
    notes = [gwt_notes.action_notes(action, view) for action in decision["legal"]]
    ann = people.person(browser, "Ann")
    ann.open("/", server.base)
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
    value, permanent = breeding_value(me["hand"]), me["permanent_certificates"]
    for action, label in zip(decision["legal"], shown["labels"]):
        spent = action["certificates"]
        assert (f"hand ${value} + certificates spent ${spent} + permanent certificates ${permanent} "
                f"= ${value + spent + permanent}") in label
    assert ann.problems() == []
    ann.close()
