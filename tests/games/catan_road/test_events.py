"""§7 Event cards: one is drawn and resolved whenever a village is built."""

from gametable.games.catan_road.cards import EVENTS
from tests.games.catan_road.helpers import GAME, area, check_cards, hand, hand_of, hands_of, log_keys, scenario

VILLAGE = {"type": "build", "card": "village"}
VILLAGE_COST = dict(brick=1, lumber=1, wool=1, grain=1)
ROW = ["village", "village", "road", "road", "knight"]


def village_scenario(players=3, extra=None, others=None, areas=None, **kwargs):
    """Seat 0 holds a village's cost plus ``extra`` and builds it next."""
    mine = dict(VILLAGE_COST)
    for r, n in (extra or {}).items():
        mine[r] = mine.get(r, 0) + n
    hands = [mine] + list(others or [{}] * (players - 1))
    return scenario(players, hands=hands, areas=areas, row=kwargs.pop("row", ROW), **kwargs)


def build_village(state):
    """Build a village paying exactly its printed cost (choosing it when substitution offers others)."""
    state.apply(0, VILLAGE)
    if state.to_json()["phase"] == "pay":
        state.apply(0, {"type": "pay", "cards": ["brick", "lumber", "wool", "grain"]})


def test_s7_village_draws_the_top_event_card_and_refills_the_row_after_it():
    state = village_scenario(events_top=["subsidy"], building_top=["city"], deck_top=["ore", "ore", "wool", "wool"])
    build_village(state)
    data = state.to_json()
    assert data["event_discard"] == ["subsidy"] and len(data["event_deck"]) == 6
    assert state.view(1)["last_event"] == {"seat": 0, "event": "subsidy"}
    keys = log_keys(state)
    assert keys.index("catan.event") < keys.index("catan.row_refilled"), "[P]: refill after the event"
    check_cards(state)


def test_s7_robber_half_rounded_down_above_seven_plus_knights_owner_chooses():
    """Seat 0 ends with 9 cards (owes 4), seat 1 has 8 with 1 knight (safe), seat 2 has 11 with 3 knights
    (the page's example: limit 10, so 5 to discard)."""
    state = village_scenario(extra=dict(wool=4, ore=5), events_top=["robber"],
                             others=[hand(grain=8), hand(brick=6, lumber=5)],
                             areas=[area(), area(knights=1), area(knights=3)], largest_army=2,
                             building_top=["city"])
    build_village(state)
    assert state.to_json()["phase"] == "robber"
    assert state.to_act() == [0, 2]
    owes = [(e["seat"], e["count"], e["limit"]) for e in state.log if e["key"] == "catan.robber_owes"]
    assert owes == [(0, 4, 7), (2, 5, 10)]
    assert len(state.to_json()["row"]) == 4, "the row is refilled only after the event is resolved"
    assert state.legal_actions(0) == [{"type": "discard", "resource": "wool"},
                                      {"type": "discard", "resource": "ore"}]
    for _ in range(3):
        state.apply(0, {"type": "discard", "resource": "ore"})
    state.apply(2, {"type": "discard", "resource": "brick"})
    state.apply(0, {"type": "discard", "resource": "wool"})
    for _ in range(4):
        state.apply(2, {"type": "discard", "resource": "lumber"})
    data = state.to_json()
    assert data["hands"] == [hand(wool=3, ore=2), hand(grain=8), hand(brick=5, lumber=1)]
    assert data["resource_discard"] == hand(brick=2, lumber=5, wool=2, grain=1, ore=3)
    assert data["phase"] == "main" and len(data["row"]) == 5
    check_cards(state)


def test_s7_robber_discards_without_asking_when_only_one_type_is_held():
    state = village_scenario(events_top=["robber"], others=[hand(grain=9), {}])
    build_village(state)
    assert state.to_json()["phase"] == "main"
    assert hand_of(state, 1) == hand(grain=5)
    assert [e for e in state.log if e["key"] == "catan.discarded"] == [
        {"key": "catan.discarded", "seat": 1, "cards": ["grain"] * 4}]


def test_s7_robber_exactly_at_the_limit_is_safe():
    state = village_scenario(extra=dict(ore=7), events_top=["robber"])
    build_village(state)
    assert hand_of(state, 0) == hand(ore=7) and state.to_json()["phase"] == "main"
    # the log says so, rather than leaving the revealed Robber without an outcome
    assert log_keys(state)[log_keys(state).index("catan.event") + 1] == "catan.robber_nobody"


