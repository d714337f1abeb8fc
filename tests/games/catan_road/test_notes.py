"""catan_road.notes: what each choice costs and gives, language-free, for the terminal and the browser.

Exact notes for exact positions, named by the rule they tell about, and the notes' privacy: they
come from the seat's view, so positions that differ only in hidden cards give the same notes."""

from gametable import i18n
from gametable.bots import RandomBot
from gametable.games.catan_road import GAME, text
from gametable.games.catan_road.cards import RESOURCE_COUNTS, RESOURCES
from tests import conformance
from tests.games.catan_road.helpers import area, hand, scenario

VILLAGE = {"type": "build", "card": "village"}
END_TURN = {"type": "end_turn"}


def _cards(**counts):
    """Cards as the notes write them (notes.cards): names in the cards' order, or "nothing"."""
    out = [r for r in RESOURCES for _ in range(counts.get(r, 0))]
    return out or [{"key": "catan.note.nothing"}]


def notes_of(state, seat, action):
    legal = state.legal_actions(seat)
    return state.action_notes(seat)[legal.index(action)]


# -- building -------------------------------------------------------------------------------------

def test_p6_village_paid_by_road_exchange_names_the_cards_it_takes_and_the_event():
    """[P]6, the page's example: 3 roads, no grain: 2 wool replace the grain (brick, lumber, 3 wool).
    §7: the village draws an event card, 3 of the 7 being Robbers; nothing is left for a Robber to take."""
    state = scenario(2, hands=[hand(brick=1, lumber=1, wool=3), hand()], areas=[area(roads=3), area()],
                     longest_road=0, row=["village", "road", "road", "knight", "knight"])
    assert notes_of(state, 0, VILLAGE) == [
        {"key": "catan.note.cost", "cards": _cards(brick=1, lumber=1, wool=1, grain=1)},
        {"key": "catan.note.pays_instead", "cards": _cards(brick=1, lumber=1, wool=3), "replaced": _cards(grain=1)},
        {"key": "catan.note.vp", "vp": 4},  # 1 village + Longest Road 2 + the new village
        {"key": "catan.note.event", "robbers": 3, "events": 7},
    ]


def test_s1_1_a_build_payable_several_ways_says_so_instead_of_guessing_the_payment():
    """[P]6 at 1:1 (4 roads): a road can be paid with any 2 cards of brick, lumber and wool, so 3 ways;
    apply_build then asks which. §4.3: a fifth road no longer improves the rate; Longest Road is held."""
    state = scenario(2, hands=[hand(brick=1, lumber=1, wool=1), hand()], areas=[area(roads=4), area()],
                     longest_road=0, row=["road", "road", "road", "knight", "knight"])
    assert notes_of(state, 0, {"type": "build", "card": "road"}) == [
        {"key": "catan.note.cost", "cards": _cards(brick=1, lumber=1)},
        {"key": "catan.note.ways_to_pay", "count": 3},
    ]


def test_s6_a_road_that_takes_longest_road_says_from_whom_and_the_new_rate():
    """§6: 4 roads against the holder's 3 take Longest Road (2 VP); §4.3: 4 roads trade 1:1."""
    state = scenario(2, hands=[hand(brick=1, lumber=1), hand()], areas=[area(roads=3), area(roads=3)],
                     longest_road=1, row=["road", "village", "city", "knight", "road"])
    assert notes_of(state, 0, {"type": "build", "card": "road"}) == [
        {"key": "catan.note.cost", "cards": _cards(brick=1, lumber=1)},
        {"key": "catan.note.bonus_from", "bonus": "longest_road", "from_seat": 1},
        {"key": "catan.note.rate", "rate": 1},
        {"key": "catan.note.vp", "vp": 3},
    ]


def test_s6_a_knight_claims_largest_army_at_two_and_raises_the_robber_limit():
    state = scenario(2, hands=[hand(wool=1, ore=1), hand()], areas=[area(knights=1), area()],
                     row=["knight", "village", "city", "road", "road"])
    assert notes_of(state, 0, {"type": "build", "card": "knight"}) == [
        {"key": "catan.note.cost", "cards": _cards(wool=1, ore=1)},
        {"key": "catan.note.bonus", "bonus": "largest_army"},
        {"key": "catan.note.robber_limit", "limit": 9},  # §7: 7 + 2 knights
        {"key": "catan.note.vp", "vp": 3},
    ]


