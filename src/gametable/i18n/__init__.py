"""Translation of log entries and interface text, from gettext catalogs read with Babel.

Catalogs live in ``locales/<lang>/LC_MESSAGES/<domain>.po``, one domain per game plus
``ui`` for the interface. Message ids are stable keys (``catan.built``); the message is a
template whose ``{name}`` fields are filled from the log entry. Two conventions keep the
log entries themselves language-free:

- a parameter named ``seat`` or ending in ``_seat`` is a seat number and is shown as that
  player's name;
- a string value ``v`` of an entry whose key starts with ``<game>.`` is shown as the message
  ``<game>.term.<v>`` when the catalog has one (so "brick" becomes "ladrillo");
- an entry that still carries its ``private`` part (the viewer may see it) is shown with the message
  ``<key>.private`` when the catalog has one, so the message can name the private details
  ("You drew ore, wool") while everyone else reads ``<key>`` ("You drew 2 cards");
- a message with plural forms is a gettext ``msgid_plural`` entry whose ``msgid_plural`` names the
  parameter that counts (``count``, ``amount``, ...); the form is chosen by the catalog's
  ``Plural-Forms`` rule (CLDR's, as Babel knows it), as ``ngettext`` would ("1 card", "2 cards");
- a list value is joined the way the language joins lists (Babel's ``format_list``:
  "brick, wool and ore", "ladrillo, lana y mineral", "آجر، پشم و سنگ"); a game term the list
  holds more than once is named once, counted with the message ``ui.count_of`` where it first
  appears ("2× ore and wool", "2 سنگ و پشم"); seats, numbers and entries are never merged;
- a value that is itself an entry (an object with a ``key``) is shown as that entry's sentence,
  so one message can hold others ("fees $3: $2 to the bank and $1 to Ann");
- a message of a domain that falls back to another (:data:`DOMAIN_FALLBACK`: the second edition
  of Great Western Trail, ``gwt2e``, to the first, ``gwt``) is looked up in that domain when its
  own catalog lacks it ("gwt2e.hired" -> "gwt.hired", "web.gwt2e.x" -> "web.gwt.x"), in the same
  language before English, so a domain's catalog holds only what it says differently;
- numbers and the digits of other values (not players' names) are written with the language's
  digits, the message ``ui.digits`` ("0123456789"; Persian "۰۱۲۳۴۵۶۷۸۹"). Not Babel's or the
  browser's number formatting: Babel keeps Latin digits for Persian while Intl.NumberFormat('fa')
  writes Persian ones, adds group separators and a bidi mark before a minus sign, so the terminal
  and the browser would disagree; one digit table in the catalog keeps them saying the same.

The browser client applies the same rules to the JSON form of the catalogs (see
:func:`catalog`), so the terminal and the web table say the same thing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from gettext import c2py
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from babel import Locale
from babel.lists import format_list
from babel.messages.pofile import read_po

LOCALES_DIR = Path(__file__).parent / "locales"

#: code -> (name in its own language, text direction)
LANGUAGES: dict[str, tuple[str, str]] = {
    "en": ("English", "ltr"),
    "fa": ("فارسی", "rtl"),
    "pt": ("Português", "ltr"),
    "es": ("Español", "ltr"),
}
DEFAULT_LANGUAGE = "en"

_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")

#: domains whose messages fall back to another domain's (the browser's i18n.js has the same table)
DOMAIN_FALLBACK: dict[str, str] = {"gwt2e": "gwt"}


def _fallback_key(key: str) -> str | None:
    """``key`` with its domain part ("gwt2e.x", "web.gwt2e.x") replaced by its fallback domain."""
    parts = key.split(".")
    for i, part in enumerate(parts[:2]):
        if part in DOMAIN_FALLBACK:
            parts[i] = DOMAIN_FALLBACK[part]
            return ".".join(parts)
    return None


#: CLDR's plural categories in the order gettext numbers the forms (msgstr[0], msgstr[1], ...)
_CATEGORY_ORDER = ("zero", "one", "two", "few", "many", "other")


@dataclass(frozen=True)
class Plural:
    """A message with plural forms: ``forms[i]`` is gettext's ``msgstr[i]``."""
    counted_by: str
    forms: tuple[str, ...]


