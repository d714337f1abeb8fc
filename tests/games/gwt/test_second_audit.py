"""Scenario tests added by the second rules audit, for rules no earlier test would catch if they
were wrong. Each test names the section of shared/rules/gwt-first-edition.md it checks and sets
up an exact position, then checks the exact money, cards, tiles, discs or VP afterwards."""

import pytest

from gametable.games import get
from gametable.games.gwt import common, objectives, railroad, scoring
from gametable.games.gwt.editions import FIRST as D

from .builder import (act, at, clear_disc, hire_workers, leave_only_discs, legal, put_building, put_tile,
                      refresh, scenario, set_hand, set_jobs, set_market)
from .test_kansas_city import _foresight


def _node(name):
    return D.NODE_INDEX[name]


def _labels(positions):
    return [D.POS_LABEL[p] for p in positions]


# ------------------------------------------------------------------------- §6.1 engine moves
def test_s6_1_backward_moves_skip_an_occupied_space_without_counting_it():
    st = scenario()
    st.players[0].engine = 5
    st.players[1].engine = 4
    # one space back from 5: the turnout 4.5, or 3 (space 4 is occupied and not counted)
    assert _labels(railroad.backward_targets(st, 0, 1)) == ["3", "4.5"]
    # two spaces back: 4.5 -> (4 occupied) -> 3, or 3 -> 2
    assert _labels(railroad.backward_targets(st, 0, 2)) == ["2", "3"]


def test_s6_1_forward_moves_skip_an_occupied_turnout_without_counting_it():
    st = scenario()
    st.players[0].engine = 4
    st.players[1].engine = D.POS_BY_LABEL["4.5"]
    assert _labels(railroad.forward_targets(st, 0, 1)) == ["5"]
    assert _labels(railroad.forward_targets(st, 0, 2)) == ["5", "6"]


def test_s9_2_double_backward_move_needs_the_full_two_spaces():
    """§9.2: a backward move is a requirement; from space 1 only one space is behind the engine."""
    st = scenario()
    clear_disc(st, 0, "aux3")
    clear_disc(st, 0, "aux3")
    st.players[0].engine = 1
    at(st, 0, "NEUTRAL-G", money=5)
    offered = {(a["aux"], a["double"]) for a in legal(st, "aux") if a["src"] == "G/2"}
    assert (3, False) in offered and (3, True) not in offered
    st.players[0].engine = 2
    refresh(st)
    offered = {(a["aux"], a["double"]) for a in legal(st, "aux") if a["src"] == "G/2"}
    assert (3, True) in offered
    act(st, type="aux", src="G/2", aux=3, double=True)   # the only target (0) is taken at once
    p = st.players[0]
    assert p.money == 3 and p.engine == 0 and p.cert == 2


# ------------------------------------------------------------------------- §6.2 stations
def test_s6_2_other_players_discs_do_not_block_but_each_player_upgrades_a_station_once():
    st = scenario()
    st.station_master[0] = None
    st.station_discs[0] = [1]
    st.players[0].engine = 4
    at(st, 0, "NEUTRAL-G", money=4)
    act(st, type="engine", src="G/1", to="4.5")
    assert legal(st) == [{"type": "upgrade", "station": 1}, {"type": "skip"}]
    act(st, type="upgrade", station=1)
    act(st, type="disc", group="aux1")
    assert st.station_discs[0] == [1, 0] and st.players[0].money == 2
    # stopping there again later offers no second upgrade
    st.players[0].engine = 4
    st.b_available.append("G/1")
    refresh(st)
    act(st, type="engine", src="G/1", to="4.5")
    assert not st.frames and st.players[0].money == 2


def test_s6_2_a_station_master_left_behind_goes_to_a_later_upgrader():
    """§6.2: the master is taken only at the moment of upgrading; one left stays for others."""
    st = scenario()
    st.station_master[0] = "master_money"
    hire_workers(st, 0, cowboys=2)
    hire_workers(st, 1, engineers=2)
    st.players[0].engine = 4
    at(st, 0, "NEUTRAL-G", money=2)
    act(st, type="engine", src="G/1", to="4.5")
    act(st, type="upgrade", station=1)
    act(st, type="disc", group="aux1")
    act(st, type="skip")                       # seat 0 keeps its cowboy, the master stays
    assert st.station_master[0] == "master_money" and st.players[0].masters == []
    st.players[1].engine = 4
    at(st, 1, "NEUTRAL-G", money=2)
    act(st, type="engine", src="G/1", to="5")  # seat 1 has 2 engineers; 4.5 is taken by seat 0
    assert not st.frames                        # not on the turnout: nothing to upgrade
    st.players[0].engine = 0
    st.players[1].engine = 4
    st.b_available.append("G/1")
    refresh(st)
    act(st, type="engine", src="G/1", to="4.5")
    act(st, type="upgrade", station=1)
    act(st, type="disc", group="aux1")
    assert legal(st) == [{"type": "station_master", "worker": "engineer"}, {"type": "skip"}]
    act(st, type="station_master", worker="engineer")
    act(st, type="money", src="master/master_money")
    p = st.players[1]
    assert p.masters == ["master_money"] and p.workers == [1, 1, 1] and p.money == 2
    assert st.station_worker[0] == "engineer" and st.station_master[0] is None


