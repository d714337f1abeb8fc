"""Scenario tests added by the rules audit: exact positions before, exact money, cards, tiles and VP
after. Each test names the section of shared/rules/gwt-first-edition.md it checks."""

import pytest

from gametable.games.gwt.editions import FIRST as D
from gametable.games.gwt import scoring
from gametable.games.gwt.setup import place_initial_trail_tiles

from .builder import (act, at, clear_disc, give_tile, hire_workers, legal, put_building, put_tile, refresh,
                      scenario, set_deck, set_hand, set_jobs, set_market)
from .invariants import check
from .test_kansas_city import _foresight


def _node(name):
    return D.NODE_INDEX[name]


# --------------------------------------------------------------------- §5.4 tiles with no space
def test_s5_4_setup_sets_a_hazard_aside_when_its_four_spaces_are_full_and_returns_it_to_pile_1():
    st = scenario()   # every hazard and teepee back in the back-1 pile
    floods = ["flood_black_2", "flood_black_3", "flood_green_2", "flood_green_3", "flood_green_4"]
    order = floods + ["teepee_green", "drought_green_4", "rockfall_black_2"]   # drawn in this order
    for tile in order:
        st.piles[0].remove(tile)
    st.piles[0].extend(reversed(order))   # the top of a pile is its last element
    before = len(st.piles[0])
    place_initial_trail_tiles(st)
    trail = {D.NODES[n]: st.trail_tile[n] for n in D.ALL_HAZARD_SPACES + D.TEEPEE_FILL if st.trail_tile[n]}
    assert trail == {"FLOOD-1": "flood_black_2", "FLOOD-2": "flood_black_3", "FLOOD-3": "flood_green_2",
                     "FLOOD-4": "flood_green_3", "TEEPEE-3": "teepee_green",
                     "DROUGHT-1": "drought_green_4", "ROCKFALL-1": "rockfall_black_2"}
    # 8 tiles drawn, 7 placed: the fifth flood is back in the back-1 pile, nothing left the game
    assert len(st.piles[0]) == before - 7 and st.piles[0].count("flood_green_4") == 2
    assert st.out_of_game == []
    check(st)


def test_s5_4_foresight_hazard_with_its_four_spaces_full_leaves_the_game():
    st = scenario()
    for i, tile in enumerate(["drought_black_2", "drought_black_3", "drought_green_2", "drought_green_3"]):
        put_tile(st, f"DROUGHT-{i + 1}", tile)
    _foresight(st, [["drought_green_4", "drought_green_4"], [], []])
    at(st, 0, "KANSAS_CITY", hand=["jersey"], money=0)   # column 1: one kind of tile, taken at once
    assert st.out_of_game == ["drought_green_4"] and st.foresight[0] == [None, "drought_green_4"]
    assert [e["placed"] for e in st.log if e["key"] == "gwt.foresight_chosen"] == ["out_of_game"]
    check(st)


def test_s2_3_foresight_teepee_with_every_teepee_space_full_leaves_the_game():
    st = scenario()
    for n in D.TEEPEE_FILL:
        put_tile(st, D.NODES[n], "teepee_green")
    _foresight(st, [["teepee_blue", "teepee_blue"], [], []])
    at(st, 0, "KANSAS_CITY", hand=["jersey"], money=0)
    assert st.out_of_game == ["teepee_blue"]
    assert all(st.trail_tile[n] == "teepee_green" for n in D.TEEPEE_FILL)
    check(st)


def test_s2_3_teepee_fills_the_lowest_empty_value_and_a_hazard_the_lowest_number():
    st = scenario()
    put_tile(st, "TEEPEE-3", "teepee_green")
    put_tile(st, "TEEPEE-1", "teepee_green")
    put_tile(st, "ROCKFALL-1", "rockfall_black_2")
    put_tile(st, "ROCKFALL-3", "rockfall_black_3")
    _foresight(st, [["teepee_blue", "rockfall_green_4"], [], []])
    at(st, 0, "KANSAS_CITY", hand=["jersey"], money=0)
    act(st, type="foresight", column=1, slot=0, tile="teepee_blue")
    assert st.trail_tile[_node("TEEPEE-2")] == "teepee_blue"
    st2 = scenario()
    put_tile(st2, "ROCKFALL-1", "rockfall_black_2")
    put_tile(st2, "ROCKFALL-3", "rockfall_black_3")
    _foresight(st2, [["teepee_blue", "rockfall_green_4"], [], []])
    at(st2, 0, "KANSAS_CITY", hand=["jersey"], money=0)
    act(st2, type="foresight", column=1, slot=1, tile="rockfall_green_4")
    assert st2.trail_tile[_node("ROCKFALL-2")] == "rockfall_green_4"


