"""A heuristic bot for CATAN: On the Road.

What it knows of the game, in one sentence: victory points win, and every card in hand is either
part of the next building or spare change for a trade. From its view it works out the *goals*
(the buildings it could aim for now, each with a value), the *demand* (the resources those goals
need) and from that how much each card is worth to keep. Then:

- build the most valuable building it can (the winning one first), else end the turn;
- pay a building with as few cards as possible, keeping the cards the next goal needs;
- trade at most one spare card for one missing card per turn, accept a trade that helps it
  (the partner also draws a bonus card) unless the proposer is close to winning;
- discard and give away the cards it needs least.

A search bot leaves the composing of offers to it (``search_candidates``).
"""

from __future__ import annotations

from typing import Any

from gametable.bots.heuristics import HeuristicBot, Scorer
from gametable.engine import Action
from gametable.games.catan_road.cards import (
    BUILDING_INDEX,
    COSTS,
    LARGEST_ARMY_MIN,
    LONGEST_ROAD_MIN,
    RESOURCE_INDEX,
    VP_BONUS_CARD,
    WINNING_VP,
    counts,
)

# Values of a building, in "points" of this bot (not VP). A village is the yardstick: 1 VP and an
# event. A city or a metropolis adds 1 VP net *and* more cards every turn, so it is worth more.
VILLAGE_VALUE = 10
CITY_VALUE = 14
METROPOLIS_VALUE = 14
BONUS_CARD_VALUE = 18    # a road or knight that takes Longest Road / Largest Army: +2 VP
ROAD_RATE_VALUE = 4      # a road that improves the substitution rate (fewer roads, more gain)
KNIGHT_LIMIT_VALUE = 2   # a knight only raises the robber limit
WIN_BONUS = 100          # reaching 7 VP ends the game: nothing else matters

NEEDED_CARD = 2.0        # keeping a card a goal needs
SPARE_CARD = 0.3         # keeping a card no goal needs
LEADER_VP = WINNING_VP - 2  # do not trade with someone this close to winning
TRADE_BONUS_CARD = 1.0   # the trade partner draws a card from the deck


def _bonus_gain(me: dict, players: list[dict], holder: int | None, count_key: str, minimum: int) -> bool:
    """Would one more road (knight) take Longest Road (Largest Army)?"""
    after = me[count_key] + 1
    if holder == me["seat"] or after < minimum:
        return False
    return holder is None or after > players[holder][count_key]


def goal_values(view: dict[str, Any], seat: int) -> dict[str, float]:
    """Each building this seat could aim for now, with its value (VP gain, income, bonus cards)."""
    me = view["players"][seat]
    players = view["players"]
    row = set(view["row"])
    goals: dict[str, float] = {}
    if "village" in row:
        goals["village"] = VILLAGE_VALUE
    if "city" in row and me["villages"] > 0:
        goals["city"] = CITY_VALUE
    if view["metropolis_stack"]["remaining"] and me["cities"] > 0:
        goals["metropolis"] = METROPOLIS_VALUE
    if "road" in row:
        if _bonus_gain(me, players, view["longest_road"], "roads", LONGEST_ROAD_MIN):
            goals["road"] = BONUS_CARD_VALUE
        else:
            goals["road"] = ROAD_RATE_VALUE if me["substitution_rate"] > 1 else 0.5
    if "knight" in row:
        if _bonus_gain(me, players, view["largest_army"], "knights", LARGEST_ARMY_MIN):
            goals["knight"] = BONUS_CARD_VALUE
        else:
            goals["knight"] = KNIGHT_LIMIT_VALUE
    return goals


def vp_gain(view: dict[str, Any], seat: int, card: str) -> int:
    me, players = view["players"][seat], view["players"]
    if card in ("village", "city", "metropolis"):
        return 1  # a city covers its village, a metropolis its city: +1 net each time
    if card == "road" and _bonus_gain(me, players, view["longest_road"], "roads", LONGEST_ROAD_MIN):
        return VP_BONUS_CARD
    if card == "knight" and _bonus_gain(me, players, view["largest_army"], "knights", LARGEST_ARMY_MIN):
        return VP_BONUS_CARD
    return 0


