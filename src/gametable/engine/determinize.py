"""Shared pieces of determinization: dealing the cards a seat cannot see into the places they may be.

A search bot plays many imagined games from one position. Each starts from a *determinization*:
a full state that the searching seat cannot tell from the real one (the same view), with every
hidden card dealt again at random among the places it could be. Each game implements
``State.determinize(seat, rng)`` in a module beside it (``games/<game>/determinize.py``) with
these helpers.
"""

from __future__ import annotations

from typing import Any, MutableSequence, Sequence

from gametable.engine.rng import Rng


def redeal(rng: Rng, places: Sequence[MutableSequence[Any]]) -> None:
    """Deal the cards of ``places`` again, uniformly at random, each place keeping its size."""
    deal(rng, [card for place in places for card in place], places)


def deal(rng: Rng, cards: Sequence[Any], places: Sequence[MutableSequence[Any]]) -> None:
    """Deal ``cards`` (as many as the places hold together) uniformly at random into ``places``,
    each place keeping its size.

    The cards are sorted before the shuffle, so the deal depends only on which cards there are
    and on ``rng``, never on where they lay: two positions that differ only in hidden parts the
    seat cannot see give the same deal.
    """
    pool = sorted(cards)
    if len(pool) != sum(len(place) for place in places):
        raise ValueError("a deal needs exactly as many cards as its places hold")
    rng.shuffle(pool)
    start = 0
    for place in places:
        size = len(place)
        place[:] = pool[start:start + size]
        start += size


def fresh_rng(rng: Rng) -> Rng:
    """A new game RNG for a determinization: the real one is hidden (it fixes future draws)."""
    return Rng(rng.next_u64())