def test_s1_2_side_b_metropolises_say_their_ability_and_a_win_ends_the_list():
    """§1.2 side B: +1 card per draw phase (no more than the covered city's +1: no draw note); the
    tie-winning card takes Longest Road on a tie; the road card draws 1 per road at once.
    §3.3: reaching 7 VP wins at once, so nothing after the win is noted."""
    hands = [hand(wool=3, ore=1), hand()]
    state = scenario(2, hands=hands, areas=[area(roads=3, villages=0, cities=1), area(roads=3)],
                     longest_road=1, metropolis_side="B")
    notes = dict(zip([a.get("metropolis") for a in state.legal_actions(0)], state.action_notes(0)))
    cost = {"key": "catan.note.cost", "cards": _cards(wool=3, ore=1)}
    assert notes["longest_road_ties"] == [cost, {"key": "catan.note.bonus_from", "bonus": "longest_road", "from_seat": 1},
                                          {"key": "catan.note.vp", "vp": 5}]
    assert notes["draw_per_road"] == [cost, {"key": "catan.note.vp", "vp": 3},
                                      {"key": "catan.note.draws_now", "count": 3}]
    # 6 VP (village, city, metropolis): the next metropolis makes 7
    winning = scenario(2, hands=hands, areas=[area(roads=2, villages=1, cities=1, metropolises=["draw_per_knight"]),
                                              area()], metropolis_side="B")
    assert dict(zip([a.get("metropolis") for a in winning.legal_actions(0)], winning.action_notes(0)))[
        "draw_per_road"] == [cost, {"key": "catan.note.vp", "vp": 7}, {"key": "catan.note.wins"}]


def test_s3_1_a_city_adds_a_draw_phase_card_and_side_a_metropolis_one_more():
    """§3.1: a city +1 per draw phase; a side-A metropolis +2 but covers the city's +1."""
    state = scenario(2, hands=[hand(grain=2, ore=4, wool=3), hand()], areas=[area(villages=1, cities=1), area()],
                     row=["city", "road", "road", "knight", "knight"])
    by_card = dict(zip([a["card"] for a in state.legal_actions(0) if a["type"] == "build"], state.action_notes(0)))
    assert by_card["city"] == [{"key": "catan.note.cost", "cards": _cards(grain=2, ore=3)},
                               {"key": "catan.note.draw_bonus", "count": 1}, {"key": "catan.note.vp", "vp": 4}]
    assert by_card["metropolis"][1:] == [{"key": "catan.note.draw_bonus", "count": 1}, {"key": "catan.note.vp", "vp": 4}]


def test_s7_a_village_over_the_robber_limit_says_what_a_robber_would_take():
    """§7: after paying, 9 cards against a limit of 7: a Robber takes 4. Two Robbers are already
    face up, so 1 of the 5 cards left is one."""
    state = scenario(2, hands=[hand(brick=3, lumber=3, wool=3, grain=1, ore=3), hand()],  # no 4 of a type: one payment
                     row=["village", "road", "road", "knight", "knight"])
    data = state.to_json()
    data["event_deck"] = ["abundance", "charity", "midwinter_feast", "subsidy", "robber"]
    data["event_discard"] = ["robber", "robber"]
    state = GAME.from_json(data)
    assert notes_of(state, 0, VILLAGE)[-2:] == [
        {"key": "catan.note.event", "robbers": 1, "events": 5},
        {"key": "catan.note.robber_risk", "count": 9, "limit": 7, "lose": 4},
    ]


# -- paying ---------------------------------------------------------------------------------------

def test_p6_each_way_to_pay_says_what_it_replaces_and_what_stays_in_hand():
    """[P]6 at 2:1 (3 roads): a knight (wool + ore) from 1 wool, 1 ore, 2 grain: paid as printed, or
    2 grain for the wool, or 2 grain for the ore."""
    state = scenario(2, hands=[hand(wool=1, grain=2, ore=1), hand()], areas=[area(roads=3), area()],
                     longest_road=0, row=["knight", "road", "road", "city", "city"])
    state.apply(0, {"type": "build", "card": "knight"})
    said = {tuple(a["cards"]): n for a, n in zip(state.legal_actions(0), state.action_notes(0))}
    assert said == {
        ("wool", "ore"): [{"key": "catan.note.keeps", "cards": _cards(grain=2)}],
        ("wool", "grain", "grain"): [{"key": "catan.note.instead", "replaced": _cards(ore=1)},
                                     {"key": "catan.note.keeps", "cards": _cards(ore=1)}],
        ("grain", "grain", "ore"): [{"key": "catan.note.instead", "replaced": _cards(wool=1)},
                                    {"key": "catan.note.keeps", "cards": _cards(wool=1)}],
    }


# -- the end of the turn and the Robber ----------------------------------------------------------