@dataclass(frozen=True)
class _Catalog:
    messages: dict[str, str]
    plurals: dict[str, Plural]
    plural_index: Callable[[int], int] = field(repr=False)


@lru_cache(maxsize=None)
def _load(lang: str) -> _Catalog:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    messages: dict[str, str] = {}
    plurals: dict[str, Plural] = {}
    plural_expr = None
    folder = LOCALES_DIR / lang / "LC_MESSAGES"
    for po_path in sorted(folder.glob("*.po")):
        with po_path.open("rb") as handle:
            po = read_po(handle, locale=lang)
        plural_expr = plural_expr or po.plural_expr
        for message in po:
            if not message.id or message.fuzzy:
                continue
            if message.pluralizable:
                key, counted_by = (str(part) for part in message.id[:2])
                forms = tuple(str(form) for form in message.string)
                if all(forms):
                    plurals[key] = Plural(counted_by, forms)
                    messages[key] = forms[-1]  # the general form, for callers that have no count
            elif message.string:
                messages[str(message.id)] = str(message.string)
    return _Catalog(messages, plurals, c2py(plural_expr or "(n != 1)"))


def catalog(lang: str) -> Mapping[str, str]:
    """Every translated message of ``lang``, all domains merged: key -> template (for a message
    with plural forms, its last, most general form)."""
    return _load(lang).messages


def plurals(lang: str) -> Mapping[str, Plural]:
    """The messages of ``lang`` that have plural forms."""
    return _load(lang).plurals


def plural_categories(lang: str) -> list[str]:
    """CLDR's plural categories of ``lang`` in the order of the catalog's forms, so that a
    client choosing by category (the browser's Intl.PluralRules) picks the form we pick."""
    tags = Locale.parse(lang).plural_form.tags | {"other"}
    return [category for category in _CATEGORY_ORDER if category in tags]


def _template(key: str, lang: str, params: Mapping[str, Any]) -> str | None:
    """The template of ``key`` in ``lang`` (else English), in the plural form ``params`` need;
    a key of a domain that falls back (DOMAIN_FALLBACK) tries its fallback in each language."""
    keys = (key, fallback) if (fallback := _fallback_key(key)) else (key,)
    for code in (lang, DEFAULT_LANGUAGE):
        loaded = _load(code)
        for key in keys:
            plural = loaded.plurals.get(key)
            if plural is not None:
                number = params.get(plural.counted_by)
                if isinstance(number, int) and not isinstance(number, bool):
                    index = loaded.plural_index(abs(number))
                    return plural.forms[min(index, len(plural.forms) - 1)]
                return plural.forms[-1]
            if key in loaded.messages:
                return loaded.messages[key]
    return None


def message(key: str, lang: str = DEFAULT_LANGUAGE) -> str | None:
    """The template of ``key`` in ``lang`` (English, a fallback domain as for :func:`text`), or
    None when no catalog has it."""
    return _template(key, lang, {})


def text(key: str, lang: str = DEFAULT_LANGUAGE, **params: Any) -> str:
    """The message ``key`` in ``lang`` (falling back to English, then to the key itself)."""
    template = _template(key, lang, params)
    if template is None:
        return key if not params else f"{key} {params}"
    return _fill(template, params, lang, key.split(".", 1)[0], ())


def describe(entry: Mapping[str, Any], lang: str = DEFAULT_LANGUAGE,
             names: Sequence[str] = (), domain: str | None = None) -> str:
    """One log entry as a sentence; ``names`` are the players' names by seat. ``domain``: the
    game whose terms fill the fields (default: the key's first part, "catan" in "catan.built";
    a ``web.catan.*`` message names it, as the browser's actionLabel does)."""
    key = str(entry.get("key", ""))
    params = {k: v for k, v in entry.items() if k not in ("key", "private_to")}
    private = params.pop("private", None)
    template = None
    if isinstance(private, Mapping):
        params.update(private)
        # a viewer who may see the private details gets the message that names them
        template = _template(key + ".private", lang, params)
    template = template or _template(key, lang, params)
    if template is None:
        return f"{key} {params}"
    return _fill(template, params, lang, domain or key.split(".", 1)[0], names)


