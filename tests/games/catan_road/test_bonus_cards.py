"""§6 Longest Road (first to 3 roads) and Largest Army (first to 2 knights), 2 VP each: they move only
to a player with strictly more, except that a side-B tie metropolis wins ties (§1.2, [P]8)."""

import pytest

from tests.games.catan_road.helpers import area, check_cards, hand, hand_of, log_keys, scenario

ROAD = {"type": "build", "card": "road"}
KNIGHT = {"type": "build", "card": "knight"}


def metropolis(card):
    return {"type": "build", "card": "metropolis", "metropolis": card}


def test_s6_first_to_three_roads_takes_longest_road():
    state = scenario(2, hands=[hand(brick=2, lumber=2), {}], areas=[area(roads=1), area(roads=2)],
                     row=["road", "road", "village", "village", "city"])
    state.apply(0, ROAD)  # 2 roads: not yet
    assert state.to_json()["longest_road"] is None and state.vp(0) == 1
    state.apply(0, ROAD)  # 3 roads
    assert state.to_json()["longest_road"] == 0 and state.vp(0) == 3
    claimed = [e for e in state.log if e["key"] == "catan.bonus_claimed"]
    assert claimed == [{"key": "catan.bonus_claimed", "seat": 0, "bonus": "longest_road", "count": 3,
                        "unit": "roads"}]
    check_cards(state)


def test_s6_longest_road_tie_keeps_holder_more_takes_it():
    state = scenario(2, hands=[hand(brick=2, lumber=2), {}], areas=[area(roads=2), area(roads=3)],
                     longest_road=1, row=["road", "road", "village", "village", "city"])
    assert (state.vp(0), state.vp(1)) == (1, 3)
    state.apply(0, ROAD)  # 3 : 3, a tie
    assert state.to_json()["longest_road"] == 1 and (state.vp(0), state.vp(1)) == (1, 3)
    state.apply(0, ROAD)  # 4 : 3
    assert state.to_json()["longest_road"] == 0 and (state.vp(0), state.vp(1)) == (3, 1)
    taken = [e for e in state.log if e["key"] == "catan.bonus_taken"][0]
    assert taken == {"key": "catan.bonus_taken", "from_seat": 1, "seat": 0, "bonus": "longest_road",
                     "count": 4, "unit": "roads"}
    check_cards(state)


def test_s6_first_to_two_knights_takes_largest_army_and_strictly_more_takes_it_over():
    state = scenario(3, hands=[hand(wool=3, ore=3), {}, {}], areas=[area(), area(knights=2), area(knights=1)],
                     largest_army=1, row=["knight", "knight", "knight", "road", "road"])
    state.apply(0, KNIGHT)
    state.apply(0, KNIGHT)  # 2 : 2, holder keeps it
    assert state.to_json()["largest_army"] == 1 and state.vp(0) == 1 and state.vp(1) == 3
    state.apply(0, KNIGHT)  # 3 : 2
    assert state.to_json()["largest_army"] == 0 and state.vp(0) == 3 and state.vp(1) == 1


def test_s6_one_knight_is_not_enough():
    state = scenario(2, hands=[hand(wool=1, ore=1), {}], row=["knight", "road", "road", "city", "city"])
    state.apply(0, KNIGHT)
    assert state.to_json()["largest_army"] is None and state.vp(0) == 1


def test_s1_2_longest_road_tie_metropolis_takes_the_card_when_built_on_a_tie():
    state = scenario(2, metropolis_side="B", hands=[hand(wool=3, ore=1), {}],
                     areas=[area(roads=3, villages=0, cities=1), area(roads=3)], longest_road=1)
    assert (state.vp(0), state.vp(1)) == (2, 3)
    state.apply(0, metropolis("longest_road_ties"))
    assert state.to_json()["longest_road"] == 0
    assert (state.vp(0), state.vp(1)) == (3 + 2, 1)
    assert "catan.bonus_taken_on_tie" in log_keys(state)
    check_cards(state)


