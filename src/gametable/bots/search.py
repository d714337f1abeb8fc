"""A search bot for every game: information-set Monte Carlo tree search over determinizations.

It plays through the protocol only. Every iteration deals the hidden information again
(``State.determinize``: a state the seat cannot tell from the real one), walks the tree of the
seat's own decisions in that world, then lets basic bots play every seat for a while and scores
the position reached (``State.provisional_scores``, or the result of a finished game).

- The tree holds the searching seat's decisions only, keyed by action, so the statistics of one
  move gather over all the worlds it was legal in (single-observer ISMCTS: a child's exploration
  term counts the iterations it was available). The other seats are played by the basic bot, in
  the tree and after it: the opponents the search expects are sensible players.
- Progressive widening with the basic bot's ranking as prior: a node first considers only the
  basic bot's favourite move and admits the next best as its visits grow, so a small budget
  refines the basic bot's choice instead of spreading over dozens of moves.
- The roll-out stops after ``horizon`` decisions, or, with ``horizon_turns``, as the seat begins
  its n-th turn after the root's; the value of the position reached is the seat's provisional
  score against the best other seat's, squashed into [0, 1]; a finished game counts its result
  (a win 1, a shared win its share, a loss 0) with the score margin as a tie-break.
- The basic bot may narrow the moves worth weighing (``search_candidates``): a decision left with
  one candidate is played at once and is no node of the tree. CATAN's bot composes trade offers
  itself this way: the single steps of an offer cannot be told apart by a search, which then put
  cards in and took them out again for hundreds of steps.
- The choice is the most visited move at the root. With ``trees`` > 1 the iterations are split
  over independent trees (seeded from the bot's seed) whose root statistics are added up; they
  run on ``workers`` processes. The answer depends on the seed, the iterations and the trees,
  never on the number of processes or the time taken, so a fixed budget is reproducible.
"""

from __future__ import annotations

import json
import math
import multiprocessing
from dataclasses import dataclass, field
from typing import Any, Callable

from gametable.engine import Action, Rng, State

#: makes the basic bot of a game (a HeuristicBot: it must offer ``scores``, ``choose`` and
#: ``search_candidates``)
BasicFactory = Callable[[int], Any]


@dataclass(frozen=True)
class SearchBudget:
    """How much a search bot thinks per decision."""
    #: iterations (imagined games) per decision, over all trees
    iterations: int
    #: decisions played after the tree before the position is scored
    horizon: int
    #: independent trees the iterations are split over (root parallelism)
    trees: int = 1
    #: children admitted at a node with N visits: 1 + widening * N ** widening_power
    widening: float = 1.0
    widening_power: float = 0.5
    #: UCB1 exploration constant (values lie in [0, 1])
    exploration: float = 0.7
    #: score margin (in the game's points) that counts as clearly ahead: the squashing scale
    margin_scale: float = 5.0
    #: share of the value given to the seat's own score gained since the root (squashed on the
    #: same scale) instead of its margin: a search for the margin alone stops caring how much it
    #: scores once it is clearly ahead, and values hurting the others as much as scoring
    own_score_weight: float = 0.0
    #: when > 0, an iteration ends as the seat begins its ``horizon_turns``-th turn after the
    #: root's (``horizon`` then only caps the roll-out): every leaf is judged at the same moment
    #: of the game, each seat having played as many turns, whatever the moves tried took; a
    #: count of decisions cuts one line mid-turn and another a turn later
    horizon_turns: int = 0


class _TurnCounter:
    """The turns ``seat`` has begun since the root (where it acts): the decisions at which it
    acts after another seat did. That is a turn in a game where only the current player decides
    (Great Western Trail); where others answer during a turn (CATAN's trades) it is not."""

    def __init__(self, seat: int, limit: int) -> None:
        self.seat = seat
        self.limit = limit  # the turns that end an iteration; 0: none
        self.last_acting = seat
        self.begun = 0

    def reached(self, acting: int) -> bool:
        """Note that ``acting`` decides next; True once the seat has begun ``limit`` turns."""
        if acting == self.seat and self.last_acting != self.seat:
            self.begun += 1
        self.last_acting = acting
        return 0 < self.limit <= self.begun


@dataclass
class _Child:
    action: Action
    rank: int
    visits: int = 0
    value: float = 0.0
    available: int = 0
    node: "_Node | None" = None


@dataclass
class _Node:
    children: dict[str, _Child] = field(default_factory=dict)
    visits: int = 0


