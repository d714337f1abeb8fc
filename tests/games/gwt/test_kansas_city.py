"""§10 Kansas City: foresight, income, delivery, arrows, disc shortage; §11.1 the end trigger."""

from gametable.games.gwt.editions import FIRST as D
from gametable.games.gwt.kansas_city import breeding_value

from .builder import act, at, clear_disc, legal, refresh, scenario, set_jobs


def _foresight(st, columns):
    for c, tiles in enumerate(columns):
        st.piles[c].extend(t for t in st.foresight[c] if t)
        st.foresight[c] = []
        for tile in tiles:
            pile = st.piles[c] if tile in st.piles[c] else next(p for p in st.piles if tile in p)
            pile.remove(tile)
            st.foresight[c].append(tile)
        st.foresight[c] += [None] * (2 - len(tiles))


def test_s10_breeding_value_counts_each_breed_once_and_ignores_objectives():
    assert breeding_value(D, ["jersey", "jersey", "guernsey", "west_highland_3", "west_highland_5",
                           "objective_3"]) == 1 + 2 + 4


def test_s10_foresight_places_teepee_hazard_and_worker():
    st = scenario()
    set_jobs(st, [["cowboy", "cowboy"], ["cowboy"]])
    _foresight(st, [["teepee_blue", "flood_green_3"], ["engineer", "craftsman"],
                    ["cowboy", "teepee_green"]])
    at(st, 0, "KANSAS_CITY", hand=["jersey"], money=0)
    assert legal(st) == [{"type": "foresight", "column": 1, "slot": 0, "tile": "teepee_blue"},
                         {"type": "foresight", "column": 1, "slot": 1, "tile": "flood_green_3"}]
    act(st, type="foresight", column=1, slot=1, tile="flood_green_3")
    assert st.trail_tile[D.NODE_INDEX["FLOOD-1"]] == "flood_green_3"
    act(st, type="foresight", column=2, slot=0, tile="engineer")
    # the engineer fills row 2 (the token's space): the token moves on to row 3
    assert st.jobs[1] == ["cowboy", "engineer"] and st.token_row == 2
    act(st, type="foresight", column=3, slot=1, tile="teepee_green")
    assert st.trail_tile[D.NODE_INDEX["TEEPEE-3"]] == "teepee_green"
    # income has nothing to choose without certificates: it is taken at once (breeding value 1)
    assert st.players[0].money == 1 and st.frames[-1]["kind"] == "deliver"


def test_s10_income_with_temporary_and_permanent_certificates_then_delivery():
    st = scenario()
    _foresight(st, [[], [], []])
    p = st.players[0]
    p.cert = 3
    p.perm_certs = 1
    p.engine = 4
    at(st, 0, "KANSAS_CITY", hand=["jersey", "guernsey", "holstein"], money=0)
    assert [a["certificates"] for a in legal(st, "income")] == [0, 1, 2, 3]
    act(st, type="income", certificates=2)
    assert p.money == 6 + 2 + 1 and p.cert == 1 and p.hand == []
    assert sorted(p.discard[-3:]) == ["guernsey", "holstein", "jersey"]
    assert [a["city"] for a in legal(st)] == ["kansas_city", "topeka", "wichita", "colorado_springs",
                                              "santa_fe"]
    act(st, type="deliver", city="santa_fe")   # crosses after 4, 5 and 7: $3 from space 4
    assert p.money == 6
    act(st, type="disc", group="aux1")
    assert st.city_discs[D.CITY_INDEX["santa_fe"]] == [0]
    assert p.herder == D.START and st.current == 1   # herder home, turn over
    assert len(p.hand) == 4


def test_s9_4_spending_from_space_6_moves_back_to_4():
    st = scenario()
    p = st.players[0]
    p.cert = 5   # space 6
    _foresight(st, [[], [], []])
    at(st, 0, "KANSAS_CITY", hand=["jersey"], money=0)
    assert [a["certificates"] for a in legal(st, "income")] == [0, 2, 3, 4, 5, 6]


