"""Second edition, reference §3 "Cities", "Kansas City disc", "Second arrow", §2.5 outlaw section,
§2.10 trail between C and D, §2.11 player count tiles, §2.13 delivery arrows."""

from gametable.games.gwt.editions import SECOND as D
from gametable.games.gwt.scoring import city_vp

from tests.games.gwt.builder import act, at, legal, put_tile

from .common import foresight, node, scenario2


def test_s2_13_cities_fulton_to_new_york_with_their_values_and_corners():
    assert [(c["id"], c["value"], c["corner"]) for c in D.CITIES] == [
        ("kansas_city", 0, "white"), ("fulton", 1, "white"), ("st_louis", 4, "white"),
        ("bloomington", 6, "white"), ("peoria", 8, "white"), ("chicago", 10, "black"),
        ("toledo", 12, "black"), ("pittsburgh", 14, "white"), ("philadelphia", 16, "black"),
        ("new_york", 18, "black")]
    assert [c["id"] for c in D.CITIES if c["repeatable"]] == ["kansas_city", "new_york"]
    assert D.CITIES[D.TERMINAL_CITY]["id"] == "new_york" and D.CITIES[D.TERMINAL_CITY]["vp"] == 9
    assert D.CITIES[D.CITY_INDEX["philadelphia"]]["vp"] == 6


def test_s2_13_arrows_objectives_exchange_token_and_vp():
    arrows = {(D.CITY_IDS[a["cities"][0]], D.CITY_IDS[a["cities"][1]]): (a["objective"], a["exchange"], a["vp"])
              for a in D.ARROWS}
    assert arrows == {
        ("fulton", "st_louis"): (True, 0, -3), ("st_louis", "bloomington"): (False, 1, 0),
        ("bloomington", "peoria"): (True, 0, 0), ("peoria", "chicago"): (True, 0, 0),
        ("chicago", "toledo"): (False, 0, 6), ("toledo", "pittsburgh"): (False, 0, 8),
        ("pittsburgh", "philadelphia"): (False, 0, 4)}


def _kansas_city(st, hand, money=0):
    foresight(st, [[], [], []])
    at(st, 0, "KANSAS_CITY", hand=hand, money=money)


def test_s3_st_louis_bloomington_arrow_gives_an_exchange_token():
    st = scenario2()
    p = st.players[0]
    st.city_discs[D.CITY_INDEX["st_louis"]] = [0]
    p.discs[0] -= 1
    p.engine = 5    # no transport cost up to Bloomington (6): crosses after 5 only
    _kansas_city(st, ["jersey", "guernsey", "holstein"])  # 1 + 2 + 3 = 6
    act(st, type="deliver", city="bloomington")
    assert p.money == 5
    act(st, type="disc", group="aux2")
    assert p.exchange == 1
    assert [e["key"] for e in st.log if e["key"] == "gwt2e.exchange_gained"] == ["gwt2e.exchange_gained"]
    assert city_vp(st, 0) == 0   # the arrow has no VP


def test_s3_kansas_city_disc_gives_4_dollars_and_costs_6_vp():
    st = scenario2()
    p = st.players[0]
    _kansas_city(st, ["jersey"])
    act(st, type="deliver", city="kansas_city")
    act(st, type="disc", group="aux1")
    assert p.money == 1 + 4
    assert city_vp(st, 0) == -6


def test_s3_new_york_takes_any_number_of_discs_for_9_vp_each():
    st = scenario2()
    ny = D.CITY_INDEX["new_york"]
    st.city_discs[ny] = [0, 0]
    assert city_vp(st, 0) == 18
    p = st.players[0]
    p.engine = 18
    p.discs[0] -= 2
    p.cert = 1
    _kansas_city(st, ["jersey", "guernsey", "holstein", "west_highland_3", "texas_longhorn_5",
                      "dutch_belt"])  # 1 + 2 + 3 + 4 + 5 + 2 = 17, plus 1 certificate
    act(st, type="income", certificates=1)
    assert {"type": "deliver", "city": "new_york"} in legal(st)


