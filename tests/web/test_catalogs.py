"""The translation catalogs: every English message is translated into fa, pt and es with the same
{fields}, and every message key the browser client uses exists in English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from gametable.i18n import LANGUAGES, LOCALES_DIR

WEB_DIR = Path(__file__).resolve().parents[2] / "src" / "gametable" / "web"
FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
TRANSLATIONS = [lang for lang in LANGUAGES if lang != "en"]
ENGLISH = sorted((LOCALES_DIR / "en" / "LC_MESSAGES").glob("*.po"))


def messages(path: Path) -> dict[str, str]:
    with path.open("rb") as handle:
        return {str(m.id): str(m.string) for m in read_po(handle) if m.id and m.string and not m.fuzzy}


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
    for key, template in source.items():
        wanted = set(FIELD.findall(template))
        found = set(FIELD.findall(target[key]))
        assert wanted <= found, f"{lang} {key}: the translation drops {sorted(wanted - found)}"
        assert found <= wanted, f"{lang} {key}: the translation adds unknown {sorted(found - wanted)}"


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_no_translation_is_left_in_english_for_whole_sentences(lang):
    """A sentence copied unchanged from English is an untranslated message.

    Game titles (ui.game.*) are product names and may stay as published."""
    copied = []
    for english in ENGLISH:
        source = messages(english)
        target = messages(LOCALES_DIR / lang / "LC_MESSAGES" / english.name)
        copied += [k for k, v in source.items() if len(v.split()) >= 4 and target.get(k) == v
                   and not k.startswith("ui.game.")]
    assert not copied, f"{lang}: left in English: {copied[:10]}"


def _keys_used_by_the_client() -> set[str]:
    keys: set[str] = set()
    for path in WEB_DIR.rglob("*"):
        if path.suffix not in (".js", ".html"):
            continue
        text = path.read_text(encoding="utf-8")
        keys.update(re.findall(r'data-i18n(?:-title|-placeholder)?="((?:ui|web)\.[a-z_.]+)"', text))
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
