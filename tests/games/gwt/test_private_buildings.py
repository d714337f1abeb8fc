"""§4 Private buildings 1a-10b and §5.3 risk actions: exact positions before and after."""

import pytest

from gametable.games.gwt.editions import FIRST as D

from .builder import (act, at, clear_disc, give_tile, hire_workers, legal, put_building, put_tile,
                      scenario, set_deck, set_market)

B = scenario  # shorter


def sides_b():
    return scenario(options={"building_sides": "b"})


def test_s4_1a_two_dollars_per_own_building_in_woods():
    st = B()
    put_building(st, "B-1", "1a", owner=0)      # woods
    put_building(st, "C-1-1", "2a", owner=0)    # woods
    put_building(st, "A-1", "3a", owner=0)      # not woods
    at(st, 0, "B-1", money=0)
    act(st, type="money_per_woods", src="1a/1")
    assert st.players[0].money == 4


def test_s4_2a_guernsey_for_4_and_buy_cattle():
    st = B()
    put_building(st, "A-1", "2a", owner=0)
    set_market(st, ["holstein"])
    at(st, 0, "A-1", hand=["guernsey"], money=2)
    act(st, type="discard", src="2a/1", cards=["guernsey"])
    assert st.players[0].money == 6
    act(st, type="buy_cattle", src="2a/2")
    act(st, type="buy", cards=["holstein"], cowboys=1)
    assert st.players[0].money == 0 and "holstein" in st.players[0].discard


def test_s4_3a_pair_for_3_and_herder_one_step_with_fresh_phase_b():
    st = B()
    put_building(st, "A-1", "3a", owner=0)
    put_building(st, "A-2", "1a", owner=1)       # green hand: $2 fee in a 2-player game
    at(st, 0, "A-1", hand=["jersey", "jersey"], money=0)
    act(st, type="discard", src="3a/1", cards=["jersey", "jersey"])
    assert st.players[0].money == 3
    assert legal(st, "herder") == [{"type": "herder", "src": "3a/2", "path": ["A-2"]}]
    act(st, type="herder", src="3a/2", path=["A-2"])
    assert st.players[0].money == 1 and st.players[1].money == 2
    assert st.b_location == D.NODE_INDEX["A-2"] and st.b_available == []   # someone else's building
    assert {a["type"] for a in legal(st)} == {"aux", "end_phase_b"}


def test_s4_4a_hazard_for_5_and_herder_up_to_2():
    st = B()
    put_building(st, "A-1", "4a", owner=0)
    put_tile(st, "FLOOD-1", "flood_black_3")
    at(st, 0, "A-1", money=5)
    act(st, type="remove_hazard", src="4a/1", space="FLOOD-1")
    assert st.players[0].money == 0 and st.players[0].hazards == ["flood_black_3"]
    # empty spaces are not steps: are crossed for free (§5.1)
    assert [a["path"] for a in legal(st, "herder")] == [["NEUTRAL-B"], ["NEUTRAL-B", "NEUTRAL-C"]]


def test_s4_5a_hire_one_dollar_less_and_engine_by_engineers():
    st = B()
    put_building(st, "A-1", "5a", owner=0)
    from .builder import set_jobs
    set_jobs(st, [["engineer", "cowboy"], ["craftsman"]])
    hire_workers(st, 0, engineers=1)
    at(st, 0, "A-1", hand=["jersey"], money=5)
    act(st, type="hire", src="5a/1", row=1, worker="engineer")
    assert st.players[0].money == 0 and st.players[0].workers[2] == 2
    # the new engineer lands on space 2 of the engineer row: its bonus is offered (optional)
    assert st.frames[-1]["src"] == "bonus/engineer/2"
    assert legal(st) == [{"type": "discard", "src": "bonus/engineer/2", "cards": ["jersey"]},
                         {"type": "skip"}]


def test_s4_6a_holstein_for_10_and_double_aux():
    st = B()
    put_building(st, "A-1", "6a", owner=0)
    clear_disc(st, 0, "aux2")
    set_deck(st, 0, ["jersey", "jersey"])
    at(st, 0, "A-1", hand=["holstein", "guernsey"], money=0)
    act(st, type="discard", src="6a/1", cards=["holstein"])
    assert st.players[0].money == 10
    act(st, type="aux", src="6a/2", aux=2, double=True)
    assert sorted(st.players[0].hand) == ["guernsey", "jersey", "jersey"]
    assert st.frames[-1] == {"kind": "discard", "count": 2, "src": "aux2"}


def test_s4_7a_teepee_pairs_give_2_certificates_and_2_dollars_each():
    st = B()
    put_building(st, "A-1", "7a", owner=0)
    clear_disc(st, 0, "cert_4")
    clear_disc(st, 0, "cert_6", to_station=5)
    for tile in ("teepee_green", "teepee_green", "teepee_blue", "teepee_blue", "teepee_blue"):
        give_tile(st, 0, tile)
    at(st, 0, "A-1", money=0)
    act(st, type="teepee_pairs", src="7a/1")
    p = st.players[0]
    assert p.money == 4 and D.CERT_TRACK[p.cert] == 4  # 2 pairs: 4 steps = space 4


