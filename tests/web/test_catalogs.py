"""The translation catalogs: every English message is translated into fa, pt and es with the same
{fields} (in every plural form), plural messages have as many forms as the language's plural
rule and agree with the browser's (CLDR) categories, and every message key the browser client
uses exists in English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.pofile import read_po

from gametable import i18n
from gametable.i18n import LANGUAGES, LOCALES_DIR

WEB_DIR = Path(__file__).resolve().parents[2] / "src" / "gametable" / "web"
FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
TRANSLATIONS = [lang for lang in LANGUAGES if lang != "en"]
ENGLISH = sorted((LOCALES_DIR / "en" / "LC_MESSAGES").glob("*.po"))


def messages(path: Path) -> dict[str, list[str]]:
    """key -> its forms (one for a plain message); forms that are empty are dropped, so a
    message with an untranslated form has fewer forms than it should."""
    with path.open("rb") as handle:
        catalog = read_po(handle)
    found = {}
    for m in catalog:
        if not m.id or m.fuzzy:
            continue
        key = str(m.id[0]) if m.pluralizable else str(m.id)
        forms = [str(f) for f in (m.string if m.pluralizable else (m.string,)) if f]
        if forms:
            found[key] = forms
    return found


def counted_by(path: Path) -> dict[str, str]:
    """key -> the parameter that chooses the plural form, for the messages with plural forms."""
    with path.open("rb") as handle:
        return {str(m.id[0]): str(m.id[1]) for m in read_po(handle) if m.id and m.pluralizable}


def test_the_languages_are_english_persian_portuguese_spanish():
    assert set(LANGUAGES) == {"en", "fa", "pt", "es"}
    assert LANGUAGES["fa"][1] == "rtl"
    assert ENGLISH, "there are English catalogs"


@pytest.mark.parametrize("lang", TRANSLATIONS)
@pytest.mark.parametrize("english", ENGLISH, ids=lambda p: p.stem)
def test_every_english_message_is_translated_with_the_same_fields(english, lang):
    source = messages(english)
    target_path = LOCALES_DIR / lang / "LC_MESSAGES" / english.name
    assert target_path.exists(), f"{lang} has no {english.name}"
    target = messages(target_path)
    missing = sorted(set(source) - set(target))
    assert not missing, f"{lang}/{english.name} lacks {len(missing)} message(s): {missing[:10]}"
    plural_keys = counted_by(english)
    assert counted_by(target_path) == plural_keys, f"{lang}: plural messages differ from English"
    with target_path.open("rb") as handle:
        nplurals = read_po(handle, locale=lang).num_plurals
    for key, templates in source.items():
        wanted = set().union(*(FIELD.findall(t) for t in templates))
        if key in plural_keys:
            assert plural_keys[key] in wanted, f"{key} is counted by a parameter it does not show"
            assert len(target[key]) == nplurals, f"{lang} {key}: {len(target[key])} of {nplurals} forms filled"
        for form in target[key]:
            found = set(FIELD.findall(form))
            assert wanted <= found, f"{lang} {key}: the translation drops {sorted(wanted - found)}"
            assert found <= wanted, f"{lang} {key}: the translation adds unknown {sorted(found - wanted)}"


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_the_plural_rule_of_the_catalogs_is_the_browsers(lang):
    """Python picks a form with the catalog's Plural-Forms rule, the browser by CLDR category
    (Intl.PluralRules) at the position plural_categories gives: both must pick the same form."""
    rule = i18n._load(lang).plural_index
    locale = Locale.parse(lang)
    categories = i18n.plural_categories(lang)
    for n in [*range(0, 250), 1_000, 1_000_000, 2_000_000, 1_500_000]:
        assert rule(n) == categories.index(locale.plural_form(n)), (lang, n)


def test_counts_choose_the_plural_form_in_every_language():
    one = {"key": "gwt.drew", "seat": 0, "count": 1}
    two = {"key": "gwt.drew", "seat": 0, "count": 2}
    assert i18n.describe(one, "en", ["Ana"]) == "Ana draws 1 card."
    assert i18n.describe(two, "en", ["Ana"]) == "Ana draws 2 cards."
    assert i18n.describe(one, "es", ["Ana"]) == "Ana roba 1 carta."
    assert i18n.describe(two, "pt", ["Ana"]) == "Ana compra 2 cartas."
    # Persian keeps the noun singular after a number: one form serves both
    assert i18n.describe(two, "fa", ["Ana"]) == "Ana ۲ کارت می‌کشد."
    # without the count (an older entry), the general form
    assert i18n.text("web.catan.hand_size", "en") == "{count} cards in hand"


def test_lists_are_joined_as_each_language_joins_them():
    entry = {"key": "catan.built", "seat": 0, "card": "village", "cards": ["brick", "lumber", "wool"]}
    assert i18n.describe(entry, "en", ["Ana"]).endswith("paying brick, lumber, and wool.")
    assert " y " in i18n.describe(entry, "es", ["Ana"]) and " e " in i18n.describe(entry, "pt", ["Ana"])
    assert " و " in i18n.describe(entry, "fa", ["Ana"])


def _words(message: str) -> int:
    """The words of a message a translator writes: not its {fields}, numbers or punctuation
    (a layout such as "{card}: {tasks} — {score}" is the same in every language)."""
    return sum(1 for token in re.sub(r"\{[^}]*\}", " ", message).split() if re.search(r"[^\W\d_]", token))


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_no_translation_is_left_in_english_for_whole_sentences(lang):
    """A sentence copied unchanged from English is an untranslated message.

    Game titles (ui.game.*) are product names and may stay as published."""
    copied = []
    for english in ENGLISH:
        source = messages(english)
        target = messages(LOCALES_DIR / lang / "LC_MESSAGES" / english.name)
        copied += [k for k, v in source.items() if _words(v[-1]) >= 4 and target.get(k, [""])[-1] == v[-1]
                   and not k.startswith("ui.game.")]
    assert not copied, f"{lang}: left in English: {copied[:10]}"


def _keys_used_by_the_client() -> set[str]:
    keys: set[str] = set()
    for path in WEB_DIR.rglob("*"):
        if path.suffix not in (".js", ".html"):
            continue
        text = path.read_text(encoding="utf-8")
        keys.update(re.findall(r'data-i18n(?:-title|-placeholder|-aria-label)?="((?:ui|web)\.[a-z_.]+)"', text))
        keys.update(re.findall(r'\bt\(\s*"((?:ui|web)\.[a-z_.]+)"', text))
        keys.update(re.findall(r'tr\.t\(\s*"((?:ui|web)\.[a-z_.]+)"', text))
        # the game tables' helpers prefix their keys: label(ctx, "x") is web.gwt.x,
        # t(ctx, "x") and actionButton(ctx, "x") are web.catan.x
        if path.parent.name == "gwt":
            keys.update("web.gwt." + k for k in re.findall(r'\blabel\(ctx, "([a-z_.]+)"', text))
        if path.parent.name == "catan":
            keys.update("web.catan." + k for k in re.findall(r'\b(?:t|actionButton)\(ctx, "([a-z_.]+)"', text))
    return keys


def test_every_message_key_the_client_names_exists_in_english():
    english = {}
    for path in ENGLISH:
        english.update(messages(path))
    used = _keys_used_by_the_client()
    assert len(used) > 40, "the scan finds the client's keys"
    assert sorted(used - set(english)) == []


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_no_message_fakes_a_plural_with_parentheses(lang):
    """"card(s)", "carta(s)", "temporal(es)": a count takes the language's plural form instead."""
    faked = []
    for path in sorted((LOCALES_DIR / lang / "LC_MESSAGES").glob("*.po")):
        faked += [key for key, forms in messages(path).items()
                  if any(re.search(r"\w\((?:s|es|os|as|هایی)\)", form) for form in forms)]
    assert faked == [], f"{lang}: use msgid_plural for {faked}"