# ------------------------------------------------------------------------- §2.5 job market
@pytest.mark.parametrize("players", [2, 3, 4])
def test_s2_5_a_worker_from_foresight_fills_the_token_row_then_the_token_moves_on(players):
    st = scenario(players)
    rows = [["cowboy"] * players, ["cowboy"] * (players - 2)]
    set_jobs(st, rows, token_row=2)
    _foresight(st, [[], ["engineer", "engineer"], ["craftsman", "craftsman"]])
    at(st, 0, "KANSAS_CITY", hand=["jersey"], money=0)
    # the engineer goes into row 2 (not yet full), the craftsman fills it: the token moves to row 3
    assert st.jobs[1] == ["cowboy"] * (players - 2) + ["engineer", "craftsman"] and st.token_row == 2
    assert [e["row"] for e in st.log if e["key"] == "gwt.token_moved"] == [3]


@pytest.mark.parametrize("players,size", [(2, 7), (3, 10), (4, 13)])
@pytest.mark.parametrize("row", [6, 9])
def test_s1_4_token_passing_a_yellow_arrow_refills_the_cattle_market(players, size, row):
    st = scenario(players)
    kinds = ["cowboy", "craftsman", "engineer"]
    rows = [[kinds[(r + i) % 3] for i in range(players)] for r in range(row - 1)] + [["cowboy"] * (players - 1)]
    set_jobs(st, rows, token_row=row)
    set_market(st, ["holstein", "ayrshire"])
    _foresight(st, [[], ["engineer", "engineer"], []])
    at(st, 0, "KANSAS_CITY", hand=["jersey"], money=0)
    assert st.token_row == row and len(st.market) == size
    assert "holstein" in st.market and "ayrshire" in st.market   # cards already there stay
    check(st)


def test_s1_4_no_refill_without_a_yellow_arrow():
    st = scenario()
    set_jobs(st, [["cowboy"] * 2] * 4 + [["cowboy"]], token_row=5)
    set_market(st, ["holstein"])
    _foresight(st, [[], ["engineer", "engineer"], []])
    at(st, 0, "KANSAS_CITY", hand=["jersey"], money=0)
    assert st.token_row == 5 and st.market == ["holstein"]


@pytest.mark.parametrize("row,cost", list(enumerate(D.JOB_COST, start=1)))
def test_s2_5_hiring_costs_by_row(row, cost):
    st = scenario()
    set_jobs(st, [["craftsman", "cowboy"]] * row + [[]], token_row=row + 1)
    at(st, 0, "NEUTRAL-A", money=30)
    act(st, type="hire", src="A/2", row=row, worker="craftsman")
    assert st.players[0].money == 30 - cost and st.players[0].workers[1] == 2
    act(st, type="hire", src="A/3", row=row, worker="cowboy")
    assert st.players[0].money == 30 - cost - (cost + 2)


def test_s2_5_workers_in_the_token_row_cannot_be_hired():
    st = scenario()
    set_jobs(st, [["cowboy", "cowboy"], ["engineer"]], token_row=2)
    at(st, 0, "NEUTRAL-A", money=20)
    assert {(a["row"], a["worker"]) for a in legal(st, "hire")} == {(1, "cowboy")}


# ------------------------------------------------------------ §10 a whole Kansas City visit
SF_HAND = ["jersey", "guernsey", "black_angus", "dutch_belt", "holstein", "west_highland_4",
           "texas_longhorn_5"]  # 1 + 2 + 2 + 2 + 3 + 4 + 5 = 19
