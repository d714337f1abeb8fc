"""The two editions of Great Western Trail, each an explicit object that every state holds.

An ``Edition`` carries what the rules read to know which game they play:

- its printed tables, as upper-case attributes (``ed.NODES``, ``ed.BUILDING``, ``ed.AUX``...):
  the first edition's from ``data/``, the second edition's from ``data/second_edition/`` where it
  prints a table differently and from ``data/`` otherwise (data/__init__.py);
- the tables the rule modules derive from those once (``ed.TRAIL_RUNS``, ``ed.AUX_FORMS``...: each
  module's ``derived_tables``, so a rule never recomputes them and never reads another edition's);
- its identity and rule hooks, lower-case: ``name`` (the registry's), ``domain`` (of its log keys
  and catalog messages), and ``second``, true for the second edition. Every rule the second
  edition changes tests ``ed.second`` where it differs, with a comment naming the rule, so
  searching for ``.second`` lists them all (docs/architecture.md, "Two editions of one game").

Each rule module is imported once and serves both editions: its functions take the state (or the
edition) and read the tables of ``st.edition``. The state's protocol methods reach the rules
through the edition too (``ed.turn``, ``ed.view``...), so state.py imports no rule module.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from . import common, determinize, effects, kansas_city, movement, notes, objectives, railroad, turn, view
from .data import FIRST_EDITION, SECOND_EDITION, read_tables

if TYPE_CHECKING:
    from gametable.engine import Game


class LogKeys(dict):
    """Full log keys by short key, each made the first time it is asked for."""

    def __init__(self, domain: str) -> None:
        super().__init__()
        self.prefix = domain + "."

    def __missing__(self, key: str) -> str:
        full = self[key] = self.prefix + key
        return full


class Edition:
    """One edition: its tables (upper-case attributes) and its identity and rule hooks."""

    game: "Game"  # the registry's game of this edition (set by the game's module)

    def __init__(self, name: str, domain: str, second: bool, folders: Sequence[Path]) -> None:
        self.name = name
        self.domain = domain
        #: the second edition (2021): the hook every rule it changes tests
        self.second = second
        # the rule modules the state's protocol methods call (the same for both editions; kept on
        # the object itself, where an attribute is found fastest: every action goes through turn)
        self.turn, self.view, self.notes, self.determinize = turn, view, notes, determinize
        self.__dict__.update(read_tables(folders))
        for module in (common, movement, railroad, effects, objectives, kansas_city, turn, view):
            self.__dict__.update(module.derived_tables(self))
        #: the log's full keys by short key ("hired" -> "gwt2e.hired"): one string for all the
        #: entries of a kind, not a new one per entry (GwtState.say)
        self.LOG_KEYS = LogKeys(domain)

    def __repr__(self) -> str:
        return f"<Great Western Trail edition {self.name}>"

    def __reduce__(self) -> tuple[Any, ...]:
        # one object per edition, also across processes (worker pools pickle states)
        return (by_name, (self.name,))


FIRST = Edition("gwt", domain="gwt", second=False, folders=[FIRST_EDITION])
SECOND = Edition("gwt-2e", domain="gwt2e", second=True, folders=[SECOND_EDITION, FIRST_EDITION])

_BY_NAME = {FIRST.name: FIRST, SECOND.name: SECOND}


def by_name(name: str) -> Edition:
    return _BY_NAME[name]
