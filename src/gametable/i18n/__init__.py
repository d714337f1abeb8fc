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
  ("You drew ore, wool") while everyone else reads ``<key>`` ("You drew 2 cards").

The browser client applies the same rules to the JSON form of the catalogs (see
:func:`catalog`), so the terminal and the web table say the same thing.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping, Sequence

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


@lru_cache(maxsize=None)
def catalog(lang: str) -> Mapping[str, str]:
    """Every translated message of ``lang``, all domains merged: key -> template."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    messages: dict[str, str] = {}
    folder = LOCALES_DIR / lang / "LC_MESSAGES"
    for po_path in sorted(folder.glob("*.po")):
        with po_path.open("rb") as handle:
            for message in read_po(handle, locale=lang):
                if message.id and message.string and not message.fuzzy:
                    messages[str(message.id)] = str(message.string)
    return messages


def text(key: str, lang: str = DEFAULT_LANGUAGE, **params: Any) -> str:
    """The message ``key`` in ``lang`` (falling back to English, then to the key itself)."""
    template = catalog(lang).get(key) or catalog(DEFAULT_LANGUAGE).get(key)
    if template is None:
        return key if not params else f"{key} {params}"
    return _fill(template, params, lang, key.split(".", 1)[0], ())


def describe(entry: Mapping[str, Any], lang: str = DEFAULT_LANGUAGE,
             names: Sequence[str] = ()) -> str:
    """One log entry as a sentence; ``names`` are the players' names by seat."""
    key = str(entry.get("key", ""))
    params = {k: v for k, v in entry.items() if k not in ("key", "private_to")}
    private = params.pop("private", None)
    template = None
    if isinstance(private, Mapping):
        params.update(private)
        # a viewer who may see the private details gets the message that names them
        template = catalog(lang).get(key + ".private") or catalog(DEFAULT_LANGUAGE).get(key + ".private")
    template = template or catalog(lang).get(key) or catalog(DEFAULT_LANGUAGE).get(key)
    if template is None:
        return f"{key} {params}"
    return _fill(template, params, lang, key.split(".", 1)[0], names)


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
        return ", ".join(_show(name, v, lang, game, names) for v in value)
    if isinstance(value, str):
        term = catalog(lang).get(f"{game}.term.{value}") or catalog(DEFAULT_LANGUAGE).get(
            f"{game}.term.{value}"
        )
        return term or value
    return str(value)


def _seat_name(seat: int, lang: str) -> str:
    return text("ui.seat_name", lang, number=seat + 1)