@pytest.mark.parametrize("engine,city,hand,transport", [
    ("0", "san_francisco", SF_HAND, 11),
    ("0", "wichita", ["jersey", "holstein"], 1),
    ("3", "santa_fe", ["jersey", "guernsey", "holstein", "west_highland_3"], 4),
    ("4.5", "santa_fe", ["jersey", "guernsey", "holstein", "west_highland_3"], 2),
    ("8", "santa_fe", ["jersey", "guernsey", "holstein", "west_highland_3"], 0),
    ("10", "el_paso", ["holstein", "west_highland_4", "texas_longhorn_6"], 2),
    ("17", "san_francisco", SF_HAND, 1),
    ("18", "san_francisco", SF_HAND, 0),
    ("29.5", "topeka", ["jersey"], 0),
])
def test_s10_income_minus_transport_at_several_engine_positions(engine, city, hand, transport):
    st = scenario()
    _foresight(st, [[], [], []])
    p = st.players[0]
    p.engine = D.POS_BY_LABEL[engine]
    st.players[1].engine = D.POS_BY_LABEL["2"]
    at(st, 0, "KANSAS_CITY", hand=hand, money=5)
    value = sum({D.BREED[c]: D.BREEDING_VALUE[c] for c in hand}.values())   # each breed once
    assert p.money == 5 + value                       # income taken at once (no certificates)
    act(st, type="deliver", city=city)
    assert p.money == 5 + value - transport
    delivered = [e for e in st.log if e["key"] == "gwt.delivered"]
    assert delivered[-1]["transport"] == transport


def test_s10_income_adds_temporary_and_permanent_certificates_and_allows_a_higher_city():
    st = scenario()
    _foresight(st, [[], [], []])
    p = st.players[0]
    p.cert, p.perm_certs = 4, 2      # 4 temporary (space 4), 2 permanent
    at(st, 0, "KANSAS_CITY", hand=["jersey", "guernsey", "holstein", "holstein"], money=0)  # value 6
    act(st, type="income", certificates=4)
    assert p.money == 6 + 4 + 2 and p.cert == 0 and st.kc_total == 12
    assert [a["city"] for a in legal(st)][-1] == "el_paso"
    act(st, type="deliver", city="el_paso")       # engine on 0: crosses 3,4,5,7,9,10,11 = $7
    assert p.money == 12 - 7
    assert {a["group"] for a in legal(st)} >= {"step_money", "hand", "cert_6", "aux1"}


def test_s10_kansas_city_delivery_pays_6_and_no_transport_and_the_herder_goes_home():
    st = scenario()
    _foresight(st, [[], [], []])
    p = st.players[0]
    at(st, 0, "KANSAS_CITY", hand=["jersey", "guernsey"], money=1)
    act(st, type="deliver", city="kansas_city")
    act(st, type="disc", group="aux3")
    assert p.money == 1 + 3 + 6 and st.city_discs[0] == [0]
    assert p.herder == D.START and st.current == 1 and len(p.hand) == 4
    assert scoring.score_breakdown(st, 0)["cities"] == -6


def test_s6_3_arrows_fire_once_when_the_second_disc_arrives_and_score_at_game_end():
    st = scenario()
    _foresight(st, [[], [], []])
    p = st.players[0]
    p.perm_certs = 6
    # first delivery: Colorado Springs (no neighbour yet)
    at(st, 0, "KANSAS_CITY", hand=[], money=0)
    act(st, type="deliver", city="colorado_springs")
    act(st, type="disc", group="aux1")
    assert st.obj_display and len(p.discard) == 0 and not st.frames
    # second: Wichita: arrow Wichita-Colorado Springs (-1 VP), no objective card
    _foresight(st, [[], [], []])
    at(st, 0, "KANSAS_CITY", hand=[], money=0)
    act(st, type="deliver", city="wichita")
    act(st, type="disc", group="aux2")
    assert [e["cities"] for e in st.log if e["key"] == "gwt.arrow_completed"] == [["wichita", "colorado_springs"]]
    # third: Topeka: arrow Topeka-Wichita (objective card, -3 VP); the other arrow does not fire again
    st.log = []
    _foresight(st, [[], [], []])
    at(st, 0, "KANSAS_CITY", hand=[], money=0)
    act(st, type="deliver", city="topeka")
    act(st, type="disc", group="aux3")
    shown = list(st.obj_display)
    act(st, type="take_objective", src="arrow", card=shown[0])
    assert [e["cities"] for e in st.log if e["key"] == "gwt.arrow_completed"] == [["topeka", "wichita"]]
    assert p.discard == [shown[0]] and len(st.obj_display) == 4
    assert scoring.score_breakdown(st, 0)["cities"] == -1 - 3


