"""Second edition, reference §3 "Private buildings", "Changed building sides", "Building 11",
"Building 12", §2.8 neutral buildings, §2.9 the 12 private buildings."""

import pytest

from gametable.games import get
from gametable.games.gwt.editions import FIRST as D1
from gametable.games.gwt.editions import SECOND as D

from tests.games.gwt.builder import (act, at, clear_disc, give_tile, hire_workers, legal, put_building,
                                     put_tile)

from .common import scenario2


def test_s2_9_twelve_private_buildings_per_player_side_a_by_default():
    st = scenario2()
    assert D.PRIVATE_NUMBERS == tuple(range(1, 13))
    assert st.players[0].buildings == [f"{k}a" for k in range(1, 13)]


@pytest.mark.parametrize("sides", ["a", "b"])
def test_s1_3_every_player_uses_the_same_side(sides):
    st = get("gwt-2e").new(3, 1, {"building_sides": sides})
    assert all(p.buildings == [f"{k}{sides}" for k in range(1, 13)] for p in st.players)


def test_s1_3_random_sides_are_one_draw_per_number_shared_by_everybody():
    sides = {tuple(get("gwt-2e").new(2, seed, {"building_sides": "random"}).sides) for seed in range(8)}
    assert len(sides) > 1 and all(len(s) == 12 for s in sides)
    st = get("gwt-2e").new(4, 3, {"building_sides": "random"})
    assert all(p.buildings == st.players[0].buildings for p in st.players)


def test_s2_8_neutral_buildings_are_the_first_editions():
    assert {b: D.BUILDING[b]["actions"] for b in "ABCDEFG"} == {b: D1.BUILDING[b]["actions"] for b in "ABCDEFG"}


def test_s2_9_builders_vp_and_hands_of_every_tile():
    table = {b: (D.BUILDING[b]["craftsmen"], D.BUILDING[b]["vp"], D.BUILDING[b]["hands"])
             for b in D.BUILDING if D.BUILDING[b]["kind"] == "private"}
    assert table == {
        "1a": (1, 1, ("green",)), "1b": (1, 1, ("green",)), "2a": (1, 1, ()), "2b": (1, 1, ()),
        "3a": (1, 1, ()), "3b": (2, 3, ()), "4a": (2, 3, ("black",)), "4b": (2, 3, ("black",)),
        "5a": (3, 4, ()), "5b": (3, 4, ()), "6a": (4, 5, ()), "6b": (4, 5, ()),
        "7a": (5, 6, ("green", "black")), "7b": (5, 6, ("green", "black")), "8a": (5, 6, ("green",)),
        "8b": (6, 8, ()), "9a": (7, 9, ()), "9b": (6, 8, ()), "10a": (9, 13, ("black",)),
        "10b": (8, 11, ("black",)), "11a": (12, 20, ()), "11b": (5, 10, ()), "12a": (4, 5, ()),
        "12b": (3, 4, ())}


def test_s3_2b_green_card_moves_the_engine_up_to_2_and_a_criollo_gives_2_dollars():
    st = scenario2(options={"building_sides": "b"})
    put_building(st, "A-1", "2b", owner=0)
    at(st, 0, "A-1", hand=["dutch_belt", "jersey"], money=0)
    act(st, type="discard", src="2b/1", cards=["dutch_belt"])
    assert [a["to"] for a in legal(st)] == ["1", "2"]
    act(st, type="engine", src="2b/1", to="2")
    act(st, type="discard", src="2b/2", cards=["jersey"])
    assert st.players[0].engine == 2 and st.players[0].money == 2


def test_s3_5a_any_value_3_card_gives_7_dollars():
    st = scenario2()
    put_building(st, "A-1", "5a", owner=0)
    at(st, 0, "A-1", hand=["brown_swiss", "ayrshire", "guernsey"], money=0)
    assert [a["cards"] for a in legal(st, "discard")] == [["ayrshire"], ["brown_swiss"]]
    act(st, type="discard", src="5a/1", cards=["brown_swiss"])
    assert st.players[0].money == 7
    assert {a["type"] for a in legal(st)} == {"aux", "end_phase_b"}


def test_s3_6a_hires_a_dollar_cheaper_and_moves_the_engine_per_engineer():
    st = scenario2()
    put_building(st, "A-1", "6a", owner=0)
    at(st, 0, "A-1", money=5)
    hire = legal(st, "hire")
    assert hire and all(a["src"] == "6a/1" for a in hire)
    act(st, type="hire", src="6a/1", row=1, worker=hire[0]["worker"])
    assert st.players[0].money == 0    # row 1 costs $6, $1 less