def test_s3_1_end_turn_says_the_next_draw_phase_and_the_hand_against_the_robber():
    """§3.1: everyone draws 1, the next player 1 more per city; §7: 8 cards after that draw are over
    the limit of 7, and a Robber would take 4."""
    state = scenario(3, hands=[hand(ore=7), hand(), hand()], areas=[area(), area(villages=0, cities=1), area()])
    assert notes_of(state, 0, END_TURN) == [
        {"key": "catan.note.next_draw_more", "seat": 1, "count": 2},
        {"key": "catan.note.robber_risk", "count": 8, "limit": 7, "lose": 4},
    ]
    safe = scenario(3, hands=[hand(ore=6), hand(), hand()], areas=[area(knights=1), area(), area()])
    assert notes_of(safe, 0, END_TURN) == [{"key": "catan.note.next_draw"}]


def test_s7_robber_discards_say_what_is_still_owed_and_what_goes_by_itself():
    """§7: 10 cards, no knights: 5 to discard, one at a time; once a single type is left the game
    takes the rest (events._discard_if_forced)."""
    state = scenario(2, hands=[hand(brick=1, lumber=1, wool=2, grain=1, ore=9), hand()],
                     row=["village", "road", "road", "knight", "knight"], events_top=["robber"])
    state.apply(0, VILLAGE)
    state.apply(0, {"type": "pay", "cards": ["brick", "lumber", "wool", "grain"]})  # 1 wool and 9 ore left: 5 owed
    said = dict(zip([a["resource"] for a in state.legal_actions(0)], state.action_notes(0)))
    assert said == {"wool": [{"key": "catan.note.then_forced", "cards": _cards(ore=4)}],
                    "ore": [{"key": "catan.note.still_owed", "count": 4}]}


# -- trading --------------------------------------------------------------------------------------

def test_p5_every_trade_step_says_what_goes_and_what_comes():
    """[P]5: the offer is built card by card; the partner of a completed trade draws 1 card."""
    state = scenario(3, hands=[hand(ore=2), hand(grain=1, wool=1), hand(brick=1)])
    state.apply(0, {"type": "start_trade"})
    assert notes_of(state, 0, {"type": "offer_give", "resource": "ore"}) == [
        {"key": "catan.note.offer", "give": _cards(ore=1), "ask": _cards()}]
    state.apply(0, {"type": "offer_give", "resource": "ore"})
    assert notes_of(state, 0, {"type": "offer_ask", "resource": "grain"}) == [
        {"key": "catan.note.offer", "give": _cards(ore=1), "ask": _cards(grain=1)}]
    state.apply(0, {"type": "offer_ask", "resource": "grain"})
    assert notes_of(state, 0, {"type": "propose"}) == [
        {"key": "catan.note.give_get", "give": _cards(ore=1), "get": _cards(grain=1)},
        {"key": "catan.note.partner_draws"}]
    state.apply(0, {"type": "propose"})
    assert notes_of(state, 1, {"type": "accept"}) == [
        {"key": "catan.note.give_get", "give": _cards(grain=1), "get": _cards(ore=1)},
        {"key": "catan.note.you_draw"}]
    assert notes_of(state, 1, {"type": "decline"}) == []
    state.apply(1, {"type": "counter"})
    state.apply(1, {"type": "counter_give", "resource": "wool"})
    assert notes_of(state, 1, {"type": "counter_ask", "resource": "ore"}) == [
        {"key": "catan.note.offer", "give": _cards(wool=1), "ask": _cards(ore=1)}]
    state.apply(1, {"type": "counter_ask", "resource": "ore"})
    assert notes_of(state, 1, {"type": "submit_counter"}) == [
        {"key": "catan.note.give_get", "give": _cards(wool=1), "get": _cards(ore=1)},
        {"key": "catan.note.you_draw"}]
    state.apply(1, {"type": "submit_counter"})
    state.apply(2, {"type": "decline"})
    # the counter-offer seen from the active player: Bea's wool comes, the ore goes
    assert notes_of(state, 0, {"type": "trade_with", "seat": 1}) == [
        {"key": "catan.note.give_get", "give": _cards(ore=1), "get": _cards(wool=1)},
        {"key": "catan.note.seat_draws", "seat": 1}]
    assert notes_of(state, 0, {"type": "withdraw"}) == []


# -- the protocol ---------------------------------------------------------------------------------

