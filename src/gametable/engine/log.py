"""Structured game-log entries and what each seat may see of them.

An entry is a JSON object with a translation ``key`` and its parameters, for example
``{"key": "catan.drew", "seat": 1, "count": 2, "private": {"cards": ["ore", "wool"]}}``.
Whatever sits under ``private`` is known only to the seats listed in ``private_to``
(by default the entry's own ``seat``); every other viewer gets the entry without it.
"""

from __future__ import annotations

from typing import Any, Iterable

LogEntry = dict[str, Any]


def entry_for(entry: LogEntry, seat: int | None) -> LogEntry:
    """The entry as ``seat`` (None = spectator) may see it."""
    if "private" not in entry:
        return entry
    allowed = entry.get("private_to")
    if allowed is None:
        allowed = (entry.get("seat"),)
    if seat is not None and seat in allowed:
        return entry
    return {k: v for k, v in entry.items() if k not in ("private", "private_to")}


def log_for(entries: Iterable[LogEntry], seat: int | None) -> list[LogEntry]:
    return [entry_for(e, seat) for e in entries]
