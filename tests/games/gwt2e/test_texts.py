"""Second edition texts: every view and choice in the four languages with the second edition's own
names (herder, builder, outlaws, Criollo, New York; Spanish after seed 004), no first-edition word,
no internal id; the gwt2e catalogs fall back to the first edition's (docs/architecture.md)."""

import io
import re

import pytest
from rich.console import Console

from gametable import i18n
from gametable.games import get
from gametable.bots import RandomBot
from gametable.games.gwt import text as T
from gametable.i18n import LOCALES_DIR

#: first-edition words that must not appear in a second-edition text, per language
FIRST_EDITION_WORDS = {
    "en": r"teepee|cattleman|craftsm|tribe|Jersey|Guernsey|Dutch Belt|Holstein|Ayrshire|Brown Swiss|"
          r"West Highland|Texas Longhorn|San Francisco|Topeka|Sacramento",
    "es": r"tienda|tribu|Comerciar|artesano|Jersey|Guernsey|Holstein|San Francisco|Topeka|indígena",
    "pt": r"cabana|tribo|artífice|peão|Jersey|Guernsey|Holstein|São Francisco|Topeka|indígena",
    "fa": r"چادر|قبیله|کارگر ماهر|جرزی|گرنزی|هلشتاین|سان فرانسیسکو|توپکا|سرخ‌پوست",
}
#: internal ids: trail nodes ("OUTLAW-4"), ids with underscores, catalog keys
INTERNAL = re.compile(r"\b[A-Z]+-[A-Z0-9-]+\b|\b[a-z]+_[a-z_0-9]+\b|\bgwt2?e?\.[a-z]")


def _texts(lang, players=3, seed=2, every=20):
    """The terminal board, every choice and the last log lines, at many points of a random game."""
    game = get("gwt-2e")
    st = game.new(players, seed, {"simmental": "on", "building_sides": "random"})
    bot = RandomBot(seed)
    step = 0
    while not st.is_over():
        seat = st.to_act()[0]
        view = st.view(seat)
        names = i18n.player_names(players, seat, lang)
        yield from (T.describe_action(a, view, lang) for a in st.legal_actions(seat))
        yield from (i18n.describe(e, lang, names) for e in view["log"][-4:])
        if step % every == 0:
            console = Console(file=io.StringIO(), width=140)
            console.print(T.render(view, names, lang))
            yield console.file.getvalue()
        st.apply(seat, bot.choose(st, seat))
        step += 1


@pytest.mark.parametrize("lang", ["en", "es", "pt", "fa"])
def test_every_text_uses_second_edition_names_and_no_internal_id(lang):
    old = re.compile(FIRST_EDITION_WORDS[lang])
    for text in _texts(lang):
        assert not old.search(text), f"first-edition word in: {text[:200]}"
        ids = [i for i in INTERNAL.findall(text) if i not in ("web.gwt",)]
        assert not ids, f"internal ids {ids} in: {text[:200]}"


def test_seed_004_spanish_terms():
    assert i18n.describe({"key": "gwt2e.herder_moved", "seat": 0, "path": ["NEUTRAL-A"]}, "es",
                         ["Ana"]).startswith("Ana mueve su vaquero: ")
    assert i18n.text("gwt2e.term.craftsman", "es") == "constructor"
    assert i18n.text("gwt2e.term.teepee_blue", "es") == "forajido naranja"
    assert i18n.text("gwt2e.term.jersey", "es").startswith("Criollo")
    assert i18n.text("gwt2e.term.exchange", "es") == "ficha de intercambio"
    assert i18n.text("gwt2e.term.new_york", "es") == "Nueva York"


def test_second_edition_messages_fall_back_to_the_first_editions():
    # not in gwt2e.po: the first edition's sentence, with the second edition's terms filled in
    said = i18n.describe({"key": "gwt2e.hired", "seat": 0, "worker": "craftsman", "row": 2, "cost": 6,
                          "space": 2}, "en", ["Ana"])
    assert said == i18n.describe({"key": "gwt.hired", "seat": 0, "worker": "builder", "row": 2,
                                  "cost": 6, "space": 2}, "en", ["Ana"])
    assert "builder" in said
    assert i18n.text("gwt2e.term.cowboy", "fa") == i18n.text("gwt.term.cowboy", "fa")


def test_persian_second_edition_messages_hold_no_english_word_and_no_latin_digit():
    from tests.web.test_catalogs import FIELD, PERSIAN_KEEPS, messages
    bad = []
    for key, forms in messages(LOCALES_DIR / "fa" / "LC_MESSAGES" / "gwt2e.po").items():
        for form in forms:
            text = FIELD.sub(" ", form)
            words = set(re.findall(r"[A-Za-z]{2,}", text)) - PERSIAN_KEEPS
            if words or re.search(r"[0-9]", text):
                bad.append((key, form))
    assert bad == []