def test_notes_run_parallel_to_the_legal_actions_in_catalog_keys_and_plain_json():
    catalog = set(i18n.catalog("en"))
    seen = set()
    for players in (2, 3, 4):
        state = GAME.new(players, players, {"metropolis_side": "B" if players == 3 else "A"})
        bot = RandomBot(players)
        for _ in range(400):
            if state.is_over():
                break
            seen |= conformance.assert_action_notes_follow_the_protocol(state, catalog)
            seat = state.to_act()[0]
            state.apply(seat, bot.choose(state, seat))
    for key in ("cost", "event", "next_draw", "give_get", "still_owed", "keeps"):
        assert f"catan.note.{key}" in seen


def _hidden_twin(state, seed):
    """The same position for ``state.to_act()``'s seats with every hidden part changed: the deck
    orders, and the other hands' cards swapped with the resource deck's (same sizes)."""
    import random

    rnd = random.Random(seed)
    data = state.to_json()
    for name in ("resource_deck", "building_deck", "event_deck"):
        rnd.shuffle(data[name])
    deck = data["resource_deck"]
    asked = set(state.to_act())
    for seat, held in enumerate(data["hands"]):
        if seat in asked:
            continue
        for r in RESOURCES:
            for _ in range(held[r]):
                other = next((i for i, card in enumerate(deck) if card != r), None)
                if other is not None and rnd.random() < 0.7:
                    held[r] -= 1
                    held[deck[other]] += 1
                    deck[other] = r
    twin = GAME.from_json(data)
    assert sum(sum(h.values()) for h in twin.to_json()["hands"]) == sum(sum(h.values()) for h in data["hands"])
    assert sum(len([c for c in deck if c == r]) for r in RESOURCES) == len(deck)
    assert all(sum(c == r for c in deck) + data["resource_discard"][r] + sum(h[r] for h in data["hands"])
               == RESOURCE_COUNTS[i] for i, r in enumerate(RESOURCES))
    return twin


def test_positions_differing_only_in_hidden_cards_give_the_same_notes():
    """The notes know only what the view shows: another seat's hand and the order of every deck
    change nothing (docs/engine-protocol.md, hidden information)."""
    differed = 0
    for players in (2, 4):
        state = GAME.new(players, 40 + players)
        bot = RandomBot(players)
        for step in range(300):
            if state.is_over():
                break
            twin = _hidden_twin(state, step)
            for seat in state.to_act():
                assert twin.legal_actions(seat) == state.legal_actions(seat)
                assert twin.action_notes(seat) == state.action_notes(seat)
                differed += twin.to_json()["hands"] != state.to_json()["hands"]
            seat = state.to_act()[0]
            state.apply(seat, bot.choose(state, seat))
    assert differed > 100, "the twins did differ in other seats' hands"


def test_a_scenario_pair_differing_in_the_opponents_hand_and_the_decks_gives_the_same_notes():
    base = dict(areas=[area(roads=3), area()], longest_road=0, row=["village", "road", "road", "knight", "knight"])
    one = scenario(2, hands=[hand(brick=1, lumber=1, wool=3, ore=4), hand(grain=3)], deck_top=["grain", "ore"],
                   events_top=["robber"], **base)
    other = scenario(2, hands=[hand(brick=1, lumber=1, wool=3, ore=4), hand(ore=1, grain=1, wool=1)],
                     deck_top=["brick"], events_top=["subsidy"], building_top=["city"], **base)
    for state in (one, other):
        assert state.to_act() == [0]
    assert one.action_notes(0) == other.action_notes(0)
    assert one.action_notes(0) != [[] for _ in one.legal_actions(0)]


# -- the terminal ---------------------------------------------------------------------------------

def test_the_terminal_says_the_notes_after_each_choice():
    """§4.3: a second road makes the exchange 3:1; §3.1 and §7 as in the end-turn test above."""
    state = scenario(3, hands=[hand(brick=1, lumber=1, grain=3, ore=3), hand(), hand()],
                     areas=[area(), area(villages=0, cities=1), area()], row=["road", "road", "knight", "knight", "village"])
    view = state.view(0)
    said = [text.describe_action(a, view, "en") for a in state.legal_actions(0)]
    assert said == [
        "Build: road — costs brick and lumber and your road exchange becomes 3:1",
        "End my turn — Bot 2 draws 2 cards in the next draw phase, everyone else 1 and "
        "a Robber would take 4 of your 9 cards (limit 7)",
    ]
    names = i18n.player_names(3, 0, "es")
    assert text.describe_action(END_TURN, view, "es") == (
        f"Terminar mi turno — {names[1]} roba 2 cartas en la próxima fase de recolección, los demás 1 "
        "y un Ladrón te quitaría 4 de tus 9 cartas (límite 7)")
