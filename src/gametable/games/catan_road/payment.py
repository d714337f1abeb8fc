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


def payments(hand: list[int], cost: tuple[int, ...], rate: int) -> tuple[Vector, ...]:
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


@lru_cache(maxsize=1 << 16)  # a pure function of small tuples; random play repeats them a lot
def _payments(hand: Vector, cost: tuple[int, ...], rate: int) -> tuple[Vector, ...]:
    if rate == 1:
        found = set(_bounded_compositions(sum(cost), hand))
    else:
        found = set()
        total, held = sum(cost), sum(hand)
        for s in range(total + 1):
            if held < total + (rate - 1) * s:  # each substitution costs rate - 1 extra cards
                break
            found.update(_payments_with(s, hand, cost, rate))
    return tuple(sorted(found, key=lambda p: (sum(p), [-x for x in p])))


def _payments_with(s: int, hand: Vector, cost: tuple[int, ...], rate: int) -> set[Vector]:
    """Payments with exactly ``s`` substitutions, built type by type over the partial sums of k and m."""
    options = []  # per type: (k, m, cards paid of this type)
    max_k = [0, 0, 0, 0, 0]
    max_m = [0, 0, 0, 0, 0]
    for t in range(5):
        c, h = cost[t], hand[t]
        opts = []
        for k in range(min(c, s) + 1):
            base = c - k
            if base > h:
                continue
            top = min(s - k, (h - base) // rate)
            for m in range(top + 1):
                opts.append((k, m, base + rate * m))
            max_k[t] = k
            if top > max_m[t]:
                max_m[t] = top
        if not opts:
            return set()
        options.append(opts)
    # what the types after t can still add to the sums, to prune early
    rest_k = [sum(max_k[t + 1:]) for t in range(5)]
    rest_m = [sum(max_m[t + 1:]) for t in range(5)]
    states: dict[tuple[int, int], set[tuple[int, ...]]] = {(0, 0): {()}}
    for t in range(5):
        grown: dict[tuple[int, int], set[tuple[int, ...]]] = {}
        for (sk, sm), prefixes in states.items():
            for k, m, paid in options[t]:
                nk, nm = sk + k, sm + m
                if nk > s or nm > s or nk + rest_k[t] < s or nm + rest_m[t] < s:
                    continue
                bucket = grown.setdefault((nk, nm), set())
                for prefix in prefixes:
                    bucket.add(prefix + (paid,))
        states = grown
    return states.get((s, s), set())  # type: ignore[return-value]


def _bounded_compositions(total: int, caps: Vector) -> list[Vector]:
    """All vectors v with 0 <= v[i] <= caps[i] and sum(v) == total."""
    out: list[Vector] = []
    room = [sum(caps[i:]) for i in range(6)]
    if total <= room[0]:
        _fill(caps, room, 0, total, (), out)
    return out


def _fill(caps: Vector, room: list[int], i: int, left: int, prefix: tuple[int, ...],
          out: list[Vector]) -> None:
    """_bounded_compositions' recursion; a function of its own, since a closure calling itself is a
    reference cycle that only the cyclic collector frees (gametable.server.collector)."""
    if i == 4:
        if left <= caps[4]:
            out.append(prefix + (left,))  # type: ignore[arg-type]
        return
    for x in range(max(0, left - room[i + 1]), min(caps[i], left) + 1):
        _fill(caps, room, i + 1, left - x, prefix + (x,), out)
