"""§4.3 replaced by the rule page's [P]6: road substitution at payment time.

When paying, 1 required card may be replaced by N identical cards of one other type, N = 4, 3, 2, 1
for 1, 2, 3, 4+ roads, as often as wanted; no card comes from any deck.
"""

import itertools
import random

import pytest

from gametable.engine import IllegalAction
from gametable.games.catan_road.cards import COSTS, substitution_rate
from gametable.games.catan_road.payment import can_pay, payments
from tests.games.catan_road.helpers import area, check_cards, hand, hand_of, log_keys, scenario

VILLAGE = {"type": "build", "card": "village"}
ROAD = {"type": "build", "card": "road"}
CITY = {"type": "build", "card": "city"}


def test_p6_rule_page_example_three_roads_village_without_grain():
    """3 roads, no grain: 2 wool replace the grain, so brick + lumber + 3 wool are paid."""
    state = scenario(3, hands=[hand(brick=1, lumber=1, wool=3), {}, {}],
                     areas=[area(roads=3), area(), area()], longest_road=0, events_top=["charity"])
    deck_before = len(state.to_json()["resource_deck"])
    state.apply(0, VILLAGE)  # only one way to pay: it is taken without asking
    data = state.to_json()
    assert data["phase"] == "main"
    assert data["hands"][0] == hand()
    assert data["resource_discard"] == hand(brick=1, lumber=1, wool=3)
    assert len(data["resource_deck"]) == deck_before, "no card is taken from any deck"
    built = [e for e in state.log if e["key"] == "catan.built"][0]
    assert built["cards"] == ["brick", "lumber", "wool", "wool", "wool"]
    assert data["areas"][0]["villages"] == 2
    check_cards(state)


@pytest.mark.parametrize("roads, rate", [(1, 4), (2, 3), (3, 2), (4, 1), (6, 1)])
def test_p6_rate_by_road_count(roads, rate):
    assert substitution_rate(roads) == rate
    # brick is missing for a road; `rate` ore replace it, one ore fewer does not
    enough = scenario(2, hands=[hand(lumber=1, ore=rate), {}], areas=[area(roads=roads), area()])
    assert ROAD in enough.legal_actions(0)
    short = scenario(2, hands=[hand(lumber=1, ore=rate - 1), {}], areas=[area(roads=roads), area()])
    assert ROAD not in short.legal_actions(0)
    enough.apply(0, ROAD)
    assert hand_of(enough, 0) == hand()
    assert enough.to_json()["resource_discard"] == hand(lumber=1, ore=rate)


def test_p6_any_number_of_substitutions_in_one_payment():
    """4 roads (1:1): a city (2 grain + 3 ore) paid entirely with 5 wool."""
    state = scenario(2, hands=[hand(wool=5), {}], areas=[area(roads=4), area()], longest_road=0)
    state.apply(0, CITY)
    assert state.to_json()["areas"][0]["cities"] == 1
    assert hand_of(state, 0) == hand()
    assert state.to_json()["resource_discard"] == hand(wool=5)


def test_p6_the_player_chooses_which_cards_pay_when_there_is_a_choice():
    state = scenario(2, hands=[hand(grain=2, ore=3, wool=2), {}], areas=[area(roads=3), area()],
                     longest_road=0)
    state.apply(0, CITY)
    assert state.to_json()["phase"] == "pay" and state.view(0)["paying"] == {"card": "city", "metropolis": None}
    options = state.legal_actions(0)
    assert sorted(tuple(a["cards"]) for a in options) == sorted([
        ("grain", "grain", "ore", "ore", "ore"),          # no substitution
        ("wool", "wool", "grain", "grain", "ore", "ore"),  # 2 wool for 1 ore
        ("wool", "wool", "grain", "ore", "ore", "ore"),    # 2 wool for 1 grain
    ])
    assert all(a["type"] == "pay" for a in options)
    before = state.to_json()
    state.apply(0, {"type": "pay", "cards": ["wool", "wool", "grain", "ore", "ore", "ore"]})
    data = state.to_json()
    assert data["hands"][0] == hand(grain=1)
    assert data["resource_discard"] == hand(wool=2, grain=1, ore=3)
    assert len(data["resource_deck"]) == len(before["resource_deck"])
    assert data["areas"][0]["cities"] == 1 and data["phase"] == "main"
    assert log_keys(state)[-1] in ("catan.built", "catan.row_refilled")
    check_cards(state)


