"""Every number of the component data (src/gametable/games/gwt/data/*.toml) against the tables of the
rules reference (shared/rules/gwt-first-edition.md), table by table. The expected values below are
copied from the reference, not from the data files, so a wrong number in a TOML file fails here."""

from collections import Counter

import pytest

from gametable.games.gwt.editions import FIRST as D


# ------------------------------------------------------------------------------ §1 cattle
def test_s1_1_starting_deck():
    herd = Counter(D.STARTING_HERD)
    assert herd == {"jersey": 5, "guernsey": 3, "black_angus": 3, "dutch_belt": 3}
    assert [(D.CATTLE[c]["colour"], D.BREEDING_VALUE[c], D.CATTLE[c]["vp"]) for c in
            ("jersey", "guernsey", "black_angus", "dutch_belt")] == [
        ("grey", 1, 0), ("white", 2, 0), ("black", 2, 0), ("green", 2, 0)]


def test_s1_2_market_deck():
    deck = Counter(D.MARKET_CATTLE)
    assert len(D.MARKET_CATTLE) == 36
    by_breed: Counter = Counter()
    for card, copies in deck.items():
        by_breed[(D.BREED[card], D.CATTLE[card]["colour"], D.BREEDING_VALUE[card], D.CATTLE[card]["vp"])] += copies
    assert by_breed == {
        ("holstein", "yellow", 3, 1): 7, ("brown_swiss", "red", 3, 2): 7, ("ayrshire", "blue", 3, 3): 7,
        ("west_highland", "brown", 4, 3): 3, ("west_highland", "brown", 4, 4): 3,
        ("west_highland", "brown", 4, 5): 3,
        ("texas_longhorn", "purple", 5, 5): 2, ("texas_longhorn", "purple", 5, 6): 2,
        ("texas_longhorn", "purple", 5, 7): 2}


def test_s1_3_purchase_table():
    rows = sorted((p["value"], p["cowboys"], p["dollars"], p["cards"]) for p in D.PURCHASES)
    assert rows == [(3, 1, 6, 1), (3, 2, 3, 1), (3, 3, 5, 2), (4, 1, 12, 1), (4, 3, 6, 1), (4, 5, 8, 2),
                    (5, 2, 12, 1), (5, 4, 6, 1)]
    assert (D.DRAW_INTO_MARKET["cowboys"], D.DRAW_INTO_MARKET["cards"]) == (1, 2)


def test_s1_4_market_size_and_colour_order():
    assert D.MARKET_SIZE == {2: 7, 3: 10, 4: 13}
    assert D.COLOUR_ORDER == ("yellow", "red", "blue", "brown", "purple")


# ------------------------------------------------------------------------------ §2 tiles
def test_s2_1_tiles_by_back():
    counts = [Counter(p) for p in D.PILES]
    hazards = {f"{h}_{hand}_{vp}" for h in ("flood", "drought", "rockfall")
               for hand, vp in (("black", 2), ("black", 3), ("green", 2), ("green", 3), ("green", 4))}
    assert sum(counts[0][t] for t in hazards) == 18
    assert (counts[0]["teepee_green"], counts[0]["teepee_blue"]) == (9, 8)
    assert len(D.PILES[0]) == 35
    assert counts[1] == {"cowboy": 11, "craftsman": 11, "engineer": 11} and len(D.PILES[1]) == 33
    assert counts[2] == {"cowboy": 7, "craftsman": 7, "engineer": 7, "teepee_green": 2, "teepee_blue": 3}
    assert len(D.PILES[2]) == 26 and D.TOTAL_TILES == 94


@pytest.mark.parametrize("hazard", ["flood", "drought", "rockfall"])
def test_s2_2_each_hazard_type_has_six_tiles(hazard):
    tiles = [t for t in D.PILES[0] if D.TILE[t]["kind"] == "hazard" and D.TILE[t]["hazard"] == hazard]
    assert sorted((D.TILE[t]["hand"], D.TILE[t]["vp"]) for t in tiles) == [
        ("black", 2), ("black", 3), ("green", 2), ("green", 3), ("green", 4), ("green", 4)]