# -- Persian in Persian (issue 9: "VP" and "any" in English, Latin digits) -----------------------------

#: Latin words a Persian message may keep: the name of a key printed on keyboards.
PERSIAN_KEEPS = {"Enter"}


@pytest.mark.parametrize("domain", ["gwt", "web", "ui", "catan"])
def test_persian_messages_hold_no_english_word_and_no_latin_digit(domain):
    """Outside its {fields}, a Persian message has no ASCII word of 2+ letters (single letters
    stay: building sides A/B and the letters A-G printed on the neutral buildings) and writes
    its numbers in Persian digits, as the numbers filled into it are (ui.digits)."""
    english, latin_digits = [], []
    for key, forms in messages(LOCALES_DIR / "fa" / "LC_MESSAGES" / f"{domain}.po").items():
        if key == "ui.digits":
            continue
        for form in forms:
            words = set(re.findall(r"[A-Za-z]{2,}", FIELD.sub(" ", form))) - PERSIAN_KEEPS
            english += [(key, word) for word in sorted(words)]
            if re.search(r"[0-9]", FIELD.sub(" ", form)):
                latin_digits.append(key)
    assert english == [] and latin_digits == []


def test_numbers_filled_into_messages_use_the_languages_digits():
    entry = {"key": "gwt.hired", "seat": 0, "worker": "engineer", "row": 12, "cost": 6, "space": 3}
    persian = i18n.describe(entry, "fa", ["Ana"])
    assert "۱۲" in persian and "۶" in persian and not re.search(r"[0-9]", persian)
    assert "12" in i18n.describe(entry, "es", ["Ana"])
    assert i18n.count_of(3, "جرزی", "fa") == "۳ جرزی"
    # a player's own name keeps its digits
    assert i18n.describe(entry, "fa", ["Ana2"]).startswith("Ana2 ")