# ------------------------------------------------------------------------- §5.4 emptied spaces
def test_s5_4_a_herder_on_an_emptied_space_moves_on_from_it():
    st = scenario()
    put_tile(st, "FLOOD-3", "flood_green_2")
    st.players[0].herder = _node("FLOOD-2")      # the hazard it stood on was removed
    refresh(st)
    paths = [a["path"] for a in legal(st, "move")]
    assert paths == [["FLOOD-3"], ["FLOOD-3", "NEUTRAL-B"], ["FLOOD-3", "NEUTRAL-B", "NEUTRAL-C"]]


# ------------------------------------------------------------------------- §2.4 fees
def test_s2_4_short_of_money_the_building_owner_gets_only_what_was_paid():
    st = scenario(4)
    put_building(st, "A-1", "4a", owner=2)       # black hand: $2 in a 4-player game
    st.players[0].herder = _node("NEUTRAL-A")
    st.players[0].money = 1
    refresh(st)
    act(st, type="move", path=["A-1", "NEUTRAL-B"])
    assert st.players[0].money == 0 and st.players[2].money == 1
    assert st.players[0].herder == _node("NEUTRAL-B")
    fee = next(e for e in st.log if e["key"] == "gwt.fee_to_player")
    assert (fee["amount"], fee["owed"], fee["to_seat"]) == (1, 2, 2)


def test_s2_4_a_fee_is_due_on_every_location_with_a_hand_passed_or_reached():
    st = scenario(3)
    put_tile(st, "TEEPEE+1", "teepee_blue")      # black hand: $1 with 3 players
    put_tile(st, "TEEPEE+2", "teepee_green")     # green hand: $2 with 3 players
    put_building(st, "C-2", "1a", owner=1)       # green hand, to seat 1
    st.players[0].herder = _node("NEUTRAL-C")
    st.players[0].money = 10
    refresh(st)
    act(st, type="move", path=["C-2", "TEEPEE+1", "TEEPEE+2"])
    assert st.players[0].money == 10 - 2 - 1 - 2 and st.players[1].money == 2


# ------------------------------------------------------------------------- §8.3 objectives
def test_s8_3_objective_herder_move_before_phase_a_then_the_normal_move_starts_there():
    st = scenario()
    put_tile(st, "FLOOD-1", "flood_black_2")
    put_tile(st, "FLOOD-2", "flood_black_3")
    p = st.players[0]
    p.herder = _node("NEUTRAL-A")
    p.money = 10
    set_hand(st, 0, ["objective_20"])
    refresh(st)
    act(st, type="play_objective", card="objective_20")
    act(st, type="herder", src="objective/objective_20", path=["FLOOD-1", "FLOOD-2"])
    assert p.money == 10 and p.herder == _node("FLOOD-2") and st.phase == "A"
    # the normal move (step limit 3) starts from FLOOD-2 and pays the fees it meets
    put_tile(st, "FLOOD-3", "flood_green_2")
    refresh(st)
    assert ["FLOOD-3", "FLOOD-RISK-1"] not in [a["path"] for a in legal(st, "move")]  # empty space
    act(st, type="move", path=["FLOOD-3", "NEUTRAL-B"])
    assert p.money == 8 and st.phase == "B" and st.b_available == ["B/1", "B/2"]


def test_s8_3_the_display_is_not_refilled_once_the_stack_is_empty():
    st = scenario()
    st.obj_stack = []
    shown = list(st.obj_display)
    at(st, 0, "NEUTRAL-C", money=0)
    takes = legal(st, "take_objective")
    assert [a["card"] for a in takes] == shown           # no "stack" choice
    act(st, type="take_objective", src="C/1", card=shown[2])
    assert st.obj_display == shown[:2] + shown[3:] and st.players[0].discard == [shown[2]]


def test_s3_one_box_gives_one_of_its_choices():
    """§3: "X / Y" inside one box = choose one; the other box of the tile stays usable."""
    st = scenario()
    at(st, 0, "NEUTRAL-C", money=0)
    act(st, type="certificates", src="C/1")
    assert legal(st, "take_objective") == [] and legal(st, "certificates") == []
    assert [a["src"] for a in legal(st, "engine")] == ["C/2"]