def test_s2_3_teepees_and_their_region():
    assert (D.TILE["teepee_blue"]["hand"], D.TILE["teepee_green"]["hand"]) == ("black", "green")
    assert [D.TEEPEE_VALUE[n] for n in D.TEEPEE_FILL] == [-3, -2, -1, 1, 2, 4, 6, 8, 10]
    assert [D.OFF_TRAIL[n] for n in D.TEEPEE_FILL] == [True] * 3 + [False] * 6
    on_board = Counter(t for pile in D.PILES for t in pile)
    assert (on_board["teepee_green"], on_board["teepee_blue"]) == (11, 11)


def test_s2_4_fees_by_player_count():
    assert D.FEES == {2: {"green": 2, "black": 2}, 3: {"green": 2, "black": 1}, 4: {"green": 1, "black": 2}}


def test_s2_5_job_market():
    assert D.JOB_ROWS == 12
    assert D.JOB_COST == (6, 6, 7, 5, 7, 9, 6, 8, 10, 6, 5, 4)
    assert D.JOB_ARROW_AFTER == {6: "yellow", 9: "yellow", 12: "red"}
    assert (D.JOB_TOKEN_START_ROW, D.JOB_TOKEN_VP) == (2, 2)


# ------------------------------------------------------------------------------ §3, §4 buildings
def _actions(building):
    return [[dict(o) for o in action] for action in D.BUILDING[building]["actions"]]


def test_s3_neutral_buildings():
    assert D.NEUTRAL_BUILDINGS == tuple("ABCDEFG")
    assert _actions("A") == [[{"effect": "discard", "card": "guernsey", "money": 2}],
                             [{"effect": "hire", "discount": 0}], [{"effect": "hire", "discount": -2}]]
    assert _actions("B") == [[{"effect": "discard", "card": "dutch_belt", "money": 2}],
                             [{"effect": "build", "per_craftsman": 2}]]
    assert _actions("C") == [[{"effect": "certificates", "amount": 1}, {"effect": "take_objective"}],
                             [{"effect": "engine", "up_to": "engineers"}]]
    assert _actions("D") == [[{"effect": "trade"}, {"effect": "engine", "up_to": 2, "cost": 2}],
                             [{"effect": "aux", "double": True}]]
    assert _actions("E") == [[{"effect": "discard", "card": "black_angus", "money": 2}],
                             [{"effect": "buy_cattle"}]]
    assert _actions("F") == [[{"effect": "discard", "card": "any", "count": 2, "money": 4}],
                             [{"effect": "remove_hazard", "cost": 7}]]
    assert _actions("G") == [[{"effect": "engine", "up_to": "engineers"}], [{"effect": "aux", "double": True}]]
    assert all(D.BUILDING[b]["hands"] == () for b in "ABCDEFG")


# tile: (craftsmen, VP, hands)  — reference §4.1 and §4.2
PRIVATE = {
    "1a": (1, 1, ("green",)), "2a": (1, 1, ()), "3a": (1, 1, ()), "4a": (2, 3, ("black",)),
    "5a": (3, 4, ()), "6a": (4, 5, ()), "7a": (5, 6, ("green", "black")), "8a": (5, 6, ("green",)),
    "9a": (7, 9, ()), "10a": (9, 13, ("black",)),
    "1b": (1, 1, ("green",)), "2b": (1, 1, ()), "3b": (2, 3, ()), "4b": (2, 3, ("black",)),
    "5b": (3, 4, ()), "6b": (4, 5, ()), "7b": (5, 6, ("green", "black")), "8b": (6, 8, ()),
    "9b": (6, 8, ()), "10b": (8, 11, ("black",)),
}


@pytest.mark.parametrize("tile", sorted(PRIVATE))
def test_s4_private_building_craftsmen_vp_hands(tile):
    b = D.BUILDING[tile]
    assert (b["craftsmen"], b["vp"], tuple(sorted(b["hands"]))) == (
        PRIVATE[tile][0], PRIVATE[tile][1], tuple(sorted(PRIVATE[tile][2])))


