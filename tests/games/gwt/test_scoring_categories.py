"""§11.2 final scoring: one test per category, each from an exact position in which every other
category scores 0, so a wrong rule in one category cannot hide behind another."""

import pytest

from gametable.games.gwt.editions import FIRST as D
from gametable.games.gwt import scoring

from .builder import act, give_tile, hire_workers, put_building, scenario, set_deck, set_hand


def _only(st, seat=0, **expected):
    """The breakdown of ``seat`` is 0 in every category except the ones given."""
    breakdown = scoring.score_breakdown(st, seat)
    assert breakdown == {c: expected.get(c, 0) for c in scoring.CATEGORIES}


def _bare(players=2):
    st = scenario(players)
    for p in st.players:
        p.objectives = []  # no starting objective, so objectives score nothing unless a test adds one
    return st


def _place(st, seat, target, index):
    """Put one of the player's white discs on a station or city (taking it off the board)."""
    p = st.players[seat]
    group = next(g for g, spec in enumerate(D.DISC_GROUPS) if spec["corner"] == "white" and p.discs[g])
    p.discs[group] -= 1
    (st.station_discs if target == "station" else st.city_discs)[index].append(seat)


@pytest.mark.parametrize("money,vp", [(0, 0), (4, 0), (5, 1), (9, 1), (10, 2), (24, 4), (25, 5)])
def test_s11_2_cat1_money_one_vp_per_full_5_dollars(money, vp):
    st = _bare()
    st.players[0].money = money
    _only(st, money=vp)


def test_s11_2_cat2_private_buildings_on_the_board():
    st = _bare()
    put_building(st, "A-1", "1a", owner=0)   # 1 VP
    put_building(st, "E-1", "7a", owner=0)   # 6 VP
    put_building(st, "G-2", "10a", owner=0)  # 13 VP
    put_building(st, "A-2", "9a", owner=1)   # another player's: not counted for seat 0
    _only(st, buildings=1 + 6 + 13)
    _only(st, 1, buildings=9)


def test_s11_2_cat2_a_replaced_building_no_longer_scores():
    st = _bare()
    put_building(st, "A-1", "1a", owner=0)
    hire_workers(st, 0, craftsmen=2)
    st.players[0].money = 10
    from .builder import at
    at(st, 0, "NEUTRAL-B")
    act(st, type="build", src="B/2", building="4a", space="A-1")  # replaces 1a: 1 craftsman, $2
    assert st.players[0].money == 8 and st.players[0].replaced == ["1a"]
    _only(st, buildings=3, money=1)


@pytest.mark.parametrize("cities,vp", [
    (["kansas_city"], -6),
    (["kansas_city", "kansas_city"], -12),
    (["san_francisco"], 9),
    (["san_francisco", "san_francisco"], 18),
    (["sacramento"], 6),
    (["topeka", "wichita"], -3),
    (["wichita", "colorado_springs"], -1),
    (["topeka", "wichita", "colorado_springs"], -3 - 1),
    (["colorado_springs", "santa_fe", "albuquerque"], 0),
    (["albuquerque", "el_paso"], 6),
    (["el_paso", "san_diego"], 8),
    (["san_diego", "sacramento"], 6 + 4),
    (["albuquerque", "el_paso", "san_diego", "sacramento"], 6 + 8 + 4 + 6),
    (["topeka", "santa_fe", "san_diego"], 0),          # no neighbouring pair
])
def test_s11_2_cat3_cities_and_arrows(cities, vp):
    st = _bare()
    for city in cities:
        _place(st, 0, "city", D.CITY_INDEX[city])
    _only(st, cities=vp)


def test_s11_2_cat3_arrows_need_both_discs_of_the_same_player():
    st = _bare()
    _place(st, 0, "city", D.CITY_INDEX["albuquerque"])
    _place(st, 1, "city", D.CITY_INDEX["el_paso"])
    _only(st, 0)
    _only(st, 1)


@pytest.mark.parametrize("stations,vp", [([1], 1), ([2], 1), ([3, 4], 4), ([5], 3), ([6], 5), ([7], 6),
                                         ([8], 7), ([9], 8), ([10], 9), (list(range(1, 11)), 44)])
def test_s11_2_cat4_stations(stations, vp):
    st = _bare()
    p = st.players[0]
    groups = [g for g, spec in enumerate(D.DISC_GROUPS) if spec["group"] != "step_vp" for _ in range(spec["count"])]
    for number, group in zip(stations, groups):
        p.discs[group] -= 1
        st.station_discs[number - 1].append(0)
    _only(st, stations=vp)


