"""Building from the row and the metropolis stack: what can be built, paying, and what follows a build.

After a build, in this order (rule page, see docs/rules-decisions.md):
1. pay and put the card in the builder's area (a city covers a village, a metropolis a city);
2. recheck Longest Road and Largest Army (strictly more takes the card; a side-B tie ability wins ties);
3. with 7 VP or more the builder wins at once;
4. side-B road/knight metropolis: draw 1 card per road/knight owned;
5. a village draws and resolves an event card (which may need decisions from players);
6. once every decision is settled, refill the building row (and redeal five of a kind).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final, TYPE_CHECKING

from gametable.games.catan_road import events
from gametable.games.catan_road.cards import (
    BUILDING_INDEX,
    BUILDINGS,
    CITY,
    COSTS,
    DRAW_PER_KNIGHT,
    DRAW_PER_ROAD,
    KNIGHT,
    LARGEST_ARMY,
    LARGEST_ARMY_MIN,
    LARGEST_ARMY_TIES,
    LONGEST_ROAD,
    LONGEST_ROAD_MIN,
    LONGEST_ROAD_TIES,
    METROPOLIS,
    ROAD,
    VILLAGE,
    WINNING_VP,
    counts,
    names,
    substitution_rate,
)
from gametable.games.catan_road.payment import can_pay, payments

if TYPE_CHECKING:
    from gametable.games.catan_road.state import CatanState

BUILD_ACTIONS: Final = {card: {"type": "build", "card": BUILDINGS[card]} for card in (ROAD, VILLAGE, CITY, KNIGHT)}
_METROPOLIS_ACTIONS: dict[str, dict] = {}


def build_metropolis_action(card: str) -> dict:
    action = _METROPOLIS_ACTIONS.get(card)
    if action is None:
        action = _METROPOLIS_ACTIONS[card] = {"type": "build", "card": "metropolis", "metropolis": card}
    return action


def placeable(state: "CatanState", seat: int, card: int) -> bool:
    """A city needs an own village without a city; a metropolis an own city without a metropolis."""
    if card == CITY:
        return state.villages[seat] > 0
    if card == METROPOLIS:
        return state.cities[seat] > 0
    return True


# random play asks for the same hands again and again: some 37,000 distinct (hand, rate) in 18,000
# games, so that a smaller cache (it was 16,384) keeps evicting what it will be asked again
@lru_cache(maxsize=1 << 16)
def affordable(hand: tuple[int, ...], rate: int) -> tuple[int, ...]:
    """The building types (road, village, city, knight, metropolis: in that order) ``hand`` can
    pay for; often none or one, so that listing the builds looks at those only."""
    return tuple(card for card, cost in enumerate(COSTS) if can_pay(hand, cost, rate))


def legal_builds(state: "CatanState", seat: int) -> list[dict]:
    actions = []
    row = state.row
    for card in affordable(tuple(state.hands[seat]), substitution_rate(state.roads[seat])):
        if card != METROPOLIS:
            if card in row and placeable(state, seat, card):
                actions.append(BUILD_ACTIONS[card])
        elif state.metro_stack and state.cities[seat]:
            seen = []
            for name in state.metro_stack:  # side A: four identical cards, one choice
                if name not in seen:
                    seen.append(name)
                    actions.append(build_metropolis_action(name))
    return actions


def payment_options(state: "CatanState", seat: int, card: int) -> tuple[tuple[int, ...], ...]:
    return payments(state.hands[seat], COSTS[card], substitution_rate(state.roads[seat]))


def apply_build(state: "CatanState", seat: int, action: dict) -> None:
    card = BUILDING_INDEX[action["card"]]
    metropolis = action.get("metropolis")
    options = payment_options(state, seat, card)
    if len(options) == 1:
        _pay_and_build(state, seat, card, metropolis, options[0])
    else:  # more than one way to pay: the player chooses which cards go
        state.paying = (card, metropolis)
        state.phase = "pay"


def legal_pay(state: "CatanState", seat: int) -> list[dict]:
    return list(_pay_actions(payment_options(state, seat, state.paying[0])))


# payment_options' own tuples come from a cache: the same ones repeat (some 12,500 distinct in
# 18,000 random games: as large as the payments cache, so that it does not keep evicting them)
@lru_cache(maxsize=1 << 16)
def _pay_actions(options: tuple[tuple[int, ...], ...]) -> tuple[dict, ...]:
    return tuple(map(_pay_action, options))


# One action per set of cards, shared by every list that offers it: a dict holding a list is
# tracked by the garbage collector, and a full collection visits each one that the caches keep
# (a third of a million with a dict of its own per list and payment, 6% of random play's time).
@lru_cache(maxsize=1 << 14)
def _pay_action(cards: tuple[int, ...]) -> dict:
    return {"type": "pay", "cards": names(cards)}


def apply_pay(state: "CatanState", seat: int, action: dict) -> None:
    card, metropolis = state.paying
    state.paying = None
    _pay_and_build(state, seat, card, metropolis, counts(action["cards"]))


def _pay_and_build(state: "CatanState", seat: int, card: int, metropolis: str | None,
                   payment: list[int] | tuple[int, ...]) -> None:
    state.discard_cards(seat, payment)
    state.phase = "main"
    if card == METROPOLIS:
        state.cities[seat] -= 1
        state.metros[seat].append(metropolis)
        state.metro_stack.remove(metropolis)
        state.log.append({"key": "catan.built_metropolis", "seat": seat, "metropolis": metropolis,
                          "cards": names(payment)})
    else:
        state.row.remove(card)
        if card == ROAD:
            state.roads[seat] += 1
        elif card == VILLAGE:
            state.villages[seat] += 1
        elif card == CITY:
            state.villages[seat] -= 1
            state.cities[seat] += 1
        else:
            state.knights[seat] += 1
        state.log.append({"key": "catan.built", "seat": seat, "card": BUILDINGS[card],
                          "cards": names(payment)})

    recheck_bonus(state, seat, LONGEST_ROAD, state.roads, LONGEST_ROAD_MIN, LONGEST_ROAD_TIES)
    recheck_bonus(state, seat, LARGEST_ARMY, state.knights, LARGEST_ARMY_MIN, LARGEST_ARMY_TIES)

    vp = state.vp(seat)
    if vp >= WINNING_VP:
        state.winner = seat
        state.phase = "over"
        state.log.append({"key": "catan.won", "seat": seat, "vp": vp})
        return

    if metropolis == DRAW_PER_ROAD:
        state.draw(seat, state.roads[seat], DRAW_PER_ROAD)
    elif metropolis == DRAW_PER_KNIGHT:
        state.draw(seat, state.knights[seat], DRAW_PER_KNIGHT)

    if card == VILLAGE:
        events.resolve(state, state.draw_event())
    if state.phase == "main":
        state.resume_main()


def recheck_bonus(state: "CatanState", seat: int, bonus: str, owned: list[int], minimum: int,
                  tie_card: str) -> None:
    """Give ``bonus`` to ``seat`` (who just built) if it now qualifies.

    Counts only change for the builder, so only the builder can take a bonus card: when nobody
    holds it at ``minimum``, from the holder with strictly more, or on a tie with the side-B
    card that wins ties for it.
    """
    holder = getattr(state, bonus)
    mine = owned[seat]
    how = bonus_move(holder, seat, mine, None if holder is None else owned[holder], minimum,
                     tie_card in state.metros[seat])
    if how is None:
        return
    unit = "roads" if bonus == LONGEST_ROAD else "knights"
    if how == "claimed":
        entry = {"key": "catan.bonus_claimed"}
    elif how == "taken":
        entry = {"key": "catan.bonus_taken", "from_seat": holder}
    else:
        entry = {"key": "catan.bonus_taken_on_tie", "from_seat": holder, "metropolis": tie_card}
    setattr(state, bonus, seat)
    entry.update(seat=seat, bonus=bonus, count=mine, unit=unit)
    state.log.append(entry)


def bonus_move(holder: int | None, seat: int, mine: int, theirs: int | None, minimum: int,
               wins_ties: bool) -> str | None:
    """How a bonus card held by ``holder`` (``theirs`` roads/knights) comes to ``seat`` with
    ``mine``: "claimed" (nobody held it), "taken" (strictly more), "taken_on_tie" (a side-B
    card that wins ties), or None. Shared by the build and by the notes that foresee it."""
    if holder == seat or mine < minimum:
        return None
    if holder is None:
        return "claimed"
    if mine > theirs:
        return "taken"
    if mine == theirs and wins_ties:
        return "taken_on_tie"
    return None