def test_s4_private_building_actions():
    assert _actions("1a") == [[{"effect": "money_per_woods", "money": 2}]]
    assert _actions("2a") == [[{"effect": "discard", "card": "guernsey", "money": 4}], [{"effect": "buy_cattle"}]]
    assert _actions("3a") == [[{"effect": "discard", "card": "any", "count": 2, "money": 3}],
                              [{"effect": "herder", "up_to": 1}]]
    assert _actions("4a") == [[{"effect": "remove_hazard", "cost": 5}], [{"effect": "herder", "up_to": 2}]]
    assert _actions("5a") == [[{"effect": "hire", "discount": 1}], [{"effect": "engine", "up_to": "engineers"}]]
    assert _actions("6a") == [[{"effect": "discard", "card": "holstein", "money": 10}],
                              [{"effect": "aux", "double": True}]]
    assert _actions("7a") == [[{"effect": "teepee_pairs", "certificates": 2, "money": 2}]]
    assert _actions("8a") == [[{"effect": "trade"}, {"effect": "aux", "double": True}],
                              [{"effect": "engine", "up_to": 2}]]
    assert _actions("9a") == [[{"effect": "engine", "up_to": 3}], [{"effect": "extraordinary_delivery"}]]
    assert _actions("10a") == [[{"effect": "certificates_to_limit"}], [{"effect": "herder", "up_to": 5}]]
    assert _actions("1b") == [[{"effect": "discard", "card": "objective", "certificates": 2}],
                              [{"effect": "engine_back", "spaces": 1, "money": 3}]]
    assert _actions("2b") == [[{"effect": "discard", "card": "jersey", "engine": 1}],
                              [{"effect": "discard", "card": "dutch_belt", "money": 3}]]
    assert _actions("3b") == [[{"effect": "aux", "double": True}], [{"effect": "herder", "up_to": 1}]]
    assert _actions("4b") == [[{"effect": "draw", "up_to": "cowboys"}], [{"effect": "herder", "up_to": 3}]]
    assert _actions("5b") == [[{"effect": "discard", "card": "black_angus", "certificates": 2}],
                              [{"effect": "money_per_engineer", "money": 1}]]
    assert _actions("6b") == [[{"effect": "discard", "card": "any", "money": 3, "objective_to_hand": True}]]
    assert _actions("7b") == [[{"effect": "engine", "up_to": "woods"}]]
    assert _actions("8b") == [[{"effect": "copy_adjacent"}]]
    assert _actions("9b") == [[{"effect": "upgrade_behind"}]]
    assert _actions("10b") == [[{"effect": "money", "amount": 4}], [{"effect": "engine", "up_to": 4}],
                               [{"effect": "herder", "up_to": 4}]]


