"""What every game's research encoding provides: a fixed-size observation and a fixed action space.

An :class:`Encoding` is made for one game and one player count. It turns ``state.view(seat)``
(never the state itself, so nothing hidden can leak) into a flat list of numbers laid out field by
field (:class:`Layout`), and every legal action into one index of a fixed action table built from
the game's action types and parameter domains. Plain Python: numpy and the RL libraries are only
imported by the adapters (pettingzoo.py, gymnasium.py, openspiel.py, dataset.py).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Hashable, Iterable, Sequence

from gametable.engine import Action

View = dict[str, Any]


class UnencodableAction(ValueError):
    """A legal action the action table has no index for, or two legal actions on one index: a bug
    of the encoding (the table must cover every action the engine offers)."""


@dataclass(frozen=True)
class Field:
    name: str
    start: int
    size: int
    doc: str


class Layout:
    """Named, documented slices of the observation vector, in order."""

    def __init__(self) -> None:
        self.fields: list[Field] = []
        self.start: dict[str, int] = {}
        self.size = 0

    def add(self, name: str, size: int, doc: str) -> None:
        if name in self.start:
            raise ValueError(f"observation field {name!r} is defined twice")
        self.fields.append(Field(name, self.size, size, doc))
        self.start[name] = self.size
        self.size += size


class Vector:
    """A zeroed observation being filled in by field name (one-hots, counts, plain values)."""

    def __init__(self, layout: Layout) -> None:
        self.values = [0.0] * layout.size
        self._start = layout.start

    def set(self, name: str, value: float, i: int = 0) -> None:
        self.values[self._start[name] + i] = float(value)

    def add(self, name: str, i: int, value: float = 1.0) -> None:
        self.values[self._start[name] + i] += value

    def hot(self, name: str, i: int | None) -> None:
        """A one-hot (None: all zero)."""
        if i is not None:
            self.values[self._start[name] + i] = 1.0

    def counts(self, name: str, vocabulary: dict[str, int], items: Iterable[str]) -> None:
        for item in items:
            self.values[self._start[name] + vocabulary[item]] += 1.0


@dataclass(frozen=True)
class ActionBlock:
    """A run of consecutive action indices that share one action shape."""
    start: int
    count: int
    doc: str


class Encoding(ABC):
    """One game's observation layout and action table for ``num_players`` players."""

    game_name: ClassVar[str]

    def __init__(self, num_players: int) -> None:
        self.num_players = num_players
        self.layout = Layout()
        self._describe_observation(self.layout)
        self.keys: list[Hashable] = []
        self.blocks: list[ActionBlock] = []
        self._build_actions()
        self.index: dict[Hashable, int] = {}
        for i, key in enumerate(self.keys):
            if key in self.index:
                raise ValueError(f"action key {key!r} is listed twice")
            self.index[key] = i

    # -- what a game implements ----------------------------------------------------------------

    @abstractmethod
    def _describe_observation(self, layout: Layout) -> None:
        """Add every field of the observation to ``layout``."""

    @abstractmethod
    def _build_actions(self) -> None:
        """Add every action key, block by block, with :meth:`_block`."""

    @abstractmethod
    def _fill(self, view: View, out: Vector) -> None:
        """Write ``view`` (one seat's view) into the zeroed ``out``."""

    @abstractmethod
    def action_key(self, view: View, action: Action) -> Hashable:
        """The table key of ``action``, one of ``view``'s seat's legal actions."""

    # -- shared --------------------------------------------------------------------------------

    @property
    def observation_size(self) -> int:
        return self.layout.size

    @property
    def action_size(self) -> int:
        return len(self.keys)

    def _block(self, doc: str, keys: Sequence[Hashable]) -> None:
        self.blocks.append(ActionBlock(len(self.keys), len(keys), doc))
        self.keys.extend(keys)

    def observe(self, view: View) -> list[float]:
        """The observation of the seat whose view this is."""
        if view.get("seat") is None:
            raise ValueError("encode a seat's view (state.view(seat)), not a spectator's")
        if len(view["players"]) != self.num_players:
            raise ValueError(f"this encoding is for {self.num_players} players, "
                             f"the view has {len(view['players'])}")
        out = Vector(self.layout)
        self._fill(view, out)
        return out.values

    def action_index(self, view: View, action: Action) -> int:
        key = self.action_key(view, action)
        try:
            return self.index[key]
        except KeyError:
            raise UnencodableAction(f"{self.game_name}: the action table has no index for {action!r} "
                                    f"(key {key!r})") from None

    def legal_indices(self, view: View, legal: Sequence[Action]) -> list[int]:
        """The index of each legal action, in the same order; each index is used once."""
        indices = [self.action_index(view, action) for action in legal]
        if len(set(indices)) != len(indices):
            seen: dict[int, Action] = {}
            for i, action in zip(indices, legal):
                if i in seen:
                    raise UnencodableAction(f"{self.game_name}: {seen[i]!r} and {action!r} share action "
                                            f"index {i}")
                seen[i] = action
        return indices

    def action_for(self, view: View, legal: Sequence[Action], index: int) -> Action:
        """The legal action at ``index`` (ValueError if none is)."""
        return pick(legal, self.legal_indices(view, legal), index)

    def rel(self, view: View, seat: int | None) -> int | None:
        """A seat counted from the viewer: 0 the viewer, 1 the next seat in turn order, ..."""
        return None if seat is None else (seat - view["seat"]) % self.num_players

    def by_distance(self, view: View) -> list[dict[str, Any]]:
        """The views' players, the viewer first, then the following seats in turn order."""
        me = view["seat"]
        return [view["players"][(me + k) % self.num_players] for k in range(self.num_players)]


def pick(legal: Sequence[Action], indices: Sequence[int], index: int) -> Action:
    """The action of ``legal`` whose index (``indices``, in the same order) is ``index``."""
    for i, action in zip(indices, legal):
        if i == index:
            return action
    shown = sorted(indices)
    raise ValueError(f"action index {index!r} is not legal now (legal: {shown[:20]}"
                     f"{' ...' if len(shown) > 20 else ''})")


def outcome(result: dict[str, Any], seat: int) -> float:
    """The end-of-game reward every adapter uses: +1 for a winner (all tied winners), -1 otherwise."""
    return 1.0 if seat in result["winners"] else -1.0