def test_s3_6b_uses_an_adjacent_building():
    st = scenario2(options={"building_sides": "b"})
    put_building(st, "A-2", "6b", owner=0)
    put_building(st, "A-3", "1b", owner=1)     # an opponent's building, one location ahead
    at(st, 0, "A-2", money=0)
    # A-1 is empty: the location before is neutral building A
    assert sorted(a["space"] for a in legal(st, "copy_adjacent")) == ["A-3", "NEUTRAL-A"]
    act(st, type="copy_adjacent", src="6b/1", space="A-3")
    assert "1b/2" in st.b_available


def test_s3_8b_any_card_for_6_dollars_and_an_objective_into_the_hand():
    st = scenario2(options={"building_sides": "b"})
    put_building(st, "A-1", "8b", owner=0)
    at(st, 0, "A-1", hand=["jersey"], money=0)
    act(st, type="discard", src="8b/1", cards=["jersey"])
    card = st.obj_display[0]
    act(st, type="take_objective", src="8b/1", card=card)
    assert st.players[0].money == 6 and st.players[0].hand == [card]


def test_s3_11a_removes_up_to_two_hazards_for_2_dollars_each():
    st = scenario2()
    put_building(st, "A-1", "11a", owner=0)
    put_tile(st, "FLOOD-1", "flood_green_4")
    put_tile(st, "DROUGHT-1", "drought_black_3")
    put_tile(st, "ROCKFALL-1", "rockfall_green_2")
    at(st, 0, "A-1", money=5)
    act(st, type="remove_hazard", src="11a/1", space="FLOOD-1")
    assert sorted(a["type"] for a in legal(st)) == ["remove_hazard", "remove_hazard", "skip"]
    act(st, type="remove_hazard", src="11a/1", space="DROUGHT-1")
    p = st.players[0]
    assert p.money == 1 and p.hazards == ["flood_green_4", "drought_black_3"]
    assert not legal(st, "remove_hazard")    # only two


def test_s3_11a_stops_when_the_money_runs_out():
    st = scenario2()
    put_building(st, "A-1", "11a", owner=0)
    put_tile(st, "FLOOD-1", "flood_green_4")
    put_tile(st, "DROUGHT-1", "drought_black_3")
    at(st, 0, "A-1", money=3)
    act(st, type="remove_hazard", src="11a/1", space="FLOOD-1")
    assert not legal(st, "remove_hazard") and st.players[0].money == 1


def test_s3_11b_moves_the_engine_up_to_one_space_per_hazard_owned():
    st = scenario2(options={"building_sides": "b"})
    put_building(st, "A-1", "11b", owner=0)
    give_tile(st, 0, "flood_green_4")
    give_tile(st, 0, "rockfall_black_2")
    at(st, 0, "A-1", money=0)
    assert [a["to"] for a in legal(st, "engine")] == ["1", "2"]


def test_s3_12a_one_dollar_per_builder_and_herder_one_step():
    st = scenario2()
    put_building(st, "A-1", "12a", owner=0)
    hire_workers(st, 0, craftsmen=4)
    at(st, 0, "A-1", money=0)
    act(st, type="money_per_builder", src="12a/1")
    assert st.players[0].money == 4
    assert legal(st, "herder")[0]["src"] == "12a/2"


def test_s3_12b_two_dollars_per_station_and_an_exchange_token():
    st = scenario2(options={"building_sides": "b"})
    put_building(st, "A-1", "12b", owner=0)
    clear_disc(st, 0, "aux3", to_station=1)
    clear_disc(st, 0, "aux3", to_station=4)
    at(st, 0, "A-1", money=0)
    act(st, type="money_per_station", src="12b/1")
    act(st, type="gain_exchange_token", src="12b/2")
    assert st.players[0].money == 4 and st.players[0].exchange == 1


def test_s3_12b_without_stations_offers_only_the_token():
    st = scenario2(options={"building_sides": "b"})
    put_building(st, "A-1", "12b", owner=0)
    at(st, 0, "A-1", money=0)
    assert not legal(st, "money_per_station") and legal(st, "gain_exchange_token")


def test_s2_9_buildings_over_6_builders_only_by_replacement():
    st = scenario2()
    hire_workers(st, 0, craftsmen=6)
    at(st, 0, "NEUTRAL-B", money=40)
    built = {a["building"] for a in legal(st, "build") if a["space"] == "B-2"}
    assert "11a" not in built and "9a" not in built and "12a" in built and "6a" in built