def test_s7_abundance_everyone_draws_two_except_bonus_card_holders():
    state = village_scenario(4, events_top=["abundance"], largest_army=2,
                             areas=[area(), area(roads=3), area(knights=2), area()], longest_road=1,
                             deck_top=["ore", "ore", "wool", "grain"])
    build_village(state)
    assert hands_of(state) == [hand(ore=2), hand(), hand(), hand(wool=1, grain=1)]
    drew = [(e["seat"], e["count"], e["reason"]) for e in state.log if e["key"] == "catan.drew"]
    assert drew == [(0, 2, "abundance"), (3, 2, "abundance")]


def test_s7_abundance_holder_of_a_bonus_card_who_builds_draws_nothing():
    state = village_scenario(2, events_top=["abundance"], areas=[area(roads=3), area()], longest_road=0,
                             deck_top=["ore", "ore", "wool"])
    build_village(state)
    assert hands_of(state) == [hand(), hand(ore=2)]


def test_s7_charity_each_leader_gives_one_chosen_card_to_a_chosen_player_with_fewer_vp():
    # after the village: seat 0 and seat 1 have 2 VP, seats 2 and 3 have 1 VP
    state = village_scenario(4, extra=dict(ore=1, grain=1), events_top=["charity"],
                             others=[hand(wool=2, brick=1), hand(), hand()],
                             areas=[area(), area(villages=2), area(), area()])
    build_village(state)
    assert state.to_json()["phase"] == "charity" and state.to_act() == [0, 1]
    assert state.view(2)["charity"] == {"givers": [0, 1], "receivers": [2, 3]}
    assert sorted((a["resource"], a["to_seat"]) for a in state.legal_actions(0)) == [
        ("grain", 2), ("grain", 3), ("ore", 2), ("ore", 3)]
    state.apply(1, {"type": "give", "resource": "wool", "to_seat": 2})
    state.apply(0, {"type": "give", "resource": "ore", "to_seat": 2})
    assert hands_of(state) == [hand(grain=1), hand(wool=1, brick=1), hand(wool=1, ore=1), hand()]
    assert state.to_json()["phase"] == "main"
    gift = [e for e in state.log if e["key"] == "catan.charity_gave"][-1]
    assert gift["private"] == {"resource": "ore"} and gift["private_to"] == [0, 2]
    seen_by_3 = [e for e in state.view(3)["log"] if e["key"] == "catan.charity_gave"]
    assert all("private" not in e for e in seen_by_3), "only giver and receiver see the card"
    check_cards(state)


def test_s7_charity_receiver_is_any_player_with_fewer_vp_not_only_the_fewest():
    """Rule page: the leader gives 1 card "to a player with fewer VP" (fewer, not fewest): after the
    village seat 0 has 3 VP, seat 1 has 2, seats 2 and 3 have 1; all three may receive."""
    state = village_scenario(4, extra=dict(ore=1, grain=1), events_top=["charity"],
                             others=[hand(wool=1), hand(), hand()],
                             areas=[area(villages=2), area(villages=2), area(), area()])
    assert [state.vp(s) for s in range(4)] == [2, 2, 1, 1]
    build_village(state)
    assert [state.vp(s) for s in range(4)] == [3, 2, 1, 1]
    assert state.to_json()["phase"] == "charity" and state.to_act() == [0]
    assert state.view(1)["charity"] == {"givers": [0], "receivers": [1, 2, 3]}
    assert sorted((a["resource"], a["to_seat"]) for a in state.legal_actions(0)) == [
        ("grain", 1), ("grain", 2), ("grain", 3), ("ore", 1), ("ore", 2), ("ore", 3)]
    state.apply(0, {"type": "give", "resource": "grain", "to_seat": 1})
    assert hands_of(state) == [hand(ore=1), hand(wool=1, grain=1), hand(), hand()]
    assert [state.vp(s) for s in range(4)] == [3, 2, 1, 1], "Charity moves cards, never VP"
    assert state.to_json()["phase"] == "main"
    check_cards(state)


