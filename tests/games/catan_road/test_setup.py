"""§2 Setup, with the rule page's [P] points 1-4 (starting villages, starting hand, first-game row, metropolis side)."""

import pytest

from gametable.engine import InvalidOptions
from gametable.games.catan_road import GAME
from gametable.games.catan_road.cards import METROPOLIS_B
from tests.games.catan_road.helpers import area, check_cards


@pytest.mark.parametrize("players", [2, 3, 4])
def test_s2_marked_starting_village_holder_starts_and_everyone_gets_road_and_village(players):
    """[P]2: as many starting villages as players, the marked one among them; its holder starts."""
    starters = set()
    for seed in range(40):
        state = GAME.new(players, seed)
        data = state.to_json()
        marked = [e["seat"] for e in state.log if e["key"] == "catan.starting_player"]
        assert len(marked) == 1
        assert data["active_seat"] == marked[0] and data["turn"] == 1
        starters.add(marked[0])
        assert data["areas"] == [area() for _ in range(players)]
        assert [state.vp(s) for s in range(players)] == [1] * players
        check_cards(state)
    assert starters == set(range(players)), "the marked village can be dealt to any player"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_s2_two_starting_cards_each_then_the_first_draw_phase_clockwise(players):
    """[P]1: 2 resource cards each; then the starting player's draw phase (§3.1), starting player first."""
    state = GAME.new(players, 3)
    start = state.to_json()["active_seat"]
    order = [(start + i) % players for i in range(players)]
    draws = [(e["seat"], e["count"], e["reason"]) for e in state.log if e["key"] == "catan.drew"]
    assert draws == [(s, 2, "starting_hand") for s in order] + [(s, 1, "draw_phase") for s in order]
    data = state.to_json()
    assert [sum(h.values()) for h in data["hands"]] == [3] * players
    assert len(data["resource_deck"]) == 61 - 3 * players
    assert len(data["row"]) == 5 and len(data["building_deck"]) == 29
    assert len(data["event_deck"]) == 7 and data["event_discard"] == []


def test_s2_first_game_row_shows_all_four_building_types():
    """[P]3: in a first game the row holds road, village, city and knight; otherwise it is random."""
    missing_a_type = 0
    for seed in range(60):
        row = GAME.new(3, seed, {"first_game": True}).to_json()["row"]
        assert {"road", "village", "city", "knight"} <= set(row) and len(row) == 5
        random_row = GAME.new(3, seed).to_json()["row"]
        assert len(set(random_row)) > 1, "five of a kind is always redealt"
        missing_a_type += len(set(random_row)) < 4
    assert missing_a_type > 0, "a random row sometimes lacks a type, so the option changes something"


def test_s2_metropolis_stack_one_side_for_all_four():
    """[P]4: side A (the default, as for a first game): four equal cards; side B: four different cards."""
    assert GAME.new(2, 1).to_json()["metropolis_stack"] == ["A"] * 4
    assert GAME.new(2, 1, {"metropolis_side": "B"}).to_json()["metropolis_stack"] == list(METROPOLIS_B)
    view = GAME.new(2, 1, {"metropolis_side": "B"}).view(0)
    assert view["metropolis_stack"] == {"side": "B", "remaining": list(METROPOLIS_B)}


def test_s2_options_are_validated():
    with pytest.raises(InvalidOptions, match="metropolis_side"):
        GAME.new(3, 1, {"metropolis_side": "C"})
    with pytest.raises(InvalidOptions, match="first_game"):
        GAME.new(3, 1, {"first_game": 1})
    with pytest.raises(InvalidOptions, match="charity_receivers"):
        GAME.new(3, 1, {"charity_receivers": "poorest"})
    with pytest.raises(InvalidOptions):
        GAME.new(5, 1)
    with pytest.raises(InvalidOptions):
        GAME.new(1, 1)
    assert {o["name"]: o["default"] for o in GAME.describe()["options"]} == {
        "metropolis_side": "A", "first_game": False, "charity_receivers": "fewer"}


def test_s5_2_five_of_a_kind_at_setup_is_redealt():
    """[P] "if at any time" five equal cards lie in the row: seed 6 deals five roads at setup."""
    state = GAME.new(3, 6)
    dealt = [e["cards"] for e in state.log if e["key"] == "catan.row_dealt"]
    redealt = [e["cards"] for e in state.log if e["key"] == "catan.row_redealt"]
    assert dealt == [["road"] * 5]
    data = state.to_json()
    assert redealt[-1] == data["row"] and len(set(data["row"])) > 1
    assert len(data["building_deck"]) == 29
    check_cards(state)
