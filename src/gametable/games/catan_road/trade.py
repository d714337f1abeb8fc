"""The one player trade per turn, as small public steps.

1. The active player starts a trade and builds the offer card by card: cards to give, cards to ask
   for (``offer_give`` / ``offer_ask``; a card put in is taken out again with ``offer_remove_give`` /
   ``offer_remove_ask``), then ``propose`` (or ``cancel_trade``).
2. Every other player answers, simultaneously: ``accept`` (only when holding the cards asked for),
   ``decline``, or ``counter`` and then build a counter-offer card by card (``counter_give`` /
   ``counter_ask``, from the responder's side; ``counter_remove_give`` / ``counter_remove_ask`` take
   a card out) and ``submit_counter`` (or ``decline``). A player
   with no cards cannot give anything and declines at once.
3. The active player trades with one player who accepted or countered (``trade_with``), or
   ``withdraw``s. The partner then draws 1 card. Only a completed trade uses up the turn's trade.

Both sides give at least one card (cards are never given away) and no resource type appears on both
sides. To keep every step's choices few and every trade finite, nobody asks for more cards than
the other side could hold: in total no more than the largest hand among them, and of one type no
more than the cards of that type outside the asker's own hand.
"""

from __future__ import annotations

from operator import ge
from typing import Final, TYPE_CHECKING

from gametable.games.catan_road.cards import RESOURCE_COUNTS, RESOURCE_INDEX, RESOURCES, names

if TYPE_CHECKING:
    from gametable.games.catan_road.state import CatanState

START_TRADE: Final = {"type": "start_trade"}
PROPOSE: Final = {"type": "propose"}
CANCEL_TRADE: Final = {"type": "cancel_trade"}
ACCEPT: Final = {"type": "accept"}
DECLINE: Final = {"type": "decline"}
COUNTER: Final = {"type": "counter"}
SUBMIT_COUNTER: Final = {"type": "submit_counter"}
WITHDRAW: Final = {"type": "withdraw"}
OFFER_GIVE: Final = [{"type": "offer_give", "resource": r} for r in RESOURCES]
OFFER_ASK: Final = [{"type": "offer_ask", "resource": r} for r in RESOURCES]
COUNTER_GIVE: Final = [{"type": "counter_give", "resource": r} for r in RESOURCES]
COUNTER_ASK: Final = [{"type": "counter_ask", "resource": r} for r in RESOURCES]
# taking a card back out of the offer being built (a misclick must not force a cancel)
OFFER_REMOVE_GIVE: Final = [{"type": "offer_remove_give", "resource": r} for r in RESOURCES]
OFFER_REMOVE_ASK: Final = [{"type": "offer_remove_ask", "resource": r} for r in RESOURCES]
COUNTER_REMOVE_GIVE: Final = [{"type": "counter_remove_give", "resource": r} for r in RESOURCES]
COUNTER_REMOVE_ASK: Final = [{"type": "counter_remove_ask", "resource": r} for r in RESOURCES]
TRADE_WITH: Final = [{"type": "trade_with", "seat": s} for s in range(4)]

# answers
PENDING: Final = "pending"
ACCEPTED: Final = "accept"
DECLINED: Final = "decline"
COUNTERING: Final = "countering"
COUNTERED: Final = "counter"


class Trade:
    """The trade in progress. ``give``/``ask`` are the active player's offer, seen from the active
    player; ``counters[seat]`` is that seat's counter-offer ``(give, ask)`` seen from that seat."""

    __slots__ = ("stage", "give", "ask", "answers", "counters", "ask_cap")

    def __init__(self, num_players: int) -> None:
        self.stage = "compose"  # then "answer", then "choose"
        self.give = [0, 0, 0, 0, 0]
        self.ask = [0, 0, 0, 0, 0]
        self.answers: list[str | None] = [None] * num_players
        self.counters: list[tuple[list[int], list[int]] | None] = [None] * num_players
        # the most cards the offer may ask for: the largest hand among the others, kept once known
        # (no hand changes while a trade lasts; random play lists the offer's steps at each card)
        self.ask_cap: int | None = None

    def __new__(cls, num_players: int = 0) -> "Trade":
        # spelled out for a build compiled by mypyc, whose classes offer Trade.__new__ only so
        return super().__new__(cls)

    def copy(self) -> "Trade":
        other = Trade.__new__(Trade)
        other.stage = self.stage
        other.give = self.give[:]
        other.ask = self.ask[:]
        other.answers = self.answers[:]
        other.counters = [None if c is None else (c[0][:], c[1][:]) for c in self.counters]
        other.ask_cap = self.ask_cap
        return other

    def to_act(self, state: "CatanState") -> list[int]:
        if self.stage != "answer":
            return [state.active]
        answers = self.answers
        return [s for s in state.order() if answers[s] == PENDING or answers[s] == COUNTERING]


