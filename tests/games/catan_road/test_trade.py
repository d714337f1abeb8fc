"""§4.1 as settled by the rule page ([P]5): one completed trade per turn, proposed by the active player,
any number of cards on each side, never a gift, never the same type on both sides; the partner
then draws 1 card. Only a completed trade uses up the turn's trade (assumed)."""

import pytest

from gametable.engine import IllegalAction
from tests.games.catan_road.helpers import check_cards, hand, hands_of, log_keys, scenario

START = {"type": "start_trade"}
PROPOSE = {"type": "propose"}


def give(r):
    return {"type": "offer_give", "resource": r}


def ask(r):
    return {"type": "offer_ask", "resource": r}


def counter_give(r):
    return {"type": "counter_give", "resource": r}


def counter_ask(r):
    return {"type": "counter_ask", "resource": r}


def offer(state, gives, asks):
    state.apply(0, START)
    for r in gives:
        state.apply(0, give(r))
    for r in asks:
        state.apply(0, ask(r))
    state.apply(0, PROPOSE)


def counter(state, seat, gives, asks):
    state.apply(seat, {"type": "counter"})
    for r in gives:
        state.apply(seat, counter_give(r))
    for r in asks:
        state.apply(seat, counter_ask(r))
    state.apply(seat, {"type": "submit_counter"})


def three_players(**kwargs):
    return scenario(3, hands=[hand(wool=2, ore=1, grain=1), hand(brick=1, grain=1, lumber=2),
                              hand(brick=2, ore=1)], deck_top=["ore", "wool", "grain"], **kwargs)


def test_p5_several_cards_for_several_cards_and_the_partner_draws_one():
    state = three_players()
    offer(state, ["wool", "wool", "ore"], ["brick", "lumber"])
    assert state.to_act() == [1, 2], "everyone else answers, simultaneously"
    assert {"type": "accept"} in state.legal_actions(1)
    assert {"type": "accept"} not in state.legal_actions(2), "seat 2 holds no lumber"
    state.apply(2, {"type": "decline"})
    state.apply(1, {"type": "accept"})
    assert state.legal_actions(0) == [{"type": "trade_with", "seat": 1}, {"type": "withdraw"}]
    state.apply(0, {"type": "trade_with", "seat": 1})
    assert hands_of(state) == [hand(brick=1, lumber=1, grain=1), hand(wool=2, ore=2, grain=1, lumber=1),
                               hand(brick=2, ore=1)]
    traded = [e for e in state.log if e["key"] == "catan.traded"][0]
    assert traded == {"key": "catan.traded", "seat": 0, "partner_seat": 1,
                      "gave": ["wool", "wool", "ore"], "got": ["brick", "lumber"]}
    bonus = [e for e in state.log if e["key"] == "catan.drew"][-1]
    assert (bonus["seat"], bonus["count"], bonus["reason"]) == (1, 1, "trade_bonus")
    assert START not in state.legal_actions(0), "one completed trade per turn"
    check_cards(state)


def test_p5_the_same_type_cannot_be_on_both_sides():
    state = three_players()
    state.apply(0, START)
    state.apply(0, give("wool"))
    assert ask("wool") not in state.legal_actions(0)
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(0, ask("wool"))
    assert state.to_json() == before
    state.apply(0, ask("brick"))
    assert give("brick") not in state.legal_actions(0)


def test_p5_cards_are_never_given_away_both_sides_need_a_card():
    state = three_players()
    state.apply(0, START)
    assert PROPOSE not in state.legal_actions(0)
    state.apply(0, give("wool"))
    assert PROPOSE not in state.legal_actions(0), "a gift is not a trade"
    state.apply(0, ask("brick"))
    assert PROPOSE in state.legal_actions(0)


def test_p5_offer_is_bounded_by_the_cards_players_could_hold():
    state = three_players()
    state.apply(0, START)
    for _ in range(2):
        state.apply(0, give("wool"))
    assert give("wool") not in state.legal_actions(0), "only the wool in hand can be offered"
    for r in ("brick", "brick", "lumber", "lumber"):
        state.apply(0, ask(r))
    assert not [a for a in state.legal_actions(0) if a["type"] == "offer_ask"], \
        "nobody else holds more than 4 cards"


