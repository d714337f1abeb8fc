"""§8 objective cards and §11 final scoring (all 11 categories), §12 setup."""

import pytest

from gametable.games.gwt.editions import FIRST as D
from gametable.games.gwt import objectives, scoring

from .builder import (act, at, clear_disc, give_tile, hire_workers, legal, put_building, refresh,
                      scenario, set_deck, set_hand)


def _owned(**kw):
    base = {k: 0 for k in D.TASK_KINDS}
    base.update(kw)
    return base


def test_s8_each_item_serves_one_task_and_the_best_assignment_is_chosen():
    # objective_3 (4, H, H: 3 / -2) and start_2 (B, B, H: 3 / 0) with 2 hazards, 2 buildings, one "4":
    # both cannot be met (3 hazards needed); fulfilling objective_3 scores 3 + 0 = 3, start_2 3 - 2 = 1.
    total, done = objectives.best_score(D, ["objective_3", "start_2"], _owned(hazard=2, building=2, cattle_4=1))
    assert (total, done) == (3, ["objective_3"])
    total, done = objectives.best_score(D, ["objective_3", "start_2"], _owned(hazard=3, building=2, cattle_4=1))
    assert (total, done) == (6, ["objective_3", "start_2"])


def test_s8_penalties_for_unmet_committed_cards():
    assert objectives.best_score(D, ["objective_6", "objective_20"], _owned()) == (-5, [])
    assert objectives.best_score(D, ["objective_6"], _owned(san_francisco=1)) == (5, ["objective_6"])


@pytest.mark.parametrize("card,check", [
    ("objective_1", lambda st: st.players[0].money == 2),
    ("objective_16", lambda st: st.frames[-1]["options"][0] == {"effect": "engine", "up_to": 2}),
    ("objective_18", lambda st: st.frames[-1]["options"][0] == {"effect": "engine", "up_to": 3}),
])
def test_s8_3_playing_an_objective_does_its_immediate_action(card, check):
    st = scenario()
    at(st, 0, "NEUTRAL-A", hand=[card], money=0)
    act(st, type="play_objective", card=card)
    assert st.players[0].objectives[-1] == card
    if card == "objective_1":
        act(st, type="money", src=f"objective/{card}")
    assert check(st)


def test_s8_3_objective_aux_is_single_or_double():
    st = scenario()
    clear_disc(st, 0, "aux1")
    at(st, 0, "NEUTRAL-A", hand=["objective_7"], money=0)
    act(st, type="play_objective", card="objective_7")
    assert {"type": "aux", "src": "objective/objective_7", "aux": 1, "double": True} in legal(st)
    act(st, type="aux", src="objective/objective_7", aux=1, double=True)
    assert st.players[0].money == 2


def test_s8_3_objective_draw_up_to_3_then_discard_as_many():
    st = scenario()
    set_deck(st, 0, ["jersey", "guernsey", "dutch_belt"])
    at(st, 0, "NEUTRAL-A", hand=["objective_10"], money=0)
    act(st, type="play_objective", card="objective_10")
    assert [a.get("count") for a in legal(st)] == [1, 2, 3, None]
    act(st, type="draw", src="objective/objective_10", count=2)
    assert len(st.players[0].hand) == 2 and st.frames[-1]["count"] == 2


def test_s8_3_objective_herder_move_without_fees_and_not_into_kansas_city():
    st = scenario()
    put_building(st, "G-1", "1a", owner=1)
    st.players[0].herder = D.NODE_INDEX["NEUTRAL-F"]
    set_hand(st, 0, ["objective_20"])
    st.players[0].money = 5
    refresh(st)   # phase A: playable before moving
    act(st, type="play_objective", card="objective_20")
    paths = [a["path"] for a in legal(st, "herder")]
    assert paths == [["NEUTRAL-G"], ["NEUTRAL-G", "G-1"]]
    act(st, type="herder", src="objective/objective_20", path=["NEUTRAL-G", "G-1"])
    assert st.players[0].money == 5 and st.phase == "A"   # the normal move starts from G-1
    assert [a["path"] for a in legal(st, "move")] == [["KANSAS_CITY"]]


def test_s8_3_objectives_in_the_deck_are_committed_or_dropped_at_game_end():
    st = scenario()
    st.players[0].discard.append(st.obj_stack.pop())
    card = st.players[0].discard[-1]
    scoring.start_scoring(st)
    refresh(st)
    assert st.current == 0 and legal(st) == [{"type": "commit_objective", "card": card},
                                             {"type": "drop_objective", "card": card}]
    act(st, type="commit_objective", card=card)
    assert st.over and card in st.players[0].objectives


