"""The 120 cards of CATAN: On the Road as data: resources, buildings, costs, events, metropolises.

Inside the engine every card kind is a small int (an index into these tuples) so that hands,
costs and decks are plain lists of ints; the JSON forms (state, views, actions, log) use the names.
"""

from __future__ import annotations

from functools import lru_cache

# -- resources (61 cards) ------------------------------------------------------------------------

RESOURCES = ("brick", "lumber", "wool", "grain", "ore")
BRICK, LUMBER, WOOL, GRAIN, ORE = range(5)
RESOURCE_INDEX = {name: i for i, name in enumerate(RESOURCES)}
RESOURCE_COUNTS = (11, 11, 14, 12, 13)
NUM_RESOURCE_CARDS = sum(RESOURCE_COUNTS)  # 61

# -- building cards (34 in the building deck) plus the metropolis stack --------------------------

BUILDINGS = ("road", "village", "city", "knight", "metropolis")
ROAD, VILLAGE, CITY, KNIGHT, METROPOLIS = range(5)
BUILDING_INDEX = {name: i for i, name in enumerate(BUILDINGS)}
ROW_TYPES = (ROAD, VILLAGE, CITY, KNIGHT)  # the kinds in the building deck and row
BUILDING_DECK_COUNTS = (10, 11, 5, 8)  # road, village, city, knight
NUM_BUILDING_CARDS = sum(BUILDING_DECK_COUNTS)  # 34
ROW_SIZE = 5

# Costs as counts per resource (brick, lumber, wool, grain, ore). The rule page shows them only as
# icons; these are the figures of rules reference section 1.1 (see docs/rules-decisions.md).
COSTS = (
    (1, 1, 0, 0, 0),  # road: brick + lumber
    (1, 1, 1, 1, 0),  # village: brick + lumber + wool + grain
    (0, 0, 0, 2, 3),  # city: 2 grain + 3 ore
    (0, 0, 1, 0, 1),  # knight: wool + ore
    (0, 0, 3, 0, 1),  # metropolis: 3 wool + ore
)

# -- metropolis cards (4, one side for the whole game) -------------------------------------------

SIDE_A = "A"
SIDE_B = "B"

# Charity's receivers (option charity_receivers): anyone below the leaders, or only the last
CHARITY_FEWER = "fewer"
CHARITY_FEWEST = "fewest"
# Side A: four identical cards (+2 cards in the owner's draw phase).
METROPOLIS_A = "A"
# Side B: four different cards, each +1 card in the owner's draw phase plus one ability.
DRAW_PER_ROAD = "draw_per_road"          # one-off: draw 1 per road owned when built
LONGEST_ROAD_TIES = "longest_road_ties"  # lasting: win ties for Longest Road
DRAW_PER_KNIGHT = "draw_per_knight"      # one-off: draw 1 per knight owned when built
LARGEST_ARMY_TIES = "largest_army_ties"  # lasting: win ties for Largest Army
METROPOLIS_B = (DRAW_PER_ROAD, LONGEST_ROAD_TIES, DRAW_PER_KNIGHT, LARGEST_ARMY_TIES)
NUM_METROPOLISES = 4
METROPOLIS_DRAW_BONUS = {SIDE_A: 2, SIDE_B: 1}

# -- event cards (7) ----------------------------------------------------------------------------

EVENTS = ("robber", "abundance", "charity", "midwinter_feast", "subsidy")
ROBBER, ABUNDANCE, CHARITY, MIDWINTER_FEAST, SUBSIDY = range(5)
EVENT_INDEX = {name: i for i, name in enumerate(EVENTS)}
EVENT_DECK = (ROBBER, ROBBER, ROBBER, ABUNDANCE, CHARITY, MIDWINTER_FEAST, SUBSIDY)
NUM_EVENT_CARDS = len(EVENT_DECK)  # 7

# -- victory points and thresholds --------------------------------------------------------------

VP_VILLAGE = 1       # a village with no city on it
VP_CITY = 2          # a city with no metropolis on it
VP_METROPOLIS = 3
VP_BONUS_CARD = 2    # Longest Road, Largest Army
WINNING_VP = 7
LONGEST_ROAD_MIN = 3
LARGEST_ARMY_MIN = 2
ROBBER_LIMIT = 7     # plus one per knight
STARTING_HAND = 2

LONGEST_ROAD = "longest_road"
LARGEST_ARMY = "largest_army"


def substitution_rate(roads: int) -> int:
    """Identical cards that replace 1 required card when paying: 4, 3, 2, 1 for 1, 2, 3, 4+ roads."""
    return max(1, 5 - roads)


def names(counts: list[int] | tuple[int, ...]) -> list[str]:
    """A count vector as a list of resource names in canonical order: [1,0,2,0,0] -> brick, wool, wool."""
    return list(_names(tuple(counts)))


@lru_cache(maxsize=4096)  # every log entry of cards calls names(); the vectors are few and small
def _names(counts: tuple[int, ...]) -> tuple[str, ...]:
    out: list[str] = []
    for r, n in enumerate(counts):
        out.extend([RESOURCES[r]] * n)
    return tuple(out)


def counts(cards: list[str]) -> list[int]:
    """The inverse of :func:`names`."""
    vec = [0] * 5
    for name in cards:
        vec[RESOURCE_INDEX[name]] += 1
    return vec