def test_p5_counter_offer_built_by_the_responder_and_taken_by_the_proposer():
    state = three_players()
    offer(state, ["wool"], ["brick"])
    state.apply(1, {"type": "decline"})
    state.apply(2, {"type": "counter"})
    state.apply(2, counter_give("brick"))
    state.apply(2, counter_give("brick"))
    assert counter_ask("brick") not in state.legal_actions(2), "no type on both sides of a counter either"
    state.apply(2, counter_ask("wool"))
    state.apply(2, counter_ask("grain"))
    view = state.view(1)["trade"]
    assert {"seat": 2, "answer": "countering", "give": ["brick", "brick"], "ask": ["wool", "grain"]} \
        in view["answers"], "a counter-offer is made in public"
    state.apply(2, {"type": "submit_counter"})
    assert state.legal_actions(0) == [{"type": "trade_with", "seat": 2}, {"type": "withdraw"}]
    state.apply(0, {"type": "trade_with", "seat": 2})
    assert hands_of(state) == [hand(wool=1, ore=1, brick=2), hand(brick=1, grain=1, lumber=2),
                               hand(ore=2, wool=1, grain=1)]
    assert "catan.trade_countered" in log_keys(state)
    check_cards(state)


def test_p5_a_counter_the_proposer_cannot_pay_cannot_be_taken():
    state = three_players()
    offer(state, ["wool"], ["brick"])
    state.apply(1, {"type": "decline"})
    state.apply(2, {"type": "counter"})
    state.apply(2, counter_give("brick"))
    state.apply(2, counter_ask("grain"))
    state.apply(2, counter_ask("grain"))  # seat 0 holds only 1 grain
    state.apply(2, {"type": "submit_counter"})
    assert state.to_json()["trade"] is None and log_keys(state)[-1] == "catan.trade_failed"
    assert START in state.legal_actions(0), "a failed offer does not use up the trade"


def test_p5_all_decline_then_a_new_offer_may_follow():
    state = three_players()
    offer(state, ["wool"], ["brick"])
    state.apply(1, {"type": "decline"})
    state.apply(2, {"type": "decline"})
    assert state.to_json()["phase"] == "main" and not state.to_json()["trade_used"]
    offer(state, ["wool"], ["lumber"])
    state.apply(2, {"type": "decline"})
    state.apply(1, {"type": "accept"})
    state.apply(0, {"type": "trade_with", "seat": 1})
    assert state.to_json()["trade_used"]


def test_p5_proposer_may_withdraw_or_cancel_without_using_the_trade():
    state = three_players()
    offer(state, ["wool"], ["brick"])
    state.apply(1, {"type": "accept"})
    state.apply(2, {"type": "accept"})
    assert state.legal_actions(0) == [{"type": "trade_with", "seat": 1}, {"type": "trade_with", "seat": 2},
                                      {"type": "withdraw"}]
    before = hands_of(state)
    state.apply(0, {"type": "withdraw"})
    assert hands_of(state) == before and START in state.legal_actions(0)
    state.apply(0, START)
    state.apply(0, {"type": "cancel_trade"})
    assert state.to_json()["phase"] == "main" and START in state.legal_actions(0)


def test_p5_only_the_active_player_trades_and_a_player_without_cards_cannot_answer():
    state = scenario(3, hands=[hand(wool=1), hand(brick=1), hand()])
    assert state.legal_actions(1) == [] and state.legal_actions(2) == []
    offer(state, ["wool"], ["brick"])
    assert state.to_act() == [1], "seat 2 has no cards and declines at once"
    assert "catan.trade_declined_no_cards" in log_keys(state)


def test_p5_no_trade_without_cards_on_both_sides():
    assert START not in scenario(2, hands=[hand(), hand(ore=3)]).legal_actions(0)
    assert START not in scenario(2, hands=[hand(ore=3), hand()]).legal_actions(0)


def test_p5_trade_in_a_two_player_game():
    state = scenario(2, hands=[hand(ore=2), hand(grain=1)], deck_top=["wool"])
    offer(state, ["ore", "ore"], ["grain"])
    state.apply(1, {"type": "accept"})
    state.apply(0, {"type": "trade_with", "seat": 1})
    assert hands_of(state) == [hand(grain=1), hand(ore=2, wool=1)]


def test_s3_2_build_trade_and_build_again_in_any_order():
    """§3.2: the action phase mixes trading and building freely."""
    state = scenario(2, hands=[hand(brick=1, lumber=1, wool=2), hand(ore=1)], deck_top=["grain"],
                     row=["road", "knight", "city", "city", "city"], building_top=["city"])
    state.apply(0, {"type": "build", "card": "road"})
    offer(state, ["wool"], ["ore"])
    state.apply(1, {"type": "accept"})
    state.apply(0, {"type": "trade_with", "seat": 1})
    assert hands_of(state) == [hand(wool=1, ore=1), hand(wool=1, grain=1)]
    state.apply(0, {"type": "build", "card": "knight"})
    assert hands_of(state)[0] == hand()
    assert state.to_json()["areas"][0] == {"roads": 2, "villages": 1, "cities": 0, "metropolises": [],
                                           "knights": 1}
    check_cards(state)


