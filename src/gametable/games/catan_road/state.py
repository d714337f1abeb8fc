"""The state of one game of CATAN: On the Road, and the card movements every rule shares.

Everything is plain lists of small ints (see cards.py) so that a clone is a handful of list
copies and legal-action generation does no allocation beyond the action list itself.
Phases (``phase``):

- ``main``: the active player's action phase (build, trade, end the turn);
- ``pay``: the active player chooses which cards pay for the build in ``paying``;
- ``trade``: a trade is being composed, answered or chosen (see trade.py);
- ``robber``: players over their hand limit choose discards, one card at a time;
- ``charity``: the leaders choose which card to give, and to whom;
- ``over``: someone has won.

The draw phase needs no decision and happens inside ``end_turn`` (and at setup).
"""

from __future__ import annotations

from typing import Any, Final

from gametable.engine import Action, Rng, State
from gametable.games.catan_road import building, determinize, events, explain, notes, serialize, trade, turn, view
from gametable.games.catan_road.cards import (
    BUILDINGS,
    CHARITY_FEWER,
    EVENT_DECK,
    EVENTS,
    METROPOLIS_DRAW_BONUS,
    RESOURCES,
    ROW_SIZE,
    VP_BONUS_CARD,
    VP_CITY,
    VP_METROPOLIS,
    VP_VILLAGE,
    names,
)