def test_s6_3_a_disc_completing_two_arrows_takes_two_objective_cards():
    st = scenario()
    _foresight(st, [[], [], []])
    p = st.players[0]
    for city in ("colorado_springs", "albuquerque"):
        st.city_discs[D.CITY_INDEX[city]].append(0)
        p.discs[D.DISC_GROUP_IDS.index("aux3")] -= 1
    p.perm_certs = 8
    at(st, 0, "KANSAS_CITY", hand=[], money=0)
    act(st, type="deliver", city="santa_fe")
    act(st, type="disc", group="aux1")
    act(st, type="take_objective", src="arrow", card="stack")
    act(st, type="take_objective", src="arrow", card="stack")
    assert sum(1 for c in p.discard if c.startswith("objective_")) == 2
    check(st)


# ---------------------------------------------------------------------------------- §2.4 fees
@pytest.mark.parametrize("players,blue,green", [(2, 2, 2), (3, 1, 2), (4, 2, 1)])
def test_s2_4_teepee_fees_go_to_the_bank(players, blue, green):
    st = scenario(players)
    put_tile(st, "TEEPEE+1", "teepee_blue")    # black hand
    put_tile(st, "TEEPEE+2", "teepee_green")   # green hand
    st.players[0].herder = _node("C-2")
    put_building(st, "C-2", "1a", owner=0)
    st.players[0].money = 10
    refresh(st)
    act(st, type="move", path=["TEEPEE+1", "TEEPEE+2"])
    assert st.players[0].money == 10 - blue - green
    assert sum(p.money for p in st.players[1:]) == 0


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("building", ["1a", "4a", "7b", "10b", "2a"])
def test_s2_4_fees_of_a_private_building_go_to_its_owner_even_when_stopping_there(players, building):
    st = scenario(players, options={"building_sides": building[-1]})
    put_building(st, "A-1", building, owner=1)
    st.players[0].herder = _node("NEUTRAL-A")
    st.players[0].money = 10
    refresh(st)
    act(st, type="move", path=["A-1"])
    fee = sum(D.FEES[players][h] for h in D.BUILDING[building]["hands"])
    assert st.players[0].money == 10 - fee and st.players[1].money == fee
    assert legal(st, "aux")  # on another player's building: only the auxiliary action


def test_s5_1_other_herders_never_block_and_empty_spaces_are_free():
    st = scenario()
    put_tile(st, "FLOOD-3", "flood_green_2")
    st.players[1].herder = _node("FLOOD-3")
    st.players[0].herder = _node("NEUTRAL-A")
    st.players[0].money = 5
    refresh(st)
    paths = [a["path"] for a in legal(st, "move")]
    assert ["FLOOD-3", "NEUTRAL-B", "NEUTRAL-C"] in paths   # FLOOD-1, -2, -4 and the risk spaces: empty
    act(st, type="move", path=["FLOOD-3", "NEUTRAL-B"])
    assert st.players[0].money == 3


def test_s9_3_step_limit_grows_with_the_step_discs():
    st = scenario(3)
    st.players[0].herder = D.START
    refresh(st)
    assert max(len(a["path"]) for a in legal(st, "move")) == 3
    clear_disc(st, 0, "step_money", to_station=6)
    refresh(st)
    assert max(len(a["path"]) for a in legal(st, "move")) == 5
    clear_disc(st, 0, "step_vp", to_station=7)
    refresh(st)
    assert max(len(a["path"]) for a in legal(st, "move")) == 6   # A, B, C, D, E, F (1 empty spaces)


