"""The engine protocol: what every game provides and what bots, the server and tests rely on.

A :class:`Game` describes a game and creates states. A :class:`State` is a deterministic
state machine: the same seed and the same actions always give the same ``to_json()``.
See docs/engine-protocol.md for the contract in prose.
"""

from __future__ import annotations

import json
from abc import ABC, ABCMeta, abstractmethod
from typing import Any, ClassVar, Hashable, Iterable, Mapping

from gametable.engine.compiled import mypyc_attr
from gametable.engine.errors import IllegalAction, InvalidOptions
from gametable.engine.log import LogEntry, SeatLogs
from gametable.engine.options import OptionSpec, resolve_options
from gametable.engine.rng import Rng

Action = dict[str, Any]


# In the build compiled by mypyc (scripts/build_compiled.py) State and the games' states are mypyc's
# own classes, whose attributes are read without a dictionary: ABCMeta as the metaclass rather than
# ABC as a base (mypyc cannot build __new__ above an interpreted base), and open to the states
# of other games that stay interpreted (tests/engine/toy_game.py).
@mypyc_attr(allow_interpreted_subclasses=True)
class State(metaclass=ABCMeta):
    """One game in progress.

    Subclasses implement the underscored hooks; the public methods here add the checks
    every game shares (whose turn it is, the action's shape, membership in the legal
    list), so a game never sees an action it has not offered.
    """

    game: ClassVar["Game"]

    #: per action type, the parameters whose list is an unordered collection (two cards bought
    #: together): ``apply`` accepts such a list in any order and returns the offered action.
    unordered_params: ClassVar[Mapping[str, tuple[str, ...]]] = {}

    #: the action types that always end the acting seat's turn (handing the decision to the next
    #: seat): a client may ask for a confirmation before sending one. Only the game's public
    #: rules decide it, never a trial apply (which could tell what a hidden card is).
    turn_end_actions: ClassVar[frozenset[str]] = frozenset()

    #: members of every seat's view that the game gives again (the very same object, in the
    #: views of this state and of the states that follow it) for as long as they do not change,
    #: so each must never be changed: the server encodes such a part once and finds it
    #: unchanged by identity afterwards (GWT's board)
    lasting_view_keys: ClassVar[tuple[str, ...]] = ()

    #: structured log entries, oldest first (see gametable.engine.log)
    log: list[LogEntry]

    #: each viewer's filtered ``log``, kept by visible_log; a class default, so a new state (a
    #: clone, a determinization, one read from JSON) starts without one and never shares another's
    _seat_logs: SeatLogs | None = None

    #: the legal actions of the position, kept by _cached_legal as (seat, actions); a game that
    #: lists them itself may keep another shape (GwtState: the list), hence Any for the type checker
    _legal_cache: Any

    # -- what a game implements -------------------------------------------------------------

    @abstractmethod
    def to_act(self) -> list[int]:
        """Seats that must decide now; several for simultaneous answers; empty when over."""

    @abstractmethod
    def _legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now, in a deterministic order."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """Apply an action already known to be legal."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (None = spectator), JSON-ready.

        Common keys: game, seat, to_act, players (own ``hand``, others ``hand_size``), log.
        """

    def views(self, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        """``view(seat)`` for each of ``seats`` at once (the server's update after a change). A
        game may build what every seat sees alike once and share it between the views, which
        are then read-only. This default builds each alone."""
        return {seat: self.view(seat) for seat in seats}

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def _result(self) -> dict[str, Any]:
        """``{"scores": [{"seat", "total", "breakdown"}], "winners": [...]}``"""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The full state, hidden parts and RNG included, as JSON-ready data."""

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    def clone(self) -> "State":
        """An independent copy. Games override this with something faster."""
        return self.game.from_json(json.loads(json.dumps(self.to_json())))

    def reveal_marker(self) -> Hashable | None:
        """A value that changes whenever an action reveals information (a card, tile or event
        drawn, a deck shuffled): typically the RNG's state (every shuffle and random pick moves
        it) with the size of every face-down stack (every draw shrinks one). An undo may not
        cross an action that changed it (gametable.engine.undo compares it before and after each
        action; nothing else pays for it). None, the default, means the game does not say: then
        every action counts as revealing, so nothing can be undone."""
        return None
    def determinize(self, seat: int, rng: Rng) -> "State":
        """A full state that ``seat`` cannot tell from this one (``view(seat)`` is the same), with
        everything the seat cannot see (other hands, draw piles, face-down supplies, the RNG) dealt
        again at random, drawing from ``rng``, as the hidden information allows; other seats'
        private log details are left out. Search bots play their imagined games from such states.
        Optional: a game without it is played by the search levels with the basic bot."""
        raise NotImplementedError(f"{self.game.name} cannot be determinized")

    def provisional_scores(self) -> list[float]:
        """Each seat's score if the game were scored now (a search bot's estimate where it stops
        looking ahead). This default knows only a finished game's result."""
        if self.is_over():
            return [s["total"] for s in self.result()["scores"]]
        return [0.0] * self.num_players

    def explain_illegal(self, seat: int, action: Action) -> str:
        """Why ``action`` is not legal for ``seat``; games may give a more specific reason."""
        return f"{action.get('type')!r} with these parameters is not a legal action now"

    def action_notes(self, seat: int, view: dict[str, Any] | None = None) -> list[list[dict[str, Any]]]:
        """What each of ``legal_actions(seat)`` costs and gives, in the same order: per action a
        list of notes shaped like log entries (a catalog ``key`` and parameters), [] where
        nothing is known. ``view``: ``self.view(seat)`` if the caller already has it. Optional:
        this default knows nothing; a game overrides it cheaply (no clone, no trial apply)."""
        return [[] for _ in self.legal_actions(seat)]

    def visible_log(self, seat: int | None) -> list[LogEntry]:
        """``log_for(self.log, seat)`` as a new list, for a view's ``log``: kept between calls and
        extended with the entries written since (SeatLogs), as a view is built after every action
        and filtering the whole log each time would grow with the game."""
        seat_logs = self._seat_logs
        if seat_logs is None or seat_logs.log is not self.log:  # a new log list: setup, clone, determinize
            seat_logs = self._seat_logs = SeatLogs(self.log)
        return seat_logs.for_seat(seat)

    # -- the shared, checked entry points --------------------------------------------------

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` (empty if it is not that seat's turn to decide).

        The actions are shared with the state's cache: treat them as read-only.
        """
        if seat not in self.to_act():
            return []
        return list(self._cached_legal(seat))

    def _cached_legal(self, seat: int) -> list[Action]:
        """``_legal_actions(seat)``, computed once per state (apply clears the cache); not a copy."""
        cache = getattr(self, "_legal_cache", None)
        if cache is not None and cache[0] == seat:
            return cache[1]
        actions = self._legal_actions(seat)
        self._legal_cache = (seat, actions)
        return actions

    # seat and action as a client sent them (Any): checked here, so that the compiled build too
    # answers a wrong one with IllegalAction rather than a TypeError of its own
    def apply(self, seat: Any, action: Any) -> Action:
        """Apply a legal action, or raise IllegalAction and leave the state untouched.

        Returns the legal action as the game offered it (what a log should store: never a
        lookalike such as 1.0 or true for 1)."""
        # type() first: isinstance against the Mapping ABC is slow, and nearly every action is a dict
        if not (type(action) is dict or isinstance(action, Mapping)) or not isinstance(action.get("type"), str):
            raise IllegalAction('an action must be a JSON object with a "type" string')
        if type(seat) is not int or not 0 <= seat < self.num_players:
            raise IllegalAction(f"there is no seat {seat!r} at this table")
        if self.is_over():
            raise IllegalAction("the game is over; no more actions can be taken")
        if seat not in self.to_act():
            waiting = ", ".join(str(s) for s in self.to_act())
            raise IllegalAction(f"it is not seat {seat}'s turn to act (waiting for seat {waiting})")
        legal = self._cached_legal(seat)  # only read here: no copy
        canonical: Action | None  # None: no legal action matches (checked by the compiled build)
        try:
            # The game's own action, not the lookalike it equals ({"count": True} == {"count": 1}),
            # so what a game applies and logs is always what it offered.
            canonical = legal[legal.index(action)]
        except ValueError:
            canonical = self._unordered_match(legal, action)
            if canonical is None:
                raise IllegalAction(self.explain_illegal(seat, dict(action))) from None
        self._legal_cache = None
        self._apply(seat, dict(canonical))
        return canonical

    def _unordered_match(self, legal: list[Action], action: Mapping[str, Any]) -> Action | None:
        """The legal action that ``action`` equals once its unordered lists are compared as
        multisets (element by element with ``==``, as ``legal.index`` compares), or None."""
        unordered = self.unordered_params.get(action["type"])
        if not unordered:
            return None
        for candidate in legal:
            if candidate.get("type") != action["type"] or candidate.keys() != action.keys():
                continue
            if all(_same_multiset(candidate[k], action[k]) if k in unordered else candidate[k] == action[k]
                   for k in candidate):
                return candidate
        return None

    def result(self) -> dict[str, Any]:
        if not self.is_over():
            raise IllegalAction("the game is not over yet, so there is no result")
        return self._result()


def _same_multiset(offered: Any, given: Any) -> bool:
    """Whether two lists hold equal elements, each as often, in any order."""
    if not isinstance(offered, list) or not isinstance(given, list) or len(offered) != len(given):
        return False
    left = list(given)
    for item in offered:
        for i, other in enumerate(left):
            if other == item:
                del left[i]
                break
        else:
            return False
    return True


# a plain class in the compiled build: each game sets its name, title and options per instance
@mypyc_attr(native_class=False)
class Game(ABC):
    """A game: its description, its options and a factory for new states."""

    name: ClassVar[str]
    title: ClassVar[str]
    #: prefix of this game's log keys and messages ("catan" in "catan.built")
    domain: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[Mapping[str, OptionSpec]] = {}
    #: the version of this game's rules and state JSON: raise it when a change makes a state
    #: stored by ``to_json()`` wrong for the new code (a rule that plays differently, a field
    #: added or read otherwise), so that stored checkpoints of the old version are not used
    #: (the server rebuilds such a table from its log instead)
    state_version: ClassVar[int] = 1

    def new(self, num_players: Any, seed: Any, options: Mapping[str, Any] | None = None) -> State:  # checked here
        self.check_players(num_players)
        if type(seed) is not int:
            raise InvalidOptions(f"the seed must be an integer, not {seed!r}")
        return self._new(num_players, seed, resolve_options(self.options, options))

    def check_players(self, num_players: Any) -> None:
        """InvalidOptions unless ``num_players`` is a number of players this game is for."""
        if type(num_players) is not int or not self.min_players <= num_players <= self.max_players:
            raise InvalidOptions(
                f"{self.title} is for {self.min_players} to {self.max_players} players, "
                f"not {num_players!r}"
            )

    @abstractmethod
    def _new(self, num_players: int, seed: int, options: dict[str, Any]) -> State: ...

    @abstractmethod
    def from_json(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state written by ``State.to_json()``."""

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "domain": self.domain,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [spec.to_json() for spec in self.options.values() if spec.lobby],
        }