# ------------------------------------------------------------------------- §9.6 hand limit
def test_s9_6_phase_c_draws_up_to_six_with_both_hand_discs_cleared():
    st = scenario()
    clear_disc(st, 0, "hand")
    clear_disc(st, 0, "hand")
    p = st.players[0]
    at(st, 0, "NEUTRAL-A", hand=["jersey"], money=0)
    act(st, type="aux", src="aux", aux=1, double=False)
    act(st, type="end_phase_b")
    assert len(p.hand) == 6 and len(p.deck) == 14 - 6


def test_s9_6_a_hand_above_the_limit_is_kept():
    """§9.6: phase C only draws up to the limit; nothing is discarded above it (6b puts an
    objective card straight into the hand)."""
    st = scenario(options={"building_sides": "b"})
    put_building(st, "A-1", "6b", owner=0)
    p = st.players[0]
    at(st, 0, "A-1", hand=["jersey", "jersey", "guernsey", "guernsey"], money=0)
    act(st, type="discard", src="6b/1", cards=["jersey"])
    card = st.obj_display[0]
    act(st, type="take_objective", src="6b/1", card=card)
    assert len(p.hand) == 4
    set_hand(st, 0, p.hand + ["dutch_belt"])    # one more card than the limit
    refresh(st)
    act(st, type="end_phase_b")
    assert len(p.hand) == 5 and card in p.hand and p.money == 3


# ------------------------------------------------------------------------- §1.3 cattle market
def test_s1_3_draw_2_may_push_the_market_above_its_size_and_the_new_cards_can_be_bought():
    st = scenario()
    hire_workers(st, 0, cowboys=3)
    set_market(st, ["holstein", "holstein", "brown_swiss", "brown_swiss", "ayrshire", "ayrshire",
                    "west_highland_3"])
    st.cattle_stack.remove("texas_longhorn_5")
    st.cattle_stack.remove("ayrshire")
    st.cattle_stack += ["ayrshire", "texas_longhorn_5"]   # the two top cards
    at(st, 0, "NEUTRAL-E", money=12)
    act(st, type="buy_cattle", src="E/2")
    act(st, type="draw_market")
    assert len(st.market) == 9 and st.market.count("texas_longhorn_5") == 1
    assert st.frames[-1] == {"kind": "buy", "cowboys": 2}
    act(st, type="buy", cards=["texas_longhorn_5"], cowboys=2)
    p = st.players[0]
    assert p.money == 0 and p.discard == ["texas_longhorn_5"] and len(st.market) == 8


# ------------------------------------------------------------------------- §6.3 cities
def test_s6_3_another_players_disc_does_not_block_a_city():
    st = scenario()
    _foresight(st, [[], [], []])
    st.city_discs[D.CITY_INDEX["topeka"]] = [1]
    at(st, 0, "KANSAS_CITY", hand=["jersey"], money=0)
    assert [a["city"] for a in legal(st, "deliver")] == ["kansas_city", "topeka"]
    act(st, type="deliver", city="topeka")
    act(st, type="disc", group="aux1")
    assert st.city_discs[D.CITY_INDEX["topeka"]] == [1, 0] and st.players[0].money == 1


def test_s11_2_san_francisco_discs_score_9_each_and_sacramento_6():
    st = scenario()
    sf, sac = D.CITY_INDEX["san_francisco"], D.CITY_INDEX["sacramento"]
    st.city_discs[sf] = [0, 1, 0]
    st.city_discs[sac] = [0]
    st.city_discs[D.CITY_INDEX["san_diego"]] = [1]
    assert scoring.city_vp(st, 0) == 9 + 9 + 6
    assert scoring.city_vp(st, 1) == 9


# ------------------------------------------------------------------------- §10 foresight
def test_s10_an_empty_foresight_pile_leaves_its_space_empty_and_the_subphase_is_skipped():
    st = scenario()
    _foresight(st, [["teepee_blue", "flood_green_3"], [], ["cowboy", "teepee_green"]])
    st.piles[1] = []
    at(st, 0, "KANSAS_CITY", hand=["jersey"], money=0)
    act(st, type="foresight", column=1, slot=0, tile="teepee_blue")
    # column 2 is empty: the next choice is column 3
    assert {a["column"] for a in legal(st, "foresight")} == {3}
    act(st, type="foresight", column=3, slot=1, tile="teepee_green")
    act(st, type="deliver", city="topeka")
    act(st, type="disc", group="aux1")
    assert st.current == 1
    assert st.foresight[1] == [None, None] and st.foresight[0][1] == "flood_green_3"
    assert st.foresight[0][0] is not None and st.foresight[2][1] is not None