def can_start(state: "CatanState", seat: int) -> bool:
    if state.trade_used:
        return False
    # this hand and another hold a card: more than one hand holds any
    return any(state.hands[seat]) and sum(map(any, state.hands)) > 1


def _covers(hand: list[int], cards: list[int]) -> bool:
    return all(map(ge, hand, cards))


_OFFER_SET: Final = (OFFER_GIVE, OFFER_ASK, PROPOSE, CANCEL_TRADE, OFFER_REMOVE_GIVE, OFFER_REMOVE_ASK)
_COUNTER_SET: Final = (COUNTER_GIVE, COUNTER_ASK, SUBMIT_COUNTER, DECLINE, COUNTER_REMOVE_GIVE, COUNTER_REMOVE_ASK)


def _compose_actions(hand: list[int], give: list[int], ask: list[int], ask_total_cap: int,
                     counter: bool) -> list[dict]:
    """The steps of composing an offer, in this order: add a card to give, add a card to ask for,
    take back a card given, take back a card asked for (each in resource order), submit, quit.
    Built in one pass over the resources: random play lists these at most of its decisions."""
    give_actions, ask_actions, submit, quit, remove_give, remove_ask = _COUNTER_SET if counter else _OFFER_SET
    actions, asks, removes_give, removes_ask = [], [], [], []
    asking = sum(ask) < ask_total_cap
    for r in range(5):
        g, a, h = give[r], ask[r], hand[r]
        if a:
            removes_ask.append(remove_ask[r])
        elif g < h:
            actions.append(give_actions[r])
        if g:
            removes_give.append(remove_give[r])
        elif asking and a < RESOURCE_COUNTS[r] - h:
            asks.append(ask_actions[r])
    actions += asks
    actions += removes_give
    actions += removes_ask
    if removes_give and removes_ask:
        actions.append(submit)
    actions.append(quit)
    return actions


def legal(state: "CatanState", seat: int) -> list[dict]:
    t = state.trade
    hands = state.hands
    if t.stage == "compose":
        cap = t.ask_cap
        if cap is None:
            sizes = list(map(sum, hands))
            sizes[seat] = 0  # the largest hand among the others (none is smaller than 0)
            cap = t.ask_cap = max(sizes)
        return _compose_actions(hands[seat], t.give, t.ask, cap, False)
    if t.stage == "answer":
        if t.answers[seat] == COUNTERING:
            give, ask = t.counters[seat]
            return _compose_actions(hands[seat], give, ask, sum(hands[state.active]), True)
        actions = [ACCEPT] if _covers(hands[seat], t.ask) else []
        actions.append(COUNTER)
        actions.append(DECLINE)
        return actions
    return [TRADE_WITH[s] for s in _takeable(state)] + [WITHDRAW]


def _takeable(state: "CatanState") -> list[int]:
    """Seats the active player can complete the trade with: accepted, or countered with cards they hold."""
    t = state.trade
    hand = state.hands[state.active]
    out = []
    for s in state.order():
        answer = t.answers[s]
        if answer == ACCEPTED or (answer == COUNTERED and _covers(hand, t.counters[s][1])):
            out.append(s)
    return out


# -- the active player ---------------------------------------------------------------------------

def apply_start(state: "CatanState", seat: int, action: dict) -> None:
    state.trade = Trade(state.n)
    state.phase = "trade"


