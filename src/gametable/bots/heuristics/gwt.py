"""A heuristic bot for Great Western Trail (first edition): a sensible beginner.

Everything is valued in dollars. A victory point is worth VP dollars to it (money scores $5 per VP at
the end, but money during the game buys cattle, workers and stations, so a VP is cheaper). The
printed data (buildings, cities, cattle, the trail) is public; what changes comes from the view.
The constants below were tuned by seeded basic-vs-basic games (bench/gwt_bot_scores.py).

- Moving: each stop is judged by what its building offers now (the best purchase, hire, build,
  hazard, certificate...); a step toward Kansas City costs a little, so the bot walks short and
  uses more buildings per trip, and goes to Kansas City when the delivery there is worth it.
  A move is also credited with part of the best move from where it stops (one move ahead).
- Deliveries: a city is worth its VP (Kansas City -6, Sacramento +6, San Francisco +9) and the
  city-pair arrows it completes (half for an arrow whose other city is still open), plus its
  money, minus transport. It spends only the certificates that buy a better city.
- Hand: one more point of delivery value is worth a dollar plus the better city it reaches; a
  certificate, a fresh card (the breeding value a card from its draw pile adds on average) and a
  discard (the breeds it takes from the hand) are judged with it.
- Herd: it buys cattle for their VP and breeding value (more for a breed the herd lacks), removes
  weak cards, clears the hand-limit discs early.
- Engine and workers: it hires workers (the 5th and 6th of a row are 4 VP), moves its engine onto
  turnouts of stations it can afford, upgrades them and takes the station masters worth the worker.
- Buildings: placed on the route between neutral buildings (it uses them, others pay fees) when
  their VP and use pay for the craftsmen.
- Objectives: it takes objective cards whose tasks it (nearly) meets, plays them once met, and
  commits at the end only what scores.
"""

from __future__ import annotations

from collections import Counter, deque
from functools import cached_property, lru_cache
from typing import Any, Mapping

from gametable.bots.heuristics import HeuristicBot, Scorer
from gametable.bots.heuristics import gwt_holdings as H
from gametable.engine import Action
from gametable.games.gwt.common import cleared, placed_buildings  # counts any player sees
from gametable.games.gwt.editions import Edition, by_name
from gametable.games.gwt.kansas_city import breeding_value  # a rule over a hand
from gametable.games.gwt.movement import fee_of_icons, tile_hand_icons  # rules over public facts
from gametable.games.gwt.railroad import transport_cost

VP = 1.5                 # dollars a victory point is worth to this bot (at the start of the game)
VP_LATE = 3.0            # ... and when the end is triggered (money then scores $5 per VP)
#: dollars a VP is worth in estimated_scores, the search levels' judgement of a position: not the
#: cheap VP of the early game (money and investments then outweigh the points the search makes)
ESTIMATE_VP = 3.0
STEP = -0.5              # dollars a step closer to Kansas City is worth: negative, a short walk uses more buildings
LOOKAHEAD = 0.8          # share of the best next move (from where this one stops) a move is credited with
ENGINE_STEP = 2.0        # dollars per railroad space the engine moves forward (less transport, stations)
CERTIFICATE = 2.5        # a certificate kept for a later delivery (one in hand is judged by the next one)
#: dollars the first hired worker of a kind is worth over the rest of the game (each further one $1 less)
WORKER_USE = {"cowboy": 24.0, "craftsman": 15.0, "engineer": 16.0}
#: dollars a permanent certificate (station master) is worth over the rest of the game: a first
#: cowboy's price, since it adds to every later delivery as he does. Unpriced, the search saw the
#: worker a station master costs and nothing it brings, and reached the valuable cities late
#: (docs/bots.md, "How `strong` delivers")
PERMANENT_CERTIFICATE_USE = WORKER_USE["cowboy"]
WORKER_LOSS = 3.0        # dollars a hired worker given up for a station master still had to give
ROUTE_SPACE = 8.0        # a building on the way between neutral buildings: we use it, others pay
OBJECTIVE_ONE_SHORT = 0.3  # share of an objective's VP counted when it misses one task, early on
HERD = 1.0               # dollars per breeding value a new card adds to the deck (later deliveries)
CASH_RESERVE = 3         # keep this much after a purchase, for fees and transport
#: what clearing a disc from the player board unlocks (§9.1), in dollars
DISC_VALUE = {"step_vp": VP_LATE * 3 + 3.0, "step_money": 3 + 4.0, "cert_4": 6.0,
              "cert_6": 5.0, "aux5": 4.0, "aux3": 4.0, "aux4": 3.0, "aux2": 3.0, "aux1": 2.0}