# ------------------------------------------------------------------------- §6.3 disc shortage
def test_s6_3_only_hand_discs_left_one_is_paid_for_when_the_player_has_5_dollars():
    st = scenario()
    _foresight(st, [[], [], []])
    leave_only_discs(st, 0, ["hand"])
    st.city_discs[0].remove(0)
    st.station_discs[2].append(0)                 # a disc on station 3 that could come back
    at(st, 0, "KANSAS_CITY", hand=["jersey"], money=4)
    act(st, type="deliver", city="topeka")        # income $1: $5 in all, enough for the disc
    p = st.players[0]
    assert p.money == 0 and p.discs[D.DISC_GROUP_IDS.index("hand")] == 1
    assert st.station_discs[2] == [0] and st.city_discs[D.CITY_INDEX["topeka"]] == [0]


def test_s6_3_only_hand_discs_left_and_no_5_dollars_a_station_disc_comes_back():
    st = scenario()
    _foresight(st, [[], [], []])
    leave_only_discs(st, 0, ["hand"])
    st.city_discs[0].remove(0)
    st.city_discs[0].remove(0)
    st.station_discs[2].append(0)
    st.station_discs[5].append(0)
    at(st, 0, "KANSAS_CITY", hand=["jersey"], money=3)
    act(st, type="deliver", city="topeka")        # $4: the hand discs cannot be paid for
    assert legal(st) == [{"type": "disc_from_station", "station": 3},
                         {"type": "disc_from_station", "station": 6}]
    act(st, type="disc_from_station", station=6)
    p = st.players[0]
    assert p.money == 4 and p.discs[D.DISC_GROUP_IDS.index("hand")] == 2
    assert st.station_discs[5] == [] and st.station_discs[2] == [0]
    assert st.city_discs[D.CITY_INDEX["topeka"]] == [0]


def test_s6_3_a_white_city_takes_a_black_disc_when_no_white_disc_is_left():
    st = scenario()
    _foresight(st, [[], [], []])
    leave_only_discs(st, 0, ["step_money", "cert_6"])
    at(st, 0, "KANSAS_CITY", hand=["jersey"], money=0)
    act(st, type="deliver", city="topeka")
    assert legal(st) == [{"type": "disc", "group": "step_money"}, {"type": "disc", "group": "cert_6"}]
    act(st, type="disc", group="step_money")
    assert st.players[0].money == 1 + 3 and st.city_discs[D.CITY_INDEX["topeka"]] == [0]


# ------------------------------------------------------------------------- §2.5 job market
def test_s2_5_a_row_can_be_hired_from_once_the_token_has_moved_below_it():
    st = scenario()
    set_jobs(st, [["cowboy", "cowboy"], ["engineer"]], token_row=2)
    _foresight(st, [["teepee_blue", "teepee_blue"], ["craftsman", "craftsman"], []])
    at(st, 0, "KANSAS_CITY", hand=["jersey"], money=0)
    # each column offers one kind of tile only, so both choices are made at once; the craftsman
    # fills row 2 and the token moves to row 3
    assert st.jobs[1] == ["engineer", "craftsman"] and st.token_row == 2
    act(st, type="deliver", city="topeka")
    act(st, type="disc", group="aux1")
    st.players[1].money = 7
    at(st, 1, "NEUTRAL-A", money=7)
    assert {(a["row"], a["worker"]) for a in legal(st, "hire")} == {
        (1, "cowboy"), (2, "engineer"), (2, "craftsman")}
    act(st, type="hire", src="A/2", row=2, worker="engineer")
    assert st.players[1].money == 1 and st.jobs[1] == [None, "craftsman"]


# ------------------------------------------------------------------------- §8.3 / §7 game end
def _end_with_objective_in_hand(commit):
    st = scenario()
    p = st.players[0]
    p.objectives = ["start_1"]
    p.masters = ["master_objectives"]
    set_hand(st, 0, ["objective_1"])      # $2 when played; B, BL, BL: 3 VP or -2
    p.money = 0
    scoring.start_scoring(st)
    refresh(st)
    act(st, type="commit_objective" if commit else "drop_objective", card="objective_1")
    assert st.over and p.money == 0       # a card committed at game end does no immediate action
    return st.result()["scores"][0]["breakdown"]


def test_s8_3_an_objective_committed_at_game_end_counts_for_master_3_and_its_penalty():
    breakdown = _end_with_objective_in_hand(commit=True)
    # two cards in the objective area: 3 VP from master 3; both unmet: 0 (start) - 2
    assert breakdown["station_masters"] == 3 and breakdown["objectives"] == -2


