"""Paying a building cost with road substitution (rule page: "replace 1 required card by N cards").

When paying, any required card may be replaced by ``rate`` identical cards of one other type
(``rate`` = 4, 3, 2, 1 for 1, 2, 3, 4+ roads), as often as the player likes. No card comes from
any deck: the payment is just a different set of cards from the hand going to the discard pile.

A payment is a count vector ``p``. With ``k[t]`` required cards of type ``t`` substituted and
``m[u]`` groups of ``rate`` cards of type ``u`` paying for them, ``p = cost - k + rate * m`` with
``sum(k) == sum(m) == S``. Each group must be of a type other than the card it replaces; such an
assignment exists exactly when ``k[t] + m[t] <= S`` for every type (a zero-diagonal transport
matrix with those margins), which is the test used below.
"""

from __future__ import annotations

from itertools import product

Vector = tuple[int, int, int, int, int]


def can_pay(hand: list[int], cost: tuple[int, ...], rate: int) -> bool:
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


def payments(hand: list[int], cost: tuple[int, ...], rate: int) -> list[Vector]:
    """Every distinct set of cards (count vector) from ``hand`` that pays ``cost``, sorted."""
    found: set[Vector] = set()
    for k in product(*(range(c + 1) for c in cost)):
        direct = [cost[t] - k[t] for t in range(5)]
        if any(direct[t] > hand[t] for t in range(5)):
            continue
        s = sum(k)
        caps = [min((hand[t] - direct[t]) // rate, s - k[t]) for t in range(5)]
        for m in _compositions(s, caps):
            found.add(tuple(direct[t] + rate * m[t] for t in range(5)))  # type: ignore[misc]
    return sorted(found, key=lambda p: (sum(p), [-x for x in p]))


def _compositions(total: int, caps: list[int]):
    """Vectors m with 0 <= m[i] <= caps[i] and sum(m) == total."""
    if total == 0:
        yield (0, 0, 0, 0, 0)
        return
    if sum(caps) < total:
        return

    def rec(i: int, left: int, prefix: tuple[int, ...]):
        if i == 4:
            if left <= caps[4]:
                yield prefix + (left,)
            return
        rest = sum(caps[i + 1:])
        for x in range(max(0, left - rest), min(caps[i], left) + 1):
            yield from rec(i + 1, left - x, prefix + (x,))

    yield from rec(0, total, ())
