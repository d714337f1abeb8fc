"""A heuristic bot for Great Western Trail (first edition).

Everything is valued in dollars (a victory point is worth VP dollars: money scores $5 per VP at the
end, but money during the game also buys workers, cattle and buildings, so a VP is cheaper). The
printed data (buildings, cities, cattle, the trail) is public; what changes comes from the view.

- Moving: go as far as the step limit allows toward Kansas City (each trip is a delivery), stop
  where the building's actions pay (a neutral building or our own, with the cattle it asks for in
  hand), mind the fees on the way, and go to Kansas City when it can be reached.
- Phase B: take the local actions that pay (money, certificates, workers when cheap, buildings
  when we have the craftsmen and cash, engine moves, good cattle, hazards), then end the phase.
- Kansas City: spend the certificates, deliver to the city worth most after transport cost.
- Keep a hand of distinct breeds: discard duplicates and objective cards first; drop (never commit)
  unfinished objectives at the end.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from typing import Any, Mapping

from gametable.bots.heuristics import HeuristicBot, Scorer
from gametable.engine import Action
from gametable.games.gwt import data as D
from gametable.games.gwt.kansas_city import breeding_value  # a rule over a hand: no hidden state
from gametable.games.gwt.railroad import transport_cost

VP = 3.0                 # dollars a victory point is worth to this bot
STEP = 1.5               # dollars a step closer to Kansas City is worth (more trips, more deliveries)
ENGINE_STEP = 1.2        # dollars per railroad space the engine moves forward
CERTIFICATE = 2.0        # a certificate adds $1 and one point of delivery value in Kansas City
WORKER = 7.0             # the first extra worker of a kind; each further one is worth $1 less
CASH_RESERVE = 3         # keep this much after a purchase, for fees and transport
CARD_CYCLE = 0.5         # discarding a card also lets us draw a fresh one
#: what clearing a disc from the player board unlocks (§9.1), in dollars
DISC_VALUE = {"step_vp": 9.0, "step_money": 9.0, "hand": 8.0, "aux5": 5.0, "cert_4": 5.0,
              "cert_6": 5.0, "aux4": 4.0, "aux3": 3.0, "aux2": 3.0, "aux1": 2.0}
HAND_DISC_COST = 5       # the hand-limit discs cost $5 when cleared


@lru_cache(maxsize=None)
def steps_to_kansas_city() -> dict[str, int]:
    """Fewest trail nodes from each node to Kansas City (a BFS against the arrows, data only)."""
    back: dict[int, list[int]] = {n: [] for n in range(len(D.NODES))}
    for node, nexts in enumerate(D.NEXT):
        for nxt in nexts:
            back[nxt].append(node)
    dist = {D.KANSAS_CITY: 0}
    queue = deque([D.KANSAS_CITY])
    while queue:
        node = queue.popleft()
        for prev in back[node]:
            if prev not in dist:
                dist[prev] = dist[node] + 1
                queue.append(prev)
    return {D.NODES[n]: d for n, d in dist.items()}


def effect_spec(src: str, effect: str) -> Mapping[str, Any]:
    """The printed parameters of the effect behind a local action (e.g. "A/1" discard → $2)."""
    name, _, index = src.partition("/")
    if name in D.BUILDING and index.isdigit():
        for option in D.BUILDING[name]["actions"][int(index) - 1]:
            if option["effect"] == effect:
                return option
    if name == "risk" and index in D.NODE_INDEX:
        risk = D.RISK[D.NODE_INDEX[index]]
        if risk:
            return D.RISK_SPECS[risk]
    return {}


def card_keep_value(card: str, hand: list[str]) -> float:
    """How much keeping ``card`` adds to the hand's breeding value (duplicates add nothing)."""
    if not D.is_cattle(card):
        return 0.5  # an objective card in hand only blocks a cattle card
    rest = list(hand)
    rest.remove(card)
    return breeding_value(hand) - breeding_value(rest) + 0.1 * D.BREEDING_VALUE[card]


class GwtBot(HeuristicBot):
    game_name = "gwt"

    def scorer(self, view: dict[str, Any], seat: int) -> Scorer:
        ctx = _Context(view, seat)
        return ctx.score