HAND_DISC_COST = 5       # the hand-limit discs cost $5 when cleared
HAND_DISC_USE = 40.0     # one more card in every later hand (more breeds per delivery), early on
#: rough worth of each station master's immediate half (a permanent certificate is worth the most)
MASTER_IMMEDIATE = {"master_money": 2.0, "master_certificates": 9.0, "master_objectives": 6.0,
                    "master_hazards": 9.0, "master_teepees": 9.0, "master_stations": 9.0,
                    "master_buildings": 5.0, "master_two_certificates": 18.0, "master_twelve_dollars": 12.0}
EXCHANGE_TOKEN = 2.0     # an exchange token kept: a better hand before a delivery (second edition)


@lru_cache(maxsize=None)
def main_route_spaces(ed: Edition) -> frozenset[str]:
    """Building spaces between two neutral buildings (or before Kansas City) off the hazard and
    teepee branches: the route herders take from one neutral building to the next."""
    spaces = set()
    for node in ed.PRIVATE_SPACES:
        behind = set(ed.PREV[node])
        while behind and all(ed.NODE_KIND[b] == "private" for b in behind):
            behind = {p for b in behind for p in ed.PREV[b]}
        if behind and all(ed.NODE_KIND[b] == "neutral" for b in behind):
            spaces.add(ed.NODES[node])
    return frozenset(spaces)


@lru_cache(maxsize=None)
def steps_to_kansas_city(ed: Edition) -> dict[str, int]:
    """Fewest trail nodes from each node to Kansas City (a BFS against the arrows, data only)."""
    back: dict[int, list[int]] = {n: [] for n in range(len(ed.NODES))}
    for node, nexts in enumerate(ed.NEXT):
        for nxt in nexts:
            back[nxt].append(node)
    dist = {ed.KANSAS_CITY: 0}
    queue = deque([ed.KANSAS_CITY])
    while queue:
        node = queue.popleft()
        for prev in back[node]:
            if prev not in dist:
                dist[prev] = dist[node] + 1
                queue.append(prev)
    return {ed.NODES[n]: d for n, d in dist.items()}


def effect_spec(ed: Edition, src: str, effect: str) -> Mapping[str, Any]:
    """The printed parameters of the effect behind a local action (e.g. "A/1" discard → $2)."""
    name, _, index = src.partition("/")
    if name in ed.BUILDING and index.isdigit():
        for option in ed.BUILDING[name]["actions"][int(index) - 1]:
            if option["effect"] == effect:
                return option
    if name == "risk" and index in ed.NODE_INDEX:
        risk = ed.RISK[ed.NODE_INDEX[index]]
        if risk:
            return ed.RISK_SPECS[risk]
    if name == "bonus":  # a worker-row bonus: "bonus/<kind>/<space>"
        kind, _, space = index.partition("/")
        spec = ed.WORKER_BONUS.get(kind, {}).get(int(space)) if space.isdigit() else None
        if spec and spec["effect"] == effect:
            return spec
    return {}


def card_keep_value(ed: Edition, card: str, hand: list[str]) -> float:
    """How much keeping ``card`` adds to the hand's breeding value (duplicates add nothing)."""
    if not ed.is_cattle(card):
        return 0.5  # an objective card in hand only blocks a cattle card
    rest = list(hand)
    rest.remove(card)
    return breeding_value(ed, hand) - breeding_value(ed, rest) + 0.1 * ed.BREEDING_VALUE[card]


def game_progress(ed: Edition, token_row: int | None, end_triggered: bool) -> float:
    """How far the game has gone, from the job market token's 0-based row (None: off the market):
    0 at the start, 1 when the end is triggered. Long-term investments (workers, buildings, the
    engine, a bigger hand) are worth less near the end."""
    if token_row is None or end_triggered or token_row >= ed.JOB_ROWS:
        return 1.0
    return max(0.0, (token_row - 1) / (ed.JOB_ROWS - 1))


class GwtBot(HeuristicBot):
    """The basic bot of both editions: it reads the tables of the edition its view names."""
    game_names = ("gwt", "gwt-2e")

    def scorer(self, view: dict[str, Any], seat: int) -> Scorer:
        ctx = _Context(view, seat)
        return ctx.score

    def estimated_scores(self, state: Any) -> list[float]:
        return estimated_scores(state)


@lru_cache(maxsize=None)
def starting_breeding(ed: Edition) -> int:
    """The breeding values of the herd every player starts with (the estimate counts what was added)."""
    return sum(ed.BREEDING_VALUE[c] for c in ed.STARTING_HERD)


