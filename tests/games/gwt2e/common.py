"""Second-edition scenario helpers: the first edition's builder, on a gwt-2e game."""

from __future__ import annotations

from typing import Any

from gametable.games.gwt.editions import SECOND as D
from tests.games.gwt import builder


def scenario2(players: int = 2, seed: int = 0, **kwargs: Any):
    """A second-edition position as builder.scenario sets one up; nobody holds an exchange token
    unless the test gives one, so the choices listed are those of the rule under test."""
    st = builder.scenario(players, seed, game="gwt-2e", **kwargs)
    for p in st.players:
        p.exchange = 0
    builder.refresh(st)
    return st


def node(name: str) -> int:
    return D.NODE_INDEX[name]


def foresight(st, columns) -> None:
    """The foresight spaces hold exactly these tiles (others go back to their piles)."""
    for c, tiles in enumerate(columns):
        st.piles[c].extend(t for t in st.foresight[c] if t)
        st.foresight[c] = []
        for tile in tiles:
            pile = next(p for p in st.piles if tile in p)
            pile.remove(tile)
            st.foresight[c].append(tile)
        st.foresight[c] += [None] * (2 - len(tiles))