def test_p6_the_cards_of_a_payment_may_be_named_in_any_order():
    """A payment is a set of cards: any order applies as the listed one; another set is refused."""
    def paying():
        state = scenario(2, hands=[hand(grain=2, ore=3, wool=2), {}], areas=[area(roads=3), area()],
                         longest_road=0)
        state.apply(0, CITY)
        return state
    listed, shuffled = paying(), paying()
    offered = {"type": "pay", "cards": ["wool", "wool", "grain", "ore", "ore", "ore"]}
    assert offered in listed.legal_actions(0)
    listed.apply(0, offered)
    returned = shuffled.apply(0, {"type": "pay", "cards": ["ore", "wool", "ore", "grain", "wool", "ore"]})
    assert returned == offered and shuffled.to_json() == listed.to_json()
    state = paying()
    before = state.to_json()
    with pytest.raises(IllegalAction):  # one wool short of a substitution
        state.apply(0, {"type": "pay", "cards": ["ore", "wool", "ore", "grain", "ore", "ore"]})
    assert state.to_json() == before


def test_p6_substitution_uses_another_type_only():
    """A village needs one card of each of 4 types: 1 road (4:1) and 4 brick + 1 lumber... cannot
    replace the missing wool and grain, and brick never replaces brick."""
    assert not can_pay([4, 1, 0, 1, 0], COSTS[1], 4)   # wool missing, only 3 spare brick
    assert can_pay([5, 1, 0, 1, 0], COSTS[1], 4)       # 4 spare brick replace the wool
    assert payments([5, 1, 0, 1, 0], COSTS[1], 4) == ((5, 1, 0, 1, 0),)


def _brute_force(hand_, cost, rate):
    """Every payment reachable by choosing, for each required card, its own type or N of another."""
    required = [t for t in range(5) for _ in range(cost[t])]
    found = set()
    for choice in itertools.product(range(5), repeat=len(required)):
        paid = [0] * 5
        for need, use in zip(required, choice):
            paid[use] += 1 if use == need else rate
        if all(paid[t] <= hand_[t] for t in range(5)):
            found.add(tuple(paid))
    return found


def _random_cases(seed, count, card_counts):
    """``count`` seeded (hand, cost, rate) cases, each type's cards drawn from ``card_counts``."""
    rng = random.Random(seed)
    for _ in range(count):
        hand_ = [rng.choice(card_counts) for _ in range(5)]
        yield hand_, COSTS[rng.randrange(5)], rng.choice([1, 2, 3, 4])


def test_p6_payment_enumeration_matches_brute_force():
    for hand_, cost, rate in _random_cases(5, 400, range(7)):
        expected = _brute_force(hand_, cost, rate)
        assert set(payments(hand_, cost, rate)) == expected
        assert can_pay(hand_, cost, rate) == bool(expected)


def test_p6_payments_are_listed_once_fewest_cards_first():
    """The order of the pay actions: fewest cards first, then more of the earlier resource types."""
    for hand_, cost, rate in _random_cases(17, 400, range(12)):
        found = payments(hand_, cost, rate)
        assert len(set(found)) == len(found)
        assert list(found) == sorted(found, key=lambda p: (sum(p), [-x for x in p]))


def test_p6_cards_beyond_what_a_payment_can_use_change_nothing():
    """payments() rounds each type down to what a payment can use (at most cost + rate * (other
    required cards)) before its cache: the same answer as the enumeration over the whole hand, for
    hands between the values a payment can use and far above the most it can."""
    from gametable.games.catan_road.payment import _payments

    for hand_, cost, rate in _random_cases(11, 300, [0, 1, 2, 3, 5, 8, 13, 21]):
        assert payments(hand_, cost, rate) == _payments(tuple(hand_), cost, rate)
