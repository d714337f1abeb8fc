"""POST /api/tables/{id}/undo (issue 9): a person takes back its own actions of this turn, up to
the last thing revealed; the log stays append-only (an undo is an entry of its own), replays and
restarts reach the same position, and every seat's view follows."""

from __future__ import annotations

import asyncio

from gametable.engine import UNDO, replay
from gametable.games import get
from gametable.server.tables import TableManager
from tests.server.conftest import CATALOG
from tests.server.helpers import Api

GWT = get("gwt")


def _two_people(api: Api) -> tuple[str, list[str]]:
    table = api.create(game="gwt", players=2)
    bob = api.join(table["id"])
    return table["id"], [table["token"], bob["token"]]


def _first_move(snapshot: dict) -> dict:
    """A move of the herder: it reveals nothing."""
    return next(a for a in snapshot["legal_actions"] if a["type"] == "move")


def _stored(live, table_id: str) -> list[tuple[int, dict]]:
    return [(a.seat, a.action) for a in live.manager.store.actions_after(table_id, 0)]


def test_a_misclick_is_taken_back_for_every_seat_and_logged_as_an_entry_of_its_own(api, live):
    table_id, tokens = _two_people(api)
    start = [api.table(table_id, token) for token in tokens]
    seat = start[0]["view"]["to_act"][0]
    mover, other = tokens[seat], tokens[1 - seat]
    assert not start[seat]["can_undo"] and start[seat]["undo_steps"] == 0

    with api.socket(table_id, other) as sock:
        sock.until(lambda m: m.get("type") == "state")
        seq = api.act_ok(table_id, mover, 0, _first_move(start[seat]))
        moved = api.table(table_id, mover)
        assert moved["can_undo"] and moved["undo_steps"] == 1
        assert not api.table(table_id, other)["can_undo"]  # only the mover's own actions

        refused = api.undo(table_id, other, seq)
        assert refused.status_code == 409 and "nothing to undo" in refused.json()["detail"]

        response = api.undo(table_id, mover, seq)
        assert response.status_code == 200, response.text
        assert response.json() == {"seq": seq + 1}  # the log grew by the undo entry
        after = [api.table(table_id, token) for token in tokens]
        for was, now in zip(start, after):
            assert now["view"] == was["view"] and now["legal_actions"] == was["legal_actions"]
            assert now["seq"] == 2 and not now["can_undo"]
        # The other seat's socket follows: its log is cut back to the start's.
        update = sock.until(lambda m: m.get("type") == "state" and m["seq"] == 2)
        assert update["view"]["to_act"] == start[1 - seat]["view"]["to_act"]
        assert sock.log == after[1 - seat]["view"]["log"]

    stored = _stored(live, table_id)
    assert [action["type"] for _, action in stored] == ["move", UNDO]
    assert stored[1] == (seat, {"type": UNDO, "steps": 1})
    record = live.manager.tables[table_id].record
    assert replay(GWT, 2, record.seed, record.options, stored).view(seat) == after[seat]["view"]


def test_nothing_to_undo_stale_seq_and_undo_sent_as_an_action_are_refused(api):
    table_id, tokens = _two_people(api)
    snapshot = api.table(table_id, tokens[0])
    seat = snapshot["view"]["to_act"][0]
    mover = tokens[seat]
    assert api.undo(table_id, mover, 0).status_code == 409  # nothing done yet
    seq = api.act_ok(table_id, mover, 0, _first_move(api.table(table_id, mover)))
    assert api.undo(table_id, mover, seq, steps=2).status_code == 409  # one action only
    stale = api.undo(table_id, mover, seq - 1)
    assert stale.status_code == 409 and "stale seq" in stale.json()["detail"]
    as_action = api.act(table_id, mover, seq, {"type": UNDO, "steps": 1})
    assert as_action.status_code == 400 and "/undo" in as_action.json()["detail"]
    assert api.undo(table_id, None, seq).status_code == 401
    assert api.table(table_id, mover)["seq"] == seq  # nothing of that changed the table


def test_the_end_of_the_turn_draws_cards_so_nothing_before_it_can_be_undone(api):
    table_id, tokens = _two_people(api)
    seat = api.table(table_id, tokens[0])["view"]["to_act"][0]
    mover = tokens[seat]
    snapshot = api.table(table_id, mover)
    while snapshot["view"]["to_act"] == [seat]:
        legal = snapshot["legal_actions"]
        ending = [a for a in legal if a["type"] == "end_phase_b"]
        api.act_ok(table_id, mover, snapshot["seq"], ending[0] if ending else legal[0])
        snapshot = api.table(table_id, mover)
    assert not snapshot["can_undo"]
    refused = api.undo(table_id, mover, snapshot["seq"])
    assert refused.status_code == 409


