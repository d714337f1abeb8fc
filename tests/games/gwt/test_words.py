"""The words a GWT player reads match what the board shows (issue 9, "Words that match what the
player sees"): numbering, sources, costs at game end and the log's sentences."""

import re

import pytest

from gametable import i18n
from gametable.games.gwt import text
from gametable.games.gwt.editions import FIRST

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


# ------------------------------------------------------------------------- the log's sentences
def _logs_of_random_games(seeds=range(3)):
    from gametable import games
    from gametable.sim.runner import play_random_game

    entries = []
    for seed in seeds:
        options = {"building_sides": "random"} if seed % 2 else None
        state, _ = play_random_game(games.get("gwt"), 3, seed, options=options)
        entries += state.log
    return entries


LOG = _logs_of_random_games()
NAMES = ["Ann", "Bea", "Cyrus"]


_FUNCTION_WORDS = {"para"}  # Portuguese "para trás para remover" repeats a preposition, not a field


def _repeated_word(sentence: str) -> str | None:
    """A word of 4+ letters that comes back within the next two words ("the starting objective
    starting objective 1", "the building building 3a"): a field repeating its template's words."""
    words = re.findall(r"[^\W\d_]{4,}|\S+", sentence.lower())
    for i, word in enumerate(words):
        if re.fullmatch(r"[^\W\d_]{4,}", word) and word not in _FUNCTION_WORDS and word in words[i + 1:i + 3]:
            return " ".join(words[max(0, i - 2):i + 4])
    return None


@pytest.mark.parametrize("lang", LANGS)
def test_no_log_sentence_repeats_its_own_words(lang):
    repeated = {}
    for entry in LOG:
        said = i18n.describe(entry, lang, NAMES)
        found = _repeated_word(said)
        if found:
            repeated.setdefault(entry["key"], (found, said))
    assert repeated == {}


def test_the_repeated_word_check_finds_the_old_slips():
    assert _repeated_word("Ann starts with $6 and the starting objective starting objective 1.")
    assert _repeated_word("Ann takes the objective card objective 24.")
    assert _repeated_word("Ann copies the building building 3a.")
    assert _repeated_word("Ann starts with (cattle value 3, cattle value 4)") is None


def test_no_english_template_puts_an_article_before_a_field():
    """"hires a {worker}" becomes "a engineer": an article cannot agree with a word it cannot see."""
    from babel.messages.pofile import read_po

    found = []
    for path in sorted((i18n.LOCALES_DIR / "en" / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as handle:
            for message in read_po(handle):
                forms = message.string if isinstance(message.string, (list, tuple)) else [message.string]
                found += [message.id for form in forms if re.search(r"\b(?:a|an|A|An)\s+\{", form or "")]
    assert found == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_log_says_the_building_sides_in_words(lang):
    from gametable.games import get

    for sides, words in (("a", "gwt.sides_all_a"), ("b", "gwt.sides_all_b")):
        started = get("gwt").new(3, 1, {"building_sides": sides}).log[0]
        said = i18n.describe(started, lang, NAMES)
        assert i18n.text(words, lang) in said and sides * 10 not in said
    mixed = next(e for e in LOG if e["key"] == "gwt.game_started" and e["sides"]["key"] == "gwt.sides_mixed")
    said = i18n.describe(mixed, lang, NAMES)
    assert not re.search(r"\b[ab]{10}\b", said)
    assert i18n.join_list([i18n.number(n, lang) for n in mixed["sides"]["side_a"]], lang) in said


@pytest.mark.parametrize("lang", LANGS)
def test_the_log_names_an_engine_on_a_turnout_as_the_turnout_of_its_station(lang):
    from gametable.games.gwt import railroad
    from gametable.games.gwt.editions import FIRST as D

    st = scenario()
    railroad.move_engine(st, 0, D.POS_BY_LABEL["7.5"])
    said = i18n.describe(st.log[-1], lang, NAMES)
    assert "7.5" not in said and "7,5" not in said
    station = D.POS_STATION[D.POS_BY_LABEL["7.5"]] + 1
    assert i18n.text("gwt.terminal.place_turnout", lang, station=station) in said
    # and the terminal names the engine's place with the same words
    assert text._place(FIRST, "7.5", lang) == i18n.text("gwt.terminal.place_turnout", lang, station=station)


@pytest.mark.parametrize("lang", LANGS)
def test_the_log_names_an_objective_card_as_the_board_draws_it(lang):
    """The board heads a card with its immediate action ("herder ≤ 3") and shows its tasks; the
    log and the choices name it the same way, never by its number in the box."""
    from gametable.games.gwt.editions import FIRST as D

    names = {}
    for card, face in D.OBJECTIVE.items():
        name = i18n.text(f"gwt.term.{card}", lang)
        head = " / ".join(text._effect(FIRST, e, lang) for e in face.get("immediate") or [])
        assert head.translate(FA_DIGITS) in name.translate(FA_DIGITS), (card, name)
        if not card.startswith("start"):
            assert i18n.text(f"gwt.term.objective/{card}", lang) == name
        names[card] = name
    # cards with the same face (objectives 6 to 9) share a name; any other two differ
    faces = {card: repr(sorted((k, v) for k, v in face.items() if k != "id")) for card, face in D.OBJECTIVE.items()}
    assert len(set(names.values())) == len(set(faces.values()))
    taken = [e for e in LOG if e["key"] in ("gwt.objective_taken", "gwt.objective_played")]
    assert taken
    for entry in taken:
        assert names[entry["card"]] in i18n.describe(entry, lang, NAMES)


FA_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789")