# ------------------------------------------------------------------------------ §5 trail
TRAIL = {  # node: (kind, next nodes) — reference §5.2
    "START": ("start", ["NEUTRAL-A"]),
    "NEUTRAL-A": ("neutral", ["A-1", "FLOOD-1"]),
    "A-1": ("private", ["A-2"]), "A-2": ("private", ["A-3"]), "A-3": ("private", ["NEUTRAL-B"]),
    "FLOOD-1": ("hazard", ["FLOOD-2"]), "FLOOD-2": ("hazard", ["FLOOD-3"]),
    "FLOOD-3": ("hazard", ["FLOOD-4"]), "FLOOD-4": ("hazard", ["FLOOD-RISK-1"]),
    "FLOOD-RISK-1": ("private", ["FLOOD-RISK-2"]), "FLOOD-RISK-2": ("private", ["NEUTRAL-B"]),
    "NEUTRAL-B": ("neutral", ["B-1", "DROUGHT-1"]),
    "B-1": ("private", ["B-2"]), "B-2": ("private", ["B-3"]), "B-3": ("private", ["NEUTRAL-C"]),
    "DROUGHT-1": ("hazard", ["DROUGHT-2"]), "DROUGHT-2": ("hazard", ["DROUGHT-3"]),
    "DROUGHT-3": ("hazard", ["DROUGHT-4"]), "DROUGHT-4": ("hazard", ["DROUGHT-RISK-1"]),
    "DROUGHT-RISK-1": ("private", ["NEUTRAL-C"]),
    "NEUTRAL-C": ("neutral", ["C-1-1", "C-2"]),
    "C-1-1": ("private", ["C-1-2"]), "C-1-2": ("private", ["NEUTRAL-E"]),
    "C-2": ("private", ["NEUTRAL-D", "TEEPEE+1"]), "NEUTRAL-D": ("neutral", ["NEUTRAL-E"]),
    "TEEPEE+1": ("teepee", ["TEEPEE+2"]), "TEEPEE+2": ("teepee", ["TEEPEE+4"]),
    "TEEPEE+4": ("teepee", ["TEEPEE+6"]), "TEEPEE+6": ("teepee", ["TEEPEE+8"]),
    "TEEPEE+8": ("teepee", ["TEEPEE+10"]), "TEEPEE+10": ("teepee", ["TRADE-RISK-1"]),
    "TRADE-RISK-1": ("private", ["TRADE-RISK-2"]), "TRADE-RISK-2": ("private", ["NEUTRAL-E"]),
    "NEUTRAL-E": ("neutral", ["E-1", "ROCKFALL-1"]),
    "E-1": ("private", ["E-2"]), "E-2": ("private", ["NEUTRAL-F"]),
    "ROCKFALL-1": ("hazard", ["ROCKFALL-2"]), "ROCKFALL-2": ("hazard", ["ROCKFALL-3"]),
    "ROCKFALL-3": ("hazard", ["ROCKFALL-4"]), "ROCKFALL-4": ("hazard", ["ROCKFALL-RISK-1"]),
    "ROCKFALL-RISK-1": ("private", ["ROCKFALL-RISK-2"]), "ROCKFALL-RISK-2": ("private", ["NEUTRAL-F"]),
    "NEUTRAL-F": ("neutral", ["F-1", "F-2"]),
    "F-1": ("private", ["NEUTRAL-G"]), "F-2": ("private", ["NEUTRAL-G"]),
    "NEUTRAL-G": ("neutral", ["G-1", "G-2"]),
    "G-1": ("private", ["KANSAS_CITY"]), "G-2": ("private", ["KANSAS_CITY"]),
    "KANSAS_CITY": ("kansas_city", []),
    "TEEPEE-1": ("teepee", []), "TEEPEE-2": ("teepee", []), "TEEPEE-3": ("teepee", []),
}


def test_s5_2_trail_graph():
    graph = {n: (D.NODE_KIND[i], [D.NODES[j] for j in D.NEXT[i]]) for i, n in enumerate(D.NODES)}
    assert graph == TRAIL
    assert [D.NEUTRAL_LETTER[n] for n in D.NEUTRAL_SPACES] == list("ABCDEFG")
    assert [D.NODES[n] for n in D.NEUTRAL_SPACES] == [f"NEUTRAL-{x}" for x in "ABCDEFG"]
    assert len(D.PRIVATE_SPACES) == 22 and len(D.ALL_HAZARD_SPACES) == 12


def test_s5_2_woods_spaces():
    assert sorted(D.NODES[i] for i in range(len(D.NODES)) if D.WOODS[i]) == sorted(
        ["FLOOD-RISK-2", "B-1", "C-1-1", "C-1-2", "E-1", "E-2", "ROCKFALL-RISK-2", "F-2"])


def test_s5_2_hazard_spaces_by_number():
    for hazard in ("flood", "drought", "rockfall"):
        assert [D.NODES[n] for n in D.HAZARD_SPACES[hazard]] == [f"{hazard.upper()}-{k}" for k in (1, 2, 3, 4)]