def test_s8_3_a_dropped_objective_neither_scores_nor_counts_for_master_3():
    breakdown = _end_with_objective_in_hand(commit=False)
    assert breakdown["station_masters"] == 0 and breakdown["objectives"] == 0


# ------------------------------------------------------------------------- §9.6 reshuffles
def test_s9_6_the_draw_pile_is_used_up_before_the_discard_pile_is_shuffled_in():
    st = scenario()
    p = st.players[0]
    at(st, 0, "NEUTRAL-A", hand=["dutch_belt"], money=0)
    p.deck = ["black_angus"]                      # one card left on the draw pile
    p.discard = ["jersey", "jersey", "jersey"]
    p.removed = list(D.STARTING_HERD)             # the rest of the herd is out of the game
    for card in ["dutch_belt", "black_angus", "jersey", "jersey", "jersey"]:
        p.removed.remove(card)
    act(st, type="aux", src="aux", aux=1, double=False)
    act(st, type="end_phase_b")
    assert sorted(p.hand) == ["black_angus", "dutch_belt", "jersey", "jersey"]
    assert p.deck == ["jersey"] and p.discard == []
    assert [e["key"] for e in st.log].count("gwt.reshuffled") == 1


def test_s9_6_no_reshuffle_while_the_draw_pile_holds_enough():
    st = scenario()
    p = st.players[0]
    at(st, 0, "NEUTRAL-A", hand=["dutch_belt"], money=0)
    p.discard = [p.deck.pop(), p.deck.pop()]
    deck_before = list(p.deck)
    act(st, type="aux", src="aux", aux=1, double=False)
    act(st, type="end_phase_b")
    assert p.hand[1:] == deck_before[::-1][:3] and len(p.discard) == 2
    assert "gwt.reshuffled" not in [e["key"] for e in st.log]


# ------------------------------------------------------------------------- §1.3 every purchase
@pytest.mark.parametrize("cards,cowboys,dollars", [
    (["holstein"], 1, 6), (["holstein"], 2, 3), (["ayrshire", "holstein"], 3, 5),
    (["west_highland_4"], 1, 12), (["west_highland_4"], 3, 6), (["west_highland_4", "west_highland_5"], 5, 8),
    (["texas_longhorn_6"], 2, 12), (["texas_longhorn_6"], 4, 6)])
def test_s1_3_each_row_of_the_purchase_table_costs_its_dollars_and_uses_its_cowboys(cards, cowboys, dollars):
    st = scenario()
    hire_workers(st, 0, cowboys=6)
    set_market(st, ["holstein", "ayrshire", "west_highland_4", "west_highland_5", "texas_longhorn_6"])
    at(st, 0, "NEUTRAL-E", money=20)
    act(st, type="buy_cattle", src="E/2")
    act(st, type="buy", cards=cards, cowboys=cowboys)
    p = st.players[0]
    assert p.money == 20 - dollars and sorted(p.discard) == sorted(cards)
    assert st.frames[-1] == {"kind": "buy", "cowboys": 6 - cowboys}
    assert len(st.market) == 5 - len(cards)


# ------------------------------------------------------------------------- §8.2 objectives 18-19
def test_s8_2_objectives_18_and_19_move_the_engine_up_to_3():
    st = scenario()
    st.players[1].engine = 2
    at(st, 0, "NEUTRAL-A", hand=["objective_18"], money=0)
    act(st, type="play_objective", card="objective_18")
    # 1, (2 occupied), 3, 4: three counted spaces at most
    assert [a["to"] for a in legal(st, "engine")] == ["1", "3", "4"]
    act(st, type="engine", src="objective/objective_18", to="4")
    assert st.players[0].engine == 4 and st.players[0].objectives[-1] == "objective_18"


# ------------------------------------------------------------------------- §4.2 8b adjacency
def test_s4_8b_a_hazard_or_teepee_next_to_it_is_the_adjacent_location_and_gives_nothing():
    st = scenario(options={"building_sides": "b"})
    put_building(st, "FLOOD-RISK-1", "8b", owner=0)
    put_tile(st, "FLOOD-3", "flood_green_2")
    at(st, 0, "FLOOD-RISK-1", money=0)
    # before: FLOOD-4 is empty and FLOOD-3 holds a hazard (not a building); after: FLOOD-RISK-2
    # is empty, so neutral B
    assert [a["space"] for a in legal(st, "copy_adjacent")] == ["NEUTRAL-B"]
    st.trail_tile[_node("FLOOD-3")] = None
    st.piles[0].append("flood_green_2")
    refresh(st)
    # with the flood spaces empty, the location before is neutral A
    assert [a["space"] for a in legal(st, "copy_adjacent")] == ["NEUTRAL-A", "NEUTRAL-B"]


