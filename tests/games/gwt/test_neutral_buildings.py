"""§3 Neutral buildings A-G: every local action, with exact positions before and after."""

import pytest

from gametable.engine import IllegalAction
from gametable.games.gwt.editions import FIRST as D

from .builder import (act, at, clear_disc, hire_workers, legal, put_building, put_tile,
                      scenario, set_jobs, set_market)


def test_s3_A_discard_guernsey_gains_2():
    st = scenario()
    at(st, 0, "NEUTRAL-A", hand=["guernsey", "jersey"], money=0)
    assert legal(st, "discard") == [{"type": "discard", "src": "A/1", "cards": ["guernsey"]}]
    act(st, type="discard", src="A/1", cards=["guernsey"])
    p = st.players[0]
    assert p.money == 2 and p.hand == ["jersey"] and p.discard[-1] == "guernsey"
    assert "A/1" not in st.b_available  # each local action once


def test_s3_A_hire_at_row_cost_and_second_hire_costs_2_more():
    st = scenario()
    set_jobs(st, [["cowboy", "engineer"], ["craftsman"]])
    at(st, 0, "NEUTRAL-A", money=20)
    hires = legal(st, "hire")
    # Row 2 holds the token: its workers cannot be hired (§2.5).
    assert {(a["src"], a["row"], a["worker"]) for a in hires} == {
        ("A/2", 1, "cowboy"), ("A/2", 1, "engineer"), ("A/3", 1, "cowboy"), ("A/3", 1, "engineer")}
    act(st, type="hire", src="A/2", row=1, worker="cowboy")
    assert st.players[0].money == 14 and st.players[0].workers == [2, 1, 1]
    act(st, type="hire", src="A/3", row=1, worker="engineer")
    assert st.players[0].money == 6 and st.players[0].workers == [2, 1, 2]  # 6 + 2
    assert st.jobs[0] == [None, None]


def test_s3_A_hire_needs_the_full_cost():
    st = scenario()
    set_jobs(st, [["cowboy", "engineer"], ["craftsman"]])
    at(st, 0, "NEUTRAL-A", money=7)
    assert {a["src"] for a in legal(st, "hire")} == {"A/2"}  # $8 with the +2 icon is too much


def test_s3_B_discard_dutch_belt_and_build_for_2_per_craftsman():
    st = scenario()
    at(st, 0, "NEUTRAL-B", hand=["dutch_belt"], money=5)
    act(st, type="discard", src="B/1", cards=["dutch_belt"])
    assert st.players[0].money == 7
    builds = legal(st, "build")
    # One craftsman: only the 1-craftsman tiles, on any of the 22 empty building spaces.
    assert {a["building"] for a in builds} == {"1a", "2a", "3a"}
    assert len(builds) == 3 * len(D.PRIVATE_SPACES)
    act(st, type="build", src="B/2", building="2a", space="B-1")
    assert st.players[0].money == 5
    assert st.trail_tile[D.NODE_INDEX["B-1"]] == "2a" and st.trail_owner[D.NODE_INDEX["B-1"]] == 0
    assert "2a" not in st.players[0].buildings


def test_s4_notes_replacing_an_own_building_needs_and_pays_only_the_difference():
    st = scenario()
    put_building(st, "A-1", "1a", owner=0)
    hire_workers(st, 0, craftsmen=2)
    at(st, 0, "NEUTRAL-B", money=2)
    replace = [a for a in legal(st, "build") if a["space"] == "A-1"]
    # 4a needs 2 craftsmen, 1a needs 1: difference 1 craftsman = $2; 6a (4) is out of reach.
    assert {a["building"] for a in replace} == {"4a"}
    act(st, type="build", src="B/2", building="4a", space="A-1")
    p = st.players[0]
    assert p.money == 0 and p.replaced == ["1a"] and st.trail_tile[D.NODE_INDEX["A-1"]] == "4a"


def test_s3_C_certificate_or_objective_and_engine_by_engineers():
    st = scenario()
    hire_workers(st, 0, engineers=2)
    at(st, 0, "NEUTRAL-C", money=0)
    options = legal(st)
    assert {"type": "certificates", "src": "C/1"} in options
    shown = list(st.obj_display)
    assert {"type": "take_objective", "src": "C/1", "card": shown[0]} in options
    assert {"type": "take_objective", "src": "C/1", "card": "stack"} in options
    top = st.obj_stack[-1]
    act(st, type="take_objective", src="C/1", card=shown[0])
    assert st.players[0].discard[-1] == shown[0]  # onto the discard pile (§8.3)
    assert st.obj_display == shown[1:] + [top]   # display refilled from the stack
    assert not legal(st, "certificates")         # the "/" box is used up
    assert [a["to"] for a in legal(st, "engine")] == ["1", "2"]
    act(st, type="engine", src="C/2", to="2")
    assert st.players[0].engine == 2