def _fill(template: str, params: Mapping[str, Any], lang: str, game: str,
          names: Sequence[str]) -> str:
    def field(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in params:
            return match.group(0)
        return _show(name, params[name], lang, game, names)

    return _FIELD.sub(field, template)


def _show(name: str, value: Any, lang: str, game: str, names: Sequence[str]) -> str:
    if (name == "seat" or name.endswith("_seat")) and isinstance(value, int):
        return names[value] if 0 <= value < len(names) else _seat_name(value, lang)
    if isinstance(value, (list, tuple)):
        return join_counted(value, lambda v: _show(name, v, lang, game, names), lang)
    if isinstance(value, Mapping) and "key" in value:
        return describe(value, lang, names)
    if isinstance(value, str):
        term = _template(f"{game}.term.{value}", lang, {})
        return term or local_digits(value, lang)
    return local_digits(str(value), lang)


def local_digits(text: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """``text`` with its ASCII digits written in ``lang``'s digits (the message ``ui.digits``)."""
    return text.translate(_digit_table(lang))


@lru_cache(maxsize=None)
def _digit_table(lang: str) -> dict[int, str]:
    digits = catalog(lang).get("ui.digits", "0123456789")
    if len(digits) != 10:
        raise ValueError(f"ui.digits of {lang!r} must hold the ten digits 0 to 9, not {digits!r}")
    return str.maketrans("0123456789", digits)


def number(value: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """A whole number in ``lang``'s digits ("12"; Persian "۱۲"), as the browser's tr.number."""
    return local_digits(str(value), lang)


def join_list(items: Sequence[str], lang: str = DEFAULT_LANGUAGE) -> str:
    """Items joined as ``lang`` joins a list ("a, b and c"); the browser uses Intl.ListFormat."""
    return format_list(list(items), style="standard", locale=lang) if items else ""


def counted(values: Sequence[Any]) -> list[tuple[Any, int]]:
    """``values`` with each repeated game term (a string) merged into its first place and counted:
    ['ore', 'wool', 'ore'] -> [('ore', 2), ('wool', 1)]. Anything else (seat numbers, numbers,
    entries) stays one by one, so a list of seats still names every player."""
    groups: list[list[Any]] = []
    first: dict[str, int] = {}
    for value in values:
        if isinstance(value, str) and value in first:
            groups[first[value]][1] += 1
            continue
        if isinstance(value, str):
            first[value] = len(groups)
        groups.append([value, 1])
    return [(value, count) for value, count in groups]


def count_of(count: int, shown: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A term named ``count`` times ("2× ore"); once, the term alone."""
    if count == 1:
        return shown
    template = _template("ui.count_of", lang, {"count": count}) or "{count}× {term}"
    # filled directly: the term is translated already and must not be looked up as a term again
    return template.replace("{count}", number(count, lang)).replace("{term}", shown)


def join_counted(values: Sequence[Any], show: Callable[[Any], str], lang: str = DEFAULT_LANGUAGE) -> str:
    """``values`` as a list in ``lang``, each shown with ``show``, repeated terms counted
    (:func:`counted`): ['ore', 'ore', 'wool'] -> "2× ore and wool". The one place that counts
    repeats; the browser's Translator.joinCounted does the same."""
    return join_list([count_of(count, show(value), lang) for value, count in counted(values)], lang)


def _seat_name(seat: int, lang: str) -> str:
    return text("ui.seat_name", lang, number=seat + 1)


def player_names(num_players: int, human_seat: int, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """The names of a terminal game's seats: the person at ``human_seat`` (none if -1), bots elsewhere."""
    return [
        # A third-person name ("Player 1 (you)"), so every log sentence reads right with it.
        text("ui.you", lang, number=seat + 1) if seat == human_seat
        else text("ui.bot_name", lang, number=seat + 1)
        for seat in range(num_players)
    ]
