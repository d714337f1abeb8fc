"""The 120 cards of CATAN: On the Road as data: resources, buildings, costs, events, metropolises.

Inside the engine every card kind is a small int (an index into these tuples) so that hands,
costs and decks are plain lists of ints; the JSON forms (state, views, actions, log) use the names.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

# -- resources (61 cards) ------------------------------------------------------------------------

RESOURCES: Final = ("brick", "lumber", "wool", "grain", "ore")
BRICK: Final = 0
LUMBER: Final = 1
WOOL: Final = 2
GRAIN: Final = 3
ORE: Final = 4
RESOURCE_INDEX: Final = {name: i for i, name in enumerate(RESOURCES)}
RESOURCE_COUNTS: Final = (11, 11, 14, 12, 13)
NUM_RESOURCE_CARDS: Final = sum(RESOURCE_COUNTS)  # 61

# -- building cards (34 in the building deck) plus the metropolis stack --------------------------

BUILDINGS: Final = ("road", "village", "city", "knight", "metropolis")
ROAD: Final = 0
VILLAGE: Final = 1
CITY: Final = 2
KNIGHT: Final = 3
METROPOLIS: Final = 4
BUILDING_INDEX: Final = {name: i for i, name in enumerate(BUILDINGS)}
ROW_TYPES: Final = (ROAD, VILLAGE, CITY, KNIGHT)  # the kinds in the building deck and row
BUILDING_DECK_COUNTS: Final = (10, 11, 5, 8)  # road, village, city, knight
NUM_BUILDING_CARDS: Final = sum(BUILDING_DECK_COUNTS)  # 34
ROW_SIZE: Final = 5

# Costs as counts per resource (brick, lumber, wool, grain, ore). The rule page shows them only as
# icons; these are the figures of rules reference section 1.1 (see docs/rules-decisions.md).
COSTS: Final = (
    (1, 1, 0, 0, 0),  # road: brick + lumber
    (1, 1, 1, 1, 0),  # village: brick + lumber + wool + grain
    (0, 0, 0, 2, 3),  # city: 2 grain + 3 ore
    (0, 0, 1, 0, 1),  # knight: wool + ore
    (0, 0, 3, 0, 1),  # metropolis: 3 wool + ore
)

# -- metropolis cards (4, one side for the whole game) -------------------------------------------

SIDE_A: Final = "A"
SIDE_B: Final = "B"

# Charity's receivers (option charity_receivers): anyone below the leaders, or only the last
CHARITY_FEWER: Final = "fewer"
CHARITY_FEWEST: Final = "fewest"
# Side A: four identical cards (+2 cards in the owner's draw phase).
METROPOLIS_A: Final = "A"
# Side B: four different cards, each +1 card in the owner's draw phase plus one ability.
DRAW_PER_ROAD: Final = "draw_per_road"          # one-off: draw 1 per road owned when built
LONGEST_ROAD_TIES: Final = "longest_road_ties"  # lasting: win ties for Longest Road
DRAW_PER_KNIGHT: Final = "draw_per_knight"      # one-off: draw 1 per knight owned when built
LARGEST_ARMY_TIES: Final = "largest_army_ties"  # lasting: win ties for Largest Army
METROPOLIS_B: Final = (DRAW_PER_ROAD, LONGEST_ROAD_TIES, DRAW_PER_KNIGHT, LARGEST_ARMY_TIES)
NUM_METROPOLISES: Final = 4
METROPOLIS_DRAW_BONUS: Final = {SIDE_A: 2, SIDE_B: 1}

# -- event cards (7) ----------------------------------------------------------------------------

EVENTS: Final = ("robber", "abundance", "charity", "midwinter_feast", "subsidy")
ROBBER: Final = 0
ABUNDANCE: Final = 1
CHARITY: Final = 2
MIDWINTER_FEAST: Final = 3
SUBSIDY: Final = 4
EVENT_INDEX: Final = {name: i for i, name in enumerate(EVENTS)}
EVENT_DECK: Final = (ROBBER, ROBBER, ROBBER, ABUNDANCE, CHARITY, MIDWINTER_FEAST, SUBSIDY)
NUM_EVENT_CARDS: Final = len(EVENT_DECK)  # 7

# -- victory points and thresholds --------------------------------------------------------------

VP_VILLAGE: Final = 1       # a village with no city on it
VP_CITY: Final = 2          # a city with no metropolis on it
VP_METROPOLIS: Final = 3
VP_BONUS_CARD: Final = 2    # Longest Road, Largest Army
WINNING_VP: Final = 7
LONGEST_ROAD_MIN: Final = 3
LARGEST_ARMY_MIN: Final = 2
ROBBER_LIMIT: Final = 7     # plus one per knight
STARTING_HAND: Final = 2

LONGEST_ROAD: Final = "longest_road"
LARGEST_ARMY: Final = "largest_army"


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