def test_p5_proposer_takes_a_counter_over_an_acceptance_and_only_that_partner_draws():
    state = three_players()
    offer(state, ["wool"], ["grain"])
    state.apply(1, {"type": "accept"})
    counter(state, 2, ["brick"], ["wool", "wool"])
    assert state.legal_actions(0) == [{"type": "trade_with", "seat": 1}, {"type": "trade_with", "seat": 2},
                                      {"type": "withdraw"}]
    state.apply(0, {"type": "trade_with", "seat": 2})
    # seat 0 gave 2 wool for 1 brick; seat 2 drew the bonus card (ore); seat 1's acceptance lapses
    assert hands_of(state) == [hand(ore=1, grain=1, brick=1), hand(brick=1, grain=1, lumber=2),
                               hand(brick=1, ore=2, wool=2)]
    drew = [(e["seat"], e["reason"]) for e in state.log if e["key"] == "catan.drew"]
    assert drew == [(2, "trade_bonus")]
    assert state.to_json()["trade"] is None and state.to_json()["trade_used"]
    check_cards(state)


def test_p5_only_a_player_who_accepted_or_countered_can_be_traded_with():
    state = three_players()
    offer(state, ["wool"], ["brick"])
    state.apply(1, {"type": "decline"})
    state.apply(2, {"type": "accept"})
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(0, {"type": "trade_with", "seat": 1})
    assert state.to_json() == before


def test_p5_the_trade_is_available_again_on_the_next_turn():
    state = scenario(2, hands=[hand(ore=1), hand(grain=1)], deck_top=["wool", "brick", "lumber"])
    offer(state, ["ore"], ["grain"])
    state.apply(1, {"type": "accept"})
    state.apply(0, {"type": "trade_with", "seat": 1})
    assert START not in state.legal_actions(0)
    state.apply(0, {"type": "end_turn"})  # seat 1's turn: its own one trade
    assert state.to_json()["trade_used"] is False and START in state.legal_actions(1)
    assert state.legal_actions(0) == [], "seat 0 may only answer, not start, a trade now"


def test_p5_refused_offer_steps_say_why():
    """Bad input gets a reason: a gift, the same type on both sides, cards one does not hold."""
    state = three_players()
    state.apply(0, START)
    with pytest.raises(IllegalAction, match="at least 1 card to give and 1 card to ask for"):
        state.apply(0, PROPOSE)
    state.apply(0, give("wool"))
    with pytest.raises(IllegalAction, match="same type on both sides"):
        state.apply(0, ask("wool"))
    state.apply(0, give("wool"))
    with pytest.raises(IllegalAction, match="no more wool to give"):
        state.apply(0, give("wool"))


# -- taking a card back out (issue 9: a card put into an offer could not be taken out) --------------

def test_a_card_put_into_the_offer_can_be_taken_out_again():
    state = three_players()
    state.apply(0, START)
    state.apply(0, give("wool"))
    state.apply(0, ask("brick"))
    legal = state.legal_actions(0)
    assert {"type": "offer_remove_give", "resource": "wool"} in legal
    assert {"type": "offer_remove_ask", "resource": "brick"} in legal
    assert {"type": "offer_remove_give", "resource": "ore"} not in legal, "only a card that is in the offer"
    state.apply(0, {"type": "offer_remove_give", "resource": "wool"})
    state.apply(0, give("ore"))
    state.apply(0, PROPOSE)
    assert state.log[-1]["give"] == ["ore"] and state.log[-1]["ask"] == ["brick"]


def test_a_card_put_into_a_counter_offer_can_be_taken_out_again():
    state = three_players()
    offer(state, ["wool"], ["brick"])
    state.apply(2, {"type": "counter"})
    state.apply(2, counter_give("brick"))
    state.apply(2, counter_give("brick"))
    state.apply(2, counter_ask("wool"))
    state.apply(2, {"type": "counter_remove_give", "resource": "brick"})
    state.apply(2, {"type": "counter_remove_ask", "resource": "wool"})
    assert {"type": "counter_remove_ask", "resource": "wool"} not in state.legal_actions(2)
    state.apply(2, counter_ask("grain"))
    state.apply(2, {"type": "submit_counter"})
    assert state.log[-1] == {"key": "catan.trade_countered", "seat": 2, "give": ["brick"], "ask": ["grain"]}


def test_taking_out_a_card_that_is_not_in_the_offer_is_refused_with_a_reason():
    state = three_players()
    state.apply(0, START)
    with pytest.raises(IllegalAction, match="no ore on the give side"):
        state.apply(0, {"type": "offer_remove_give", "resource": "ore"})