def test_s5_3_risk_actions():
    risks = {D.NODES[i]: D.RISK[i] for i in range(len(D.NODES)) if D.RISK[i]}
    jersey, anycard = "jersey_for_certificate_and_2", "any_card_for_certificate"
    assert risks == {"FLOOD-RISK-1": jersey, "FLOOD-RISK-2": jersey, "DROUGHT-RISK-1": anycard,
                     "TRADE-RISK-1": anycard, "TRADE-RISK-2": jersey, "ROCKFALL-RISK-1": anycard,
                     "ROCKFALL-RISK-2": jersey}
    assert dict(D.RISK_SPECS[jersey]) == {"effect": "discard", "card": "jersey", "certificates": 1, "money": 2}
    assert dict(D.RISK_SPECS[anycard]) == {"effect": "discard", "card": "any", "certificates": 1}


# ------------------------------------------------------------------------------ §6 railroad
def test_s6_1_stations():
    table = [(s["number"], s.get("between"), s.get("space"), s["cost"], s["vp"], s["corner"], s["station_master"])
             for s in D.STATIONS]
    assert table == [
        (1, [4, 5], None, 2, 1, "white", True), (2, [7, 8], None, 2, 1, "white", True),
        (3, [10, 11], None, 4, 2, "white", True), (4, [13, 14], None, 4, 2, "white", True),
        (5, [16, 17], None, 6, 3, "black", True), (6, [21, 22], None, 8, 5, "black", False),
        (7, [25, 26], None, 7, 6, "black", False), (8, [29, 30], None, 6, 7, "black", False),
        (9, [33, 34], None, 5, 8, "black", False), (10, None, 39, 3, 9, "black", False)]
    assert [D.POS_LABEL[p] for p in D.STATION_POS_T] == [
        "4.5", "7.5", "10.5", "13.5", "16.5", "21.5", "25.5", "29.5", "33.5", "39"]


def test_s6_1_crosses_and_end_of_track():
    assert D.CROSSES_AFTER == (3, 4, 5, 7, 9, 10, 11, 13, 15, 16, 17)
    assert D.LAST_SPACE == 39 and D.END_OF_TRACK_MONEY == 3


def test_s6_3_cities():
    table = [(c["id"], c["value"], c["corner"], c["repeatable"], c["money"], c["vp"]) for c in D.CITIES]
    assert table == [
        ("kansas_city", 0, "white", True, 6, -6), ("topeka", 1, "white", False, 0, 0),
        ("wichita", 4, "white", False, 0, 0), ("colorado_springs", 6, "white", False, 0, 0),
        ("santa_fe", 8, "white", False, 0, 0), ("albuquerque", 10, "black", False, 0, 0),
        ("el_paso", 12, "black", False, 0, 0), ("san_diego", 14, "white", False, 0, 0),
        ("sacramento", 16, "black", False, 0, 6), ("san_francisco", 18, "black", True, 0, 9)]


def test_s6_3_city_pair_arrows():
    arrows = [(D.CITY_IDS[a["cities"][0]], D.CITY_IDS[a["cities"][1]], a["objective"], a["vp"]) for a in D.ARROWS]
    assert arrows == [
        ("topeka", "wichita", True, -3), ("wichita", "colorado_springs", False, -1),
        ("colorado_springs", "santa_fe", True, 0), ("santa_fe", "albuquerque", True, 0),
        ("albuquerque", "el_paso", False, 6), ("el_paso", "san_diego", False, 8),
        ("san_diego", "sacramento", False, 4)]


# ------------------------------------------------------------------------------ §7 station masters
def test_s7_station_masters():
    table = {m: ([dict(o) for o in s["immediate"]], dict(s["task"])) for m, s in D.STATION_MASTER.items()}
    assert table == {
        "master_money": ([{"effect": "money", "amount": 2}], {"kind": "per_worker", "vp": 1, "per": 1}),
        "master_certificates": ([{"effect": "permanent_certificate"}],
                                {"kind": "per_certificates", "vp": 3, "per": 2}),
        "master_objectives": ([{"effect": "remove_hazard", "cost": 0}, {"effect": "trade"}],
                              {"kind": "per_objectives", "vp": 3, "per": 2}),
        "master_hazards": ([{"effect": "permanent_certificate"}], {"kind": "per_hazards", "vp": 3, "per": 2}),
        "master_teepees": ([{"effect": "permanent_certificate"}], {"kind": "per_teepee_pair", "vp": 3, "per": 1}),
    }
    assert [D.STATIONS[k]["number"] for k in D.MASTER_STATIONS] == [1, 2, 3, 4, 5]


