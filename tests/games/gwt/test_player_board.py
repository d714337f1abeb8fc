"""§9 Player board (worker bonuses, discs, auxiliary actions, limits) and §2.4 / §5 movement and fees."""

import pytest

from gametable.games.gwt import common as C
from gametable.games.gwt.editions import FIRST as D

from .builder import (act, at, clear_disc, hire_workers, legal, put_building, put_tile, refresh,
                      scenario, set_deck, set_hand, set_jobs)


def _hire_into(st, kind, space, hand=(), money=20):
    """Seat 0 hires a ``kind`` at neutral A so that it lands on worker space ``space``."""
    counts = {"cowboy": 1, "craftsman": 1, "engineer": 1}
    counts[kind] = space - 1
    hire_workers(st, 0, counts["cowboy"], counts["craftsman"], counts["engineer"])
    set_jobs(st, [[kind, kind], ["cowboy"]])
    at(st, 0, "NEUTRAL-A", hand=list(hand), money=money)
    act(st, type="hire", src="A/2", row=1, worker=kind)
    assert st.players[0].workers[D.WORKER_INDEX[kind]] == space


@pytest.mark.parametrize("space,certs,money", [(2, 1, 0), (3, 0, 2), (5, 2, 0), (6, 0, 4)])
def test_s9_5_engineer_bonuses_discard_jersey(space, certs, money):
    st = scenario()
    clear_disc(st, 0, "cert_4")
    _hire_into(st, "engineer", space, hand=["jersey"], money=6)
    assert legal(st) == [{"type": "discard", "src": f"bonus/engineer/{space}", "cards": ["jersey"]},
                         {"type": "skip"}]
    act(st, type="discard", src=f"bonus/engineer/{space}", cards=["jersey"])
    assert D.CERT_TRACK[st.players[0].cert] == certs and st.players[0].money == money


def test_s9_5_engineer_space_4_hires_for_2_less():
    st = scenario()
    _hire_into(st, "engineer", 4, money=6 + 4)
    assert legal(st) == [{"type": "hire", "src": "bonus/engineer/4", "row": 1, "worker": "engineer"},
                         {"type": "skip"}]
    act(st, type="hire", src="bonus/engineer/4", row=1, worker="engineer")
    assert st.players[0].money == 0 and st.players[0].workers[2] == 5


def test_s9_5_cowboy_space_4_removes_a_hazard_for_free_and_space_6_trades():
    st = scenario()
    put_tile(st, "ROCKFALL-2", "rockfall_green_2")
    _hire_into(st, "cowboy", 4, money=6)
    act(st, type="remove_hazard", src="bonus/cowboy/4", space="ROCKFALL-2")
    assert st.players[0].hazards == ["rockfall_green_2"] and st.players[0].money == 0
    st = scenario()
    put_tile(st, "TEEPEE+2", "teepee_green")
    _hire_into(st, "cowboy", 6, money=6)
    act(st, type="trade", src="bonus/cowboy/6", space="TEEPEE+2")
    assert st.players[0].teepees == ["teepee_green"] and st.players[0].money == 2


@pytest.mark.parametrize("space", [4, 6])
def test_s9_5_craftsman_bonus_builds_for_1_per_craftsman(space):
    st = scenario()
    _hire_into(st, "craftsman", space, money=6 + 4)
    act(st, type="build", src=f"bonus/craftsman/{space}", building="5a", space="A-1")
    assert st.players[0].money == 1     # 3 craftsmen needed x $1


def test_s9_5_bonus_is_optional():
    st = scenario()
    _hire_into(st, "engineer", 3, hand=["jersey"], money=6)
    act(st, type="skip")
    assert st.players[0].hand == ["jersey"] and st.players[0].money == 0


def test_s9_5_a_row_holds_six_workers():
    st = scenario()
    hire_workers(st, 0, cowboys=6)
    set_jobs(st, [["cowboy", "engineer"], ["cowboy"]])
    at(st, 0, "NEUTRAL-A", money=20)
    assert {a["worker"] for a in legal(st, "hire")} == {"engineer"}