def test_s4_8b_at_a_fork_both_branches_count():
    st = scenario(options={"building_sides": "b"})
    put_building(st, "C-2", "8b", owner=0)
    put_tile(st, "TEEPEE+1", "teepee_green")
    at(st, 0, "C-2", money=0)
    # before: C; after: D on one branch, a teepee on the other (no building there)
    assert [a["space"] for a in legal(st, "copy_adjacent")] == ["NEUTRAL-C", "NEUTRAL-D"]


# ------------------------------------------------------------------------- gaps found by mutation
def test_s5_3_8b_copying_another_players_building_on_a_risk_space_gives_no_risk_action():
    st = scenario(options={"building_sides": "b"})
    put_building(st, "FLOOD-RISK-2", "8b", owner=0)
    put_building(st, "FLOOD-RISK-1", "2b", owner=1)
    at(st, 0, "FLOOD-RISK-2", hand=["jersey", "dutch_belt"], money=0)
    act(st, type="copy_adjacent", src="8b/1", space="FLOOD-RISK-1")
    # 8b's own space keeps its risk action (seat 0 owns it); the copied space's does not come along
    assert st.b_available == ["risk/FLOOD-RISK-2", "2b/1", "2b/2"]
    assert "risk/FLOOD-RISK-1" not in {a.get("src") for a in legal(st)}


def test_s4_9a_extraordinary_delivery_pays_no_transport_even_far_behind_the_city():
    st = scenario()
    put_building(st, "A-1", "9a", owner=0)
    st.players[0].engine = 14
    at(st, 0, "A-1", money=0)
    act(st, type="extraordinary_delivery", src="9a/2", to="2")   # 12 spaces back (no turnout)
    cities = [a["city"] for a in legal(st, "deliver")]
    assert cities[-1] == "el_paso"
    act(st, type="deliver", city="el_paso")   # an ordinary delivery from 2 would cost $7
    act(st, type="disc", group="aux1")
    assert st.players[0].money == 0 and st.city_discs[D.CITY_INDEX["el_paso"]] == [0]


def test_s2_4_passing_or_stopping_on_an_own_building_writes_no_fee_at_all():
    st = scenario()
    put_building(st, "A-1", "1a", owner=0)      # green hand
    put_building(st, "A-2", "4a", owner=0)      # black hand
    st.players[0].herder = _node("NEUTRAL-A")
    st.players[0].money = 5
    refresh(st)
    act(st, type="move", path=["A-1", "A-2"])
    assert st.players[0].money == 5
    assert not [e for e in st.log if e["key"].startswith("gwt.fee")]


def test_s9_6_phase_c_draws_a_single_missing_card():
    st = scenario()
    p = st.players[0]
    at(st, 0, "NEUTRAL-A", hand=["jersey", "jersey", "guernsey"], money=0)
    top = p.deck[-1]
    act(st, type="aux", src="aux", aux=1, double=False)
    act(st, type="end_phase_b")
    assert len(p.hand) == 4 and p.hand[-1] == top


def test_s8_the_best_assignment_may_leave_a_fulfillable_card_unmet():
    owned = {k: 0 for k in D.TASK_KINDS}
    owned.update(cattle_3=1, cattle_4=1, cattle_5=1, hazard=1)
    # objective_12 (5, H: 3 VP / -2) could be met, but then objective_16 (3, 4, 5: 5 VP / -3) fails
    # (0 in all); leaving 12 unmet and meeting 16 scores -2 + 5 = 3.
    assert objectives.best_score(D, ["objective_12", "objective_16"], owned) == (3, ["objective_16"])


def test_s3_D_trading_on_a_negative_space_pays_its_value():
    st = scenario()
    put_tile(st, "TEEPEE-2", "teepee_blue")
    at(st, 0, "NEUTRAL-D", money=3)
    act(st, type="trade", src="D/1", space="TEEPEE-2")
    assert st.players[0].money == 1 and st.players[0].teepees == ["teepee_blue"]
    assert st.trail_tile[_node("TEEPEE-2")] is None


def test_s4_9b_a_station_behind_that_cannot_be_paid_for_is_not_offered():
    st = scenario(options={"building_sides": "b"})
    put_building(st, "A-1", "9b", owner=0)
    st.players[0].engine = 12
    at(st, 0, "A-1", money=3)             # stations 1, 2 cost $2, station 3 costs $4
    assert [a["station"] for a in legal(st, "upgrade_behind")] == [1, 2]


