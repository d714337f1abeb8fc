"""The seeded random number generator every game state carries.

We use our own small generator (SplitMix64) rather than :mod:`random` so that its whole
state is one integer: it serialises into ``to_json()`` for free, clones in O(1), and its
output can never change under us with a Python upgrade, so an action log recorded today
replays to the same game tomorrow.
"""

from __future__ import annotations

from typing import Final, MutableSequence, Sequence, TypeVar

try:
    from mypy_extensions import i64
except ImportError:  # the pure package needs nothing from mypy: it never takes the native path below
    i64 = int

T = TypeVar("T")

_RANGE: Final = 1 << 64
_MASK: Final = _RANGE - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
# _RANGE - _RANGE % n (the rejection limit of below(n)) for the small n of a game's choices and
# shuffles, looked up rather than worked out with a big-int modulo at every draw
_LIMITS: Final = (0,) + tuple(_RANGE - _RANGE % n for n in range(1, 257))


# -- the same draws in native 64-bit ints, for the build compiled by mypyc ---------------------
# There every value of 2**62 or more is a boxed big int and each step of SplitMix64 a generic
# call, slower than the interpreter's own (a choice cost 0.6 µs compiled, 0.4 µs interpreted).
# mypyc's i64 arithmetic wraps around as SplitMix64's does modulo 2**64 (the build compiles with
# -fwrapv, which makes that defined C: scripts/build_compiled.py); the state is kept as its
# two's-complement bit pattern, ">>" made logical by masking off the copied sign bits. The
# interpreter's i64 is int, which never wraps: _NATIVE is False there and the methods below keep to
# the big-int code, the truth that the native path reproduces (same draws, same rejections, same
# state; tests/engine/test_compiled_build.py replays the recorded games with it).

def _native_ints_wrap(x: i64) -> bool:
    return x * 4 == 0  # (2**62 * 4) % 2**64


_NATIVE: Final = _native_ints_wrap(1 << 62)
_HALF: Final = 1 << 63
_GOLDEN_SIGNED: Final = _GOLDEN - _RANGE
# 2**64 % n: the rejected top of the range is the r highest 64-bit values, -r to -1 as signed ints,
# and an unsigned x (x + 2**64 for a negative x) is x + r modulo n
_REMS: Final = (0,) + tuple(_RANGE % n for n in range(1, 257))


def _signed(state: int) -> i64:
    return i64(state - _RANGE) if state >= _HALF else i64(state)


def _unsigned(s: i64) -> int:
    return int(s) + _RANGE if s < 0 else int(s)


def _mix(s: i64) -> i64:
    """SplitMix64's output for the (signed) state ``s``."""
    z = (s ^ ((s >> 30) & 0x3FFFFFFFF)) * -4658895280553007687  # 0xBF58476D1CE4E5B9 - 2**64
    z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * -7723592293110705685  # 0x94D049BB133111EB - 2**64
    return z ^ ((z >> 31) & 0x1FFFFFFFF)


def _native_below(s: i64, n: i64) -> tuple[i64, i64]:
    """below(n) for 0 < n < 257 from the (signed) state ``s``: the state after it, and the draw."""
    r: i64 = _REMS[n]
    while True:
        s += _GOLDEN_SIGNED
        x = _mix(s)
        if x >= 0 or x < -r:
            break
    return s, (x % n if x >= 0 else (x % n + r) % n)


def _native_draw(rng: "Rng", n: i64) -> i64:
    """below(n) for 0 < n < 257, in native ints."""
    s, drawn = _native_below(_signed(rng.state), n)
    rng.state = _unsigned(s)
    return drawn


def _native_shuffle(rng: "Rng", items: MutableSequence[T]) -> None:
    """shuffle() of fewer than 257 items, in native ints."""
    s = _signed(rng.state)
    for i in range(len(items) - 1, 0, -1):
        s, j = _native_below(s, i + 1)
        items[i], items[j] = items[j], items[i]
    rng.state = _unsigned(s)


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
        if _NATIVE and n < 257:
            return int(_native_draw(self, n))
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
        if _NATIVE and n < 257:
            return items[_native_draw(self, n)]
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
        if _NATIVE and len(items) < 257:
            _native_shuffle(self, items)
            return
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