class _Context:
    """What one decision needs from the view, computed once, and the score of each action."""

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        self.view = view
        self.seat = seat
        self.me = view["players"][seat]
        self.hand: list[str] = self.me["hand"]
        self.money: int = self.me["money"]
        self.nodes = {node["id"]: node for node in view["trail"]}
        self.positions = {p["label"]: i for i, p in enumerate(view["railroad"]["positions"])}
        self.cities = {c["id"]: c for c in view["railroad"]["cities"]}
        self.fees = D.FEES[len(view["players"])]

    # -- the pieces --------------------------------------------------------------------------
    def spend(self, cost: int) -> float:
        """A purchase costs its price, and more if it leaves us without cash for fees."""
        return cost + (2.0 if self.money - cost < CASH_RESERVE else 0.0)

    def worker_value(self, kind: str) -> float:
        return WORKER - (self.me["workers"][kind] - 1)

    def engine_gain(self, to: str) -> float:
        return ENGINE_STEP * (self.positions[to] - self.positions[self.me["engine"]])

    def city_value(self, city_id: str) -> float:
        city = self.cities[city_id]
        cost = transport_cost(D.POS_BY_LABEL[self.me["engine"]], city["value"])
        return VP * city["vp"] + city["money"] - cost

    def fee(self, node_id: str) -> int:
        node = self.nodes[node_id]
        tile = node["tile"]
        if tile is None or node["kind"] == "kansas_city":
            return 0
        if node["kind"] == "private" and node.get("owner") != self.seat:
            return sum(self.fees[h] for h in D.BUILDING[tile]["hands"])
        if node["kind"] in ("hazard", "teepee"):
            return self.fees[D.TILE[tile]["hand"]]
        return 0

    def estimate_effect(self, spec: Mapping[str, Any]) -> float:
        """Rough worth of a printed effect *before* getting there (for choosing where to stop)."""
        effect = spec["effect"]
        if effect == "discard":
            card = spec["card"]
            have = self.hand.count(card) if card not in ("any", "objective") else len(self.hand)
            if have < spec.get("count", 1):
                return 0.0
            return spec.get("money", 0) + CERTIFICATE * spec.get("certificates", 0) + CARD_CYCLE
        if effect == "hire":
            return 3.0 if self.money >= 8 else 0.0
        if effect == "build":
            return 4.0 if self.money >= 6 and self.me["buildings_left"] else 0.0
        if effect in ("certificates", "certificates_to_limit"):
            return CERTIFICATE
        if effect == "engine":
            return 2.0 if self.money >= spec.get("cost", 0) else 0.0
        if effect == "buy_cattle":
            return 3.0 if self.money >= 8 else 0.0
        if effect == "remove_hazard":
            return 3.0 if self.money >= spec.get("cost", 0) + CASH_RESERVE else 0.0
        if effect == "money":
            return spec["amount"]
        if effect in ("money_per_woods", "money_per_engineer", "teepee_pairs"):
            return 3.0
        if effect in ("aux", "trade", "herder", "copy_adjacent", "upgrade_behind", "draw"):
            return 1.5
        return 0.5

    def stop_value(self, node_id: str) -> float:
        """What stopping on a trail node is worth: the best two of its actions we can use."""
        if node_id == "KANSAS_CITY":
            return self.kansas_city_value()
        node = self.nodes[node_id]
        tile = node["tile"]
        usable = node["kind"] == "neutral" or (node["kind"] == "private" and node.get("owner") == self.seat)
        if not usable or tile not in D.BUILDING:
            return 1.0  # only the single auxiliary action
        values = sorted((max(self.estimate_effect(o) for o in options)
                         for options in D.BUILDING[tile]["actions"]), reverse=True)
        return sum(values[:2])

    def kansas_city_value(self) -> float:
        """Income and the best delivery the hand affords now (certificates included)."""
        total = breeding_value(self.hand) + self.me["certificates"] + self.me["permanent_certificates"]
        best = max((self.city_value(c["id"]) for c in self.cities.values()
                    if c["value"] <= total and (c["repeatable"] or self.seat not in c["discs"])),
                   default=0.0)
        return total + best

    # -- one score per action kind -------------------------------------------------------------
    def score(self, action: Action) -> float:
        kind = action["type"]
        handler = getattr(self, f"_score_{kind}", None)
        return handler(action) if handler else 0.0

    def progress(self, path: list[str]) -> float:
        """Steps closer to Kansas City, minus the fees paid on the way."""
        dist = steps_to_kansas_city()
        here = self.me["herder"] or "START"  # before the first move the herder is off the trail
        return STEP * (dist[here] - dist[path[-1]]) - sum(self.fee(node) for node in path)

    def _score_move(self, action: Action) -> float:
        return self.progress(action["path"]) + self.stop_value(action["path"][-1])

    def _score_herder(self, action: Action) -> float:
        return self.progress(action["path"])

    def _score_end_phase_b(self, action: Action) -> float:
        return 0.0

    def _score_discard(self, action: Action) -> float:
        spec = effect_spec(action["src"], "discard")
        gain = (spec.get("money", 0) + CERTIFICATE * spec.get("certificates", 0)
                + ENGINE_STEP * spec.get("engine", 0))
        return gain + CARD_CYCLE * len(action["cards"])

    def _score_hire(self, action: Action) -> float:
        spec = effect_spec(action["src"], "hire")
        row = self.view["job_market"]["rows"][action["row"] - 1]
        cost = max(0, row["cost"] - spec.get("discount", 0))
        return self.worker_value(action["worker"]) - 0.7 * self.spend(cost)

    def _score_build(self, action: Action) -> float:
        spec = effect_spec(action["src"], "build")
        building = D.BUILDING[action["building"]]
        cost = building["craftsmen"] * spec.get("per_craftsman", 2)
        # VP at the end, a new place to act, and fees from others passing by
        return VP * building["vp"] + 3.0 + len(building["hands"]) - 0.7 * self.spend(cost)

    def _score_certificates(self, action: Action) -> float:
        return CERTIFICATE

    def _score_certificates_to_limit(self, action: Action) -> float:
        return 2 * CERTIFICATE

    def _score_permanent_certificate(self, action: Action) -> float:
        return 2 * CERTIFICATE

    def _score_take_objective(self, action: Action) -> float:
        return -0.5  # an objective is a risk of penalty points for a basic player

    def _score_play_objective(self, action: Action) -> float:
        return -0.5

    def _score_engine(self, action: Action) -> float:
        spec = effect_spec(action["src"], "engine")
        return self.engine_gain(action["to"]) - spec.get("cost", 0)

    def _score_engine_back(self, action: Action) -> float:
        return self.engine_gain(action["to"]) + 1.0  # the aux reward (certificates, a removed card)

    def _score_trade(self, action: Action) -> float:
        value = self.nodes[action["space"]].get("value") or 0
        return 1.0 + value  # a teepee scores at the end; its space pays (or costs) its value

    def _score_remove_hazard(self, action: Action) -> float:
        spec = effect_spec(action["src"], "remove_hazard")
        tile = self.nodes[action["space"]]["tile"]
        return VP * D.TILE[tile]["vp"] - self.spend(spec.get("cost", 0))

    def _score_buy_cattle(self, action: Action) -> float:
        return 1.0

    def _score_buy(self, action: Action) -> float:
        cards = action["cards"]
        row = next(r for r in D.PURCHASES if r["cowboys"] == action["cowboys"] and r["cards"] == len(cards)
                   and r["value"] == D.BREEDING_VALUE[cards[0]])
        worth = sum(2 * D.BREEDING_VALUE[c] + VP * D.CATTLE[c]["vp"] for c in cards)
        return worth - self.spend(row["dollars"])

    def _score_aux(self, action: Action) -> float:
        spec = D.AUX[action["aux"]]["double" if action["double"] else "single"]
        effect = spec["effect"]
        if effect == "money":
            return spec["amount"]
        if effect == "draw":
            return CARD_CYCLE * spec["exactly"]
        if effect == "engine":
            return ENGINE_STEP * spec["up_to"] - spec.get("cost", 0)
        # engine_back: one space back for certificates or a removed card
        return (CERTIFICATE * spec.get("certificates", 0) + 1.0 * spec.get("remove_cards", 0)
                - spec.get("cost", 0) - ENGINE_STEP * spec["spaces"])

    def _score_money(self, action: Action) -> float:
        return effect_spec(action["src"], "money").get("amount", 2)

    def _score_money_per_woods(self, action: Action) -> float:
        return 2.0

    def _score_money_per_engineer(self, action: Action) -> float:
        return float(self.me["workers"]["engineer"])

    def _score_teepee_pairs(self, action: Action) -> float:
        return 2.0

    def _score_copy_adjacent(self, action: Action) -> float:
        return 1.5

    def _score_upgrade_behind(self, action: Action) -> float:
        return 2.0

    def _score_draw(self, action: Action) -> float:
        return CARD_CYCLE * action.get("count", 1)

    def _score_extraordinary_delivery(self, action: Action) -> float:
        return self.city_value(action["to"]) if action["to"] in self.cities else 1.0

    def _score_deliver(self, action: Action) -> float:
        return self.city_value(action["city"])

    def _score_income(self, action: Action) -> float:
        return float(action["certificates"])  # every certificate spent is a dollar now

    def _score_discard_card(self, action: Action) -> float:
        return -card_keep_value(action["card"], self.hand)

    def _score_remove_card(self, action: Action) -> float:
        card = action["card"]
        if not D.is_cattle(card):
            return -1.0
        # Thin the herd of weak cards (Jersey first); keep anything worth 3 or more.
        return 2.5 - D.BREEDING_VALUE[card]

    def _score_upgrade(self, action: Action) -> float:
        station = self.view["railroad"]["stations"][action["station"] - 1]
        return VP * station["vp"] + 1.0 - self.spend(station["cost"])

    def _score_disc(self, action: Action) -> float:
        group = action["group"]
        value = DISC_VALUE.get(group, 1.0)
        if group == "hand":
            value -= self.spend(HAND_DISC_COST) * 0.5
        return value

    def _score_station_master(self, action: Action) -> float:
        return float(self.me["workers"][action["worker"]])  # give up the kind we have most of

    def _score_skip(self, action: Action) -> float:
        return 0.0

    def _score_draw_market(self, action: Action) -> float:
        return -0.5

    def _score_commit_objective(self, action: Action) -> float:
        return -1.0  # the bot does not check objective tasks: dropping never loses points

    def _score_drop_objective(self, action: Action) -> float:
        return 0.0