def holdings(state: Any, seat: int) -> dict[str, float]:
    """What ``seat`` holds that the scoring now counts not (or not fully), as raw counts: workers
    hired beyond the first of each kind, the engine's railroad space, buildings placed, hand-limit
    discs cleared, breeding values added to the herd, permanent certificates, certificates and
    dollars; ``future`` is the share of the game still to come. It reads the state, so it is only
    for states a search dealt itself (``determinize``)."""
    ed = state.edition
    player = state.players[seat]
    held: dict[str, float] = {kind: n - 1 for n, kind in zip(player.workers, ed.WORKER_KINDS)}
    held["engine"] = ed.POS_ORDER[player.engine]
    held["buildings"] = len(placed_buildings(state, seat))
    held["hand_discs"] = cleared(ed, player, ed.G_HAND)
    held["herd"] = (sum(ed.BREEDING_VALUE[c] for c in player.all_deck_cards() if ed.is_cattle(c))
                    - starting_breeding(ed))
    held["perm_certs"] = player.perm_certs
    held["certificates"] = ed.CERT_TRACK[player.cert]
    held["money"] = player.money
    held["future"] = 1.0 - game_progress(ed, state.token_row, state.end_triggered)
    return held


def estimated_scores(state: Any) -> list[float]:
    """What each seat would score at the end, as this bot sees the game: the final scoring
    applied now, plus what its holdings should still bring, in VP at the bot's own prices.

    A search cuts its imagined games off a few turns ahead; the scoring alone would make it cash
    in (deliver early, never hire or build) because an engine scores nothing yet. So the workers
    hired, the engine's advance, the buildings placed, the hand-limit discs cleared and the
    herd's breeding values count here with the values the bot's own action scores give them, and
    permanent certificates at a first cowboy's, all shrinking as the game nears its end;
    certificates count as kept ones; money counts at the bot's price of a VP rather than the
    final $5 (and without the final scoring's rounding).
    (Weights fitted to where basic games end did worse: docs/bots.md.)"""
    ed = state.edition
    estimates = []
    for seat, final in enumerate(state.provisional_scores()):
        held = holdings(state, seat)
        hired = sum(held[kind] * WORKER_USE[kind] for kind in ed.WORKER_KINDS)
        engine = ENGINE_STEP * held["engine"] / 2
        buildings = ROUTE_SPACE * held["buildings"]
        hand = HAND_DISC_USE * held["hand_discs"]
        herd = HERD * held["herd"]
        permanent = PERMANENT_CERTIFICATE_USE * held["perm_certs"]
        investments = held["future"] * (hired + engine + buildings + hand + herd + permanent)
        kept = CERTIFICATE * held["certificates"]
        money = held["money"] / ESTIMATE_VP - held["money"] // 5
        estimates.append(final + money + (investments + kept) / ESTIMATE_VP)
    return estimates


def _walk_trail(ed: Edition, nodes: dict, node: int, path: list[str], steps: int, limit: int,
                found: list[list[str]]) -> None:
    """_Context.reachable's walk over the view's trail (``nodes``); a function of its own, since a
    closure calling itself is a reference cycle (with the context it reads) that only the cyclic
    collector frees (gametable.server.collector)."""
    for nxt in ed.NEXT[node]:
        name = ed.NODES[nxt]
        if nxt == ed.KANSAS_CITY:
            found.append(path + [name])
        elif nodes[name]["tile"]:
            found.append(path + [name])
            if steps + 1 < limit:
                _walk_trail(ed, nodes, nxt, path + [name], steps + 1, limit, found)
        else:
            _walk_trail(ed, nodes, nxt, path, steps, limit, found)


