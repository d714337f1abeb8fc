"""CATAN: On the Road as numbers: the observation of a seat's view and the fixed action table.

Seats are counted from the viewer (0 = the viewer, 1 = the next player in turn order, ...), in the
observation and in the actions that name a seat (``trade_with``, ``give``), so one policy serves
every seat. Field and action layouts are printed in docs/research.md.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Hashable

from gametable.engine import Action
from gametable.games.catan_road.cards import (
    BUILDINGS,
    COSTS,
    EVENTS,
    METROPOLIS_A,
    METROPOLIS_B,
    RESOURCE_COUNTS,
    RESOURCES,
    counts,
)
from gametable.games.catan_road.payment import payments
from gametable.rl.encoding import Encoding as BaseEncoding
from gametable.rl.encoding import Layout, Vector, View

PHASES = ("main", "pay", "trade", "robber", "charity", "over")
STAGES = ("compose", "answer", "choose")
#: a trade answer: None before the offer is proposed, then the engine's words
ANSWERS = (None, "pending", "accept", "decline", "countering", "counter")
METROPOLIS_CARDS = (METROPOLIS_A,) + METROPOLIS_B
ROW_BUILDINGS = BUILDINGS[:4]  # road village city knight
#: a player's numbers, in this order, in every per-player block
PLAYER_NUMBERS = ("vp", "roads", "villages", "cities", "knights", "robber_limit", "substitution_rate",
                  "discards_owed", "hand_size", "longest_road", "largest_army")
SIMPLE_ACTIONS = ("end_turn", "start_trade", "propose", "cancel_trade", "accept", "decline", "counter",
                  "submit_counter", "withdraw")
CARD_STEPS = ("offer_give", "offer_ask", "offer_remove_give", "offer_remove_ask",
              "counter_give", "counter_ask", "counter_remove_give", "counter_remove_ask", "discard")
_R = {r: i for i, r in enumerate(RESOURCES)}
_M = {m: i for i, m in enumerate(METROPOLIS_CARDS)}
_E = {e: i for i, e in enumerate(EVENTS)}
_B = {b: i for i, b in enumerate(BUILDINGS)}
#: a road substitution rate is 5 - roads, at least 1 (cards.substitution_rate): 5 with no road
_RATES = (1, 2, 3, 4, 5)


@lru_cache(maxsize=1)
def payment_vectors() -> tuple[tuple[int, ...], ...]:
    """Every set of cards (count per resource) that can pay some building at some rate: the
    payments of a hand holding every resource card of the game cover those of any real hand."""
    found = set()
    for cost in COSTS:
        for rate in _RATES:
            found.update(payments(list(RESOURCE_COUNTS), cost, rate))
    return tuple(sorted(found, key=lambda p: (sum(p), [-x for x in p])))


class Encoding(BaseEncoding):
    game_name = "catan-on-the-road"

    def _describe_observation(self, L: Layout) -> None:
        n = self.num_players
        L.add("phase", len(PHASES), "one-hot: " + ", ".join(PHASES))
        L.add("active_seat", n, "one-hot: whose turn it is (seat counted from the viewer)")
        L.add("to_act", n, "1 for each seat that must decide now")
        L.add("turn", 1, "the turn number")
        L.add("metropolis_side_b", 1, "1 if the metropolis cards show side B")
        L.add("first_game", 1, "1 with the first-game setup")
        for k in range(n):
            L.add(f"player{k}_numbers", len(PLAYER_NUMBERS),
                  "seat +k from the viewer: " + ", ".join(PLAYER_NUMBERS) + " (the last two 0/1)")
            L.add(f"player{k}_metropolises", len(METROPOLIS_CARDS),
                  "metropolis cards owned: " + ", ".join(METROPOLIS_CARDS))
        L.add("hand", len(RESOURCES), "the viewer's cards per resource: " + ", ".join(RESOURCES))
        L.add("row", len(ROW_BUILDINGS), "building row: cards of each kind (" + ", ".join(ROW_BUILDINGS) + ")")
        L.add("building_deck_size", 1, "cards left in the building deck")
        L.add("metropolis_stack", len(METROPOLIS_CARDS), "metropolis cards left, per card")
        L.add("resource_deck_size", 1, "cards in the resource deck")
        L.add("resource_discard_size", 1, "cards in the resource discard pile")
        L.add("event_deck_size", 1, "cards in the event deck")
        L.add("event_discard", len(EVENTS), "used event cards per event: " + ", ".join(EVENTS))
        L.add("last_event_seat", n, "one-hot: who drew this turn's event (none: all 0)")
        L.add("last_event", len(EVENTS), "one-hot: this turn's event")
        L.add("trade_used", 1, "1 if the active player has completed this turn's trade")
        L.add("trade", 1, "1 while a trade is open")
        L.add("trade_stage", len(STAGES), "one-hot: " + ", ".join(STAGES))
        L.add("trade_give", len(RESOURCES), "the offer: cards the active player gives, per resource")
        L.add("trade_ask", len(RESOURCES), "the offer: cards the active player asks for, per resource")
        for k in range(n):
            L.add(f"answer{k}", len(ANSWERS),
                  "seat +k's answer, one-hot: not asked (yet), pending, accept, decline, countering, "
                  "counter (the proposer's stays all 0)")
            L.add(f"answer{k}_give", len(RESOURCES), "seat +k's counter-offer: cards it gives")
            L.add(f"answer{k}_ask", len(RESOURCES), "seat +k's counter-offer: cards it asks for")
        L.add("paying", 1, "1 while the active player chooses how to pay")
        L.add("paying_card", len(BUILDINGS), "one-hot: the building being paid (" + ", ".join(BUILDINGS) + ")")
        L.add("paying_metropolis", len(METROPOLIS_CARDS), "one-hot: the metropolis card being paid")
        L.add("charity_givers", n, "1 for each seat that must give a card to Charity")
        L.add("charity_receivers", n, "1 for each seat that may receive a Charity card")
        L.add("winner", n, "one-hot: the winner, once the game is over")

    def _build_actions(self) -> None:
        n = self.num_players
        self._block("build {card}: road, village, city, knight",
                    [("build", card) for card in ROW_BUILDINGS])
        self._block("build {card: metropolis, metropolis}: " + ", ".join(METROPOLIS_CARDS),
                    [("build", "metropolis", m) for m in METROPOLIS_CARDS])
        self._block("pay {cards}: every payment vector (payment_vectors(), fewest cards first)",
                    [("pay", p) for p in payment_vectors()])
        self._block("no parameters: " + ", ".join(SIMPLE_ACTIONS), [(t,) for t in SIMPLE_ACTIONS])
        for t in CARD_STEPS:
            self._block(f"{t} {{resource}}: " + ", ".join(RESOURCES), [(t, r) for r in RESOURCES])
        self._block("trade_with {seat}: seat +1 .. +%d from the viewer" % (n - 1),
                    [("trade_with", k) for k in range(1, n)])
        self._block("give {resource, to_seat}: per resource, seat +1 .. +%d" % (n - 1),
                    [("give", r, k) for r in RESOURCES for k in range(1, n)])

    def action_key(self, view: View, action: Action) -> Hashable:
        t = action["type"]
        if t == "build":
            return ("build", "metropolis", action["metropolis"]) if action["card"] == "metropolis" \
                else ("build", action["card"])
        if t == "pay":
            return ("pay", tuple(counts(action["cards"])))
        if t == "trade_with":
            return (t, self.rel(view, action["seat"]))
        if t == "give":
            return (t, action["resource"], self.rel(view, action["to_seat"]))
        if "resource" in action:
            return (t, action["resource"])
        return (t,)

    def _fill(self, view: View, out: Vector) -> None:
        rel = lambda seat: self.rel(view, seat)  # noqa: E731
        out.hot("phase", PHASES.index(view["phase"]))
        out.hot("active_seat", rel(view["active_seat"]))
        for seat in view["to_act"]:
            out.hot("to_act", rel(seat))
        out.set("turn", view["turn"])
        out.set("metropolis_side_b", view["options"]["metropolis_side"] == "B")
        out.set("first_game", bool(view["options"]["first_game"]))
        for k, player in enumerate(self.by_distance(view)):
            numbers = dict(player, hand_size=len(player["hand"]) if "hand" in player else player["hand_size"])
            for i, key in enumerate(PLAYER_NUMBERS):
                out.set(f"player{k}_numbers", numbers[key], i)
            out.counts(f"player{k}_metropolises", _M, player["metropolises"])
        out.counts("hand", _R, view["players"][view["seat"]]["hand"])
        out.counts("row", _B, view["row"])
        out.set("building_deck_size", view["building_deck_size"])
        out.counts("metropolis_stack", _M, view["metropolis_stack"]["remaining"])
        out.set("resource_deck_size", view["resource_deck_size"])
        out.set("resource_discard_size", view["resource_discard_size"])
        out.set("event_deck_size", view["event_deck_size"])
        out.counts("event_discard", _E, view["event_discard"])
        if view["last_event"] is not None:
            out.hot("last_event_seat", rel(view["last_event"]["seat"]))
            out.hot("last_event", _E[view["last_event"]["event"]])
        out.set("trade_used", bool(view["trade_used"]))
        trade = view["trade"]
        if trade is not None:
            out.set("trade", 1)
            out.hot("trade_stage", STAGES.index(trade["stage"]))
            out.counts("trade_give", _R, trade["give"])
            out.counts("trade_ask", _R, trade["ask"])
            for answer in trade["answers"]:
                k = rel(answer["seat"])
                out.hot(f"answer{k}", ANSWERS.index(answer["answer"]))
                out.counts(f"answer{k}_give", _R, answer.get("give", ()))
                out.counts(f"answer{k}_ask", _R, answer.get("ask", ()))
        if view["paying"] is not None:
            out.set("paying", 1)
            out.hot("paying_card", _B[view["paying"]["card"]])
            if view["paying"]["metropolis"] is not None:
                out.hot("paying_metropolis", _M[view["paying"]["metropolis"]])
        if view["charity"] is not None:
            for seat in view["charity"]["givers"]:
                out.hot("charity_givers", rel(seat))
            for seat in view["charity"]["receivers"]:
                out.hot("charity_receivers", rel(seat))
        if view["winner"] is not None:
            out.hot("winner", rel(view["winner"]))