def test_s6_2_no_upgrade_without_a_disc_on_the_player_board():
    """§6.3: taking a disc back from a station is only for a delivery, never for an upgrade."""
    st = scenario()
    leave_only_discs(st, 0, [])
    st.city_discs[0].remove(0)
    st.station_discs[3].append(0)
    st.players[0].engine = 4
    at(st, 0, "NEUTRAL-G", money=10)
    act(st, type="engine", src="G/1", to="4.5")
    assert not st.frames and st.station_discs[0] == [] and st.players[0].money == 10


def test_s8_one_san_francisco_disc_meets_one_san_francisco_task():
    st = scenario()
    sf = D.CITY_INDEX["san_francisco"]
    st.city_discs[sf] = [0]
    cards = ["objective_6", "objective_7"]        # each: SF, 5 VP or -3
    assert objectives.best_score(D, cards, objectives.items(st, 0))[0] == 5 - 3
    st.city_discs[sf] = [0, 1, 0]
    assert objectives.best_score(D, cards, objectives.items(st, 0))[0] == 5 + 5



def test_s6_3_a_station_whose_disc_went_back_no_longer_scores_and_can_be_upgraded_again():
    st = scenario()
    _foresight(st, [[], [], []])
    leave_only_discs(st, 0, [])
    st.city_discs[0].remove(0)
    st.station_discs[0].append(0)                 # station 1: 1 VP
    assert scoring.score_breakdown(st, 0)["stations"] == 1
    at(st, 0, "KANSAS_CITY", hand=["jersey"], money=0)
    act(st, type="deliver", city="topeka")        # the station disc comes back by itself
    assert st.station_discs[0] == [] and scoring.score_breakdown(st, 0)["stations"] == 0
    st.players[0].discs[D.DISC_GROUP_IDS.index("aux1")] = 1   # a disc back on the board, say
    st.city_discs[0].remove(0)
    st.players[0].money = 2
    assert railroad.can_upgrade(st, 0, 0)


def test_s4_notes_a_building_goes_on_an_empty_space_or_replaces_an_own_building_only():
    st = scenario()
    put_building(st, "A-1", "1a", owner=1)
    put_building(st, "A-2", "1a", owner=0)
    hire_workers(st, 0, craftsmen=2)
    at(st, 0, "NEUTRAL-B", money=10)
    spaces = {a["space"] for a in legal(st, "build") if a["building"] == "4a"}
    assert "A-1" not in spaces and "A-2" in spaces and "A-3" in spaces


def test_s8_cattle_in_hand_count_for_objective_tasks():
    st = scenario()
    set_hand(st, 0, ["texas_longhorn_7"])
    assert objectives.items(st, 0)["cattle_5"] == 1


def test_s8_a_replaced_building_no_longer_meets_a_building_task():
    st = scenario()
    hire_workers(st, 0, craftsmen=2)
    put_building(st, "A-1", "1a", owner=0)
    at(st, 0, "NEUTRAL-B", money=10)
    act(st, type="build", src="B/2", building="4a", space="A-1")   # replaces 1a: 1 craftsman, $2
    assert st.players[0].money == 8 and st.players[0].replaced == ["1a"]
    assert objectives.items(st, 0)["building"] == 1


def test_s12_the_first_player_takes_the_first_turn():
    for seed in range(6):
        st = get("gwt").new(3, seed)
        assert st.current == st.first_player and st.phase == "A"
        assert st.players[st.first_player].money == 6


def test_s6_3_an_arrow_needs_both_discs_of_the_delivering_player_when_it_fires():
    st = scenario()
    _foresight(st, [[], [], []])
    st.city_discs[D.CITY_INDEX["wichita"]] = [1]  # another player's disc on the neighbour
    at(st, 0, "KANSAS_CITY", hand=["jersey"], money=0)
    act(st, type="deliver", city="topeka")
    act(st, type="disc", group="aux1")
    assert st.current == 1 and "gwt.arrow_completed" not in [e["key"] for e in st.log]
    assert not [c for c in st.players[0].discard if c.startswith("objective")]


def test_s9_4_spending_2_from_space_6_leaves_the_marker_on_4():
    st = scenario()
    _foresight(st, [[], [], []])
    p = st.players[0]
    p.cert = D.CERT_TRACK.index(6)
    at(st, 0, "KANSAS_CITY", hand=["jersey"], money=0)
    act(st, type="income", certificates=2)
    assert D.CERT_TRACK[p.cert] == 4 and p.money == 1 + 2 and st.kc_total == 3


