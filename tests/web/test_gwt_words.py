"""The browser's GWT choice labels say what the terminal's say (issue 9, "Words that match what
the player sees"): a building's menu names the building and action each choice belongs to."""

from __future__ import annotations

import pytest

from gametable import games, i18n
from gametable.games.gwt import text
from gametable.games.gwt.editions import FIRST
from gametable.sim.runner import GameDidNotEnd, play_random_game
from tests.web.conftest import new_page


def _actions_of_a_random_game(seed: int = 3, limit: int = 400) -> list[dict]:
    """One action of each (type, source kind) a random 3-player game offers."""
    found: dict[tuple, dict] = {}

    def collect(state) -> None:
        for seat in state.to_act():
            for action in state.legal_actions(seat):
                src = str(action.get("src", ""))
                kind = (action["type"], src.split("/")[0] if "/" in src else src)
                found.setdefault(kind, action)

    try:
        play_random_game(games.get("gwt"), 3, seed, max_decisions=limit, on_step=collect)
    except GameDidNotEnd:  # a sample of the first `limit` decisions is enough
        pass
    return list(found.values())


ACTIONS = _actions_of_a_random_game()


def test_the_sample_holds_building_actions():
    assert any("/" in str(a.get("src", "")) and a["src"].split("/")[0] in "ABCDEFG" for a in ACTIONS)


@pytest.mark.parametrize("lang", ["en", "fa", "pt", "es"])
def test_gwt_choice_labels_in_the_browser_name_their_building_action_as_the_terminal_does(
        server, browser, page_errors, lang):
    names = i18n.player_names(3, 0, lang)
    context, page = new_page(browser, page_errors)
    page.goto(server.base + "/")
    got = page.evaluate(
        """async ([lang, actions, names]) => {
            const { loadTranslator } = await import('/static/js/i18n.js');
            const { actionLabel } = await import('/static/js/games/gwt/table.js');
            const tr = await loadTranslator(lang);
            return actions.map((a) => actionLabel(tr, a, names));
        }""",
        [lang, ACTIONS, names],
    )
    view = {"players": [{}, {}, {}], "seat": 0}
    want = [text._action_label(FIRST, a, view, lang) for a in ACTIONS]
    assert got == want
    building = i18n.text("web.gwt.src.building", lang, building="A", n=2)
    assert any(building in label for label in got) or not any(a.get("src") == "A/2" for a in ACTIONS)
    assert page_errors == []
    context.close()