def action_key(action: Action) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


class SearchBot:
    """A bot of one game that searches ``budget`` per decision; ``basic`` makes the game's basic
    bot (the roll-out policy, the opponents' model and the prior)."""

    def __init__(self, seed: int, basic: BasicFactory, budget: SearchBudget, workers: int = 1) -> None:
        self.seed = seed
        self.basic = basic
        self.budget = budget
        self.workers = workers
        self.decisions = 0

    def choose(self, state: State, seat: int) -> Action:
        actions = state.legal_actions(seat)
        if len(actions) == 1:
            return actions[0]
        # one seed per decision of this bot: the same bot deciding twice explores differently
        decision_seed = Rng(self.seed * 1_000_003 + self.decisions).next_u64()
        self.decisions += 1
        candidates = self.basic(decision_seed).search_candidates(state, seat, actions)
        if len(candidates) == 1:
            return candidates[0]
        totals = root_statistics(state, seat, self.basic, self.budget, decision_seed, self.workers)
        return best_root_action(candidates, totals)


def best_root_action(actions: list[Action], totals: dict[str, tuple[int, float]]) -> Action:
    """The most visited legal action; ties by the higher value, then the earlier in the list."""
    def merit(item: tuple[int, Action]) -> tuple[int, float, int]:
        index, action = item
        visits, value = totals.get(action_key(action), (0, 0.0))
        return visits, value, -index

    return max(enumerate(actions), key=merit)[1]


