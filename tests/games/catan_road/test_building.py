"""§5 Building (costs from §1.1, [P]9), placement of cities and metropolises, the building row (§5.2)."""

import pytest

from gametable.engine import IllegalAction
from tests.games.catan_road.helpers import area, check_cards, hand, hand_of, log_keys, scenario

COSTS = {
    "road": hand(brick=1, lumber=1),
    "village": hand(brick=1, lumber=1, wool=1, grain=1),
    "city": hand(grain=2, ore=3),
    "knight": hand(wool=1, ore=1),
    "metropolis": hand(wool=3, ore=1),
}


def build(card, metropolis=None):
    action = {"type": "build", "card": card}
    if metropolis:
        action["metropolis"] = metropolis
    return action


@pytest.mark.parametrize("card, before, after, vp", [
    ("road", area(), area(roads=2), (1, 1)),
    ("village", area(), area(villages=2), (1, 2)),
    ("city", area(), area(villages=0, cities=1), (1, 2)),
    ("knight", area(), area(knights=1), (1, 1)),
    ("metropolis", area(villages=0, cities=1), area(villages=0, cities=0, metropolises=["A"]), (2, 3)),
])
def test_s1_1_each_card_costs_exactly_its_price(card, before, after, vp):
    """§1.1 costs (a rules decision): with exactly the cost in hand, the card is built and the hand is empty."""
    state = scenario(3, hands=[COSTS[card], {}, {}], areas=[before, area(), area()],
                     row=["road", "village", "city", "knight", "road"], building_top=["knight"],
                     events_top=["charity"])
    assert state.vp(0) == vp[0]
    state.apply(0, build(card, "A" if card == "metropolis" else None))
    data = state.to_json()
    assert data["hands"][0] == hand()
    assert data["resource_discard"] == COSTS[card]
    assert data["areas"][0] == after
    assert state.vp(0) == vp[1]
    if card != "metropolis":
        row = ["road", "village", "city", "knight", "road"]
        row.remove(card)
        assert data["row"] == row + ["knight"], "the row is refilled from the top of the building deck"
    else:
        assert data["metropolis_stack"] == ["A"] * 3 and len(data["row"]) == 5
    check_cards(state)


@pytest.mark.parametrize("card", ["road", "village", "city", "knight", "metropolis"])
def test_s1_1_one_card_short_cannot_build(card):
    cost = dict(COSTS[card])
    short = next(r for r, n in cost.items() if n)
    cost[short] -= 1
    state = scenario(3, hands=[cost, {}, {}], areas=[area(villages=1, cities=1), area(), area()])
    assert build(card, "A" if card == "metropolis" else None) not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="cannot pay"):
        state.apply(0, build(card, "A" if card == "metropolis" else None))


def test_s5_1_only_cards_in_the_row_can_be_built():
    state = scenario(2, hands=[hand(brick=5, lumber=5, wool=5, grain=5, ore=5), {}],
                     row=["road", "road", "road", "knight", "knight"])
    types = {a.get("card") for a in state.legal_actions(0) if a["type"] == "build"}
    assert types == {"road", "knight"}
    before = state.to_json()
    with pytest.raises(IllegalAction, match="no village in the building row"):
        state.apply(0, build("village"))
    assert state.to_json() == before


def test_s5_1_city_needs_an_own_village_without_a_city():
    state = scenario(2, hands=[hand(grain=4, ore=6), {}], areas=[area(villages=1, cities=0), area()],
                     row=["city", "city", "road", "road", "knight"])
    state.apply(0, build("city"))
    assert state.to_json()["areas"][0] == area(villages=0, cities=1)
    assert build("city") not in state.legal_actions(0), "the only village is covered"
    with pytest.raises(IllegalAction, match="villages without a city"):
        state.apply(0, build("city"))


def test_s5_1_metropolis_needs_an_own_city_without_a_metropolis():
    state = scenario(2, hands=[hand(wool=6, ore=2), {}], areas=[area(villages=1, cities=1), area()])
    state.apply(0, build("metropolis", "A"))
    assert state.to_json()["areas"][0] == area(villages=1, cities=0, metropolises=["A"])
    assert state.vp(0) == 1 + 3
    assert not [a for a in state.legal_actions(0) if a.get("card") == "metropolis"]
    with pytest.raises(IllegalAction, match="cities without a metropolis"):
        state.apply(0, build("metropolis", "A"))