def test_s2_5_outlaw_section_fills_1_to_9_and_space_1_pays_an_exchange_token():
    assert [D.NODES[n] for n in D.TEEPEE_FILL] == [f"OUTLAW-{k}" for k in range(1, 10)]
    assert [D.TEEPEE_VALUE[n] for n in D.TEEPEE_FILL] == [0, 1, 2, 3, 4, 5, 6, 8, 10]
    assert [D.TEEPEE_EXCHANGE[n] for n in D.TEEPEE_FILL] == [1, 0, 0, 0, 0, 0, 0, 0, 0]
    assert [D.OFF_TRAIL[n] for n in D.TEEPEE_FILL] == [True] * 3 + [False] * 6
    st = scenario2()
    put_tile(st, "OUTLAW-1", "teepee_blue")
    put_tile(st, "OUTLAW-9", "teepee_green")
    at(st, 0, "NEUTRAL-D", money=0)
    act(st, type="trade", src="D/1", space="OUTLAW-1")
    p = st.players[0]
    assert p.money == 0 and p.exchange == 1 and p.teepees == ["teepee_blue"]


def test_s2_5_the_last_outlaw_space_pays_10_dollars_never_a_cost():
    st = scenario2()
    put_tile(st, "OUTLAW-9", "teepee_green")
    at(st, 0, "NEUTRAL-D", money=0)
    assert [a["space"] for a in legal(st, "trade")] == ["OUTLAW-9"]
    act(st, type="trade", src="D/1", space="OUTLAW-9")
    assert st.players[0].money == 10 and st.players[0].exchange == 0


def test_s2_10_trail_between_c_and_d():
    nxt = {name: [D.NODES[m] for m in D.NEXT[node(name)]] for name in ("NEUTRAL-C", "NEUTRAL-D", "D-1",
                                                                    "OUTLAW-9", "OUTLAW-RISK-2")}
    assert nxt == {"NEUTRAL-C": ["C-1-1", "NEUTRAL-D"], "NEUTRAL-D": ["D-1", "OUTLAW-4"],
                   "D-1": ["NEUTRAL-E"], "OUTLAW-9": ["OUTLAW-RISK-1"], "OUTLAW-RISK-2": ["NEUTRAL-E"]}
    assert len(D.PRIVATE_SPACES) == 22 and sum(D.WOODS) == 8
    assert "C-2" not in D.NODE_INDEX


def test_s2_10_herder_goes_from_c_straight_to_d_and_through_the_outlaws():
    st = scenario2()
    put_tile(st, "OUTLAW-4", "teepee_blue")   # black hand: $2 in a 2-player game
    p = st.players[0]
    p.herder = node("NEUTRAL-C")
    p.money = 5
    from tests.games.gwt.builder import refresh
    refresh(st)
    paths = [a["path"] for a in legal(st, "move")]
    assert ["NEUTRAL-D"] in paths and ["NEUTRAL-D", "OUTLAW-4"] in paths
    assert ["NEUTRAL-D", "OUTLAW-4", "NEUTRAL-E"] in paths      # empty outlaw spaces are skipped
    act(st, type="move", path=["NEUTRAL-D", "OUTLAW-4"])
    assert p.money == 3


def test_s2_11_player_count_tiles_fees_and_step_limits():
    assert D.FEES == {2: {"green": 2, "black": 2}, 3: {"green": 2, "black": 1}, 4: {"green": 1, "black": 2}}
    assert {n: (s["start"], s["step_money"], s["step_vp"]) for n, s in D.STEP_LIMIT.items()} == {
        2: (3, 1, 1), 3: (3, 2, 1), 4: (4, 2, 1)}


def test_s2_10_risk_actions_of_the_second_edition():
    risk = {D.NODES[n]: D.RISK[n] for n in D.PRIVATE_SPACES if D.RISK[n]}
    r1, r2 = "any_card_for_certificate", "jersey_for_certificate_and_2"
    assert risk == {"FLOOD-RISK-1": r1, "FLOOD-RISK-2": r2, "DROUGHT-RISK-1": r1,
                    "OUTLAW-RISK-1": r1, "OUTLAW-RISK-2": r2, "ROCKFALL-RISK-1": r1, "ROCKFALL-RISK-2": r2}