def root_statistics(state: State, seat: int, basic: BasicFactory, budget: SearchBudget, seed: int,
                    workers: int = 1) -> dict[str, tuple[int, float]]:
    """Visits and total value of every root action, added up over the budget's trees."""
    trees = max(1, budget.trees)
    shares = [budget.iterations // trees + (t < budget.iterations % trees) for t in range(trees)]
    jobs = [(state, seat, basic, budget, Rng(seed + t).next_u64(), share) for t, share in enumerate(shares)]
    if workers > 1 and trees > 1:
        with multiprocessing.Pool(min(workers, trees)) as pool:
            results = pool.starmap(_search_tree, jobs)
    else:
        results = [_search_tree(*job) for job in jobs]
    totals: dict[str, tuple[int, float]] = {}
    for result in results:
        for key, (visits, value) in result.items():
            old_visits, old_value = totals.get(key, (0, 0.0))
            totals[key] = (old_visits + visits, old_value + value)
    return totals


def _search_tree(state: State, seat: int, basic: BasicFactory, budget: SearchBudget, seed: int,
                 iterations: int) -> dict[str, tuple[int, float]]:
    rng = Rng(seed)
    # one basic bot per seat, reused across iterations (its RNG only breaks ties)
    players = [basic(rng.next_u64()) for _ in range(state.num_players)]
    root = _Node()
    baseline: float | None = None  # the seat's estimated score at the root, in the first world
    for _ in range(iterations):
        world = state.determinize(seat, rng)
        if baseline is None:
            baseline = _estimates(world, players[seat].estimated_scores)[seat] if budget.own_score_weight else 0.0
        _iterate(world, seat, root, players, budget, baseline)
    return {key: (child.visits, child.value) for key, child in root.children.items()}


def _iterate(world: State, seat: int, root: _Node, players: list[Any], budget: SearchBudget,
             baseline: float) -> None:
    """One imagined game: down the tree, one new node, a roll-out, the value back up."""
    path: list[tuple[_Node, _Child]] = []
    node: _Node | None = root
    turns = _TurnCounter(seat, budget.horizon_turns)
    while node is not None and not world.is_over():
        acting = world.to_act()[0]
        if turns.reached(acting):
            break
        if acting != seat:
            world.apply(acting, players[acting].choose(world, acting))
            continue
        actions = players[seat].search_candidates(world, seat, world.legal_actions(seat))
        if len(actions) == 1:
            world.apply(seat, actions[0])
            continue
        child = _select(node, world, seat, actions, players[seat], budget)
        path.append((node, child))
        world.apply(seat, child.action)
        if child.visits == 0:
            break  # a new child: its value comes from a roll-out
        if child.node is None:
            child.node = _Node()
        node = child.node
    value = _rollout(world, seat, players, budget, baseline, turns)
    for parent, child in path:
        parent.visits += 1
        child.visits += 1
        child.value += value


def _select(node: _Node, world: State, seat: int, actions: list[Action], basic: Any,
            budget: SearchBudget) -> _Child:
    """The child to follow among the admitted legal actions (progressive widening, UCB1)."""
    keys = [action_key(a) for a in actions]
    if any(key not in node.children for key in keys):
        _add_children(node, world, seat, actions, keys, basic)
    legal = sorted((node.children[key] for key in keys), key=lambda c: c.rank)
    admitted = legal[:1 + int(budget.widening * node.visits ** budget.widening_power)]
    for child in admitted:
        child.available += 1
    unvisited = [child for child in admitted if child.visits == 0]
    if unvisited:
        return unvisited[0]  # the best ranked one not tried yet
    c = budget.exploration
    return max(admitted, key=lambda child: child.value / child.visits
               + c * math.sqrt(math.log(child.available) / child.visits))


def _add_children(node: _Node, world: State, seat: int, actions: list[Action], keys: list[str],
                  basic: Any) -> None:
    """Rank the legal actions by the basic bot's scores (ties in the game's order); actions first
    met here join the node after those it knows, in that order."""
    if len(actions) == 1:
        scores = [0.0]
    else:
        scores = basic.scores(world, seat, actions)
    order = sorted(range(len(actions)), key=lambda i: -scores[i])
    start = len(node.children)
    for rank, i in enumerate(order):
        if keys[i] not in node.children:
            node.children[keys[i]] = _Child(actions[i], start + rank)


def _rollout(world: State, seat: int, players: list[Any], budget: SearchBudget, baseline: float,
             turns: _TurnCounter) -> float:
    play_out(world, players, budget, turns)
    return position_value(world, seat, budget.margin_scale, players[seat].estimated_scores,
                          budget.own_score_weight, baseline)


def play_out(world: State, players: list[Any], budget: SearchBudget, turns: _TurnCounter) -> None:
    """Let ``players`` (one bot per seat) play ``world`` on until the game ends, ``budget.horizon``
    decisions have passed or ``turns`` says the searching seat begins the turn that ends a look
    ahead. The review (gametable.review) judges moves by the same roll-outs as the search."""
    for _ in range(budget.horizon):
        if world.is_over():
            break
        acting = world.to_act()[0]
        if turns.reached(acting):
            break
        world.apply(acting, players[acting].choose(world, acting))


def turn_counter(seat: int, budget: SearchBudget) -> _TurnCounter:
    """The counter of ``seat``'s turns that ends a roll-out started where it acts (or waits for
    its next turn) at ``budget.horizon_turns``."""
    return _TurnCounter(seat, budget.horizon_turns)


def score_margin(world: State, seat: int,
                 estimated_scores: Callable[[State], list[float]] | None = None) -> float:
    """``seat``'s score minus the best other seat's: the result's in a finished game, else the
    expected final scores' (``estimated_scores``, by default the final scoring applied now)."""
    if world.is_over():
        return _margin([s["total"] for s in world.result()["scores"]], seat)
    return _margin(_estimates(world, estimated_scores), seat)


def _estimates(world: State, estimated_scores: Callable[[State], list[float]] | None) -> list[float]:
    return estimated_scores(world) if estimated_scores else world.provisional_scores()


def position_value(world: State, seat: int, scale: float,
                   estimated_scores: Callable[[State], list[float]] | None = None,
                   own_score_weight: float = 0.0, own_baseline: float = 0.0) -> float:
    """How good the position is for ``seat``, in [0, 1]; an unfinished game is judged by
    ``estimated_scores`` (the basic bot's, by default the final scoring applied now).

    The standing against the best other seat, blended with ``own_score_weight`` of the seat's own
    score above ``own_baseline`` (its estimate at the root of the search)."""
    if world.is_over():
        result = world.result()
        totals = [s["total"] for s in result["scores"]]
        share = 1 / len(result["winners"]) if seat in result["winners"] else 0.0
        standing = 0.9 * share + 0.1 * _squash(_margin(totals, seat), scale)
    else:
        totals = _estimates(world, estimated_scores)
        standing = _squash(_margin(totals, seat), scale)
    if not own_score_weight:
        return standing
    return (1 - own_score_weight) * standing + own_score_weight * _squash(totals[seat] - own_baseline, scale)


def _margin(totals: list[float], seat: int) -> float:
    return totals[seat] - max(t for s, t in enumerate(totals) if s != seat)


def _squash(margin: float, scale: float) -> float:
    return 0.5 + 0.5 * math.tanh(margin / scale)