class CatanRoadBot(HeuristicBot):
    game_names = ("catan-on-the-road",)

    def scorer(self, view: dict[str, Any], seat: int) -> Scorer:
        me = view["players"][seat]
        hand = counts(me["hand"])
        goals = goal_values(view, seat)
        ranked = sorted(goals, key=goals.__getitem__, reverse=True)
        # What the two best goals need: cards beyond that are spare and may go first.
        demand = [0] * 5
        for goal in ranked[:2] or ["village"]:
            cost = COSTS[BUILDING_INDEX[goal]]
            demand = [max(d, c) for d, c in zip(demand, cost)]
        missing = [max(0, d - h) for d, h in zip(demand, hand)]
        spare = [max(0, h - d) for d, h in zip(demand, hand)]

        def keep_value(resource: str, have: list[int] = hand) -> float:
            r = RESOURCE_INDEX[resource]
            return NEEDED_CARD if have[r] <= demand[r] else SPARE_CARD

        def gain_value(resource: str) -> float:
            r = RESOURCE_INDEX[resource]
            return NEEDED_CARD if hand[r] < demand[r] else SPARE_CARD

        def trade_gain(receive: list[str], give: list[str]) -> float:
            return sum(gain_value(r) for r in receive) - sum(keep_value(r) for r in give)

        def payment_loss(cards: list[str]) -> float:
            # Every card spent is a card less; a needed card hurts more than a spare one.
            left = hand[:]
            loss = 0.0
            for card in cards:
                r = RESOURCE_INDEX[card]
                loss += 1 + keep_value(card, left)
                left[r] -= 1
            return loss

        trade = view["trade"]
        tried_trade = _traded_this_turn(view)

        def score(action: Action) -> float:
            kind = action["type"]
            if kind == "build":
                card = action["card"]
                value = goals.get(card, 0.0)
                if me["vp"] + vp_gain(view, seat, card) >= WINNING_VP:
                    value += WIN_BONUS
                return value
            if kind == "end_turn":
                return 0.0
            if kind == "start_trade":
                useful = any(missing) and any(spare) and not view["trade_used"] and not tried_trade
                return 1.0 if useful else -1.0
            if kind == "pay":
                return -payment_loss(action["cards"])
            if kind in ("discard", "give"):
                r = action["resource"]
                # Least needed first; among equals, the resource held most often.
                value = -keep_value(r) + 0.1 * hand[RESOURCE_INDEX[r]]
                if kind == "give":
                    value -= 0.01 * view["players"][action["to_seat"]]["vp"]
                return value
            return _score_trade_step(action, view, seat, trade, missing, spare, trade_gain)

        return score

    def search_candidates(self, state: Any, seat: int, actions: list[Action]) -> list[Action]:
        """An offer is composed by this bot, never searched step by step: a search cannot tell
        its single steps apart (putting a card in, taking it out again) and dithered for
        hundreds of steps. Opening an offer is weighed only if this bot would compose one."""
        view = state.view(seat)
        if _composing(view["trade"], seat):
            return [self.choose(state, seat)]
        score = self.scorer(view, seat)
        kept = [a for a in actions if a["type"] not in _OPENERS or score(a) >= 0]
        return kept or actions


#: steps that open an offer to compose; a search weighs them only when this bot would compose one
_OPENERS = ("start_trade", "counter")


def _composing(trade: dict | None, seat: int) -> bool:
    """Is ``seat`` composing an offer (its own as the proposer, or a counter-offer)?"""
    if trade is None:
        return False
    if trade["stage"] == "compose":
        return trade["proposer"] == seat
    return any(a["seat"] == seat and a["answer"] == "countering" for a in trade["answers"])


def _traded_this_turn(view: dict[str, Any]) -> bool:
    """Has the active player proposed a trade this turn already? (one attempt per turn is enough)"""
    for entry in reversed(view["log"]):
        if entry["key"] == "catan.turn_started":
            return False
        if entry["key"] == "catan.trade_proposed":
            return True
    return False


def _score_trade_step(action: Action, view: dict[str, Any], seat: int, trade: dict | None,
                      missing: list[int], spare: list[int], trade_gain) -> float:
    kind = action["type"]
    if trade is None:
        return -1.0
    if kind in ("offer_give", "offer_ask"):
        # Compose a 1-for-1: our most plentiful spare card for our most missing card.
        r = RESOURCE_INDEX[action["resource"]]
        if kind == "offer_give":
            return 5.0 + spare[r] if not trade["give"] and spare[r] else -5.0
        return 5.0 + missing[r] if not trade["ask"] and missing[r] else -5.0
    if kind == "propose":
        return 10.0 if trade["give"] and trade["ask"] else -5.0
    if kind == "cancel_trade":
        return 0.0
    if kind == "trade_with":
        answer = next(a for a in trade["answers"] if a["seat"] == action["seat"])
        if answer["answer"] == "counter":
            # A counter-offer is seen from its maker: their give is what we receive.
            gain = trade_gain(answer["give"], answer["ask"])
        else:
            gain = trade_gain(trade["ask"], trade["give"])
        return 5.0 + gain if gain > 0 else -1.0
    if kind == "withdraw":
        return 0.0
    if kind == "accept":
        proposer = view["players"][trade["proposer"]]
        gain = trade_gain(trade["give"], trade["ask"]) + TRADE_BONUS_CARD
        if proposer["vp"] >= LEADER_VP:
            gain -= 3.0  # don't hand the leader the card that wins
        return gain
    if kind == "decline":
        return 0.0
    return -1.0  # counter-offers: this bot answers yes or no


__all__ = ["CatanRoadBot"]