# ---------------------------------------------------------------------- §7 station masters
def _upgrade_station_1(st, master, workers=(1, 1, 3), money=2):
    st.station_master[0] = master
    hire_workers(st, 0, *workers)
    st.players[0].engine = 4
    at(st, 0, "NEUTRAL-C", money=money)
    act(st, type="engine", src="C/2", to="4.5")
    act(st, type="upgrade", station=1)
    act(st, type="disc", group="aux1")


def test_s7_master_money_gives_2_dollars_and_1_vp_per_worker():
    st = scenario()
    _upgrade_station_1(st, "master_money")
    act(st, type="station_master", worker="engineer")
    act(st, type="money", src="master/master_money")
    p = st.players[0]
    assert p.money == 2 and p.workers == [1, 1, 2] and st.station_worker[0] == "engineer"
    assert scoring.score_breakdown(st, 0)["station_masters"] == 4 and scoring.score_breakdown(st, 0)["stations"] == 1


@pytest.mark.parametrize("master", ["master_certificates", "master_hazards", "master_teepees"])
def test_s7_masters_with_a_permanent_certificate_add_it_to_every_income(master):
    st = scenario()
    _upgrade_station_1(st, master)
    act(st, type="station_master", worker="engineer")
    act(st, type="permanent_certificate", src=f"master/{master}")
    assert st.players[0].perm_certs == 1 and st.players[0].money == 0
    _foresight(st, [[], [], []])
    at(st, 0, "KANSAS_CITY", hand=["jersey"], money=0)
    assert st.players[0].money == 1 + 1 and st.players[0].perm_certs == 1   # never spent


def test_s6_2_giving_up_a_worker_from_a_bonus_space_lets_the_next_hire_earn_the_bonus_again():
    st = scenario()
    _upgrade_station_1(st, "master_money", workers=(1, 1, 3))   # engineers on spaces 1-3
    act(st, type="station_master", worker="engineer")           # the engineer on space 3 goes
    act(st, type="skip")
    set_jobs(st, [["engineer", "engineer"], []], token_row=2)
    at(st, 0, "NEUTRAL-A", hand=["jersey"], money=6)
    act(st, type="hire", src="A/2", row=1, worker="engineer")    # back onto space 3: Jersey -> $2
    act(st, type="discard", src="bonus/engineer/3", cards=["jersey"])
    assert st.players[0].money == 2 and st.players[0].workers[2] == 3


def test_s6_2_no_station_master_for_a_player_with_only_printed_workers():
    st = scenario()
    _upgrade_station_1(st, "master_money", workers=(1, 1, 1))
    assert st.station_master[0] == "master_money" and st.current == 0 and not st.frames


# -------------------------------------------------------------------------- §9.1 disc unlocks
@pytest.mark.parametrize("group,effect", [
    ("aux1", "double aux 1"), ("aux2", "double aux 2"), ("aux3", "single aux 3"),
    ("aux4", "single aux 4"), ("aux5", "single aux 5"), ("step_money", "$3 and +1 step"),
    ("step_vp", "+1 step and 3 VP"), ("hand", "pay $5, hand limit 5"), ("cert_4", "certificate limit 4"),
])
def test_s9_1_clearing_a_disc_through_a_delivery(group, effect):
    from gametable.games.gwt import common as C
    st = scenario()
    _foresight(st, [[], [], []])
    p = st.players[0]
    p.perm_certs = 10                        # Albuquerque (black corners) is within reach
    at(st, 0, "KANSAS_CITY", hand=[], money=0)
    act(st, type="deliver", city="albuquerque")   # engine on 0: crosses 3, 4, 5, 7, 9 = $5
    assert p.money == 5
    act(st, type="disc", group=group)
    if group.startswith("aux"):
        number = int(group[-1])
        assert C.aux_unlocked(st.edition, p, number, double=number <= 2) and (number <= 2 or not C.aux_unlocked(st.edition, p, number, True))
    elif group == "step_money":
        assert p.money == 5 + 3 and C.step_limit(st, 0) == 4
    elif group == "step_vp":
        assert p.money == 5 and C.step_limit(st, 0) == 4 and scoring.score_breakdown(st, 0)["step_disc"] == 3
    elif group == "hand":
        assert p.money == 0 and C.hand_limit(st.edition, p) == 5 and len(p.hand) == 5
    elif group == "cert_4":
        assert C.cert_limit(st.edition, p) == 4
    assert st.city_discs[D.CITY_INDEX["albuquerque"]] == [0]