# ------------------------------------------------------------------------------ §8 objectives
B, S, H, G, BL, SF = "building", "station", "hazard", "green_teepee", "blue_teepee", "san_francisco"
C3, C4, C5 = "cattle_3", "cattle_4", "cattle_5"
OBJECTIVES = {  # card: (tasks, VP, penalty, immediate) — reference §8.1, §8.2
    "start_1": ([C3, C4, B], 3, 0, []), "start_2": ([B, B, H], 3, 0, []),
    "start_3": ([BL, H, H], 3, 0, []), "start_4": ([S, S, G], 3, 0, []),
    "objective_1": ([B, BL, BL], 3, -2, [{"effect": "money", "amount": 2}]),
    "objective_2": ([B, G, BL], 3, -2, [{"effect": "money", "amount": 2}]),
    "objective_3": ([C4, H, H], 3, -2, [{"effect": "money", "amount": 2}]),
    "objective_4": ([S, S, H], 3, -2, [{"effect": "money", "amount": 2}]),
    "objective_5": ([C3, C3, C3, B], 4, -2, [{"effect": "money", "amount": 2}]),
    **{f"objective_{k}": ([SF], 5, -3, [{"effect": "aux", "double": True}]) for k in (6, 7, 8, 9)},
    "objective_10": ([B, B, H], 3, -2, [{"effect": "draw", "up_to": 3}]),
    "objective_11": ([S, G, BL], 3, -2, [{"effect": "draw", "up_to": 3}]),
    "objective_12": ([C5, H], 3, -2, [{"effect": "draw", "up_to": 3}]),
    "objective_13": ([S, G, G], 3, -2, [{"effect": "draw", "up_to": 3}]),
    "objective_14": ([C3, C3, C3, S], 4, -2, [{"effect": "draw", "up_to": 3}]),
    "objective_15": ([C4, C4, S, G], 5, -3, [{"effect": "engine", "up_to": 2}]),
    "objective_16": ([C3, C4, C5], 5, -3, [{"effect": "engine", "up_to": 2}]),
    "objective_17": ([B, B, G, G], 5, -3, [{"effect": "engine", "up_to": 2}]),
    "objective_18": ([B, BL, H, H], 5, -3, [{"effect": "engine", "up_to": 3}]),
    "objective_19": ([S, S, H, H], 5, -3, [{"effect": "engine", "up_to": 3}]),
    "objective_20": ([B, B, H, H], 5, -2, [{"effect": "herder", "up_to": 3, "no_fees": True}]),
    "objective_21": ([S, S, BL, BL], 5, -2, [{"effect": "herder", "up_to": 3, "no_fees": True}]),
    "objective_22": ([C3, C4, C5], 5, -2, [{"effect": "herder", "up_to": 3, "no_fees": True}]),
    "objective_23": ([C3, C4, H, H], 5, -2, [{"effect": "herder", "up_to": 3, "no_fees": True}]),
    "objective_24": ([S, S, B, B], 5, -2, [{"effect": "herder", "up_to": 3, "no_fees": True}]),
}


def test_s8_all_28_objective_cards():
    assert len(D.OBJECTIVE) == 28 and len(D.STARTING_OBJECTIVES) == 4 and len(D.GENERAL_OBJECTIVES) == 24
    table = {c: (sorted(o["tasks"]), o["vp"], o["penalty"], [dict(i) for i in o["immediate"]])
             for c, o in D.OBJECTIVE.items()}
    assert table == {c: (sorted(t), vp, pen, imm) for c, (t, vp, pen, imm) in OBJECTIVES.items()}


