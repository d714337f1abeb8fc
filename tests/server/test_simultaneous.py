"""Simultaneous decisions: several seats answer at once, each with the seq it saw.

The rule (docs/server.md, "seq"): an action sent with an older seq is applied only if the
sending seat's situation has not changed since that seq: the same legal actions at every seq
since, and no action of its own. So two seats answering the same CATAN trade offer both
apply; a decision made on a picture that really changed is refused (409); and the same
request sent twice applies once.
"""

from __future__ import annotations

from tests.server.test_concurrency import _race

GAME = "catan-on-the-road"


def _three_people_at_an_offer(api):
    """A 3-player CATAN table of people, the active seat having proposed a trade.

    Returns (table id, tokens by seat, active seat, seq of the open offer)."""
    table = api.create(game=GAME, players=3)
    tokens = {0: table["token"]}
    for _ in (1, 2):
        joined = api.join(table["id"])
        tokens[joined["seat"]] = joined["token"]
    tid = table["id"]
    snapshot = api.table(tid)
    active = snapshot["view"]["active_seat"]
    seq = snapshot["seq"]

    def step(kind: str) -> None:
        nonlocal seq
        legal = api.table(tid, tokens[active])["legal_actions"]
        action = next(a for a in legal if a["type"] == kind)
        seq = api.act_ok(tid, tokens[active], seq, action)

    step("start_trade")
    step("offer_give")
    step("offer_ask")
    step("propose")
    offer = api.table(tid)
    assert offer["view"]["trade"]["stage"] == "answer"
    assert sorted(offer["view"]["to_act"]) == sorted(s for s in tokens if s != active)
    return tid, tokens, active, seq


def test_two_seats_answering_one_offer_with_the_same_seq_both_apply(api):
    tid, tokens, active, seq = _three_people_at_an_offer(api)
    first, second = [s for s in sorted(tokens) if s != active]
    # Both saw the offer at `seq`; the second answer arrives after the first moved the seq on.
    assert api.act_ok(tid, tokens[first], seq, {"type": "decline"}) == seq + 1
    assert api.act_ok(tid, tokens[second], seq, {"type": "counter"}) == seq + 2
    answers = {a["seat"]: a["answer"] for a in api.table(tid)["view"]["trade"]["answers"]}
    assert answers == {first: "decline", second: "countering"}


def test_two_answers_racing_for_the_same_seq_both_apply(api):
    tid, tokens, active, seq = _three_people_at_an_offer(api)
    answering = [s for s in sorted(tokens) if s != active]
    responses = _race([lambda s=s: api.act(tid, tokens[s], seq, {"type": "decline"})
                       for s in answering])
    assert [r.status_code for r in responses] == [200, 200], [r.text for r in responses]
    assert sorted(r.json()["seq"] for r in responses) == [seq + 1, seq + 2]
    # Everyone declined: the trade is over and the active seat goes on.
    after = api.table(tid, tokens[active])
    assert after["seq"] == seq + 2 and after["view"]["trade"] is None
    assert after["view"]["to_act"] == [active]


def test_the_same_answer_sent_twice_with_one_seq_applies_once(api):
    tid, tokens, active, seq = _three_people_at_an_offer(api)
    first = next(s for s in sorted(tokens) if s != active)
    assert api.act_ok(tid, tokens[first], seq, {"type": "counter"}) == seq + 1
    # The seat acted since `seq`: its resent (or second-tab) request is stale.
    again = api.act(tid, tokens[first], seq, {"type": "counter"})
    assert again.status_code == 409, again.text
    assert "choices have changed" in again.json()["detail"]
    after = api.table(tid, tokens[first])
    assert after["seq"] == seq + 1
    # Countering once leaves the seat building its counter-offer, with other choices.
    assert {"seat": first, "answer": "countering", "give": [], "ask": []} in after["view"]["trade"]["answers"]
    assert {"type": "counter"} not in after["legal_actions"]


def test_a_decision_on_a_picture_that_changed_is_refused(api):
    """The active seat saw the offer pending (nothing to decide); once every answer is in, it
    has choices again, but an action sent with the old seq was decided before them: 409."""
    tid, tokens, active, seq = _three_people_at_an_offer(api)
    for s in sorted(tokens):
        if s != active:
            api.act_ok(tid, tokens[s], seq, {"type": "decline"})
    now = api.table(tid, tokens[active])
    assert {"type": "end_turn"} in now["legal_actions"]
    stale = api.act(tid, tokens[active], seq, {"type": "end_turn"})
    assert stale.status_code == 409, stale.text
    assert api.table(tid)["seq"] == seq + 2
    # With the seq it sees now, the same action is applied.
    assert api.act_ok(tid, tokens[active], now["seq"], {"type": "end_turn"}) == seq + 3


def test_a_turn_that_came_back_to_the_same_choices_is_still_a_new_decision(api):
    """In the toy game seat 0 has the same choices at seq 0 and seq 2 (a pile of 21 to take
    from); a request for seq 0 arriving at seq 2 was decided before seat 0's own move: 409."""
    table = api.create(players=2, options={"pile": 21})
    bob = api.join(table["id"])
    tid, tokens = table["id"], [table["token"], bob["token"]]
    first = api.table(tid, tokens[0])["legal_actions"]
    api.act_ok(tid, tokens[0], 0, {"type": "take", "count": 1})
    api.act_ok(tid, tokens[1], 1, {"type": "take", "count": 1})
    assert api.table(tid, tokens[0])["legal_actions"] == first
    stale = api.act(tid, tokens[0], 0, {"type": "take", "count": 1})
    assert stale.status_code == 409, stale.text
    assert api.table(tid)["seq"] == 2