def test_s1_2_side_b_builder_chooses_which_metropolis():
    state = scenario(2, metropolis_side="B", hands=[hand(wool=3, ore=1), {}],
                     areas=[area(villages=0, cities=1), area()])
    choices = [a["metropolis"] for a in state.legal_actions(0) if a.get("card") == "metropolis"]
    assert choices == ["draw_per_road", "longest_road_ties", "draw_per_knight", "largest_army_ties"]
    state.apply(0, build("metropolis", "draw_per_knight"))
    data = state.to_json()
    assert data["metropolis_stack"] == ["draw_per_road", "longest_road_ties", "largest_army_ties"]
    assert data["areas"][0]["metropolises"] == ["draw_per_knight"]


def test_s1_2_no_metropolis_left_means_none_can_be_built():
    state = scenario(4, hands=[hand(wool=3, ore=1), {}, {}, {}],
                     row=["road", "village", "knight", "road", "village"],
                     areas=[area(villages=0, cities=1, metropolises=["A"]),
                            area(villages=0, cities=0, metropolises=["A"]),
                            area(villages=0, cities=0, metropolises=["A"]),
                            area(villages=0, cities=0, metropolises=["A"])])
    assert state.to_json()["metropolis_stack"] == []
    assert not [a for a in state.legal_actions(0) if a.get("card") == "metropolis"]


def test_s5_2_five_of_a_kind_is_shuffled_back_and_redealt():
    state = scenario(2, hands=[hand(brick=1, lumber=1), {}],
                     row=["knight", "knight", "knight", "knight", "road"], building_top=["knight"])
    state.apply(0, build("road"))
    data = state.to_json()
    assert "catan.row_redealt" in log_keys(state)
    redealt = [e for e in state.log if e["key"] == "catan.row_redealt"]
    assert redealt[-1]["cards"] == data["row"]
    assert len(data["row"]) == 5 and len(set(data["row"])) > 1
    assert len(data["building_deck"]) == 34 - 1 - 5
    check_cards(state)


def test_s5_2_empty_building_deck_shrinks_the_row():
    row = ["knight", "city", "city", "road", "village"]
    # every other building card is built (9 roads, 10 villages, 3 cities, 7 knights), nobody at 7 VP
    areas = [area(villages=3, cities=1), area(roads=10, villages=2, cities=1),
             area(villages=2, cities=1, knights=7), area(villages=4)]
    state = scenario(4, hands=[hand(wool=1, ore=1), {}, {}, {}], row=row, areas=areas,
                     longest_road=1, largest_army=2)
    assert state.to_json()["building_deck"] == []
    state.apply(0, build("knight"))
    assert state.to_json()["row"] == ["city", "city", "road", "village"]
    check_cards(state)


def test_s5_2_no_endless_redeal_when_the_deck_holds_only_the_same_type():
    row = ["city", "city", "city", "city", "knight"]
    areas = [area(villages=4), area(roads=11, villages=4), area(villages=4, knights=7), area(villages=3)]
    state = scenario(4, hands=[hand(wool=1, ore=1), {}, {}, {}], row=row, building_top=["city"],
                     areas=areas, longest_road=1, largest_army=2)
    state.apply(0, build("knight"))
    data = state.to_json()
    assert data["row"] == ["city"] * 5 and data["building_deck"] == []
    assert "catan.row_redealt" not in log_keys(state)
    check_cards(state)


def test_s5_1_several_builds_in_one_turn():
    state = scenario(2, hands=[hand(brick=2, lumber=2, wool=1, ore=1), {}],
                     row=["road", "road", "knight", "city", "city"], building_top=["city", "city", "city"])
    for card in ("road", "road", "knight"):
        state.apply(0, build(card))
    assert state.to_json()["areas"][0] == area(roads=3, knights=1)
    assert hand_of(state, 0) == hand()
    assert state.to_json()["longest_road"] == 0