def test_s6_3_kansas_city_disc_pays_6_and_repeats():
    st = scenario()
    _foresight(st, [[], [], []])
    st.city_discs[0] = [0]
    st.players[0].discs[0] -= 1
    at(st, 0, "KANSAS_CITY", hand=["jersey"], money=0)
    act(st, type="deliver", city="kansas_city")
    act(st, type="disc", group="aux2")
    assert st.city_discs[0] == [0, 0] and st.players[0].money == 1 + 6


def test_s6_3_cities_once_each_and_black_cities_take_any_disc():
    st = scenario()
    _foresight(st, [[], [], []])
    st.city_discs[D.CITY_INDEX["topeka"]] = [0]
    st.players[0].discs[0] -= 1
    st.players[0].perm_certs = 10
    at(st, 0, "KANSAS_CITY", hand=[], money=0)
    cities = [a["city"] for a in legal(st)]
    assert "topeka" not in cities and cities[-1] == "albuquerque"
    act(st, type="deliver", city="albuquerque")
    assert "step_vp" in [a["group"] for a in legal(st)]


def test_s6_3_arrow_gives_an_objective_card_once_both_cities_hold_a_disc():
    st = scenario()
    _foresight(st, [[], [], []])
    st.city_discs[D.CITY_INDEX["topeka"]] = [0]
    st.players[0].discs[0] -= 1
    st.players[0].perm_certs = 4
    at(st, 0, "KANSAS_CITY", hand=[], money=0)
    act(st, type="deliver", city="wichita")
    act(st, type="disc", group="aux2")
    assert {a["type"] for a in legal(st)} == {"take_objective"}
    act(st, type="take_objective", src="arrow", card="stack")
    assert any(c.startswith("objective_") for c in st.players[0].discard)


def test_s6_3_disc_shortage_takes_a_disc_back_from_a_station():
    st = scenario()
    _foresight(st, [[], [], []])
    p = st.players[0]
    for g in range(len(p.discs)):
        while p.discs[g]:
            p.discs[g] -= 1
            st.city_discs[0].append(0)
    st.city_discs[0].pop()
    st.station_discs[3].append(0)
    at(st, 0, "KANSAS_CITY", hand=["jersey"], money=0)
    act(st, type="deliver", city="topeka")   # the only station disc comes back by itself
    assert st.station_discs[3] == [] and st.city_discs[D.CITY_INDEX["topeka"]] == [0]


def test_s10_after_kansas_city_the_foresight_spaces_are_refilled():
    st = scenario()
    at(st, 0, "KANSAS_CITY", hand=["jersey"], money=0)
    while st.current == 0:
        act(st, **legal(st)[0])
    assert all(t is not None for col in st.foresight for t in col)


def test_s11_1_token_leaving_row_12_ends_the_game_after_everyone_elses_turn():
    st = scenario(3)
    kinds = ["cowboy", "craftsman", "engineer"]
    rows = [[kinds[(r + i) % 3] for i in range(3)] for r in range(11)] + [["craftsman", "craftsman"]]
    set_jobs(st, rows, token_row=12)
    _foresight(st, [[], ["engineer", "engineer"], ["engineer", "teepee_green"]])
    at(st, 0, "KANSAS_CITY", hand=["jersey"], money=0)
    # column 2 offers one kind of tile only, so it is placed at once and fills row 12
    assert st.end_triggered and st.players[0].job_token
    # no more workers from foresight once the end is triggered
    assert st.trail_tile[D.NODE_INDEX["TEEPEE-3"]] == "teepee_green"  # the only choice, taken at once
    while st.current == 0:
        act(st, **legal(st)[0])
    # the refill sets worker tiles aside: pile 2 (all workers) empties, its slot stays empty
    assert st.final_turns == 2 and st.foresight[1][0] is None and st.piles[1] == []
    for seat in (1, 2):
        assert st.current == seat and st.phase == "A"
        while st.current == seat and st.phase not in ("scoring", "over"):
            act(st, **legal(st)[0])
    assert st.phase in ("scoring", "over")