def test_s3_C_certificate_moves_the_marker():
    st = scenario()
    at(st, 0, "NEUTRAL-C", money=0)
    act(st, type="certificates", src="C/1")
    assert st.players[0].cert == 1


def test_s3_D_trade_with_the_tribes_gains_or_pays_the_space_value():
    st = scenario()
    put_tile(st, "TEEPEE+4", "teepee_green")
    put_tile(st, "TEEPEE-2", "teepee_blue")
    at(st, 0, "NEUTRAL-D", money=1)
    assert [a["space"] for a in legal(st, "trade")] == ["TEEPEE+4"]  # $2 needed for the -2 space
    act(st, type="trade", src="D/1", space="TEEPEE+4")
    assert st.players[0].money == 5 and st.players[0].teepees == ["teepee_green"]
    assert st.trail_tile[D.NODE_INDEX["TEEPEE+4"]] is None
    assert not legal(st, "engine")  # same box: trade OR engine


def test_s3_D_pay_2_to_move_engine_up_to_2_then_double_aux():
    st = scenario()
    clear_disc(st, 0, "aux1")
    at(st, 0, "NEUTRAL-D", money=2)
    assert [a["to"] for a in legal(st, "engine")] == ["1", "2"]
    act(st, type="engine", src="D/1", to="2")
    assert st.players[0].money == 0 and st.players[0].engine == 2
    assert {"type": "aux", "src": "D/2", "aux": 1, "double": True} in legal(st, "aux")
    act(st, type="aux", src="D/2", aux=1, double=True)
    assert st.players[0].money == 2


def test_s3_E_discard_black_angus_and_buy_cattle():
    st = scenario()
    set_market(st, ["holstein", "west_highland_4", "texas_longhorn_6"])
    at(st, 0, "NEUTRAL-E", hand=["black_angus"], money=10)
    act(st, type="discard", src="E/1", cards=["black_angus"])
    assert st.players[0].money == 12
    act(st, type="buy_cattle", src="E/2")
    # one cowboy: value 3 for $6 or value 4 for $12, or draw 2 into the market
    assert legal(st) == [
        {"type": "buy", "cards": ["holstein"], "cowboys": 1},
        {"type": "buy", "cards": ["west_highland_4"], "cowboys": 1},
        {"type": "draw_market"}, {"type": "skip"}]
    act(st, type="buy", cards=["west_highland_4"], cowboys=1)
    assert st.players[0].money == 0 and st.players[0].discard[-1] == "west_highland_4"
    assert st.market == ["holstein", "texas_longhorn_6"]
    assert st.frames == [] and st.phase == "B"  # no cowboy left: buying ends by itself


def test_s1_3_purchase_table_with_several_cowboys():
    st = scenario()
    hire_workers(st, 0, cowboys=5)
    set_market(st, ["holstein", "ayrshire", "west_highland_3", "west_highland_5", "texas_longhorn_7"])
    at(st, 0, "NEUTRAL-E", money=30)
    act(st, type="buy_cattle", src="E/2")
    buys = {(tuple(a["cards"]), a["cowboys"]) for a in legal(st, "buy")}
    assert buys == {
        (("ayrshire",), 1), (("holstein",), 1), (("ayrshire",), 2), (("holstein",), 2),
        (("ayrshire", "holstein"), 3),
        (("west_highland_3",), 1), (("west_highland_5",), 1), (("west_highland_3",), 3),
        (("west_highland_5",), 3), (("west_highland_3", "west_highland_5"), 5),
        (("texas_longhorn_7",), 2), (("texas_longhorn_7",), 4)}
    act(st, type="buy", cards=["ayrshire", "holstein"], cowboys=3)   # $5
    assert st.players[0].money == 25 and st.frames[-1] == {"kind": "buy", "cowboys": 2}
    act(st, type="buy", cards=["texas_longhorn_7"], cowboys=2)       # $12
    assert st.players[0].money == 13 and not st.frames


def test_s1_3_an_unused_cowboy_draws_2_cards_into_the_market():
    st = scenario()
    set_market(st, ["holstein"])
    top2 = st.cattle_stack[-2:]
    at(st, 0, "NEUTRAL-E", money=0)
    act(st, type="buy_cattle", src="E/2")
    act(st, type="draw_market")
    assert sorted(st.market) == sorted(["holstein"] + top2)


