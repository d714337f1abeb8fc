"""§3.3 Winning (7 VP during one's own turn, the game ends at once) and §8 running out of cards."""

import pytest

from gametable.engine import IllegalAction
from tests.games.catan_road.helpers import area, check_cards, hand, hands_of, log_keys, scenario

END_TURN = {"type": "end_turn"}


def test_s3_3_a_build_reaching_seven_vp_wins_at_once():
    # 3 cities = 6 VP; the village makes 7: the game ends before any event card is drawn
    state = scenario(2, hands=[hand(brick=1, lumber=1, wool=1, grain=1), {}],
                     areas=[area(villages=0, cities=3), area()], row=["village", "road", "road", "knight", "knight"])
    assert state.vp(0) == 6
    state.apply(0, {"type": "build", "card": "village"})
    assert state.is_over() and state.to_act() == []
    assert state.result() == {
        "scores": [{"seat": 0, "total": 7, "breakdown": {"villages": 1, "cities": 6, "metropolises": 0,
                                                         "longest_road": 0, "largest_army": 0}},
                   {"seat": 1, "total": 1, "breakdown": {"villages": 1, "cities": 0, "metropolises": 0,
                                                         "longest_road": 0, "largest_army": 0}}],
        "winners": [0]}
    assert log_keys(state)[-1] == "catan.won" and "catan.event" not in log_keys(state)
    assert len(state.to_json()["event_deck"]) == 7
    with pytest.raises(IllegalAction, match="over"):
        state.apply(0, END_TURN)
    check_cards(state)


def test_s3_3_taking_a_bonus_card_can_be_the_winning_build():
    state = scenario(2, hands=[hand(brick=1, lumber=1), {}],
                     areas=[area(roads=2, villages=1, cities=2), area()], row=["road", "city", "city", "knight", "knight"])
    assert state.vp(0) == 5
    state.apply(0, {"type": "build", "card": "road"})
    assert state.result()["winners"] == [0] and state.vp(0) == 7


def test_s3_3_six_vp_does_not_win():
    state = scenario(2, hands=[hand(brick=1, lumber=1), {}], areas=[area(villages=0, cities=3), area()],
                     row=["road", "city", "city", "knight", "knight"])
    state.apply(0, {"type": "build", "card": "road"})
    assert not state.is_over() and state.vp(0) == 6


def test_s8_empty_resource_deck_is_rebuilt_from_the_discard_pile():
    state = scenario(2, hands=[hand(), hand()], discard="rest")
    assert state.to_json()["resource_deck"] == []
    state.apply(0, END_TURN)
    data = state.to_json()
    assert "catan.resources_reshuffled" in log_keys(state)
    assert [sum(h.values()) for h in data["hands"]] == [1, 1]
    assert len(data["resource_deck"]) == 59 and sum(data["resource_discard"].values()) == 0
    check_cards(state)


def test_s8_with_deck_and_discard_empty_the_draws_in_turn_order_are_skipped():
    # 60 cards in hands, the last one on the deck: seat 1 (next player, drawing first) gets it
    hands = [hand(brick=11, lumber=11, wool=8), hand(wool=5, grain=12, ore=12), hand(ore=1)]
    state = scenario(3, hands=hands, active=0, deck_top=["wool"])
    state.apply(0, END_TURN)
    assert hands_of(state)[1] == hand(wool=6, grain=12, ore=12)
    short = [(e["seat"], e["missing"]) for e in state.log if e["key"] == "catan.draw_short"]
    assert short == [(2, 1), (0, 1)]
    assert state.to_json()["phase"] == "main" and state.to_act() == [1]
    check_cards(state)


def test_s3_3_the_tie_metropolis_build_that_takes_longest_road_wins_at_once():
    """§5.3 order: the bonus card moves before the win check, so 2 cities (4 VP) -> city + metropolis
    (5 VP) + Longest Road taken on the tie (7 VP) wins, and the one-off draws never happen."""
    state = scenario(2, metropolis_side="B", hands=[hand(wool=3, ore=1), {}],
                     areas=[area(roads=3, villages=0, cities=2), area(roads=3)], longest_road=1)
    assert (state.vp(0), state.vp(1)) == (4, 3)
    state.apply(0, {"type": "build", "card": "metropolis", "metropolis": "longest_road_ties"})
    assert state.is_over() and state.result()["winners"] == [0]
    assert (state.vp(0), state.vp(1)) == (7, 1)
    assert log_keys(state)[-2:] == ["catan.bonus_taken_on_tie", "catan.won"]
    check_cards(state)


def test_s3_3_reaching_seven_ends_the_game_so_the_turn_cannot_go_on():
    state = scenario(2, hands=[hand(brick=2, lumber=2), {}], areas=[area(roads=2, villages=1, cities=2), area()],
                     row=["road", "road", "city", "knight", "knight"])
    state.apply(0, {"type": "build", "card": "road"})
    assert state.is_over() and state.legal_actions(0) == [] and state.legal_actions(1) == []
    with pytest.raises(IllegalAction):
        state.apply(0, {"type": "build", "card": "road"})
