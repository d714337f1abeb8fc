"""The browser's translation module says exactly what gametable.i18n says, in every language."""

from __future__ import annotations

import pytest

from gametable import i18n
from tests.web.conftest import new_page

NAMES = ["<b>Ann</b>", "Bea", "Cyrus"]
ENTRIES = [
    {"key": "ui.table.waiting_for", "names": "Bea, Cyrus"},
    {"key": "web.catan.trade_with", "seat": 2},
    {"key": "web.catan.action.give", "resource": "brick", "to_seat": 0},
    {"key": "web.catan.action.give", "resource": "ore", "to_seat": 7},  # a seat without a name
    {"key": "web.catan.action.pay", "cards": ["brick", "lumber", "wool"]},
    {"key": "ui.replay.position", "n": 3, "total": 120},
    {"key": "web.gwt.hand", "count": 4},  # a field without a value stays as written
    {"key": "web.catan.owes", "seat": 1, "private": {"count": 2}, "private_to": [1]},
    {"key": "ui.error.illegal", "message": "<script>alert(1)</script>"},
    # a game's log entries: terms, the private variant for a viewer who may see it, and without it
    {"key": "catan.built", "seat": 0, "card": "village", "cards": ["brick", "lumber", "wool", "grain"]},
    {"key": "catan.drew", "seat": 1, "count": 2, "reason": "draw_phase", "private": {"cards": ["ore", "wool"]}},
    {"key": "catan.drew", "seat": 1, "count": 2, "reason": "draw_phase"},
    {"key": "gwt.fee_to_player", "seat": 1, "to_seat": 0, "amount": 2, "owed": 2, "space": "G-2"},
    # plural forms chosen by the count (0, 1, 2, a million: every CLDR category of these languages)
    *({"key": "gwt.drew.private", "seat": 0, "count": n, "private": {"cards": ["jersey"] * max(1, min(n, 3))}}
      for n in (0, 1, 2, 5, 1_000_000)),
    {"key": "ui.table.waiting_players", "count": 1},
    {"key": "ui.table.waiting_players", "count": 3},
    {"key": "web.gwt.action.buy", "cards": ["jersey", "holstein"], "cowboys": 1},
    {"key": "web.catan.hand_size"},  # no count: the general form
    # lists of one, two and four items
    {"key": "catan.built", "seat": 2, "card": "road", "cards": ["brick"]},
    {"key": "web.catan.action.pay", "cards": ["brick", "lumber"]},
    # repeated terms counted where they first appear (ui.count_of); seats and entries never merged
    {"key": "catan.built", "seat": 0, "card": "city", "cards": ["ore", "grain", "ore", "grain", "ore"]},
    {"key": "catan.traded", "seat": 0, "partner_seat": 2, "gave": ["wool", "brick", "wool"], "got": ["ore", "ore"]},
    {"key": "catan.trade_proposed", "seat": 1, "give": ["grain", "grain", "grain", "grain"], "ask": ["ore"]},
    {"key": "catan.discarded", "seat": 2, "cards": ["lumber", "wool", "lumber", "brick", "wool", "lumber"]},
    {"key": "gwt.discarded", "seat": 1, "cards": ["jersey", "guernsey", "jersey"], "reason": "hand_limit"},
    {"key": "web.catan.action.pay", "cards": ["wool", "wool", "grain", "ore", "ore", "ore"]},
    {"key": "catan.trade_accepted", "seat": [0, 2, 0]},
    {"key": "gwt.terminal.fees_short", "total": 2, "money": 0, "payees": [
        {"key": "gwt.terminal.bank"}, {"key": "gwt.terminal.bank"}]},
    # an entry holding entries (a choice's fees, as gwt.notes writes them), one short of money
    {"key": "gwt.terminal.fees_short", "total": 3, "money": 1, "payees": [
        {"key": "gwt.terminal.fee_to", "amount": 2, "payee": {"key": "gwt.terminal.bank"}},
        {"key": "gwt.terminal.fee_to", "amount": 1, "payee": {"key": "gwt.terminal.player", "seat": 1}}]},
]

def _notes_of_random_games(game: str, seeds: range) -> list[dict]:
    """One note of each kind that choices carry in random games (state.action_notes), so the
    browser is checked on what a table really sends next to its choices."""
    from gametable import games
    from gametable.sim.runner import play_random_game

    found: dict[str, dict] = {}

    def collect(state) -> None:
        for seat in state.to_act():
            for notes in state.action_notes(seat):
                for note in notes:
                    found.setdefault(note["key"], note)

    for seed in seeds:
        play_random_game(games.get(game), 3, seed, max_decisions=600, on_step=collect)
    return [found[key] for key in sorted(found)]


NOTES = _notes_of_random_games("catan-on-the-road", range(3)) + _notes_of_random_games("gwt", range(1))

LISTS = [["ore"], ["wool", "wool"], ["brick", "ore", "brick", "grain", "ore", "brick"], []]


@pytest.mark.parametrize("lang", ["en", "fa", "pt", "es"])
def test_js_describe_matches_python(server, browser, page_errors, lang):
    context, page = new_page(browser, page_errors)
    page.goto(server.base + "/")
    got = page.evaluate(
        """async ([lang, entries, names, lists]) => {
            const { loadTranslator } = await import('/static/js/i18n.js');
            const tr = await loadTranslator(lang);
            return {dir: document.documentElement.dir, texts: entries.map((e) => tr.describe(e, names)),
                    counted: lists.map((l) => tr.joinCounted(l, (v) => tr.term("catan", v)))};
        }""",
        [lang, ENTRIES + NOTES, NAMES, LISTS],
    )
    assert got["dir"] == i18n.LANGUAGES[lang][1]
    assert len(NOTES) > 20  # both games' choice notes, of many kinds
    assert got["texts"] == [i18n.describe(entry, lang, NAMES) for entry in ENTRIES + NOTES]
    # the browser's own counted lists (payment chips, GWT labels) count as Python's join_counted
    assert got["counted"] == [i18n.join_counted(items, lambda v: i18n.text(f"catan.term.{v}", lang), lang)
                              for items in LISTS]
    assert page_errors == []
    context.close()