def test_s11_2_cat5_hazard_tiles():
    st = _bare()
    for tile in ("flood_black_2", "drought_green_4", "rockfall_green_3"):
        give_tile(st, 0, tile)
    _only(st, hazards=2 + 4 + 3)


def test_s11_2_cat6_cattle_cards_in_draw_pile_hand_and_discard_pile():
    st = _bare()
    p = st.players[0]
    set_deck(st, 0, ["holstein", "texas_longhorn_7"])   # draw pile: 1 + 7 (starting cards go to discard)
    set_hand(st, 0, ["ayrshire", "jersey"])             # hand: 3 + 0
    p.discard.append(st.cattle_stack.pop(st.cattle_stack.index("west_highland_5")))  # discard: 5
    p.removed.append(st.cattle_stack.pop(st.cattle_stack.index("brown_swiss")))       # removed: not scored
    _only(st, cattle=1 + 7 + 3 + 5)


def test_s11_2_cat7_objectives_met_and_unmet():
    st = _bare()
    p = st.players[0]
    give_tile(st, 0, "flood_green_2")
    give_tile(st, 0, "drought_green_2")
    put_building(st, "A-1", "1a", owner=0)
    put_building(st, "A-2", "2a", owner=0)
    p.objectives = ["start_2", "objective_6", "objective_20"]
    # Each item serves one task: the two buildings and two hazards meet start_2 (3 VP, no penalty) or
    # objective_20 (5 VP, else -2), not both. Best: objective_20 met (+5), start_2 unmet (0), and
    # objective_6 (San Francisco) unmet (-3).
    _only(st, objectives=5 + 0 - 3, buildings=2, hazards=4)
    p.objectives = ["start_2", "objective_6"]
    _only(st, objectives=3 - 3, buildings=2, hazards=4)


def test_s11_2_cat8_station_masters_each_task():
    st = _bare()
    p = st.players[0]
    hire_workers(st, 0, cowboys=3, craftsmen=2, engineers=1)        # 6 workers
    p.cert, p.perm_certs = 3, 2                                       # 3 temporary + 2 permanent = 5
    p.objectives = ["start_1", "start_2", "start_4"]                  # 3 cards (unmet, no penalty)
    for tile in ("flood_black_2", "flood_black_3", "drought_black_2"):   # 3 hazards (7 VP)
        give_tile(st, 0, tile)
    for tile in ("teepee_green", "teepee_green", "teepee_blue", "teepee_blue", "teepee_blue"):  # 2 pairs
        give_tile(st, 0, tile)
    masters = {"master_money": 6, "master_certificates": 5 // 2 * 3, "master_objectives": 3 // 2 * 3,
               "master_hazards": 3 // 2 * 3, "master_teepees": 2 * 3}
    for master, vp in masters.items():
        p.masters = [master]
        _only(st, station_masters=vp, hazards=7)
    p.masters = list(masters)
    _only(st, station_masters=sum(masters.values()), hazards=7)


@pytest.mark.parametrize("workers,vp", [((4, 4, 4), 0), ((5, 1, 1), 4), ((6, 1, 1), 8), ((6, 6, 6), 24),
                                        ((5, 6, 4), 12)])
def test_s11_2_cat9_workers_on_spaces_5_and_6(workers, vp):
    st = _bare()
    hire_workers(st, 0, *workers)
    _only(st, workers=vp)


def test_s11_2_cat10_right_step_limit_disc():
    st = _bare()
    _only(st)
    p = st.players[0]
    p.discs[D.DISC_GROUP_IDS.index("step_money")] -= 1   # the left one gives money, not VP
    st.station_discs[5].append(0)
    _only(st, stations=5)
    p.discs[D.DISC_GROUP_IDS.index("step_vp")] -= 1
    st.station_discs[6].append(0)
    _only(st, stations=5 + 6, step_disc=3)


def test_s11_2_cat11_job_market_token():
    st = _bare()
    st.players[1].job_token = True
    _only(st, 0)
    _only(st, 1, job_token=2)


def test_s11_2_final_scores_in_the_log_and_the_result():
    st = _bare()
    st.players[0].money = 12
    give_tile(st, 1, "rockfall_green_4")
    scoring.finish_game(st)
    result = st.result()
    assert [s["total"] for s in result["scores"]] == [2, 4] and result["winners"] == [1]
    finals = [e for e in st.log if e["key"] == "gwt.final_score"]
    assert [(e["seat"], e["total"], e["money"], e["hazards"]) for e in finals] == [(0, 2, 2, 0), (1, 4, 0, 4)]