class CatanState(State):
    __slots__ = (
        "n", "side", "first_game", "charity_receivers", "rng",
        "hands", "res_deck", "res_discard",
        "bdeck", "row", "edeck", "ediscard", "metro_stack",
        "roads", "knights", "villages", "cities", "metros",
        "longest_road", "largest_army",
        "active", "turn", "phase", "trade_used", "paying", "trade", "owed", "charity",
        "last_event", "winner", "log", "_legal_cache",
    )

    # The cards a payment uses are a set: legal_pay lists each way to pay once, in resource order.
    unordered_params = {"pay": ("cards",)}
    # Ending the turn starts the next player's draw phase (rules reference §3.1).
    turn_end_actions = frozenset({"end_turn"})

    def __new__(cls, num_players: int = 0, side: str = "", first_game: bool = False, rng: Rng | None = None,
                charity_receivers: str = "") -> "CatanState":
        # spelled out for the build compiled by mypyc, whose classes offer CatanState.__new__ (clone,
        # pickle) only so
        return super().__new__(cls)

    def __init__(self, num_players: int, side: str, first_game: bool, rng: Rng,
                 charity_receivers: str = CHARITY_FEWER) -> None:
        n = num_players
        self.n = n
        self.side = side
        self.first_game = first_game
        self.charity_receivers = charity_receivers
        self.rng = rng
        self.hands: list[list[int]] = [[0, 0, 0, 0, 0] for _ in range(n)]
        self.res_deck: list[int] = []           # face down, drawn from the end
        self.res_discard: list[int] = [0, 0, 0, 0, 0]  # counts; its order never matters
        self.bdeck: list[int] = []              # building deck, drawn from the end
        self.row: list[int] = []                # face-up building row
        self.edeck: list[int] = []              # event deck, drawn from the end
        self.ediscard: list[int] = []
        self.metro_stack: list[str] = []        # metropolis cards not yet built
        self.roads = [1] * n                    # the starting road counts
        self.knights = [0] * n
        self.villages = [1] * n                 # villages with no city on them (starting village too)
        self.cities = [0] * n                   # cities with no metropolis on them
        self.metros: list[list[str]] = [[] for _ in range(n)]
        self.longest_road: int | None = None
        self.largest_army: int | None = None
        self.active = 0
        self.turn = 1
        self.phase = "main"
        self.trade_used = False
        self.paying: tuple[int, str | None] | None = None  # (building, metropolis card) while paying
        self.trade: trade.Trade | None = None
        self.owed = [0] * n                     # Robber discards still owed
        self.charity: events.Charity | None = None
        self.last_event: tuple[int, int] | None = None  # (seat who drew it, event)
        self.winner: int | None = None
        self.log: list[dict[str, Any]] = []
        self._legal_cache = None

    # -- the engine protocol -----------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.n

    def _active_alone(self) -> bool:
        """Whether the active player alone decides now: the main phase, paying, and a trade that
        is not being answered (Trade.to_act's common case, without the call)."""
        phase = self.phase
        return phase == "main" or phase == "pay" or (phase == "trade" and self.trade.stage != "answer")

    def to_act(self) -> list[int]:
        if self._active_alone():
            return [self.active]
        phase = self.phase
        if phase == "over":
            return []
        if phase == "trade":
            return self.trade.to_act(self)
        if phase == "robber":
            return [s for s in self.order() if self.owed[s]]
        return self.charity.to_act()

    def legal_actions(self, seat: int) -> list[Action]:
        # State.legal_actions and State._cached_legal in one (one call instead of four, at every
        # decision of random play): the cache only ever holds the actions of a seat that is to
        # act now (it is filled after that check and cleared by apply)
        cache = self._legal_cache
        if cache is None or cache[0] != seat:
            if self._active_alone():  # (to_act()'s common case, without building its list)
                if seat != self.active:
                    return []
            elif seat not in self.to_act():
                return []
            cache = self._legal_cache = (seat, _LEGAL[self.phase](self, seat))
        return list(cache[1])

    def apply(self, seat: Any, action: Any) -> Action:  # as sent: checked here or by State.apply
        # State.apply for the usual case, a legal action of a seat whose actions are cached
        # (random play lists them just before): the cache stands for the checks of seat and turn.
        # Anything else (an error to report, a payment's cards in another order) goes through
        # State.apply, its checks and its messages.
        cache = self._legal_cache
        if cache is not None and cache[0] == seat and type(seat) is int and type(action) is dict:
            legal = cache[1]
            try:
                canonical = legal[legal.index(action)]
            except ValueError:
                return State.apply(self, seat, action)
            self._legal_cache = None
            # the offered action itself, not State.apply's copy of it: CATAN's handlers only read it
            _HANDLERS[canonical["type"]](self, seat, canonical)
            return canonical
        return State.apply(self, seat, action)

    def _legal_actions(self, seat: int) -> list[Action]:
        return _LEGAL[self.phase](self, seat)

    def _apply(self, seat: int, action: Action) -> None:
        _HANDLERS[action["type"]](self, seat, action)

    def reveal_marker(self) -> tuple[int, ...]:
        # Every resource, building or event card drawn shrinks its face-down deck, and every
        # shuffle (resources, the event deck) moves the RNG: see docs/rules-decisions.md (undo).
        return (self.rng.state, len(self.res_deck), len(self.bdeck), len(self.edeck))

    def is_over(self) -> bool:
        return self.winner is not None

    def _result(self) -> dict[str, Any]:
        return {
            "scores": [{"seat": s, "total": self.vp(s), "breakdown": self.vp_breakdown(s)}
                       for s in range(self.n)],
            "winners": [self.winner],
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        return view.view(self, seat)

    def to_json(self) -> dict[str, Any]:
        return serialize.to_json(self)

    def explain_illegal(self, seat: int, action: Action) -> str:
        return explain.explain(self, seat, action)

    def action_notes(self, seat: int, view: dict[str, Any] | None = None) -> list[list[dict[str, Any]]]:
        legal = self.legal_actions(seat)
        if not legal:
            return []
        view = self.view(seat) if view is None else view
        return [notes.action_notes(action, view) for action in legal]

    def determinize(self, seat: int, rng: Rng) -> "CatanState":
        return determinize.determinize(self, seat, rng)

    def provisional_scores(self) -> list[float]:
        return [self.vp(s) for s in range(self.n)]

    def clone(self) -> "CatanState":
        other = CatanState.__new__(CatanState)
        other.n = self.n
        other.side = self.side
        other.first_game = self.first_game
        other.charity_receivers = self.charity_receivers
        other.rng = self.rng.copy()
        other.hands = [h[:] for h in self.hands]
        other.res_deck = self.res_deck[:]
        other.res_discard = self.res_discard[:]
        other.bdeck = self.bdeck[:]
        other.row = self.row[:]
        other.edeck = self.edeck[:]
        other.ediscard = self.ediscard[:]
        other.metro_stack = self.metro_stack[:]
        other.roads = self.roads[:]
        other.knights = self.knights[:]
        other.villages = self.villages[:]
        other.cities = self.cities[:]
        other.metros = [m[:] for m in self.metros]
        other.longest_road = self.longest_road
        other.largest_army = self.largest_army
        other.active = self.active
        other.turn = self.turn
        other.phase = self.phase
        other.trade_used = self.trade_used
        other.paying = self.paying
        other.trade = self.trade.copy() if self.trade is not None else None
        other.owed = self.owed[:]
        other.charity = self.charity.copy() if self.charity is not None else None
        other.last_event = self.last_event
        other.winner = self.winner
        other.log = self.log[:]  # entries are never changed once written
        other._legal_cache = None
        return other

    # -- scoring -------------------------------------------------------------------------------

    def vp(self, seat: int) -> int:
        return (VP_VILLAGE * self.villages[seat] + VP_CITY * self.cities[seat]
                + VP_METROPOLIS * len(self.metros[seat])
                + VP_BONUS_CARD * ((self.longest_road == seat) + (self.largest_army == seat)))

    def vp_breakdown(self, seat: int) -> dict[str, int]:
        return {
            "villages": VP_VILLAGE * self.villages[seat],
            "cities": VP_CITY * self.cities[seat],
            "metropolises": VP_METROPOLIS * len(self.metros[seat]),
            "longest_road": VP_BONUS_CARD * (self.longest_road == seat),
            "largest_army": VP_BONUS_CARD * (self.largest_army == seat),
        }

    # -- shared card movements -------------------------------------------------------------

    def order(self) -> tuple[int, ...]:
        """All seats in turn order, starting with the active player."""
        return _ORDERS[self.n][self.active]

    def draw(self, seat: int, count: int, reason: str) -> int:
        """``seat`` draws ``count`` resource cards; returns how many it could draw.

        An empty deck is rebuilt from the shuffled discard pile; with both empty the remaining
        draws are skipped (rules reference section 8).
        """
        if count <= 0:
            return 0
        deck = self.res_deck
        hand = self.hands[seat]
        if count == 1 and deck:  # the draw phase's and the trade bonus's card: the loop below, unrolled
            r = deck.pop()
            hand[r] += 1
            self.log.append({"key": "catan.drew", "seat": seat, "count": 1, "reason": reason,
                             "private": {"cards": [RESOURCES[r]]}})
            return 1
        got = [0, 0, 0, 0, 0]
        drawn = 0
        while drawn < count:
            if not deck:
                if not self._reshuffle_resources():
                    break
            r = deck.pop()
            hand[r] += 1
            got[r] += 1
            drawn += 1
        if drawn:
            cards = [RESOURCES[r]] if drawn == 1 else names(got)
            self.log.append({"key": "catan.drew", "seat": seat, "count": drawn, "reason": reason,
                             "private": {"cards": cards}})
        if drawn < count:
            self.log.append({"key": "catan.draw_short", "seat": seat, "missing": count - drawn,
                             "reason": reason})
        return drawn

    def _reshuffle_resources(self) -> bool:
        discard = self.res_discard
        total = sum(discard)
        if not total:
            return False
        deck = self.res_deck
        for r in range(5):
            deck.extend([r] * discard[r])
            discard[r] = 0
        self.rng.shuffle(deck)
        self.log.append({"key": "catan.resources_reshuffled", "count": total})
        return True

    def discard_cards(self, seat: int, cards: list[int] | tuple[int, ...]) -> None:
        """Move a count vector from ``seat``'s hand to the (face-up) resource discard pile."""
        hand = self.hands[seat]
        discard = self.res_discard
        for r in range(5):
            c = cards[r]
            if c:
                hand[r] -= c
                discard[r] += c

    def draw_phase(self) -> None:
        """Everyone draws 1 (active player first), then the active player's city and metropolis bonus."""
        a = self.active
        for s in self.order():
            self.draw(s, 1, "draw_phase")
        self.draw(a, self.cities[a], "city_bonus")
        self.draw(a, len(self.metros[a]) * METROPOLIS_DRAW_BONUS[self.side], "metropolis_bonus")

    def refill_row(self) -> None:
        """Fill the building row back to 5, then redeal while it shows five of a kind."""
        row, deck = self.row, self.bdeck
        if len(row) >= ROW_SIZE or not deck:
            return
        added = []
        while len(row) < ROW_SIZE and deck:
            card = deck.pop()
            row.append(card)
            added.append(BUILDINGS[card])
        self.log.append({"key": "catan.row_refilled", "cards": added})
        self.redeal_five_of_a_kind()

    def redeal_five_of_a_kind(self) -> None:
        """Five cards of one type go back into the deck and five new ones are dealt, as often as needed.

        When the deck holds nothing of another type a redeal could only show the same five cards
        again, so the row stays (the game would otherwise never go on).
        """
        row, deck = self.row, self.bdeck
        while (len(row) == ROW_SIZE and row.count(row[0]) == ROW_SIZE
               and any(card != row[0] for card in deck)):
            deck.extend(row)
            row.clear()
            self.rng.shuffle(deck)
            for _ in range(ROW_SIZE):
                row.append(deck.pop())
            self.log.append({"key": "catan.row_redealt", "cards": [BUILDINGS[c] for c in row]})

    def draw_event(self) -> int:
        if not self.edeck:
            self.edeck = list(EVENT_DECK)
            self.ediscard = []
            self.rng.shuffle(self.edeck)
            self.log.append({"key": "catan.events_reshuffled"})
        event = self.edeck.pop()
        self.ediscard.append(event)
        self.last_event = (self.active, event)
        self.log.append({"key": "catan.event", "seat": self.active, "event": EVENTS[event]})
        return event

    def resume_main(self) -> None:
        """Every pending decision of a build is settled: refill the row and go back to the action phase."""
        self.refill_row()
        self.phase = "main"


# _ORDERS[n][active]: the seats of an n-player game in turn order from ``active``
_ORDERS: Final = {n: tuple(tuple((a + i) % n for i in range(n)) for a in range(n)) for n in range(1, 5)}

_LEGAL: Final = {
    "main": turn.legal_main,
    "pay": building.legal_pay,
    "trade": trade.legal,
    "robber": events.legal_robber,
    "charity": events.legal_charity,
}

_HANDLERS: Final = {
    "end_turn": turn.apply_end_turn,
    "build": building.apply_build,
    "pay": building.apply_pay,
    "discard": events.apply_discard,
    "give": events.apply_give,
    **trade.HANDLERS,
}