def test_s11_2_all_eleven_categories():
    st = scenario(options={"building_sides": "a"})
    p = st.players[0]
    p.money = 19                                            # 1: 3 VP
    put_building(st, "A-1", "4a", owner=0)                  # 2: 3 VP
    put_building(st, "A-2", "9a", owner=0)                  # 2: 9 VP
    for city in ("kansas_city", "albuquerque", "el_paso", "sacramento", "san_francisco", "san_francisco"):
        st.city_discs[D.CITY_INDEX[city]].append(0)         # 3: see below
        p.discs[next(g for g in (0, 1, 2, 3) if p.discs[g])] -= 1
    for station in (0, 5):
        st.station_discs[station].append(0)                 # 4: 1 + 5
        p.discs[4] -= 1
    give_tile(st, 0, "flood_green_4")                       # 5: 4
    give_tile(st, 0, "rockfall_black_3")                    # 5: 3
    give_tile(st, 0, "teepee_green")
    give_tile(st, 0, "teepee_blue")
    p.deck.append(st.cattle_stack.pop(st.cattle_stack.index("texas_longhorn_7")))  # 6: 7 VP
    p.objectives = ["start_2"]                              # 7: B, B, H met: 3
    p.masters = ["master_teepees", "master_money"]          # 8: 3 (one pair) + 1 per worker
    hire_workers(st, 0, cowboys=6, craftsmen=5)             # 9: 4 x 3 = 12; workers 6+5+1 = 12
    p.discs[D.DISC_GROUP_IDS.index("step_vp")] -= 1         # 10: 3 VP
    st.station_discs[9].append(0)                           #     (that disc is on station 10: +9)
    p.job_token = True                                      # 11: 2 VP
    breakdown = scoring.score_breakdown(st, 0)
    assert breakdown == {
        "money": 3, "buildings": 12, "cities": 24, "stations": 1 + 5 + 9, "hazards": 7, "cattle": 7, "objectives": 3,
        "station_masters": 3 + 12, "workers": 12, "step_disc": 3, "job_token": 2}
    # cities: KC -6, Albuquerque 0, El Paso 0, Sacramento +6, SF 2 x 9, arrow Albuquerque-El Paso +6


def test_s11_2_ties_share_the_victory():
    st = scenario()
    scoring.finish_game(st)
    result = st.result()
    # nothing built or delivered, $0, starting objectives unmet (no penalty): 0 VP each
    assert [s["total"] for s in result["scores"]] == [0, 0]
    assert result["winners"] == [0, 1]


@pytest.mark.parametrize("players,market,jobs", [(2, 7, 3), (3, 10, 5), (4, 13, 7)])
def test_s12_setup(players, market, jobs):
    st = scenario(players, seed=5, clear_trail=False)
    assert len(st.market) == market
    assert sum(len(r) for r in st.jobs) == jobs and st.token_row == 1
    assert sum(1 for n, t in enumerate(st.trail_tile) if t and D.NODE_KIND[n] in ("hazard", "teepee")) == 7
    assert [len(c) for c in st.foresight] == [2, 2, 2] and len(st.obj_display) == 4
    fresh = __import__("gametable.games", fromlist=["get"]).get("gwt").new(players, 5)
    assert sorted(p.money for p in fresh.players) == [6, 7, 8, 9][:players]
    assert fresh.players[fresh.first_player].money == 6
    assert all(len(p.hand) == 4 and len(p.deck) == 10 and len(p.objectives) == 1 for p in fresh.players)
    assert all(p.objectives[0].startswith("start_") for p in fresh.players)


def test_s12_options_sides_and_neutral_buildings():
    from gametable.games import get
    st = get("gwt").new(2, 3, {"building_sides": "random", "neutral_buildings": "random"})
    assert {b[-1] for b in st.players[0].buildings} <= {"a", "b"}
    assert st.players[0].buildings == st.players[1].buildings
    assert sorted(st.trail_tile[n] for n in D.NEUTRAL_SPACES) == list("ABCDEFG")
    st = get("gwt").new(2, 3, {"building_sides": "b"})
    assert all(b.endswith("b") for b in st.players[0].buildings)
    assert [st.trail_tile[n] for n in D.NEUTRAL_SPACES] == list("ABCDEFG")