def test_s8_3_taking_from_the_stack_takes_its_top_card_and_leaves_the_display():
    st = scenario()
    shown = list(st.obj_display)
    top = st.obj_stack[-1]
    at(st, 0, "NEUTRAL-C", money=0)
    act(st, type="take_objective", src="C/1", card="stack")
    assert st.players[0].discard == [top] and st.obj_display == shown


def test_s4_notes_a_building_may_move_the_herder_into_kansas_city():
    st = scenario()
    put_building(st, "G-1", "3a", owner=0)
    _foresight(st, [[], [], []])
    at(st, 0, "G-1", hand=["jersey"], money=0)
    assert legal(st, "herder") == [{"type": "herder", "src": "3a/2", "path": ["KANSAS_CITY"]}]
    act(st, type="herder", src="3a/2", path=["KANSAS_CITY"])
    # Kansas City: income $1 at once (nothing to choose), then the delivery
    assert st.players[0].money == 1 and [a["city"] for a in legal(st)] == ["kansas_city", "topeka"]


_COLOUR_ORDER = ["holstein", "brown_swiss", "ayrshire", "west_highland_3", "west_highland_4",
                 "west_highland_5", "texas_longhorn_5", "texas_longhorn_6", "texas_longhorn_7"]


def _sorted_by_colour(market):
    return market == sorted(market, key=_COLOUR_ORDER.index)


def test_s1_4_the_market_stays_sorted_by_colour_after_draw_2_and_after_a_refill():
    st = scenario()
    set_market(st, ["brown_swiss", "west_highland_4"])
    for card in ("texas_longhorn_6", "holstein"):
        st.cattle_stack.remove(card)
        st.cattle_stack.append(card)              # the next two cards drawn: holstein, longhorn
    at(st, 0, "NEUTRAL-E", money=0)
    act(st, type="buy_cattle", src="E/2")
    act(st, type="draw_market")
    assert st.market == ["holstein", "brown_swiss", "west_highland_4", "texas_longhorn_6"]
    set_market(st, ["texas_longhorn_6"])
    common.refill_cattle_market(st)               # what a yellow arrow does
    assert len(st.market) == 7 and _sorted_by_colour(st.market)


def test_s8_3_at_game_end_the_owner_of_the_card_decides_it():
    st = scenario()
    st.players[1].discard.append(st.obj_stack.pop())
    card = st.players[1].discard[-1]
    st.current = 0
    scoring.start_scoring(st)
    refresh(st)
    assert st.to_act() == [1] and legal(st) == [{"type": "commit_objective", "card": card},
                                                {"type": "drop_objective", "card": card}]
    st.apply(1, {"type": "drop_objective", "card": card})
    assert st.over and card not in st.players[1].objectives


def test_s9_6_the_discard_pile_is_shuffled_into_the_new_draw_pile():
    st = scenario()
    p = st.players[0]
    at(st, 0, "NEUTRAL-A", hand=[], money=0)
    order = ["jersey"] * 5 + ["guernsey"] * 3 + ["black_angus"] * 3 + ["dutch_belt"] * 3
    p.deck, p.discard = [], list(order)
    act(st, type="aux", src="aux", aux=1, double=False)
    act(st, type="end_phase_b")
    pile = p.deck + p.hand[::-1]                  # the new draw pile as it was before drawing 4
    assert sorted(pile) == sorted(order) and pile != order


@pytest.mark.parametrize("players", [2, 3, 4])
def test_s2_4_the_fee_a_move_pays_is_the_fee_the_hand_icons_price(players):
    """movement.fee_at (the fast path every move takes) restates who pays whom; it must agree with
    tile_hand_icons and fee_of_icons (what the views and the terminal price a path with) for every
    tile that can charge, on every space of its kind, for the owner and for everybody else."""
    from gametable.games.gwt import movement

    st = get("gwt").new(players, seed=3)
    tiles = {"private": [b for b, spec in D.BUILDING.items() if spec["kind"] == "private"],
             "hazard": [t for t, spec in D.TILE.items() if spec["kind"] == "hazard"],
             "teepee": [t for t, spec in D.TILE.items() if spec["kind"] == "teepee"]}
    checked = 0
    for node, kind in enumerate(D.NODE_KIND):
        for tile in tiles.get(kind, []):
            st.trail_tile[node] = tile
            st.trail_owner[node] = 1 if kind == "private" else None
            for seat in range(players):
                hands, payee = movement.tile_hand_icons(D, tile, kind, st.trail_owner[node], seat)
                expected = (movement.fee_of_icons(D, hands, players), payee) if hands else (0, None)
                assert movement.fee_at(st, seat, node) == expected, (D.NODES[node], tile, seat)
                checked += 1
    assert checked > 100