def test_s3_F_two_cards_of_one_breed_and_hazard_removal_for_7():
    st = scenario()
    put_tile(st, "DROUGHT-1", "drought_green_4")
    at(st, 0, "NEUTRAL-F", hand=["west_highland_3", "west_highland_5", "jersey"], money=3)
    assert legal(st, "discard") == [
        {"type": "discard", "src": "F/1", "cards": ["west_highland_3", "west_highland_5"]}]
    act(st, type="discard", src="F/1", cards=["west_highland_3", "west_highland_5"])
    assert st.players[0].money == 7
    act(st, type="remove_hazard", src="F/2", space="DROUGHT-1")
    assert st.players[0].money == 0 and st.players[0].hazards == ["drought_green_4"]


def test_s3_G_engine_and_double_aux():
    st = scenario()
    at(st, 0, "NEUTRAL-G", money=0)
    assert [a["to"] for a in legal(st, "engine")] == ["1"]
    # double auxiliary actions need both disc spaces of the action cleared
    assert {(a["aux"], a["double"]) for a in legal(st, "aux") if a["src"] == "G/2"} == {(1, False), (2, False)}


def test_phase_b_single_aux_instead_of_local_actions():
    """§Phase B: a single auxiliary action replaces all local actions, and vice versa."""
    st = scenario()
    at(st, 0, "NEUTRAL-A", hand=["guernsey"], money=0)
    act(st, type="aux", src="aux", aux=1, double=False)
    assert st.players[0].money == 1
    assert legal(st) == [{"type": "end_phase_b"}]
    st2 = scenario()
    at(st2, 0, "NEUTRAL-A", hand=["guernsey"], money=0)
    act(st2, type="discard", src="A/1", cards=["guernsey"])
    assert not [a for a in legal(st2, "aux") if a["src"] == "aux"]


def test_phase_b_others_buildings_hazards_teepees_give_only_a_single_aux_action():
    st = scenario()
    put_building(st, "A-1", "2a", owner=1)
    at(st, 0, "A-1", hand=["guernsey"], money=0)
    assert {a["type"] for a in legal(st)} == {"aux"}
    assert all(a["src"] == "aux" and not a["double"] for a in legal(st))


def _pair_purchase_position():
    st = scenario()
    hire_workers(st, 0, cowboys=3)
    set_market(st, ["holstein", "ayrshire", "west_highland_4"])
    at(st, 0, "NEUTRAL-E", money=30)
    act(st, type="buy_cattle", src="E/2")
    return st


def test_s1_3_a_pair_of_cattle_may_be_named_in_either_order():
    """§1.3: the two cards bought together are a set; the reversed pair is the same purchase."""
    canonical, reversed_ = _pair_purchase_position(), _pair_purchase_position()
    pairs = [a for a in legal(canonical, "buy") if len(a["cards"]) == 2]
    assert pairs == [{"type": "buy", "cards": ["ayrshire", "holstein"], "cowboys": 3}]  # listed once
    assert canonical.apply(0, pairs[0]) == pairs[0]
    returned = reversed_.apply(0, {"type": "buy", "cards": ["holstein", "ayrshire"], "cowboys": 3})
    assert returned == pairs[0] and returned["cards"] == ["ayrshire", "holstein"]
    assert reversed_.to_json() == canonical.to_json()
    assert reversed_.players[0].money == 25 and reversed_.market == ["west_highland_4"]


def test_s1_3_a_wrong_card_in_a_pair_is_refused_and_changes_nothing():
    st = _pair_purchase_position()
    before = st.to_json()
    for cards in (["holstein", "west_highland_4"], ["holstein", "holstein"], ["holstein", "ayrshire", "ayrshire"],
                  ["holstein"], "holstein", ["jersey", "ayrshire"]):
        with pytest.raises(IllegalAction):
            st.apply(0, {"type": "buy", "cards": cards, "cowboys": 3})
        assert st.to_json() == before
    with pytest.raises(IllegalAction):  # the right pair with the wrong number of cowboys
        st.apply(0, {"type": "buy", "cards": ["holstein", "ayrshire"], "cowboys": 2})
    assert st.to_json() == before


def test_s3_F_two_cards_of_one_breed_may_be_discarded_in_either_order():
    def position():
        st = scenario()
        at(st, 0, "NEUTRAL-F", hand=["west_highland_3", "west_highland_5", "jersey"], money=3)
        return st
    canonical, reversed_ = position(), position()
    canonical.apply(0, {"type": "discard", "src": "F/1", "cards": ["west_highland_3", "west_highland_5"]})
    returned = reversed_.apply(0, {"type": "discard", "src": "F/1", "cards": ["west_highland_5", "west_highland_3"]})
    assert returned["cards"] == ["west_highland_3", "west_highland_5"]
    assert reversed_.to_json() == canonical.to_json()
    st = position()
    before = st.to_json()
    with pytest.raises(IllegalAction):  # not one breed
        st.apply(0, {"type": "discard", "src": "F/1", "cards": ["jersey", "west_highland_3"]})
    assert st.to_json() == before