# ------------------------------------------------------------------------------ §9 player board
def test_s9_1_disc_spaces():
    discs = [(d["group"], d["count"], d["corner"], d.get("gain_money", 0), d.get("pay_money", 0), d.get("vp", 0))
             for d in D.DISC_GROUPS]
    assert discs == [
        ("aux1", 1, "white", 0, 0, 0), ("aux2", 1, "white", 0, 0, 0), ("aux3", 2, "white", 0, 0, 0),
        ("aux4", 2, "white", 0, 0, 0), ("aux5", 2, "white", 0, 0, 0), ("step_money", 1, "black", 3, 0, 0),
        ("step_vp", 1, "black", 0, 0, 3), ("hand", 2, "black", 0, 5, 0), ("cert_4", 1, "white", 0, 0, 0),
        ("cert_6", 1, "black", 0, 0, 0)]
    assert D.DISCS_PER_PLAYER == 14
    assert sum(d["count"] for d in D.DISC_GROUPS if d["corner"] == "white") == 9


def test_s9_2_auxiliary_actions():
    table = {k: (a["group"], a["start_single"], dict(a["single"]), dict(a["double"])) for k, a in D.AUX.items()}
    assert table == {
        1: ("aux1", True, {"effect": "money", "amount": 1}, {"effect": "money", "amount": 2}),
        2: ("aux2", True, {"effect": "draw", "exactly": 1}, {"effect": "draw", "exactly": 2}),
        3: ("aux3", False, {"effect": "engine_back", "spaces": 1, "cost": 1, "certificates": 1},
            {"effect": "engine_back", "spaces": 2, "cost": 2, "certificates": 2}),
        4: ("aux4", False, {"effect": "engine", "up_to": 1, "cost": 1}, {"effect": "engine", "up_to": 2, "cost": 2}),
        5: ("aux5", False, {"effect": "engine_back", "spaces": 1, "remove_cards": 1},
            {"effect": "engine_back", "spaces": 2, "remove_cards": 2}),
    }


def test_s9_3_step_limits():
    assert D.STEP_LIMIT == {2: {"start": 3, "step_money": 1, "step_vp": 1},
                            3: {"start": 3, "step_money": 2, "step_vp": 1},
                            4: {"start": 4, "step_money": 2, "step_vp": 1}}


def test_s9_4_certificate_track_and_limits():
    assert D.CERT_TRACK == (0, 1, 2, 3, 4, 6)
    assert (D.CERT_LIMIT_START, D.CERT_LIMIT_4, D.CERT_LIMIT_BOTH) == (3, 4, 6)
    assert (D.HAND_LIMIT_START, D.HAND_LIMIT_PER_DISC) == (4, 1)


def test_s9_5_worker_rows():
    assert (D.WORKER_ROW_SIZE, D.WORKER_VP_SPACES, D.WORKER_VP) == (6, (5, 6), 4)
    bonus = {k: {s: dict(v) for s, v in spaces.items()} for k, spaces in D.WORKER_BONUS.items()}
    assert bonus == {
        "cowboy": {4: {"effect": "remove_hazard", "cost": 0}, 6: {"effect": "trade"}},
        "craftsman": {4: {"effect": "build", "per_craftsman": 1}, 6: {"effect": "build", "per_craftsman": 1}},
        "engineer": {2: {"effect": "discard", "card": "jersey", "certificates": 1},
                     3: {"effect": "discard", "card": "jersey", "money": 2},
                     4: {"effect": "hire", "discount": 2},
                     5: {"effect": "discard", "card": "jersey", "certificates": 2},
                     6: {"effect": "discard", "card": "jersey", "money": 4}},
    }


def test_s12_starting_money_and_hand():
    assert D.STARTING_MONEY == (6, 7, 8, 9) and D.STARTING_HAND == 4
    assert D.INITIAL_TRAIL_TILES == 7 and D.FORESIGHT_PER_COLUMN == 2
