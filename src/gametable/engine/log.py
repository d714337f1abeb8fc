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
    # entry_for inlined for the public entries (most of a log), which every viewer gets as they are
    return [e if "private" not in e else entry_for(e, seat) for e in entries]


class SeatLogs:
    """Each viewer's ``log_for`` of one log, kept between calls and extended with the entries
    appended since: a view is built after every action (and hundreds of times per move in a
    search bot's roll-outs), and filtering the whole log each time grows with the game.

    It relies on the log only growing and its entries never changing once written (the engine's
    rule for logs); a state holds one for its ``log`` list and drops it when that list is replaced
    (a clone or a determinization has its own list, and its own SeatLogs)."""

    __slots__ = ("log", "_seen")

    def __init__(self, log: list[LogEntry]) -> None:
        self.log = log
        self._seen: dict[int | None, list[LogEntry]] = {}

    def for_seat(self, seat: int | None) -> list[LogEntry]:
        """``log_for(self.log, seat)``, as a new list the caller may keep or change."""
        seen = self._seen.get(seat)
        if seen is None:
            seen = self._seen[seat] = []
        log = self.log
        if len(seen) > len(log):  # cut in place (never by the engine): filter it again
            seen.clear()
        if len(seen) < len(log):
            seen += log_for(log[len(seen):], seat)
        return seen[:]