def test_s7_charity_option_fewest_lets_only_the_players_with_the_fewest_vp_receive():
    """Reference §7 asks for the English rulebook's reading as a rules option: with
    charity_receivers="fewest" the same 3/2/1/1 position offers only seats 2 and 3."""
    state = village_scenario(4, extra=dict(ore=1, grain=1), events_top=["charity"],
                             others=[hand(wool=1), hand(), hand()],
                             areas=[area(villages=2), area(villages=2), area(), area()],
                             charity_receivers="fewest")
    build_village(state)
    assert state.view(1)["charity"] == {"givers": [0], "receivers": [2, 3]}
    assert sorted((a["resource"], a["to_seat"]) for a in state.legal_actions(0)) == [
        ("grain", 2), ("grain", 3), ("ore", 2), ("ore", 3)]
    state.apply(0, {"type": "give", "resource": "ore", "to_seat": 3})
    assert hands_of(state) == [hand(grain=1), hand(wool=1), hand(), hand(ore=1)]
    check_cards(state)


def test_s7_charity_option_survives_the_round_trip_and_old_states_read_as_the_rule_page():
    state = village_scenario(4, charity_receivers="fewest")
    data = state.to_json()
    assert data["options"]["charity_receivers"] == "fewest"
    assert GAME.from_json(data).to_json() == data
    del data["options"]["charity_receivers"]  # saved before the option existed
    assert GAME.from_json(data).to_json()["options"]["charity_receivers"] == "fewer"


def test_s7_charity_with_one_card_type_and_one_receiver_needs_no_choice():
    state = village_scenario(2, extra=dict(ore=2), events_top=["charity"])
    build_village(state)
    assert hands_of(state) == [hand(ore=1), hand(ore=1)] and state.to_json()["phase"] == "main"


def test_s7_charity_all_tied_nothing_happens_and_leader_without_cards_gives_nothing():
    tied = village_scenario(3, events_top=["charity"], others=[hand(ore=1), hand(ore=1)],
                            areas=[area(), area(villages=2), area(villages=2)])
    build_village(tied)
    assert "catan.charity_all_tied" in log_keys(tied)
    assert hands_of(tied) == [hand(), hand(ore=1), hand(ore=1)]
    empty = village_scenario(3, events_top=["charity"], others=[hand(ore=1), hand(ore=1)])
    build_village(empty)
    assert "catan.charity_no_card" in log_keys(empty)
    assert hands_of(empty) == [hand(), hand(ore=1), hand(ore=1)]


def test_s7_midwinter_feast_everyone_draws_one_then_all_seven_events_are_reshuffled():
    state = village_scenario(3, events_top=["midwinter_feast"], deck_top=["ore", "wool", "grain"])
    build_village(state)
    data = state.to_json()
    assert data["hands"] == [hand(ore=1), hand(wool=1), hand(grain=1)]
    assert sorted(data["event_deck"]) == sorted(EVENTS[e] for e in (0, 0, 0, 1, 2, 3, 4))
    assert data["event_discard"] == []
    assert "catan.events_reshuffled" in log_keys(state)
    check_cards(state)


def test_s7_subsidy_one_card_per_village_without_a_city():
    state = village_scenario(3, events_top=["subsidy"], areas=[area(), area(villages=1, cities=1),
                                                                 area(villages=0, cities=1)],
                             deck_top=["ore", "wool", "grain", "brick"])
    build_village(state)
    assert hands_of(state) == [hand(ore=1, wool=1), hand(grain=1), hand()]


def test_s7_empty_event_deck_is_rebuilt_from_all_seven():
    state = village_scenario(2)
    data = state.to_json()
    data["event_discard"], data["event_deck"] = data["event_deck"], []
    from gametable.games.catan_road import GAME
    state = GAME.from_json(data)
    build_village(state)
    data = state.to_json()
    assert "catan.events_reshuffled" in log_keys(state)
    assert len(data["event_deck"]) == 6 and len(data["event_discard"]) == 1
    check_cards(state)


def test_s7_each_village_of_a_turn_draws_its_own_event_in_order():
    state = village_scenario(3, extra=dict(brick=1, lumber=1, wool=1, grain=1), events_top=["subsidy", "abundance"],
                             deck_top=["ore"] * 2 + ["wool"] * 6 + ["grain"] * 4)
    build_village(state)   # Subsidy: seat 0 has 2 villages, the others 1 each
    build_village(state)   # Abundance: everyone draws 2
    assert [e["event"] for e in state.log if e["key"] == "catan.event"] == ["subsidy", "abundance"]
    assert hands_of(state) == [hand(ore=2, wool=2), hand(wool=3), hand(wool=1, grain=2)]
    assert state.to_json()["areas"][0]["villages"] == 3
    check_cards(state)