def _card_step(counter: bool, side: int, delta: int):
    """The handler that puts a card into (``delta`` 1) or takes it out of (-1) one side (0: what
    is given, 1: what is asked for) of the offer being built: the proposer's own offer, or the
    acting seat's counter-offer."""

    def apply(state: "CatanState", seat: int, action: dict) -> None:
        trade = state.trade
        cards = trade.counters[seat][side] if counter else (trade.give, trade.ask)[side]
        cards[RESOURCE_INDEX[action["resource"]]] += delta

    return apply


def apply_cancel(state: "CatanState", seat: int, action: dict) -> None:
    _close(state)


def apply_propose(state: "CatanState", seat: int, action: dict) -> None:
    t = state.trade
    t.stage = "answer"
    state.log.append({"key": "catan.trade_proposed", "seat": seat, "give": names(t.give), "ask": names(t.ask)})
    for s in state.order():
        if s == seat:
            continue
        if sum(state.hands[s]):
            t.answers[s] = PENDING
        else:  # nothing to give, so neither accepting nor countering is possible
            t.answers[s] = DECLINED
            state.log.append({"key": "catan.trade_declined_no_cards", "seat": s})
    _after_answer(state)


def apply_trade_with(state: "CatanState", seat: int, action: dict) -> None:
    t = state.trade
    partner = action["seat"]
    if t.answers[partner] == ACCEPTED:
        gives, gets = t.give, t.ask
    else:
        gets, gives = t.counters[partner]  # the partner's give is what the active player gets
    mine, theirs = state.hands[seat], state.hands[partner]
    for r in range(5):
        mine[r] += gets[r] - gives[r]
        theirs[r] += gives[r] - gets[r]
    state.log.append({"key": "catan.traded", "seat": seat, "partner_seat": partner,
                      "gave": names(gives), "got": names(gets)})
    state.trade_used = True
    _close(state)
    state.draw(partner, 1, "trade_bonus")


def apply_withdraw(state: "CatanState", seat: int, action: dict) -> None:
    state.log.append({"key": "catan.trade_withdrawn", "seat": seat})
    _close(state)


def _close(state: "CatanState") -> None:
    state.trade = None
    state.phase = "main"


# -- the other players ---------------------------------------------------------------------------

def apply_accept(state: "CatanState", seat: int, action: dict) -> None:
    state.trade.answers[seat] = ACCEPTED
    state.log.append({"key": "catan.trade_accepted", "seat": seat})
    _after_answer(state)


def apply_decline(state: "CatanState", seat: int, action: dict) -> None:
    t = state.trade
    t.answers[seat] = DECLINED
    t.counters[seat] = None
    state.log.append({"key": "catan.trade_declined", "seat": seat})
    _after_answer(state)


def apply_counter(state: "CatanState", seat: int, action: dict) -> None:
    t = state.trade
    t.answers[seat] = COUNTERING
    t.counters[seat] = ([0, 0, 0, 0, 0], [0, 0, 0, 0, 0])


def apply_submit_counter(state: "CatanState", seat: int, action: dict) -> None:
    t = state.trade
    t.answers[seat] = COUNTERED
    give, ask = t.counters[seat]
    state.log.append({"key": "catan.trade_countered", "seat": seat, "give": names(give), "ask": names(ask)})
    _after_answer(state)


def _after_answer(state: "CatanState") -> None:
    """When everyone has answered: on to the active player's choice, or the offer fails."""
    t = state.trade
    if PENDING in t.answers or COUNTERING in t.answers:
        return
    if _takeable(state):
        t.stage = "choose"
    else:
        state.log.append({"key": "catan.trade_failed", "seat": state.active})
        _close(state)


HANDLERS: Final = {
    "start_trade": apply_start,
    "offer_give": _card_step(False, 0, 1),
    "offer_ask": _card_step(False, 1, 1),
    "offer_remove_give": _card_step(False, 0, -1),
    "offer_remove_ask": _card_step(False, 1, -1),
    "propose": apply_propose,
    "cancel_trade": apply_cancel,
    "accept": apply_accept,
    "decline": apply_decline,
    "counter": apply_counter,
    "counter_give": _card_step(True, 0, 1),
    "counter_ask": _card_step(True, 1, 1),
    "counter_remove_give": _card_step(True, 0, -1),
    "counter_remove_ask": _card_step(True, 1, -1),
    "submit_counter": apply_submit_counter,
    "trade_with": apply_trade_with,
    "withdraw": apply_withdraw,
}
