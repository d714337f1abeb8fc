"""Seed 004 (a Spanish summary of the second edition) repeats first-edition facts in five places;
the printed second-edition rulebook wins in each (reference, "Corrections after a full reading of
the official 2nd-edition rulebook text", item 4; docs/rules-decisions.md, "Seed 004 against the
rulebook"). One test per point, holding the rulebook's reading."""

from gametable.games import get
from gametable.games.gwt.editions import SECOND as D
from gametable.games.gwt.scoring import score_breakdown

from tests.games.gwt.builder import act, at, give_tile, legal

from .common import scenario2


def test_seed_004_kansas_city_disc_pays_4_dollars_not_6():
    kansas_city = D.CITIES[D.CITY_INDEX["kansas_city"]]
    assert kansas_city["money"] == 4 and kansas_city["vp"] == -6
    # played through a delivery: tests/games/gwt2e/test_board.py::test_s3_kansas_city_disc_gives_4_dollars_and_costs_6_vp


def test_seed_004_twelve_private_buildings_not_ten():
    st = get("gwt-2e").new(4, 3)
    assert all(sorted(p.buildings, key=lambda b: int(b[:-1])) == [f"{k}a" for k in range(1, 13)]
               for p in st.players)


def test_seed_004_starting_hands_4_to_7_by_seat_then_discard_to_4_not_4_for_everyone():
    st = get("gwt-2e").new(4, 11)
    by_order = sorted(range(4), key=lambda seat: (seat - st.first_player) % 4)
    assert [len(st.players[seat].hand) for seat in by_order] == [4, 5, 6, 7]
    # the discard down to 4 before the first move: test_turn_rules.py::test_s1_3_first_turn_discards_down_to_4_before_moving


def test_seed_004_outlaw_pairs_score_only_through_the_station_master_that_says_so():
    """The seed scores 3 VP for every green and orange outlaw pair; the rulebook's scoring pad has no
    such category: only station master 3 ("3 VP per pair of 1 green + 1 orange outlaw") does."""
    st = scenario2()
    for tile in ("teepee_green", "teepee_green", "teepee_blue", "teepee_blue"):
        give_tile(st, 0, tile)
    without = score_breakdown(st, 0)
    assert "teepees" not in without and without["station_masters"] == 0
    st.players[0].masters.append("master_teepees")
    with_master = score_breakdown(st, 0)
    assert with_master["station_masters"] == 2 * 3
    assert sum(with_master.values()) - sum(without.values()) == 6


def test_seed_004_only_ones_own_disc_keeps_a_station_from_being_upgraded():
    """The seed: a station holding any disc cannot be upgraded; the rulebook (railroad, "Upgrading a
    station"): only one's own disc there matters, other players' discs do not."""
    st = scenario2()
    st.station_discs[0] = [1]                  # the other player upgraded station 1 already
    st.players[0].engine = 4
    at(st, 0, "NEUTRAL-G", money=10)
    act(st, type="engine", src="G/1", to="4.5")
    assert legal(st, "upgrade") == [{"type": "upgrade", "station": 1}]
    act(st, type="upgrade", station=1)
    act(st, type="disc", group="aux1")
    assert st.station_discs[0] == [1, 0]
    st = scenario2()
    st.station_discs[1] = [0]                  # one's own disc on station 2 blocks it
    st.players[0].engine = 7
    at(st, 0, "NEUTRAL-G", money=10)
    act(st, type="engine", src="G/1", to="7.5")
    assert not legal(st, "upgrade") and st.station_discs[1] == [0]
