"""The state of a Great Western Trail game: plain lists and ints, cheap to clone and to serialise.

Rules live in the sibling modules (movement, railroad, effects, kansas_city, objectives, turn,
scoring), functions that take the state; this module only holds the data and the protocol
plumbing, and imports none of them: the state holds its edition (editions.py), which names the
tables, the rule hooks and the rule modules the protocol methods call.
"""

from __future__ import annotations

import copy
import marshal
from typing import TYPE_CHECKING, Any, Iterable, Mapping

from gametable.engine import Game, Rng, State

if TYPE_CHECKING:
    from .editions import Edition


#: a Player's attributes (a module constant, not read back from Player.__slots__, which a class
#: compiled by mypyc does not offer)
_PLAYER_FIELDS = ("money", "cert", "perm_certs", "hand", "deck", "discard", "objectives", "buildings",
                  "workers", "discs", "masters", "hazards", "teepees", "removed", "replaced", "herder",
                  "engine", "job_token", "exchange")


class Player:
    """One seat's belongings. Lists are owned by this object; clone() copies them."""

    __slots__ = _PLAYER_FIELDS

    def __init__(self, ed: "Edition") -> None:
        self.money = 0
        self.cert = 0              # index on the certificate track (ed.CERT_TRACK)
        self.perm_certs = 0        # permanent certificates (station masters)
        self.hand: list[str] = []
        self.deck: list[str] = []  # draw pile, top card last
        self.discard: list[str] = []  # discard pile, top card last
        self.objectives: list[str] = []  # objective area (played or committed cards)
        self.buildings: list[str] = []   # private building tiles not yet placed
        self.workers = [1, 1, 1]   # cowboys, craftsmen, engineers, the printed ones included
        self.discs = list(ed.DISC_GROUP_SIZES)  # discs still on each disc group
        self.masters: list[str] = []
        self.hazards: list[str] = []
        self.teepees: list[str] = []
        self.removed: list[str] = []   # cards removed from the game (auxiliary action 5)
        self.replaced: list[str] = []  # building tiles replaced on the trail (out of the game)
        self.herder = -1           # trail node, -1 before the first turn
        self.engine = 0            # railroad position
        self.job_token = False
        self.exchange = ed.STARTING_EXCHANGE_TOKENS  # exchange tokens (second edition)

    def __new__(cls, ed: "Edition | None" = None) -> "Player":
        # spelled out for a build compiled by mypyc, whose classes offer Player.__new__ only so
        return super().__new__(cls)

    def clone(self) -> "Player":
        p = Player.__new__(Player)
        p.money = self.money
        p.cert = self.cert
        p.perm_certs = self.perm_certs
        p.hand = self.hand[:]
        p.deck = self.deck[:]
        p.discard = self.discard[:]
        p.objectives = self.objectives[:]
        p.buildings = self.buildings[:]
        p.workers = self.workers[:]
        p.discs = self.discs[:]
        p.masters = self.masters[:]
        p.hazards = self.hazards[:]
        p.teepees = self.teepees[:]
        p.removed = self.removed[:]
        p.replaced = self.replaced[:]
        p.herder = self.herder
        p.engine = self.engine
        p.job_token = self.job_token
        p.exchange = self.exchange
        return p

    def to_json(self, ed: "Edition") -> dict[str, Any]:
        return {name: (list(v) if isinstance(v := getattr(self, name), list) else v)
                for name in _PLAYER_SAVED[ed.second]}  # exchange tokens: second edition

    @classmethod
    def from_json(cls, data: Mapping[str, Any], ed: "Edition") -> "Player":
        p = cls(ed)
        for name in _PLAYER_SAVED[ed.second]:  # exchange tokens: second edition
            value = data[name]
            setattr(p, name, list(value) if isinstance(value, list) else value)
        return p

    def all_deck_cards(self) -> list[str]:
        return self.deck + self.hand + self.discard


#: the Player fields saved, by ``ed.second``: exchange tokens only in the second edition (the
#: first edition's JSON is as it always was)
_SECOND_EDITION_PLAYER = ("exchange",)
_PLAYER_SAVED = {
    False: tuple(f for f in _PLAYER_FIELDS if f not in _SECOND_EDITION_PLAYER),
    True: tuple(f for f in _PLAYER_FIELDS if f not in _SECOND_EDITION_PLAYER) + _SECOND_EDITION_PLAYER,
}

