"""Player names: plain text that every other player can see and tell apart.

A name is normalised with Unicode NFKC (fullwidth letters become ASCII, compatibility forms their
plain letters) and trimmed, so the length limit and the checks apply to what is stored. Then it
must be visible: control characters, format characters (Unicode category Cf) and the other
default-ignorable code points (zero-width spaces, word joiners, Hangul fillers, tag characters...)
are refused, because they let a name look empty or look like another one.

Two format characters are real spelling: the zero-width non-joiner U+200C (Persian writes
"می‌خواهم" with it) and the zero-width joiner U+200D (emoji sequences such as 👩‍💻). They are
allowed between two visible characters only. Variation selectors (the U+FE0F of ❤️) are allowed
right after a visible character. Unicode properties come from the ``regex`` module, which follows
the current Unicode standard.
"""

from __future__ import annotations

import unicodedata

import regex

NAME_MAX = 40

RULES = (
    f'Plain text, shown as is. NFKC-normalised and trimmed, then at most {NAME_MAX} characters. It must '
    "contain a visible character (a letter, digit, punctuation mark or symbol). Refused: control "
    "characters and bidirectional overrides; invisible characters (Unicode format characters, "
    "category Cf, and default-ignorable code points such as U+200B, U+2060, U+FEFF, tag characters "
    "and the Hangul fillers U+115F, U+1160, U+3164, U+FFA0; also U+2800). Allowed in place: U+200C "
    "(zero-width non-joiner, Persian) and U+200D (zero-width joiner, emoji) only between two visible "
    'characters; variation selectors only right after one. "" (or only spaces) means no name.'
)

_VISIBLE_SET = r"[[\p{L}\p{N}\p{P}\p{S}]--[\p{Default_Ignorable_Code_Point}\u2800]]"
_VISIBLE = regex.compile(_VISIBLE_SET, regex.V1)
#: what a joiner may follow: a visible character, or the mark or variation selector ending one
_JOINABLE = regex.compile(rf"[{_VISIBLE_SET}\p{{M}}]", regex.V1)
_JOINERS = "\u200c\u200d"
_VARIATION_SELECTOR = regex.compile(r"\p{Variation_Selector}")
#: line breaks, tabs, and the bidirectional overrides and isolates that could make a name
#: display as another one
_CONTROL = regex.compile(r"[\p{Cc}\p{Zl}\p{Zp}\u202a-\u202e\u2066-\u2069]")
#: U+2800 (braille pattern blank) is a symbol that draws nothing: a filler like the Hangul ones
_INVISIBLE = regex.compile(r"[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]")


def normalise(value: str) -> str:
    """NFKC, then trimmed (NFKC first: it turns e.g. the ideographic space into a plain one)."""
    return unicodedata.normalize("NFKC", value).strip()


def check(name: str) -> str:
    """``name`` (already normalised) if it is a visible name or empty; otherwise ValueError
    saying which character is wrong and what to do."""
    for i, ch in enumerate(name):
        before, after = name[i - 1:i], name[i + 1:i + 2]
        if _CONTROL.match(ch):
            raise ValueError(f"a name cannot contain control characters such as {_describe(ch)}; "
                             "use a single line of plain text")
        if ch in _JOINERS:
            if not (_JOINABLE.match(before) and _VISIBLE.match(after)):
                raise ValueError(f"{_describe(ch)} may only stand between two visible characters; "
                                 "remove it from the start, the end, or beside a space or another joiner")
        elif _VARIATION_SELECTOR.match(ch):
            if not _VISIBLE.match(before):
                raise ValueError(f"{_describe(ch)} may only follow a visible character; remove it")
        elif _INVISIBLE.match(ch):
            raise ValueError(f"a name cannot contain {_describe(ch)}, an invisible character; remove it")
    if name and not _VISIBLE.search(name):
        raise ValueError('a name needs at least one visible character (a letter, digit, punctuation '
                         'mark or symbol); send "" to stay unnamed')
    return name


#: the longest chat message
MESSAGE_MAX = 500

MESSAGE_RULES = (f"Plain text, shown as is (never as markup). NFKC-normalised and trimmed, then 1 to "
                 f"{MESSAGE_MAX} characters with a visible one among them. Line breaks are allowed; "
                 "other control characters and bidirectional overrides are refused.")


def check_message(text: str) -> str:
    """A chat message (already normalised): ``text`` if it may be shown, else ValueError."""
    for ch in text:
        if ch != "\n" and _CONTROL.match(ch):
            raise ValueError(f"a message cannot contain control characters such as {_describe(ch)}")
    if not _VISIBLE.search(text):
        raise ValueError("a message needs at least one visible character")
    return text


def _describe(ch: str) -> str:
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" ({name.lower()})" if name else "")
