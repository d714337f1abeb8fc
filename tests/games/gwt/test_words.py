"""The words a GWT player reads match what the board shows (issue 9, "Words that match what the
player sees"): numbering, sources, costs at game end and the log's sentences."""

import pytest

from gametable import i18n
from gametable.games.gwt import text

from .builder import at, legal, scenario
from .test_kansas_city import _foresight

LANGS = ["en", "fa", "pt", "es"]


@pytest.mark.parametrize("lang", LANGS)
def test_kansas_city_prompt_numbers_the_foresight_column_as_the_board_and_choices_do(lang):
    st = scenario()
    _foresight(st, [["teepee_blue", "flood_green_3"], ["engineer", "craftsman"], ["cowboy", "teepee_green"]])
    at(st, 0, "KANSAS_CITY", hand=["jersey"], money=0)
    pending = st.view(0)["pending"]
    assert pending["kind"] == "foresight"
    assert {a["column"] for a in legal(st, "foresight")} == {pending["column"]} == {1}
    prompt = i18n.text("web.gwt.pending.foresight", lang, **pending)
    assert i18n.text("web.gwt.pending.foresight", lang, column=1) == prompt
    assert "0" not in prompt and "۰" not in prompt


@pytest.mark.parametrize("lang", LANGS)
def test_a_delivery_to_kansas_city_says_it_pays_6_now_and_costs_6_vp_at_game_end(lang):
    st = scenario()
    _foresight(st, [[], [], []])
    at(st, 0, "KANSAS_CITY", hand=["jersey"], money=0)
    view = st.view(0)
    deliveries = {a["city"]: a for a in legal(st, "deliver")}
    said = text.describe_action(deliveries["kansas_city"], view, lang)
    assert i18n.text("gwt.terminal.city_vp_loss", lang, vp=6) in said
    assert i18n.text("web.gwt.gain.money", lang, amount=6) in said
    assert "VP" not in text.describe_action(deliveries["topeka"], view, "en")