def test_s4_8a_trade_or_double_aux_and_engine_up_to_2():
    st = B()
    put_building(st, "A-1", "8a", owner=0)
    put_tile(st, "TEEPEE+1", "teepee_blue")
    at(st, 0, "A-1", money=0)
    srcs = {(a["type"], a["src"]) for a in legal(st)}
    assert ("trade", "8a/1") in srcs and ("aux", "8a/1") in srcs and ("engine", "8a/2") in srcs
    act(st, type="trade", src="8a/1", space="TEEPEE+1")
    assert not [a for a in legal(st) if a.get("src") == "8a/1"]
    act(st, type="engine", src="8a/2", to="2")
    assert st.players[0].engine == 2 and st.players[0].money == 1


def test_s4_9a_engine_up_to_3():
    st = B()
    put_building(st, "A-1", "9a", owner=0)
    at(st, 0, "A-1", money=0)
    assert [a["to"] for a in legal(st, "engine")] == ["1", "2", "3"]


def test_s4_9a_extraordinary_delivery_counts_spaces_without_turnouts():
    """§4 notes: back at least 1 (turnouts not counted), city value <= distance, no income/transport."""
    st = B()
    put_building(st, "A-1", "9a", owner=0)
    st.players[0].engine = 9
    st.players[1].engine = 6     # an occupied space is skipped and not counted
    at(st, 0, "A-1", money=0)
    targets = [a["to"] for a in legal(st, "extraordinary_delivery")]
    assert targets == ["0", "1", "2", "3", "4", "4.5", "5", "7", "7.5", "8"]
    act(st, type="extraordinary_delivery", src="9a/2", to="4.5")   # 9 -> 8, 7, (6), 5, 4.5: 3 spaces
    assert st.players[0].engine == D.POS_BY_LABEL["4.5"]
    assert [a["city"] for a in legal(st, "deliver")] == ["kansas_city", "topeka"]
    act(st, type="deliver", city="topeka")
    act(st, type="disc", group="aux3")
    assert st.city_discs[D.CITY_INDEX["topeka"]] == [0] and st.players[0].money == 0
    # then the turnout allows upgrading station 1 (optional; $2 needed, the player has $0)
    assert st.frames == [] and st.phase == "B"


def test_s4_10a_certificates_to_limit_and_herder_up_to_5():
    st = B()
    put_building(st, "A-1", "10a", owner=0)
    at(st, 0, "A-1", money=0)
    act(st, type="certificates_to_limit", src="10a/1")
    assert D.CERT_TRACK[st.players[0].cert] == 3
    assert max(len(a["path"]) for a in legal(st, "herder")) == 5


def test_s4_1b_objective_for_2_certificates_and_engine_back_for_3():
    st = sides_b()
    put_building(st, "A-1", "1b", owner=0)
    st.players[0].engine = 5
    obj = st.obj_stack[0]
    at(st, 0, "A-1", hand=[obj], money=0)
    act(st, type="discard", src="1b/1", cards=[obj])
    assert st.players[0].cert == 2 and st.players[0].discard[-1] == obj
    assert [a["to"] for a in legal(st, "engine_back")] == ["4", "4.5"]
    act(st, type="engine_back", src="1b/2", to="4")
    assert st.players[0].engine == 4 and st.players[0].money == 3


def test_s4_2b_jersey_moves_engine_and_dutch_belt_for_3():
    st = sides_b()
    put_building(st, "A-1", "2b", owner=0)
    at(st, 0, "A-1", hand=["jersey", "dutch_belt"], money=0)
    act(st, type="discard", src="2b/1", cards=["jersey"])
    assert st.players[0].engine == 1          # one target only: taken at once
    act(st, type="discard", src="2b/2", cards=["dutch_belt"])
    assert st.players[0].money == 3


def test_s4_3b_double_aux_and_herder_one_step():
    st = sides_b()
    put_building(st, "A-1", "3b", owner=0)
    at(st, 0, "A-1", money=0)
    assert {a["src"] for a in legal(st, "aux")} == {"3b/1", "aux"}
    assert legal(st, "herder") == [{"type": "herder", "src": "3b/2", "path": ["NEUTRAL-B"]}]


def test_s4_4b_draw_up_to_cowboys_then_discard_as_many():
    st = sides_b()
    put_building(st, "A-1", "4b", owner=0)
    hire_workers(st, 0, cowboys=2)
    set_deck(st, 0, ["guernsey", "jersey"])
    at(st, 0, "A-1", hand=["dutch_belt"], money=0)
    assert [a["count"] for a in legal(st, "draw")] == [1, 2]
    act(st, type="draw", src="4b/1", count=2)
    assert sorted(st.players[0].hand) == ["dutch_belt", "guernsey", "jersey"]
    act(st, type="discard_card", card="dutch_belt")
    act(st, type="discard_card", card="guernsey")
    assert st.players[0].hand == ["jersey"] and not st.frames


