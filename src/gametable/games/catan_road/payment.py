"""Paying a building cost with road substitution (rule page: "replace 1 required card by N cards").

When paying, any required card may be replaced by ``rate`` identical cards of one other type
(``rate`` = 4, 3, 2, 1 for 1, 2, 3, 4+ roads), as often as the player likes. No card comes from
any deck: the payment is just a different set of cards from the hand going to the discard pile.

A payment is a count vector ``p``. With ``k[t]`` required cards of type ``t`` substituted and
``m[u]`` groups of ``rate`` cards of type ``u`` paying for them, ``p = cost - k + rate * m`` with
``sum(k) == sum(m) == S``. Each group must be of a type other than the card it replaces; such an
assignment exists exactly when ``k[t] + m[t] <= S`` for every type (a zero-diagonal transport
matrix with those margins). At 1:1 this allows any ``sum(cost)`` cards of the hand.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Final, Sequence

Vector = tuple[int, int, int, int, int]


def can_pay(hand: Sequence[int], cost: tuple[int, ...], rate: int) -> bool:
    """True when some payment exists: the shortfall is covered by groups from the surplus."""
    short = 0
    groups = 0
    for t in range(5):
        diff = hand[t] - cost[t]
        if diff < 0:
            short -= diff
        else:
            groups += diff // rate
    return groups >= short


def payments(hand: Sequence[int], cost: tuple[int, ...], rate: int) -> tuple[Vector, ...]:
    """Every distinct set of cards (count vector) from ``hand`` that pays ``cost``, fewest cards first."""
    # The cache is keyed on the cards a payment can use: each type rounded down (see _usable), so
    # that every hand differing only in cards no payment could use shares one entry.
    usable = _usable(cost, rate)
    return _payments(tuple([u[h] if h < len(u) else u[-1] for h, u in zip(hand, usable)]), cost, rate)


@lru_cache(maxsize=None)  # one table per building cost and rate
def _usable(cost: tuple[int, ...], rate: int) -> tuple[tuple[int, ...], ...]:
    """Per type and number held, how many of them a payment can use at most (a table up to the
    largest: from ``held`` on, the last entry): a payment pays ``cost[t] - k + rate * m`` cards of
    type ``t`` (``k`` of its required cards replaced, ``m`` groups of it replacing others'), so
    never more than ``cost[t] + rate * (total - cost[t])`` (every other required card replaced by
    a group of it), and always one of those values: of ``held`` cards only the largest such
    value not above ``held`` can be used."""
    total = sum(cost)
    tables = []
    for c in cost:
        values = {c - k + rate * m for k in range(c + 1) for m in range(total - c + 1)}
        tables.append(tuple(max(v for v in values if v <= held) for held in range(max(values) + 1)))
    return tuple(tables)


# A card vector packed into one int, _FIELD bits per type (the first type highest, so that packed
# vectors sort as their tuples do) of which the top one is a guard: packed vectors add type by type
# (no type holds 64 cards), and a packed hand with every guard bit set, minus a packed payment,
# keeps all guard bits exactly when no type of the payment exceeds the hand.
_FIELD: Final = 7
_SHIFTS: Final = tuple(_FIELD * (4 - t) for t in range(5))
_MOST: Final = (1 << (_FIELD - 1)) - 1  # 63
_GUARDS: Final = sum(1 << (shift + _FIELD - 1) for shift in _SHIFTS)


def _pack(cards) -> int:
    return sum(min(x, _MOST) << shift for x, shift in zip(cards, _SHIFTS))


def _unpack(packed: int) -> Vector:
    return tuple([(packed >> shift) & _MOST for shift in _SHIFTS])  # type: ignore[return-value]


@lru_cache(maxsize=1 << 16)  # a pure function of small tuples; random play repeats them a lot
def _payments(hand: Vector, cost: tuple[int, ...], rate: int) -> tuple[Vector, ...]:
    # The required cards type by type, each paid by itself or by ``rate`` cards of one other type
    # (the same payments as the transport condition of the module's docstring), keeping only the
    # partial payments the hand covers.
    room = _pack(hand) | _GUARDS
    partial = {0}
    for t in range(5):
        if cost[t]:
            grown = set()
            for paid in partial:
                for way in _ways(t, cost[t], rate):
                    total = paid + way
                    if (room - total) & _GUARDS == _GUARDS:
                        grown.add(total)
            partial = grown
    # fewest cards first, then the larger counts of the earlier types first (a stable sort by the
    # number of cards of the tuples in descending order)
    found = list(map(_unpack, sorted(partial, reverse=True)))
    found.sort(key=sum)
    return tuple(found)


@lru_cache(maxsize=None)
def _ways(t: int, count: int, rate: int) -> tuple[int, ...]:
    """The packed card vectors that pay ``count`` required cards of type ``t``, each by itself or
    by ``rate`` cards of one other type."""
    return tuple(sorted({sum((1 if u == t else rate) << _SHIFTS[u] for u in choice)
                         for choice in combinations_with_replacement(range(5), count)}))
