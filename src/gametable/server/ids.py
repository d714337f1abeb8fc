"""What a table id looks like, checked before any id reaches the store.

Tables get ``secrets.token_urlsafe(16)`` ids: 22 characters of the URL-safe base64 alphabet. The
rule allows up to 64 such characters, so every id ever handed out stays valid; anything else (a
NUL byte, which PostgreSQL refuses in text, a slash, a letter outside ASCII) cannot name a table
and is answered as an unknown table without asking the database.
"""

from __future__ import annotations

import re

from gametable.server.errors import NotFound

TABLE_ID_PATTERN = r"^[A-Za-z0-9_-]{1,64}$"
TABLE_ID_RULE = "a table id is 1 to 64 ASCII letters, digits, '-' or '_'"
NO_TABLE = "there is no table with this id"

_TABLE_ID = re.compile(TABLE_ID_PATTERN.replace("$", r"\Z"))  # \Z: no newline slips in before the end


def is_table_id(value: object) -> bool:
    return isinstance(value, str) and _TABLE_ID.match(value) is not None


def no_table_message(value: object) -> str:
    """What a client is told for an id that names no table (saying why, when it is malformed)."""
    if is_table_id(value):
        return f"{NO_TABLE}; check the invite link"
    return f"{NO_TABLE} ({TABLE_ID_RULE}); check the invite link"


def require_table_id(value: object) -> str:
    """``value`` if it can be a table id; otherwise NotFound, as for a table that does not exist."""
    if not is_table_id(value):
        raise NotFound(no_table_message(value))
    return value