def test_undo_entries_replay_after_a_restart_and_a_bot_goes_on_afterwards(api, live):
    table = api.create(game="gwt", players=2, bots=[1], bot_level="random")
    table_id, token = table["id"], table["token"]
    snapshot = api.wait_until(table_id, token, lambda s: s["legal_actions"])
    seq = api.act_ok(table_id, token, snapshot["seq"], _first_move(snapshot))
    before_undo = api.table(table_id, token)
    assert before_undo["can_undo"]
    # Two actions, then "restart the turn": both back at once.
    second = before_undo["legal_actions"][0]
    seq = api.act_ok(table_id, token, seq, second)
    steps = api.table(table_id, token)["undo_steps"]
    if steps == 2:
        seq = api.undo(table_id, token, seq, steps=2).json()["seq"]
        assert api.table(table_id, token)["view"] == snapshot["view"]
    else:  # the second action revealed something: undo is refused, the first stays
        assert api.undo(table_id, token, seq).status_code == 409
    hot = api.table(table_id, token)

    # A reload replays the log, undo entries included, to the same table.
    manager: TableManager = live.manager
    stored = _stored(live, table_id)
    record = manager.tables[table_id].record

    async def reloaded() -> dict:
        other = TableManager(manager.store, CATALOG)
        try:
            return await other.view(table_id, token)
        finally:
            await other.stop()

    again = asyncio.run(reloaded())
    assert again["view"] == hot["view"] and again["seq"] == hot["seq"] == len(stored)
    assert again["can_undo"] == hot["can_undo"] and again["undo_steps"] == hot["undo_steps"]
    assert replay(GWT, 2, record.seed, record.options, stored).view(0) == hot["view"]

    # The turn goes on to its end, and the bot then plays its own turn.
    while hot["view"]["to_act"] == [0]:
        legal = hot["legal_actions"]
        ending = [a for a in legal if a["type"] == "end_phase_b"]
        api.act_ok(table_id, token, hot["seq"], ending[0] if ending else legal[0])
        hot = api.table(table_id, token)
    api.wait_until(table_id, token, lambda s: s["legal_actions"])
    assert any(seat == 1 for seat, _ in _stored(live, table_id))


def test_another_process_follows_an_undo_and_takes_back_an_action_itself(store):
    """Two server processes on one store: an undo committed by one replays in the other (on
    loading and when catching up), and either can take back the seat's next action."""

    async def run() -> None:
        first, second = TableManager(store, CATALOG), TableManager(store, CATALOG)
        try:
            table, token = await first.create("gwt", 2, [], {}, "Ann")
            _, other = await first.join(table.id, "Bob")
            start = await first.view(table.id, token)
            seat = start["view"]["to_act"][0]
            mover = token if seat == 0 else other
            start = await first.view(table.id, mover)
            seq = await first.act(table.id, mover, start["seq"], _first_move(start))
            # The second process loads the table from the log and may undo at once.
            assert (await second.view(table.id, mover))["can_undo"]
            seq = await second.undo(table.id, mover, seq)
            await first.on_remote_change(table.id)
            for manager in (first, second):
                now = await manager.view(table.id, mover)
                assert now["view"] == start["view"] and now["seq"] == seq and not now["can_undo"]
            # An action caught up from the other process can be undone here too.
            seq = await first.act(table.id, mover, seq, _first_move(start))
            await second.on_remote_change(table.id)
            seq = await second.undo(table.id, mover, seq)
            await first.on_remote_change(table.id)
            assert (await first.view(table.id, mover))["view"] == start["view"]
            entries = [a.action["type"] for a in store.actions_after(table.id, 0)]
            assert entries == ["move", UNDO, "move", UNDO] and seq == 4
        finally:
            await first.stop()
            await second.stop()

    asyncio.run(run())


def test_an_undo_over_the_websocket_is_answered_as_over_http(api):
    """Issue 12: the browser sends its undo over its socket ({"type": "undo", "id", "seq"}): the
    same 409 and words as POST /undo while nothing may be undone, then "acted" with the new seq."""
    table_id, tokens = _two_people(api)
    start = [api.table(table_id, token) for token in tokens]
    seat = start[0]["view"]["to_act"][0]
    mover = tokens[seat]
    with api.socket(table_id, mover) as sock:
        sock.until(lambda m: m.get("type") == "state")
        over_http = api.undo(table_id, mover, 0)
        sock.send({"type": "undo", "id": "u1", "seq": 0})
        refused = sock.until(lambda m: m["type"] in ("acted", "refused", "error"))
        assert over_http.status_code == 409
        assert refused == {"type": "refused", "id": "u1", "status": 409,
                           "detail": over_http.json()["detail"]}

        seq = api.act_ok(table_id, mover, 0, _first_move(start[seat]))
        sock.send({"type": "undo", "id": "u2", "seq": seq})
        acted = sock.until(lambda m: m["type"] in ("acted", "refused", "error"))
        assert acted == {"type": "acted", "id": "u2", "seq": seq + 1}
    after = api.table(table_id, mover)
    assert after["view"] == start[seat]["view"] and not after["can_undo"]