def test_s9_1_hand_disc_cannot_be_taken_without_5_dollars_and_cert_6_needs_cert_4():
    from gametable.games.gwt import common as C
    st = scenario()
    _foresight(st, [[], [], []])
    p = st.players[0]
    p.perm_certs = 10
    at(st, 0, "KANSAS_CITY", hand=[], money=0)
    p.money = 9                   # income is paid; after $5 transport $4 are left: too little for
    act(st, type="deliver", city="albuquerque")   # the $5 hand-limit disc
    assert p.money == 4 and "hand" not in {a["group"] for a in legal(st)}
    act(st, type="disc", group="cert_6")
    assert C.cert_limit(st.edition, p) == 3          # the "6" disc alone changes nothing
    clear_disc(st, 0, "cert_4", to_station=2)
    assert C.cert_limit(st.edition, p) == 6


# --------------------------------------------------------------------- §9.2 doubles, exactly
def test_s9_2_double_aux_1_gains_2_and_double_aux_2_draws_2_then_discards_2():
    st = scenario()
    clear_disc(st, 0, "aux1")
    clear_disc(st, 0, "aux2", to_station=2)
    set_deck(st, 0, ["holstein", "ayrshire"])
    at(st, 0, "NEUTRAL-G", hand=["jersey"], money=0)
    act(st, type="aux", src="G/2", aux=2, double=True)
    assert sorted(st.players[0].hand) == ["ayrshire", "holstein", "jersey"]
    act(st, type="discard_card", card="jersey")
    act(st, type="discard_card", card="holstein")
    assert st.players[0].hand == ["ayrshire"] and st.players[0].discard[-2:] == ["jersey", "holstein"]
    st2 = scenario()
    clear_disc(st2, 0, "aux1")
    at(st2, 0, "NEUTRAL-D", money=0)
    act(st2, type="aux", src="D/2", aux=1, double=True)
    assert st2.players[0].money == 2


def test_s9_2_double_aux_4_pays_2_for_up_to_2_spaces():
    st = scenario()
    clear_disc(st, 0, "aux4")
    clear_disc(st, 0, "aux4", to_station=2)
    st.players[0].engine = 3
    at(st, 0, "NEUTRAL-G", money=2)
    act(st, type="aux", src="G/2", aux=4, double=True)
    assert [a["to"] for a in legal(st)] == ["4", "4.5", "5"]
    act(st, type="engine", src="aux4", to="5")
    assert st.players[0].money == 0 and st.players[0].engine == 5


def test_s9_2_the_single_aux_on_a_hazard_or_teepee_and_no_double_there():
    st = scenario()
    clear_disc(st, 0, "aux1")
    put_tile(st, "TEEPEE+4", "teepee_green")
    at(st, 0, "TEEPEE+4", money=0)
    assert {(a["aux"], a["double"]) for a in legal(st, "aux")} == {(1, False), (2, False)}
    act(st, type="aux", src="aux", aux=1, double=False)
    assert st.players[0].money == 1 and legal(st) == [{"type": "end_phase_b"}]


# ------------------------------------------------------------------ draw, then discard as many
def _only_cards_left(st, seat, cards):
    """The player's draw pile holds exactly ``cards`` and the discard pile is empty."""
    p = st.players[seat]
    set_deck(st, seat, cards)
    p.removed += p.discard   # out of the way: nothing to reshuffle
    p.discard = []
    refresh(st)