class _Context:
    """What one decision needs from the view, computed once (or on first use), and the score of
    each action."""

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        self.view = view
        self.seat = seat
        #: the edition the view is of: its printed tables
        self.ed = ed = by_name(view["game"])
        self.me = view["players"][seat]
        self.hand: list[str] = self.me["hand"]
        self.money: int = self.me["money"]
        self.nodes = {node["id"]: node for node in view["trail"]}
        self.cities = {c["id"]: c for c in view["railroad"]["cities"]}
        self.stations = view["railroad"]["stations"]
        self.players = len(view["players"])
        token = view["job_market"]["token_row"]
        self.progress_done = game_progress(ed, None if token is None else token - 1, view["end_triggered"])
        self.future = max(0.0, 1.0 - self.progress_done)
        #: dollars a VP is worth now: money buys more early on, and scores only $5 per VP at the end
        self.vp = VP + (VP_LATE - VP) * self.progress_done
        self._stop_cache: dict[str, float] = {}
        self._next_cache: dict[str, float] = {}
        self._fee_cache: dict[str, int] = {}
        self._city_cache: dict[str, float] = {}
        self._delivery_cache: dict[int, float] = {}

    # -- what the seat owns ---------------------------------------------------------------------
    @cached_property
    def herd(self) -> list[str]:
        return H.herd(self.view, self.seat)

    @cached_property
    def owned(self) -> dict[str, int]:
        return H.owned_items(self.view, self.seat, self.herd)

    # -- the hand we will deliver ----------------------------------------------------------------
    @cached_property
    def draw_pile(self) -> Counter:
        """The cattle cards we may draw next: the herd less hand and discard pile (after a
        reshuffle, the discard pile)."""
        pile = Counter(self.herd) - Counter(c for c in self.hand if self.ed.is_cattle(c)) \
            - Counter(c for c in self.me["discard"] if self.ed.is_cattle(c))
        return pile or Counter(c for c in self.me["discard"] if self.ed.is_cattle(c))

    @cached_property
    def point_value(self) -> float:
        """Dollars one more point of delivery value (a breed, a certificate) brings in Kansas City:
        a dollar of income, and a better city when it crosses a city's value (smoothed over 3)."""
        total = self.delivery_total(self.me["certificates"])
        base = self.best_delivery(total)
        jump = max((self.best_delivery(total + k) - base) / k for k in (1, 2, 3))
        return 1.0 + min(8.0, max(0.0, jump))

    @cached_property
    def cycle_value(self) -> float:
        """Dollars a fresh card drawn into the hand is worth: the breeding value it adds on
        average (a breed the hand lacks), times what a point is worth."""
        size = sum(self.draw_pile.values())
        if not size:
            return 0.0
        now = breeding_value(self.ed, self.hand)
        gain = sum(n * (breeding_value(self.ed, self.hand + [card]) - now) for card, n in self.draw_pile.items())
        return self.point_value * gain / size

    @cached_property
    def certificate_value(self) -> float:
        if self.me["certificates"] >= self.me["certificate_limit"]:
            return 0.0
        return max(CERTIFICATE, self.point_value)

    # -- the pieces --------------------------------------------------------------------------
    def spend(self, cost: int) -> float:
        """A purchase costs its price, and more if it leaves us without cash for fees."""
        return cost + (2.0 if self.money - cost < CASH_RESERVE else 0.0)

    def worker_value(self, kind: str) -> float:
        """A worker's use for the rest of the game, and 4 VP on the 5th and 6th space of its row."""
        count = self.me["workers"][kind]  # printed worker included
        if count >= self.ed.WORKER_ROW_SIZE:
            return -100.0
        new_space = count + 1
        value = self.vp * self.ed.WORKER_VP if new_space in self.ed.WORKER_VP_SPACES else 0.0
        use = WORKER_USE[kind] - 1.0 * (count - 1)
        value += max(0.5, use) * self.future
        if new_space in self.ed.WORKER_BONUS.get(kind, {}):
            value += 2.0
        if "master_money" in self.me["station_masters"]:
            value += self.vp
        return value

    def engine_gain(self, to: str) -> float:
        """Spaces forward (less transport, later stations in reach) and a station we can upgrade there."""
        target = self.ed.POS_BY_LABEL[to]
        spaces = (self.ed.POS_ORDER[target] - self.ed.POS_ORDER[self.ed.POS_BY_LABEL[self.me["engine"]]]) / 2
        gain = ENGINE_STEP * self.future * spaces
        station = self.ed.POS_STATION[target]
        if station >= 0:
            gain += max(0.0, self.upgrade_value(station))
        return gain

    def upgrade_value(self, station_index: int) -> float:
        """Upgrading a station: its VP, a disc off the board, maybe its master, against the cost."""
        station = self.stations[station_index]
        if self.seat in station["discs"] or self.money < station["cost"]:
            return -1.0
        value = self.vp * station["vp"] + 2.0 - self.spend(station["cost"])
        if station["station_master"] and self.hired_workers():
            value += max(0.0, self.master_value(station["station_master"]) - self.cheapest_worker_loss())
        return value

    def hired_workers(self) -> int:
        return sum(n - 1 for n in self.me["workers"].values())

    def worker_loss(self, kind: str) -> float:
        count = self.me["workers"][kind]
        if count < 2:
            return 100.0
        loss = self.vp * self.ed.WORKER_VP if count in self.ed.WORKER_VP_SPACES else 0.0
        return loss + WORKER_LOSS * self.future + (self.vp if "master_money" in self.me["station_masters"] else 0.0)

    def cheapest_worker_loss(self) -> float:
        return min(self.worker_loss(k) for k in self.ed.WORKER_KINDS)

    def master_value(self, master: str) -> float:
        """A station master: its immediate half, and its end-game task counted with what we own
        now plus one more (we will add to it)."""
        task = self.ed.STATION_MASTER[master]["task"]
        owned = self.owned
        count = {"per_worker": sum(self.me["workers"].values()),
                 "per_certificates": self.me["certificates"] + self.me["permanent_certificates"] + 1,
                 "per_objectives": len(self.me["objectives"]) + 1,
                 "per_hazards": owned["hazard"] + 1,
                 "per_teepee_pair": min(owned["green_teepee"], owned["blue_teepee"]) + 0.5,
                 "per_station": owned["station"] + 1,
                 "per_building": owned["building"] + 1,
                 "none": 0}[task["kind"]]
        return MASTER_IMMEDIATE.get(master, 3.0) + self.vp * task["vp"] * (count / task["per"])

    def city_value(self, city_id: str) -> float:
        """A delivery: the city's VP and the arrows its disc completes, money, minus transport.
        An arrow whose other city is still open to us counts half (positive ones draw the bot
        to Albuquerque - El Paso - San Diego - Sacramento, negative ones keep it off Topeka -
        Wichita - Colorado Springs)."""
        if city_id not in self._city_cache:  # best_delivery asks for every city at every total
            self._city_cache[city_id] = self._city_value(city_id)
        return self._city_cache[city_id]

    def _city_value(self, city_id: str) -> float:
        city = self.cities[city_id]
        vp = float(city["vp"])
        index = self.ed.CITY_INDEX[city_id]
        for arrow in self.ed.ARROWS:
            a, b = arrow["cities"]
            other = b if a == index else a if b == index else -1
            if other < 0 or self.seat in city["discs"]:  # an arrow fires once, with the second disc
                continue
            if self.seat in self.cities[self.ed.CITY_IDS[other]]["discs"]:
                vp += arrow["vp"]
            else:
                vp += 0.5 * arrow["vp"] * self.future
        cost = transport_cost(self.ed, self.ed.POS_BY_LABEL[self.me["engine"]], city["value"])
        return self.vp * vp + city["money"] - cost

    def fee(self, node_id: str) -> int:
        """The fee we pay passing ``node_id`` (the rule the engine prices paths with)."""
        fees = self._fee_cache  # every path judged this decision asks again for the same nodes
        if node_id not in fees:
            node = self.nodes[node_id]
            hands, _ = tile_hand_icons(self.ed, node["tile"], node["kind"], node.get("owner"), self.seat)
            fees[node_id] = fee_of_icons(self.ed, hands, self.players)
        return fees[node_id]

    # -- the best of each kind of purchase, for judging where to stop --------------------------
    @cached_property
    def best_purchase(self) -> float:
        """The best single cattle purchase the market and our cowboys and money allow now."""
        cowboys = self.me["workers"]["cowboy"]
        best = 0.0
        for card in set(self.view["cattle_market"]["cards"]):
            for row in self.ed.PURCHASES:
                if row["cards"] == 1 and row["value"] == self.ed.BREEDING_VALUE[card] and row["cowboys"] <= cowboys \
                        and row["dollars"] <= self.money:
                    best = max(best, self.cattle_worth(card) - self.spend(row["dollars"]))
        return best

    @cached_property
    def best_hire(self) -> float:
        rows = self.view["job_market"]["rows"]
        token = self.view["job_market"]["token_row"] or self.ed.JOB_ROWS + 1
        best = 0.0
        for row in rows[:token - 1]:
            if row["cost"] > self.money:
                continue
            for kind in set(w for w in row["workers"] if w):
                best = max(best, self.worker_value(kind) - 0.8 * self.spend(row["cost"]))
        return best

    @cached_property
    def best_build(self) -> float:
        craftsmen = self.me["workers"]["craftsman"]
        best = 0.0
        for number in self.me["buildings_left"]:
            building = self.ed.BUILDING[number]
            cost = 2 * building["craftsmen"]
            if building["craftsmen"] <= craftsmen and cost <= self.money:
                best = max(best, self.building_value(number) - self.spend(cost))
        return best

    @cached_property
    def best_hazard(self) -> float:
        tiles = [n["tile"] for n in self.view["trail"] if n["kind"] == "hazard" and n["tile"]]
        return max((self.vp * self.ed.TILE[t]["vp"] for t in tiles), default=0.0) + self.hazard_bonus()

    def hazard_bonus(self) -> float:
        return self.vp * 1.5 if "master_hazards" in self.me["station_masters"] else 0.0

    def cattle_worth(self, card: str) -> float:
        """A cattle card in the deck: its VP at the end, and its breeding value in later deliveries
        (a breed the herd lacks is worth more: it raises the value of every hand it is in)."""
        breed_new = all(self.ed.BREED[c] != self.ed.BREED[card] for c in self.herd)
        value = self.ed.BREEDING_VALUE[card]
        return self.vp * self.ed.CATTLE[card]["vp"] + HERD * value * (1.5 if breed_new else 1.0) * (0.3 + self.future)

    def building_value(self, number: str) -> float:
        building = self.ed.BUILDING[number]
        first = 1.0 if self.owned["building"] == 0 else 0.0  # starting and many objectives want B
        return (self.vp * building["vp"] + (1.5 + 1.5 * len(building["hands"])) * self.future
                + self.vp * first)

    def estimate_effect(self, spec: Mapping[str, Any]) -> float:
        """Rough worth of a printed effect *before* getting there (for choosing where to stop)."""
        effect = spec["effect"]
        if effect == "discard":
            card = spec["card"]
            have = self.hand.count(card) if card not in ("any", "objective") else len(self.hand)
            if have < spec.get("count", 1):
                return 0.0
            return spec.get("money", 0) + self.certificate_value * spec.get("certificates", 0) + self.cycle_value
        if effect == "hire":
            return self.best_hire
        if effect == "build":
            return self.best_build
        if effect in ("certificates", "certificates_to_limit"):
            return self.certificate_value
        if effect == "engine":
            return 2.0 if self.money >= spec.get("cost", 0) else 0.0
        if effect == "buy_cattle":
            return self.best_purchase
        if effect == "remove_hazard":
            cost = spec.get("cost", 0)
            return max(0.0, self.best_hazard - self.spend(cost)) if self.money >= cost else 0.0
        if effect == "money":
            return spec["amount"]
        if effect in ("money_per_woods", "money_per_engineer", "money_per_builder", "money_per_station",
                      "teepee_pairs", "gain_exchange_token"):
            return 3.0
        if effect in ("aux", "trade", "herder", "copy_adjacent", "upgrade_behind", "draw"):
            return 1.5
        return 0.5

    def stop_value(self, node_id: str) -> float:
        """What stopping on a trail node is worth: the best two of its actions we can use."""
        if node_id not in self._stop_cache:
            self._stop_cache[node_id] = self._stop_value(node_id)
        return self._stop_cache[node_id]

    def _stop_value(self, node_id: str) -> float:
        if node_id == "KANSAS_CITY":
            return self.kansas_city_value()
        node = self.nodes[node_id]
        tile = node["tile"]
        usable = node["kind"] == "neutral" or (node["kind"] == "private" and node.get("owner") == self.seat)
        if not usable or tile not in self.ed.BUILDING:
            return 1.0  # only the single auxiliary action
        values = sorted((max(self.estimate_effect(o) for o in options)
                         for options in self.ed.BUILDING[tile]["actions"]), reverse=True)
        return sum(values[:2])

    def delivery_total(self, certificates: int) -> int:
        return breeding_value(self.ed, self.hand) + certificates + self.me["permanent_certificates"]

    def best_delivery(self, total: int) -> float:
        if total not in self._delivery_cache:
            self._delivery_cache[total] = max(
                (self.city_value(c["id"]) for c in self.cities.values()
                 if c["value"] <= total and (c["repeatable"] or self.seat not in c["discs"])),
                default=0.0)
        return self._delivery_cache[total]

    def kansas_city_value(self) -> float:
        """Income and the best delivery the hand affords now (the certificates spent well)."""
        return max(self.income_value(k) for k in range(self.me["certificates"] + 1))

    def income_value(self, certificates: int) -> float:
        total = self.delivery_total(certificates)
        # a certificate kept is worth keeping for a later delivery, unless the game is ending
        kept = CERTIFICATE * self.future * (self.me["certificates"] - certificates)
        return total + self.best_delivery(total) + kept

    # -- one score per action kind -------------------------------------------------------------
    def score(self, action: Action) -> float:
        kind = action["type"]
        handler = getattr(self, f"_score_{kind}", None)
        return handler(action) if handler else 0.0

    def progress(self, path: list[str]) -> float:
        """Steps closer to Kansas City, minus the fees paid on the way."""
        dist = steps_to_kansas_city(self.ed)
        here = self.me["herder"] or "START"  # before the first move the herder is off the trail
        return STEP * (dist[here] - dist[path[-1]]) - sum(self.fee(node) for node in path)

    def _score_move(self, action: Action) -> float:
        last = action["path"][-1]
        value = self.progress(action["path"]) + self.stop_value(last)
        if last != "KANSAS_CITY":  # a stop is also where the next move starts from
            value += LOOKAHEAD * self.next_move_value(last)
        return value

    def reachable(self, start: str) -> list[list[str]]:
        """The paths a herder on ``start`` may take next turn (the rule movement.paths applies to
        the state, here over the public trail): only tiles count as steps, Kansas City ends a move."""
        found: list[list[str]] = []
        _walk_trail(self.ed, self.nodes, self.ed.NODE_INDEX[start], [], 0, self.me["step_limit"], found)
        return found

    def next_move_value(self, start: str) -> float:
        """The best move from ``start`` next turn, judged as today (hand and money as now)."""
        cache = self._next_cache
        if start not in cache:
            dist = steps_to_kansas_city(self.ed)
            cache[start] = max((STEP * (dist[start] - dist[path[-1]]) - sum(self.fee(n) for n in path)
                                + self.stop_value(path[-1]) for path in self.reachable(start)), default=0.0)
        return cache[start]

    def _score_herder(self, action: Action) -> float:
        return self.progress(action["path"]) + 0.5 * self.stop_value(action["path"][-1])

    def _score_end_phase_b(self, action: Action) -> float:
        return 0.0

    def _score_discard(self, action: Action) -> float:
        spec = effect_spec(self.ed, action["src"], "discard")
        gain = (spec.get("money", 0) + self.certificate_value * spec.get("certificates", 0)
                + ENGINE_STEP * spec.get("engine", 0))
        kept = list(self.hand)
        for card in action["cards"]:
            kept.remove(card)
        lost = breeding_value(self.ed, self.hand) - breeding_value(self.ed, kept)  # a breed gone from this hand
        return gain + self.cycle_value * len(action["cards"]) - lost * self.point_value

    def _score_hire(self, action: Action) -> float:
        spec = effect_spec(self.ed, action["src"], "hire")
        row = self.view["job_market"]["rows"][action["row"] - 1]
        cost = max(0, row["cost"] - spec.get("discount", 0))
        return self.worker_value(action["worker"]) - 0.8 * self.spend(cost)

    def _score_build(self, action: Action) -> float:
        spec = effect_spec(self.ed, action["src"], "build")
        number = action["building"]
        space = action["space"]
        craftsmen = self.ed.BUILDING[number]["craftsmen"]
        replaced = self.nodes[space]["tile"]
        value = self.building_value(number)
        if replaced:  # replacing our own building: pay the difference, lose the old tile
            craftsmen -= self.ed.BUILDING[replaced]["craftsmen"]
            value -= self.building_value(replaced)
        else:  # a risk space adds its risk action; a woods space feeds 1a/7b
            node = self.ed.NODE_INDEX[space]
            value += 0.5 * bool(self.ed.RISK[node]) + 0.3 * self.ed.WOODS[node]
            if space in main_route_spaces(self.ed):  # we pass it (and use it), others pay its fees
                value += ROUTE_SPACE
        return value - self.spend(craftsmen * spec.get("per_craftsman", 2))

    def _score_certificates(self, action: Action) -> float:
        return self.certificate_value

    def _score_certificates_to_limit(self, action: Action) -> float:
        return CERTIFICATE * (self.me["certificate_limit"] - self.me["certificates"])

    def _score_permanent_certificate(self, action: Action) -> float:
        return 3 * CERTIFICATE

    def objective_value(self, card: str) -> float:
        """Taking ``card``: worth its VP if what we own meets it beside the cards already in our
        objective area, part of it if it misses one task early on, a risk otherwise."""
        if card == "stack":
            return -1.0
        vp = self.ed.OBJECTIVE[card]["vp"]
        area = [c for c in self.me["objectives"] if c in self.ed.OBJECTIVE]
        gain = H.objectives_score(self.ed, area + [card], self.owned) - H.objectives_score(self.ed, area, self.owned)
        if gain == vp:
            return self.vp * vp
        if H.missing_tasks(self.ed, card, self.owned) == 1 and self.future > 0.4:
            return self.vp * vp * OBJECTIVE_ONE_SHORT
        return -1.0

    def _score_take_objective(self, action: Action) -> float:
        return self.objective_value(action["card"])

    def _score_play_objective(self, action: Action) -> float:
        """Play only a card whose tasks are met now (with the cards already in the area)."""
        card = action["card"]
        area = [c for c in self.me["objectives"] if c in self.ed.OBJECTIVE]
        before = H.objectives_score(self.ed, area, self.owned)
        after = H.objectives_score(self.ed, area + [card], self.owned)
        if after - before == self.ed.OBJECTIVE[card]["vp"]:
            return self.vp * self.ed.OBJECTIVE[card]["vp"] + 2.0
        return -100.0

    def _score_engine(self, action: Action) -> float:
        spec = effect_spec(self.ed, action["src"], "engine")
        return self.engine_gain(action["to"]) - spec.get("cost", 0)

    def _score_engine_back(self, action: Action) -> float:
        return self.engine_gain(action["to"]) + 1.0  # the aux reward (certificates, a removed card)

    def _score_trade(self, action: Action) -> float:
        value = self.nodes[action["space"]].get("value") or 0
        return 1.0 + value  # a teepee serves objectives and masters; its space pays (or costs) its value

    def _score_remove_hazard(self, action: Action) -> float:
        spec = effect_spec(self.ed, action["src"], "remove_hazard")
        tile = self.nodes[action["space"]]["tile"]
        return self.vp * self.ed.TILE[tile]["vp"] + self.hazard_bonus() - self.spend(spec.get("cost", 0))

    def _score_buy_cattle(self, action: Action) -> float:
        return self.best_purchase

    def _score_buy(self, action: Action) -> float:
        cards = action["cards"]
        row = next(r for r in self.ed.PURCHASES if r["cowboys"] == action["cowboys"] and r["cards"] == len(cards)
                   and r["value"] == self.ed.BREEDING_VALUE[cards[0]])
        return sum(self.cattle_worth(c) for c in cards) - self.spend(row["dollars"])

    def _score_aux(self, action: Action) -> float:
        spec = self.ed.AUX[action["aux"]]["double" if action["double"] else "single"]
        effect = spec["effect"]
        if effect == "money":
            return spec["amount"]
        if effect == "draw":
            return self.cycle_value * spec["exactly"]
        if effect == "engine":
            return ENGINE_STEP * spec["up_to"] - spec.get("cost", 0)
        # engine_back: one space back for certificates or a removed card
        return (self.certificate_value * spec.get("certificates", 0) + 1.0 * spec.get("remove_cards", 0)
                + spec.get("money", 0) - spec.get("cost", 0) - ENGINE_STEP * spec["spaces"])

    def _score_money(self, action: Action) -> float:
        return effect_spec(self.ed, action["src"], "money").get("amount", 2)

    def _score_money_per_woods(self, action: Action) -> float:
        return 2.0

    def _score_money_per_engineer(self, action: Action) -> float:
        return float(self.me["workers"]["engineer"])

    def _score_money_per_builder(self, action: Action) -> float:
        return float(self.me["workers"]["craftsman"])

    def _score_money_per_station(self, action: Action) -> float:
        return 2.0 * self.owned["station"]

    def _score_gain_exchange_token(self, action: Action) -> float:
        return EXCHANGE_TOKEN

    def _score_spend_exchange_token(self, action: Action) -> float:
        """A token spent for fresh cards: worth it at the Kansas City income when the draw may add
        a breed, else kept (it is worth the most just before a delivery; the second edition also
        offers it in the middle of other actions, where this bot keeps it)."""
        gain = self.cycle_value * action["count"]
        pending = self.view["pending"]
        at_income = pending is not None and pending["kind"] == "income"
        return gain - EXCHANGE_TOKEN if at_income else gain - 2 * EXCHANGE_TOKEN

    def _score_upgrade_cattle(self, action: Action) -> float:
        """Simmental: a Calf or Heifer in hand for the next stage (more VP and breeding value)."""
        new = self.ed.SIMMENTAL_UPGRADE[action["card"]]
        return self.cattle_worth(new) - self.cattle_worth(action["card"]) + 0.5

    def _score_keep_cattle(self, action: Action) -> float:
        return 0.0

    def _score_teepee_pairs(self, action: Action) -> float:
        return 2.0

    def _score_copy_adjacent(self, action: Action) -> float:
        return 1.5

    def _score_upgrade_behind(self, action: Action) -> float:
        return 2.0

    def _score_draw(self, action: Action) -> float:
        return self.cycle_value * action.get("count", 1)

    def _score_extraordinary_delivery(self, action: Action) -> float:
        return self.city_value(action["to"]) if action["to"] in self.cities else 1.0

    def _score_deliver(self, action: Action) -> float:
        return self.city_value(action["city"])

    def _score_income(self, action: Action) -> float:
        return self.income_value(action["certificates"])

    def _score_discard_card(self, action: Action) -> float:
        return -card_keep_value(self.ed, action["card"], self.hand)

    def _score_remove_card(self, action: Action) -> float:
        card = action["card"]
        if not self.ed.is_cattle(card):
            return -1.0
        # Thin the herd of weak cards (Jersey first); keep anything worth 3 or more.
        return 2.5 - self.ed.BREEDING_VALUE[card]

    def _score_upgrade(self, action: Action) -> float:
        return self.upgrade_value(action["station"] - 1)

    def _score_disc(self, action: Action) -> float:
        group = action["group"]
        value = DISC_VALUE.get(group, 1.0)
        if group == "hand":
            value = 2.0 + HAND_DISC_USE * self.future - self.spend(HAND_DISC_COST)
        return value

    def _score_station_master(self, action: Action) -> float:
        station = self.view["pending"]["station"] - 1  # the view counts stations from 1
        master = self.stations[station]["station_master"]
        return self.master_value(master) - self.worker_loss(action["worker"])

    def _score_skip(self, action: Action) -> float:
        return 0.0

    def _score_draw_market(self, action: Action) -> float:
        return -0.5

    def _score_foresight(self, action: Action) -> float:
        """A worker tile fills the job market, which ends the game: a slower end leaves more
        turns to use what the bot has built up, so it prefers hazards and teepees."""
        tile = self.ed.TILE[action["tile"]]
        if tile["kind"] == "worker":
            return 0.1 * self.worker_value(tile["worker"])
        if tile["kind"] == "hazard":
            return 2.0 + 0.3 * tile["vp"]  # a hazard we may remove later for its VP
        return 2.0

    def _score_commit_objective(self, action: Action) -> float:
        area = [c for c in self.me["objectives"] if c in self.ed.OBJECTIVE]
        gain = H.objectives_score(self.ed, area + [action["card"]], self.owned) - H.objectives_score(self.ed, area, self.owned)
        return gain if gain > 0 else -1.0

    def _score_drop_objective(self, action: Action) -> float:
        return 0.0