@pytest.mark.parametrize("players,start,left,right", [(2, 3, 4, 5), (3, 3, 5, 6), (4, 4, 6, 7)])
def test_s9_3_step_limits_by_player_count(players, start, left, right):
    st = scenario(players)
    assert C.step_limit(st, 0) == start
    clear_disc(st, 0, "step_money")
    assert C.step_limit(st, 0) == left
    clear_disc(st, 0, "step_vp", to_station=6)
    assert C.step_limit(st, 0) == right


def test_s9_1_hand_and_certificate_limits():
    st = scenario()
    p = st.players[0]
    assert C.hand_limit(D, p) == 4 and C.cert_limit(D, p) == 3
    clear_disc(st, 0, "cert_6")
    assert C.cert_limit(D, p) == 3      # the "6" disc needs the "4" disc cleared too
    clear_disc(st, 0, "cert_4", to_station=2)
    assert C.cert_limit(D, p) == 6
    clear_disc(st, 0, "hand", to_station=3)
    clear_disc(st, 0, "hand", to_station=4)
    assert C.hand_limit(D, p) == 6


def test_s9_4_certificates_step_from_4_to_6_and_never_past_the_limit():
    st = scenario()
    p = st.players[0]
    C.gain_certificates(st, 0, 5, "test")
    assert D.CERT_TRACK[p.cert] == 3
    clear_disc(st, 0, "cert_4")
    clear_disc(st, 0, "cert_6", to_station=5)
    C.gain_certificates(st, 0, 1, "test")
    C.gain_certificates(st, 0, 1, "test")
    assert D.CERT_TRACK[p.cert] == 6


@pytest.mark.parametrize("number,double", [(1, False), (2, False), (1, True), (2, True), (3, False),
                                           (3, True), (4, False), (4, True), (5, False), (5, True)])
def test_s9_2_auxiliary_actions_unlock_with_discs(number, double):
    st = scenario()
    p = st.players[0]
    group = D.AUX[number]["group"]
    assert C.aux_unlocked(D, p, number, double) == (number <= 2 and not double)
    clear_disc(st, 0, group)
    assert C.aux_unlocked(D, p, number, double) == (not double or number <= 2)
    if number >= 3:
        clear_disc(st, 0, group, to_station=2)
        assert C.aux_unlocked(D, p, number, double)


def test_s9_2_aux_money_and_draw():
    st = scenario()
    set_deck(st, 0, ["jersey"])
    at(st, 0, "NEUTRAL-G", hand=["guernsey"], money=0)
    act(st, type="aux", src="aux", aux=2, double=False)
    assert sorted(st.players[0].hand) == ["guernsey", "jersey"]
    act(st, type="discard_card", card="guernsey")
    assert st.players[0].hand == ["jersey"] and st.players[0].discard[-1] == "guernsey"


def test_s9_2_aux3_pays_moves_back_and_gains_certificates():
    st = scenario()
    clear_disc(st, 0, "aux3")
    clear_disc(st, 0, "aux3", to_station=2)
    st.players[0].engine = 6
    at(st, 0, "NEUTRAL-G", money=2)
    act(st, type="aux", src="G/2", aux=3, double=True)
    assert [a["to"] for a in legal(st)] == ["4", "4.5"]   # exactly 2 back: 5 then 4 or the turnout
    act(st, type="engine_back", src="aux3", to="4.5")
    p = st.players[0]
    assert p.money == 0 and p.cert == 2 and p.engine == D.POS_BY_LABEL["4.5"]


def test_s9_2_aux4_pays_and_moves_forward():
    st = scenario()
    clear_disc(st, 0, "aux4")
    at(st, 0, "NEUTRAL-A", money=1)
    act(st, type="aux", src="aux", aux=4, double=False)
    assert st.players[0].engine == 1 and st.players[0].money == 0


def test_s9_2_aux5_moves_back_and_removes_cards_optionally():
    st = scenario()
    clear_disc(st, 0, "aux5")
    clear_disc(st, 0, "aux5", to_station=2)
    st.players[0].engine = 3
    at(st, 0, "NEUTRAL-G", hand=["jersey", "guernsey"], money=0)
    act(st, type="aux", src="G/2", aux=5, double=True)   # 3 -> 1: one target only, taken at once
    assert st.players[0].engine == 1
    act(st, type="remove_card", card="jersey")
    assert legal(st) == [{"type": "remove_card", "card": "guernsey"}, {"type": "skip"}]
    act(st, type="skip")
    assert st.players[0].removed == ["jersey"] and st.players[0].hand == ["guernsey"]