def test_s8_2_draw_up_to_3_offers_only_as_many_cards_as_are_left_and_discards_as_many_as_drawn():
    """Objectives 10-14: "draw up to 3 cards, then discard as many" — as many as were drawn."""
    st = scenario()
    at(st, 0, "NEUTRAL-A", hand=["objective_10", "jersey", "guernsey"], money=0)
    _only_cards_left(st, 0, ["holstein"])
    act(st, type="play_objective", card="objective_10")
    assert [a.get("count") for a in legal(st, "draw")] == [1]
    act(st, type="draw", src="objective/objective_10", count=1)
    act(st, type="discard_card", card="jersey")
    p = st.players[0]
    assert sorted(p.hand) == ["guernsey", "holstein"] and p.discard == ["jersey"] and not st.frames


def test_s9_2_double_aux_2_with_one_card_left_draws_it_and_discards_one():
    st = scenario()
    clear_disc(st, 0, "aux2")
    at(st, 0, "NEUTRAL-G", hand=["jersey", "guernsey"], money=0)
    _only_cards_left(st, 0, ["holstein"])
    act(st, type="aux", src="G/2", aux=2, double=True)
    act(st, type="discard_card", card="jersey")
    p = st.players[0]
    assert sorted(p.hand) == ["guernsey", "holstein"] and p.discard == ["jersey"] and not st.frames


def test_s4_4b_draws_up_to_cowboys_but_no_more_than_are_left():
    st = scenario(options={"building_sides": "b"})
    put_building(st, "A-1", "4b", owner=0)
    hire_workers(st, 0, cowboys=3)
    at(st, 0, "A-1", hand=["jersey"], money=0)
    _only_cards_left(st, 0, ["holstein", "ayrshire"])
    assert [a["count"] for a in legal(st, "draw")] == [1, 2]


def test_s1_4_refill_with_an_empty_stack_changes_nothing_and_says_so():
    from gametable import i18n
    st = scenario()
    set_jobs(st, [["cowboy", "craftsman"]] * 5 + [["engineer"]], token_row=6)
    set_market(st, ["holstein"])
    st.players[1].removed += st.cattle_stack   # (out of the way for this test)
    st.cattle_stack = []
    _foresight(st, [[], ["engineer", "engineer"], []])
    at(st, 0, "KANSAS_CITY", hand=["jersey"], money=0)
    assert st.token_row == 6 and st.market == ["holstein"]
    entry = next(e for e in st.log if e["key"].startswith("gwt.market_"))
    assert i18n.describe(entry) == "The cattle market cannot be refilled: its stack is empty."


def test_s9_2_single_aux_3_pays_1_moves_back_1_and_gains_1_certificate():
    st = scenario()
    clear_disc(st, 0, "aux3")
    st.players[0].engine = 5
    st.players[1].engine = 4          # occupied: skipped, not counted
    at(st, 0, "NEUTRAL-A", money=1)
    act(st, type="aux", src="aux", aux=3, double=False)
    assert [a["to"] for a in legal(st)] == ["3", "4.5"]
    act(st, type="engine_back", src="aux3", to="3")
    p = st.players[0]
    assert (p.money, p.cert, D.POS_LABEL[p.engine]) == (0, 1, "3")


def test_s9_2_single_aux_5_moves_back_1_and_may_remove_1_card():
    st = scenario()
    clear_disc(st, 0, "aux5")
    st.players[0].engine = 2
    at(st, 0, "NEUTRAL-A", hand=["jersey", "guernsey"], money=0)
    act(st, type="aux", src="aux", aux=5, double=False)   # 2 -> 1: the only target, taken at once
    assert st.players[0].engine == 1
    act(st, type="remove_card", card="guernsey")
    p = st.players[0]
    assert p.removed == ["guernsey"] and p.hand == ["jersey"] and not st.frames


def test_s8_2_engine_objective_moves_up_to_2_and_may_stop_on_a_turnout_to_upgrade():
    st = scenario()
    st.players[0].engine = 3
    at(st, 0, "NEUTRAL-A", hand=["objective_15"], money=2)
    act(st, type="play_objective", card="objective_15")
    assert [a["to"] for a in legal(st, "engine")] == ["4", "4.5", "5"]
    act(st, type="engine", src="objective/objective_15", to="4.5")
    act(st, type="upgrade", station=1)
    act(st, type="disc", group="aux1")
    assert st.players[0].money == 0 and st.station_discs[0] == [0] and "objective_15" in st.players[0].objectives