def test_s4_5b_black_angus_for_2_certificates_and_1_per_engineer():
    st = sides_b()
    put_building(st, "A-1", "5b", owner=0)
    hire_workers(st, 0, engineers=3)
    at(st, 0, "A-1", hand=["black_angus"], money=0)
    act(st, type="discard", src="5b/1", cards=["black_angus"])
    act(st, type="money_per_engineer", src="5b/2")
    assert st.players[0].cert == 2 and st.players[0].money == 3


def test_s4_6b_any_card_for_3_and_objective_into_hand():
    st = sides_b()
    put_building(st, "A-1", "6b", owner=0)
    at(st, 0, "A-1", hand=["jersey"], money=0)
    act(st, type="discard", src="6b/1", cards=["jersey"])
    card = st.obj_display[1]
    act(st, type="take_objective", src="6b/1", card=card)
    assert st.players[0].money == 3 and st.players[0].hand == [card]


def test_s4_7b_engine_up_to_own_woods_buildings():
    st = sides_b()
    put_building(st, "B-1", "7b", owner=0)
    put_building(st, "E-1", "1b", owner=0)
    at(st, 0, "B-1", money=0)
    assert [a["to"] for a in legal(st, "engine")] == ["1", "2"]


def test_s4_8b_copies_an_adjacent_building_of_anyone_but_not_its_risk_action():
    st = sides_b()
    put_building(st, "B-2", "8b", owner=0)
    put_building(st, "B-1", "2b", owner=1)
    at(st, 0, "B-2", hand=["dutch_belt"], money=0)
    # adjacent: B-1 (before) and neutral C (after, B-3 being empty)
    assert [a["space"] for a in legal(st, "copy_adjacent")] == ["B-1", "NEUTRAL-C"]
    act(st, type="copy_adjacent", src="8b/1", space="B-1")
    act(st, type="discard", src="2b/2", cards=["dutch_belt"])
    assert st.players[0].money == 3 and st.players[1].money == 0


def test_s4_8b_cannot_copy_another_8b():
    st = sides_b()
    put_building(st, "B-2", "8b", owner=0)
    put_building(st, "B-3", "8b", owner=1)
    at(st, 0, "B-2", money=0)
    assert "B-3" not in [a["space"] for a in legal(st, "copy_adjacent")]


def test_s4_9b_upgrades_a_station_behind_the_engine():
    st = sides_b()
    put_building(st, "A-1", "9b", owner=0)
    st.players[0].engine = 12
    at(st, 0, "A-1", money=4)
    assert [a["station"] for a in legal(st, "upgrade_behind")] == [1, 2, 3]
    act(st, type="upgrade_behind", src="9b/1", station=3)
    act(st, type="disc", group="aux4")
    assert st.station_discs[2] == [0] and st.players[0].money == 0


def test_s4_10b_money_engine_and_herder():
    st = sides_b()
    put_building(st, "A-1", "10b", owner=0)
    at(st, 0, "A-1", money=0)
    act(st, type="money", src="10b/1")
    assert st.players[0].money == 4
    assert [a["to"] for a in legal(st, "engine")] == ["1", "2", "3", "4"]
    assert max(len(a["path"]) for a in legal(st, "herder")) == 4


@pytest.mark.parametrize("space,kind", [
    ("FLOOD-RISK-1", "jersey"), ("FLOOD-RISK-2", "jersey"), ("DROUGHT-RISK-1", "any"),
    ("TRADE-RISK-1", "any"), ("TRADE-RISK-2", "jersey"), ("ROCKFALL-RISK-1", "any"),
    ("ROCKFALL-RISK-2", "jersey")])
def test_s5_3_risk_actions(space, kind):
    st = B()
    put_building(st, space, "1a", owner=0)
    at(st, 0, space, hand=["jersey", "holstein"], money=0)
    risk = [a for a in legal(st, "discard") if a["src"] == f"risk/{space}"]
    if kind == "jersey":
        assert [a["cards"] for a in risk] == [["jersey"]]
        act(st, type="discard", src=f"risk/{space}", cards=["jersey"])
        assert st.players[0].cert == 1 and st.players[0].money == 2
    else:
        assert [a["cards"] for a in risk] == [["holstein"], ["jersey"]]
        act(st, type="discard", src=f"risk/{space}", cards=["holstein"])
        assert st.players[0].cert == 1 and st.players[0].money == 0


def test_s5_3_risk_action_only_for_the_owner():
    st = B()
    put_building(st, "FLOOD-RISK-1", "1a", owner=1)
    at(st, 0, "FLOOD-RISK-1", hand=["jersey"], money=0)
    assert not [a for a in legal(st) if str(a.get("src", "")).startswith("risk")]