def test_s1_2_longest_road_tie_metropolis_takes_the_card_when_a_later_road_ties():
    state = scenario(2, metropolis_side="B", hands=[hand(brick=1, lumber=1), {}],
                     areas=[area(roads=2, villages=1, cities=0, metropolises=["longest_road_ties"]),
                            area(roads=3)], longest_road=1, row=["road", "city", "city", "knight", "knight"])
    state.apply(0, ROAD)
    assert state.to_json()["longest_road"] == 0


def test_s1_2_tie_metropolis_does_nothing_below_a_tie():
    state = scenario(2, metropolis_side="B", hands=[hand(wool=3, ore=1), {}],
                     areas=[area(roads=2, villages=0, cities=1), area(roads=3)], longest_road=1)
    state.apply(0, metropolis("longest_road_ties"))
    assert state.to_json()["longest_road"] == 1


def test_s1_2_largest_army_tie_metropolis():
    state = scenario(2, metropolis_side="B", hands=[hand(wool=3, ore=1), {}],
                     areas=[area(villages=0, cities=1, knights=2), area(knights=2)], largest_army=1)
    state.apply(0, metropolis("largest_army_ties"))
    assert state.to_json()["largest_army"] == 0 and state.vp(0) == 5 and state.vp(1) == 1


def test_s1_2_largest_army_tie_metropolis_of_the_holder_side_is_not_needed_to_keep_it():
    """The holder keeps the card on a tie anyway; the other player's plain build does not take it."""
    state = scenario(2, metropolis_side="B", hands=[hand(wool=1, ore=1), {}],
                     areas=[area(knights=1), area(knights=2)], largest_army=1,
                     row=["knight", "road", "road", "city", "city"])
    state.apply(0, KNIGHT)
    assert state.to_json()["largest_army"] == 1


def test_s1_2_road_metropolis_draws_one_card_per_road_once():
    state = scenario(2, metropolis_side="B", hands=[hand(wool=3, ore=1), {}],
                     areas=[area(roads=3, villages=0, cities=1), area()], longest_road=0,
                     deck_top=["grain", "ore", "brick", "wool"])
    state.apply(0, metropolis("draw_per_road"))
    assert hand_of(state, 0) == hand(grain=1, ore=1, brick=1)
    drew = [e for e in state.log if e["key"] == "catan.drew"]
    assert [(e["seat"], e["count"], e["reason"]) for e in drew] == [(0, 3, "draw_per_road")]


def test_s1_2_knight_metropolis_draws_one_card_per_knight():
    state = scenario(2, metropolis_side="B", hands=[hand(wool=3, ore=1), {}],
                     areas=[area(villages=0, cities=1, knights=2), area()], largest_army=0,
                     deck_top=["grain", "ore", "brick"])
    state.apply(0, metropolis("draw_per_knight"))
    assert hand_of(state, 0) == hand(grain=1, ore=1)


def test_s1_2_knight_metropolis_with_no_knight_draws_nothing():
    state = scenario(2, metropolis_side="B", hands=[hand(wool=3, ore=1), {}],
                     areas=[area(villages=0, cities=1), area()])
    state.apply(0, metropolis("draw_per_knight"))
    assert hand_of(state, 0) == hand()
    assert "catan.drew" not in log_keys(state)


@pytest.mark.parametrize("owned, holder, vps", [
    ("largest_army_ties", 0, (6, 1)),  # 2 : 2 and the tie metropolis: the card moves
    ("draw_per_road", 1, (4, 3)),      # another side-B card gives no tie ability: the holder keeps it
])
def test_s1_2_largest_army_tie_metropolis_takes_the_card_when_a_later_knight_ties(owned, holder, vps):
    state = scenario(2, metropolis_side="B", hands=[hand(wool=1, ore=1), {}],
                     areas=[area(knights=1, villages=1, cities=0, metropolises=[owned]), area(knights=2)],
                     largest_army=1, row=["knight", "city", "city", "road", "road"])
    assert (state.vp(0), state.vp(1)) == (4, 3)
    state.apply(0, KNIGHT)
    assert state.to_json()["largest_army"] == holder and (state.vp(0), state.vp(1)) == vps
    moved = [e["key"] for e in state.log if e["key"].startswith("catan.bonus")]
    assert moved == (["catan.bonus_taken_on_tie"] if holder == 0 else [])
    check_cards(state)