def test_s9_2_backward_moves_are_impossible_from_space_0():
    st = scenario()
    clear_disc(st, 0, "aux5")
    at(st, 0, "NEUTRAL-A", money=0)
    assert not [a for a in legal(st, "aux") if a["aux"] == 5]


# ---------------------------------------------------------------------------- movement, fees
def test_s12_first_turn_onto_any_neutral_building_without_fees():
    st = scenario()
    assert [a["path"] for a in legal(st, "move")] == [[f"NEUTRAL-{x}"] for x in "ABCDEFG"]
    act(st, type="move", path=["NEUTRAL-E"])
    assert st.phase == "B" and st.b_available == ["E/1", "E/2"]


def test_s5_1_steps_count_locations_only_forks_and_kansas_city_stop():
    st = scenario()
    put_tile(st, "FLOOD-1", "flood_green_2")
    st.players[0].herder = D.NODE_INDEX["NEUTRAL-A"]
    refresh(st)
    paths = [a["path"] for a in legal(st, "move")]
    # limit 3 (2 players); the fork at A: through the empty A-1..A-3, or over the flood tile
    assert paths == [["NEUTRAL-B"], ["NEUTRAL-B", "NEUTRAL-C"], ["NEUTRAL-B", "NEUTRAL-C", "NEUTRAL-E"],
                     ["NEUTRAL-B", "NEUTRAL-C", "NEUTRAL-D"],
                     ["FLOOD-1"], ["FLOOD-1", "NEUTRAL-B"], ["FLOOD-1", "NEUTRAL-B", "NEUTRAL-C"]]
    st.players[0].herder = D.NODE_INDEX["NEUTRAL-F"]
    refresh(st)
    assert [a["path"] for a in legal(st, "move")] == [["NEUTRAL-G"], ["NEUTRAL-G", "KANSAS_CITY"]]


@pytest.mark.parametrize("players,green,black", [(2, 2, 2), (3, 2, 1), (4, 1, 2)])
def test_s2_4_fees_by_hand_colour_and_player_count(players, green, black):
    st = scenario(players)
    put_tile(st, "FLOOD-1", "flood_green_2")     # green hand, to the bank
    put_tile(st, "FLOOD-2", "flood_black_2")     # black hand, to the bank
    put_building(st, "FLOOD-RISK-1", "7a", owner=1)   # both hands, to seat 1
    st.players[0].herder = D.NODE_INDEX["NEUTRAL-A"]
    st.players[0].money = 20
    refresh(st)
    act(st, type="move", path=["FLOOD-1", "FLOOD-2", "FLOOD-RISK-1"])
    assert st.players[0].money == 20 - 2 * (green + black)
    assert st.players[1].money == green + black


def test_s2_4_short_of_money_pays_what_one_can_and_still_moves():
    st = scenario()
    put_tile(st, "FLOOD-1", "flood_green_2")
    put_tile(st, "FLOOD-2", "flood_black_2")
    st.players[0].herder = D.NODE_INDEX["NEUTRAL-A"]
    st.players[0].money = 3
    refresh(st)
    act(st, type="move", path=["FLOOD-1", "FLOOD-2"])
    assert st.players[0].money == 0 and st.players[0].herder == D.NODE_INDEX["FLOOD-2"]
    assert [e["amount"] for e in st.log if e["key"] == "gwt.fee_to_bank"] == [2, 1]


def test_s2_4_own_and_neutral_buildings_charge_nothing():
    st = scenario()
    put_building(st, "A-1", "1a", owner=0)
    st.players[0].herder = D.NODE_INDEX["NEUTRAL-A"]
    st.players[0].money = 5
    refresh(st)
    act(st, type="move", path=["A-1", "NEUTRAL-B"])
    assert st.players[0].money == 5


def test_s9_6_phase_c_draws_to_the_hand_limit_with_reshuffle():
    st = scenario()
    p = st.players[0]
    at(st, 0, "NEUTRAL-A", hand=["jersey"], money=0)
    p.discard.extend(p.deck[2:])
    p.deck = p.deck[:2]
    act(st, type="aux", src="aux", aux=1, double=False)
    act(st, type="end_phase_b")
    assert len(p.hand) == 4 and st.current == 1
    assert "gwt.reshuffled" in [e["key"] for e in st.log]