#: the fields of GwtState serialised by to_json() (clone() names each of them too: the compiled build
#: has no __dict__ to fill from these lists; the round-trip-and-clone tests catch one it misses)
_SCALARS = ("n", "options", "current", "phase", "b_location", "b_local_used", "b_aux_used",
            "b_acted", "kc_started", "kc_visit", "kc_total", "token_row", "end_triggered",
            "final_turns", "first_player", "over", "result_cache")
_LISTS = ("trail_tile", "trail_owner", "station_master", "station_worker", "market",
          "cattle_stack", "obj_display", "obj_stack", "out_of_game", "boxed", "b_available",
          "frames", "sides", "scoring_queue")
_NESTED = ("station_discs", "city_discs", "jobs", "piles", "foresight")
#: lists of the second edition only (saved in its JSON only): the buildings whose local actions
#: were used this turn (no re-use); the Simmental stacks of Heifers and Cows and the orange cards
#: that left the game when upgraded (Simmental variant)
_SECOND_EDITION_LISTS = ("b_used", "sim_heifers", "sim_cows", "sim_retired")
#: the lists saved, by ``ed.second``
_SAVED_LISTS = {False: _LISTS, True: _LISTS + _SECOND_EDITION_LISTS}


class GwtState(State):
    """Great Western Trail, either edition: ``edition`` holds its tables, its rule hooks and the
    rule modules (editions.py). See the package docstring for the module map."""

    # A pair of cattle bought together (§1.3) and two cards discarded together (building F, 3a)
    # are sets: legal_actions lists each once, with the cards in sorted order.
    unordered_params = {"buy": ("cards",), "discard": ("cards",)}
    # Ending phase B goes on to phase C and the next player (§9.6). (A Kansas City visit ends
    # the turn on its own after its last decision, which no type names in advance.)
    turn_end_actions = frozenset({"end_phase_b"})
    # the board, built again only when it changed (view._lasting)
    lasting_view_keys = ("trail", "railroad")

    #: the legal actions of this position, as turn.settle left them (None: not known, computed on
    #: demand by turn.legal_actions); a clone starts without them
    _acts: list[dict[str, Any]] | None = None
    #: State._cached_legal's cache: the list the _legal_actions hook gave for this position (one
    #: seat decides at a time, so no seat is kept with it); apply and State.apply clear it
    _legal_cache: Any = None  # (typed as State's, which the compiled build requires)

    def __new__(cls, edition: "Edition | None" = None) -> "GwtState":
        # spelled out for the build compiled by mypyc, whose classes offer GwtState.__new__ (clone,
        # pickle) only so
        return super().__new__(cls)

    def __init__(self, edition: "Edition") -> None:
        # Filled by setup.new_state() or from_json(); listed here for the reader.
        self.edition = edition
        self.n = 0
        self.options: dict[str, Any] = {}
        self.sides: list[str] = []          # side "a"/"b" of private buildings 1..10 (1..12)
        self.rng = Rng(0)
        self.players: list[Player] = []
        self.log: list[dict[str, Any]] = []
        # board
        self.trail_tile: list[str | None] = []   # per trail node: building/hazard/teepee id
        self.trail_owner: list[int] = []         # per trail node: owner seat of a private building
        self.station_discs: list[list[int]] = []  # per station: seats with a disc there
        self.station_master: list[str | None] = []  # per station: master tile still there
        self.station_worker: list[str | None] = []  # per station: worker given for its master
        self.city_discs: list[list[int]] = []     # per city: seats, one entry per disc
        self.jobs: list[list[str | None]] = []    # job market rows, placement order, None = hired
        self.token_row = 0                        # 0-based row holding the job-market token
        self.piles: list[list[str]] = []          # Kansas City supply, top tile last
        self.foresight: list[list[str | None]] = []
        self.market: list[str] = []
        self.cattle_stack: list[str] = []
        self.obj_display: list[str] = []
        self.obj_stack: list[str] = []
        self.out_of_game: list[str] = []          # tiles that left the game
        self.boxed: list[str] = []                # starting objectives not dealt
        # turn
        self.first_player = 0
        self.current = 0
        self.phase = "A"             # A, B, C (transient), scoring, over
        self.b_location = -1         # trail node used in phase B
        self.b_available: list[str] = []  # local actions (sources) not yet used in phase B
        self.b_local_used = False
        self.b_aux_used = False
        self.b_acted = False
        self.frames: list[dict[str, Any]] = []  # pending decisions, top last
        self.kc_started = False
        self.kc_visit = False
        self.kc_total = 0
        self.end_triggered = False
        self.final_turns: int | None = None
        self.over = False
        self.result_cache: dict[str, Any] | None = None
        self.scoring_queue: list[list[Any]] = []  # [seat, objective card] still to commit or drop
        self.b_used: list[int] = []  # trail nodes whose local actions were used this turn
        self.sim_heifers: list[str] = []  # Simmental variant: the Heifer stack
        self.sim_cows: list[str] = []     # the Cow stack
        self.sim_retired: list[str] = []  # upgraded Calves and Heifers, out of the game
        #: Garth's seats (garth.py): per seat None or its difficulty, specialization and piles;
        #: empty when no seat is Garth's
        self.garth: list[dict[str, Any] | None] = []
        #: the parts of the views that last while unchanged (view._lasting): by name, what each
        #: was built from and the part. Not the game's state: shared by the clones of this one
        #: (a clone's parts are the same while what they are built from is), never saved or
        #: pickled (view.ViewMemo).
        self.view_memo: dict[str, tuple[Any, Any]] = edition.view.ViewMemo()

    # -- protocol -------------------------------------------------------------------------
    @property
    def game(self) -> "Game":  # the registry's game of this state's edition (State.game)
        return self.edition.game

    @property
    def num_players(self) -> int:
        return self.n

    def to_act(self) -> list[int]:
        return [] if self.over else [self.current]

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        # State.legal_actions for one seat deciding at a time (to_act() is [current] or []). The
        # cache is filled here and in apply as in _cached_legal, written out: a call to it in
        # these two, at every decision, cost random play 3% (bench/engine_throughput.py --compare)
        if self.over or seat != self.current:
            return []
        legal = self._legal_cache
        if legal is None:
            legal = self._legal_cache = self._legal_actions(seat)
        return list(legal)

    def _cached_legal(self, seat: int) -> list[dict[str, Any]]:
        # callers have checked that seat is the current one
        legal = self._legal_cache
        if legal is None:
            legal = self._legal_cache = self._legal_actions(seat)
        return legal

    def apply(self, seat: Any, action: Any) -> dict[str, Any]:  # as sent: checked here or by State.apply
        # State.apply for the usual case, a legal action of the current seat: found by identity (a
        # bot's pick from legal_actions, which passes every check of State.apply), or else by
        # equality for a dict with a type; anything else (an error to report, an unordered list in
        # another order) goes through State.apply, its checks and its messages.
        if seat == self.current and type(seat) is int and not self.over:
            legal = self._legal_cache
            if legal is None:
                legal = self._legal_cache = self._legal_actions(seat)
            for canonical in legal:
                if canonical is action:
                    break
            else:
                if type(action) is not dict or type(action.get("type")) is not str:
                    return State.apply(self, seat, action)
                try:
                    canonical = legal[legal.index(action)]
                except ValueError:
                    return State.apply(self, seat, action)
            self._legal_cache = None
            # the offered action itself, not State.apply's copy of it: the rules never change an
            # action or keep it (its lists go into the log as copies)
            self.edition.turn.apply_action(self, canonical)
            return canonical
        return State.apply(self, seat, action)

    def _legal_actions(self, seat: int) -> list[dict[str, Any]]:
        acts = self._acts  # as turn.settle left them, usually
        return acts if acts is not None else self.edition.turn.legal_actions(self)

    def _apply(self, seat: int, action: dict[str, Any]) -> None:
        self.edition.turn.apply_action(self, action)

    def reveal_marker(self) -> tuple[int, ...]:
        # Every draw from a face-down stack (a player's draw pile, the cattle and objective
        # stacks, the Kansas City tile piles) shrinks it, and every shuffle moves the RNG: see
        # docs/rules-decisions.md (undo). Station masters and foresight tiles lie face up.
        return (self.rng.state, len(self.cattle_stack), len(self.obj_stack),
                *map(len, self.piles), *(len(p.deck) for p in self.players),
                *(len(g["deck"]) for g in self.garth if g is not None))  # Garth's face-down cards

    def explain_illegal(self, seat: int, action: dict[str, Any]) -> str:
        return self.edition.turn.explain_illegal(self, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.edition.view.build_view(self, seat)

    def views(self, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        return self.edition.view.build_views(self, seats)

    def action_notes(self, seat: int, view: dict[str, Any] | None = None) -> list[list[dict[str, Any]]]:
        legal = self.legal_actions(seat)
        if not legal:
            return []
        view = self.view(seat) if view is None else view
        return self.edition.notes.choices_notes(self.edition, legal, view)

    def is_over(self) -> bool:
        return self.over

    def _result(self) -> dict[str, Any]:
        return self.result_cache  # computed once when the game ends (scoring.finish_game)

    def determinize(self, seat: int, rng: Rng) -> "GwtState":
        return self.edition.determinize.determinize(self, seat, rng)

    def provisional_scores(self) -> list[float]:
        return self.edition.determinize.provisional_scores(self)

    # -- copying --------------------------------------------------------------------------
    def clone(self) -> "GwtState":
        # attribute by attribute: the compiled build keeps them outside any __dict__ (and the
        # interpreter copies them so as fast as it filled the __dict__ in one go)
        s = GwtState.__new__(GwtState)
        s.edition = self.edition
        s.n = self.n
        s.options = self.options
        s.current = self.current
        s.phase = self.phase
        s.b_location = self.b_location
        s.b_local_used = self.b_local_used
        s.b_aux_used = self.b_aux_used
        s.b_acted = self.b_acted
        s.kc_started = self.kc_started
        s.kc_visit = self.kc_visit
        s.kc_total = self.kc_total
        s.token_row = self.token_row
        s.end_triggered = self.end_triggered
        s.final_turns = self.final_turns
        s.first_player = self.first_player
        s.over = self.over
        s.result_cache = self.result_cache
        s.trail_tile = self.trail_tile[:]
        s.trail_owner = self.trail_owner[:]
        s.station_master = self.station_master[:]
        s.station_worker = self.station_worker[:]
        s.market = self.market[:]
        s.cattle_stack = self.cattle_stack[:]
        s.obj_display = self.obj_display[:]
        s.obj_stack = self.obj_stack[:]
        s.out_of_game = self.out_of_game[:]
        s.boxed = self.boxed[:]
        s.b_available = self.b_available[:]
        s.frames = self.frames[:]
        s.sides = self.sides[:]
        s.scoring_queue = self.scoring_queue[:]
        s.b_used = self.b_used[:]
        s.sim_heifers = self.sim_heifers[:]
        s.sim_cows = self.sim_cows[:]
        s.sim_retired = self.sim_retired[:]
        s.station_discs = [x[:] for x in self.station_discs]
        s.city_discs = [x[:] for x in self.city_discs]
        s.jobs = [x[:] for x in self.jobs]
        s.piles = [x[:] for x in self.piles]
        s.foresight = [x[:] for x in self.foresight]
        s.rng = self.rng.copy()
        s.players = [p.clone() for p in self.players]
        s.log = self.log[:]
        garth = self.garth
        s.garth = [None if g is None else dict(g, deck=g["deck"][:], discard=g["discard"][:],
                                              extra_workers=g["extra_workers"][:])
                   for g in garth] if garth else []
        s.view_memo = self.view_memo
        return s

    def to_json(self) -> dict[str, Any]:
        ed = self.edition
        out: dict[str, Any] = {"game": ed.name}
        for name in _SCALARS + _SAVED_LISTS[ed.second]:  # its own lists: second edition
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, list) else value
        for name in _NESTED:
            out[name] = [list(x) for x in getattr(self, name)]
        out["options"] = dict(self.options)
        out["frames"] = [dict(f) for f in self.frames]
        out["rng"] = self.rng.to_json()
        out["players"] = [p.to_json(ed) for p in self.players]
        out["log"] = list(self.log)
        if self.garth:  # only with Garth's seats: every other game's JSON is as it was
            out["garth"] = [None if g is None else dict(g, deck=list(g["deck"]), discard=list(g["discard"]),
                                                      extra_workers=list(g["extra_workers"]))
                            for g in self.garth]
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any], edition: "Edition") -> "GwtState":
        data = _deep_copy(dict(data))
        s = cls(edition)
        for name in _SCALARS + _SAVED_LISTS[edition.second] + _NESTED:  # (second edition: its lists)
            setattr(s, name, data[name])
        s.rng = Rng.from_json(data["rng"])
        s.players = [Player.from_json(p, edition) for p in data["players"]]
        s.log = list(data["log"])
        s.garth = data.get("garth", [])
        return s

    # -- small helpers used everywhere -------------------------------------------------------
    def say(self, key: str, **params: Any) -> None:
        """Append a log entry ``<domain>.<key>`` ("gwt.hired"; the second edition's domain is gwt2e)."""
        params["key"] = self.edition.LOG_KEYS[key]
        self.log.append(params)


def _deep_copy(data: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of a saved state (nothing of the caller's is shared with the new state).
    marshal copies plain data in C, about four times as fast as copy.deepcopy (a restart
    decodes a thousand states at once); anything marshal cannot hold goes to copy.deepcopy."""
    try:
        return marshal.loads(marshal.dumps(data))
    except ValueError:
        return copy.deepcopy(data)
