"""§3.1 Draw phase ([P]7): everyone draws 1 from the active player on; the active player then draws
+1 per city without a metropolis, +2 per side-A metropolis, +1 per side-B metropolis."""

from tests.games.catan_road.helpers import area, check_cards, hand, hands_of, scenario

END_TURN = {"type": "end_turn"}


def drawn(state, since):
    return [(e["seat"], e["count"], e["reason"], e["private"]["cards"])
            for e in state.log[since:] if e["key"] == "catan.drew"]


def test_s3_1_draw_phase_order_and_city_and_side_a_metropolis_bonus():
    # seat 0: two cities without a metropolis (+1 each) and one side-A metropolis (+2)
    state = scenario(3, active=2, areas=[area(villages=0, cities=2, metropolises=["A"]), area(), area()],
                     deck_top=["brick", "lumber", "wool", "grain", "ore", "ore", "brick"])
    state.apply(2, END_TURN)
    assert drawn(state, 0) == [
        (0, 1, "draw_phase", ["brick"]), (1, 1, "draw_phase", ["lumber"]), (2, 1, "draw_phase", ["wool"]),
        (0, 2, "city_bonus", ["grain", "ore"]), (0, 2, "metropolis_bonus", ["brick", "ore"]),
    ]
    assert hands_of(state) == [hand(brick=2, grain=1, ore=2), hand(lumber=1), hand(wool=1)]
    assert state.to_json()["active_seat"] == 0 and state.to_json()["turn"] == 2
    check_cards(state)


def test_s3_1_side_b_metropolis_gives_one_and_its_covered_city_gives_nothing():
    state = scenario(2, active=1, metropolis_side="B",
                     areas=[area(villages=0, cities=0, metropolises=["draw_per_road"]), area()],
                     deck_top=["ore", "wool", "grain", "brick"])
    state.apply(1, END_TURN)
    assert drawn(state, 0) == [(0, 1, "draw_phase", ["ore"]), (1, 1, "draw_phase", ["wool"]),
                               (0, 1, "metropolis_bonus", ["grain"])]
    assert hands_of(state)[0] == hand(ore=1, grain=1)


def test_s3_1_others_get_no_bonus_for_their_cities():
    state = scenario(3, active=0, areas=[area(), area(villages=0, cities=2), area()],
                     deck_top=["ore", "wool", "grain", "brick", "lumber"])
    state.apply(0, END_TURN)  # seat 1's turn: it is now the active player with 2 cities
    assert drawn(state, 0) == [(1, 1, "draw_phase", ["ore"]), (2, 1, "draw_phase", ["wool"]),
                               (0, 1, "draw_phase", ["grain"]), (1, 2, "city_bonus", ["brick", "lumber"])]
