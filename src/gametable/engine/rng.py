"""The seeded random number generator every game state carries.

We use our own small generator (SplitMix64) rather than :mod:`random` so that its whole
state is one integer: it serialises into ``to_json()`` for free, clones in O(1), and its
output can never change under us with a Python upgrade, so an action log recorded today
replays to the same game tomorrow.
"""

from __future__ import annotations

from typing import MutableSequence, Sequence, TypeVar

T = TypeVar("T")

_RANGE = 1 << 64
_MASK = _RANGE - 1
_GOLDEN = 0x9E3779B97F4A7C15
# _RANGE - _RANGE % n (the rejection limit of below(n)) for the small n of a game's choices and
# shuffles, looked up rather than worked out with a big-int modulo at every draw
_LIMITS = (0,) + tuple(_RANGE - _RANGE % n for n in range(1, 257))


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        # Mixing the seed once keeps nearby seeds (0, 1, 2...) from starting on nearby states.
        self.state = (int(seed) * _GOLDEN) & _MASK

    def next_u64(self) -> int:
        return self.below(_RANGE)  # every 64-bit value is below 2**64: nothing rejected, no modulo

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        # Reject the top sliver of the 64-bit range that would bias the modulo.
        limit = _LIMITS[n] if n < 257 else _RANGE - _RANGE % n
        while True:
            # SplitMix64's step, here rather than in next_u64: below() is the hottest call of random play
            self.state = z = (self.state + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x < limit:
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        # below(len(items)) written out, as in shuffle(): a random bot calls this at every decision
        n = len(items)
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _LIMITS[n] if n < 257 else _RANGE - _RANGE % n
        while True:
            self.state = z = (self.state + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x < limit:
                return items[x % n]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place: for each i from the end, swap with ``below(i + 1)``.

        below() is written out here (the same draws, the same rejections): a game's setup
        shuffles a few hundred cards, and a call per card was half of the cost."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS[n] if n < 257 else _RANGE - _RANGE % n
            while True:
                state = z = (state + _GOLDEN) & _MASK
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                x = z ^ (z >> 31)
                if x < limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def __new__(cls, seed: int = 0) -> "Rng":
        # spelled out for a build compiled by mypyc, whose classes offer Rng.__new__ only so
        return super().__new__(cls)

    def copy(self) -> "Rng":
        other = Rng.__new__(Rng)
        other.state = self.state
        return other

    def to_json(self) -> int:
        return self.state

    @classmethod
    def from_json(cls, state: int) -> "Rng":
        rng = cls.__new__(cls)
        rng.state = int(state) & _MASK
        return rng
