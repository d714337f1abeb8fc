"""Two actions for the same seq at once: exactly one is applied, the other is refused (409).

Within one process the table lock decides; between processes (two servers on one database)
only the (table_id, seq) key of the action log can, and it must.
"""

from __future__ import annotations

import threading

from tests.server.conftest import start_server
from tests.server.helpers import Api

ROUNDS = 10


def _race(calls):
    """Run the calls at the same moment from separate threads; return their responses."""
    barrier = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def run(i, call):
        barrier.wait()
        results[i] = call()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    return results


def _two_humans(api):
    table = api.create(players=2, options={"pile": 21})
    bob = api.join(table["id"])
    return table["id"], {0: table["token"], 1: bob["token"]}


def test_same_seq_twice_in_one_server_applies_exactly_once(api, live):
    tid, tokens = _two_humans(api)
    seq = 0
    for round_ in range(ROUNDS):
        seat = round_ % 2
        # The same seat sends two different actions for the same seq (say, from two tabs).
        responses = _race([
            lambda: api.act(tid, tokens[seat], seq, {"type": "take", "count": 1}),
            lambda: api.act(tid, tokens[seat], seq, {"type": "take", "count": 2}),
        ])
        codes = sorted(r.status_code for r in responses)
        assert codes == [200, 409], [r.text for r in responses]
        seq += 1
        assert api.table(tid)["seq"] == seq
    logged = live.manager.store.actions_after(tid, 0)
    assert [a.seq for a in logged] == list(range(1, ROUNDS + 1))
    # The table holds exactly what the log says.
    taken = sum(a.action["count"] for a in logged)
    assert api.table(tid)["view"]["pile"] == 21 - taken


def test_same_seq_in_two_server_processes_applies_exactly_once(settings):
    """Two servers share one database and both hold the table in memory; only the log decides."""
    first, second = start_server(settings), start_server(settings)
    try:
        with Api(first.url) as a, Api(second.url) as b:
            tid, tokens = _two_humans(a)
            b.table(tid)  # now hot in both processes
            seq = 0
            for round_ in range(ROUNDS):
                seat = round_ % 2
                responses = _race([
                    lambda: a.act(tid, tokens[seat], seq, {"type": "take", "count": 1}),
                    lambda: b.act(tid, tokens[seat], seq, {"type": "take", "count": 2}),
                ])
                codes = [r.status_code for r in responses]
                assert sorted(codes) == [200, 409], [r.text for r in responses]
                seq += 1
                # The winner applied its action; the loser threw its hot state away and
                # replayed the log, so both servers now show the same table.
                views = [server.table(tid) for server in (a, b)]
                assert views[0] == views[1] and views[0]["seq"] == seq
            logged = first.manager.store.actions_after(tid, 0)
            assert [x.seq for x in logged] == list(range(1, ROUNDS + 1))
            assert a.table(tid)["view"]["pile"] == 21 - sum(x.action["count"] for x in logged)
    finally:
        first.stop()
        second.stop()


def test_a_server_that_has_not_heard_of_a_commit_is_stopped_by_the_log(settings):
    """Server B still thinks the table is at seq 0 when A has committed seq 1: B's commit of
    another seq 1 must fail on the log's key, and B must rebuild rather than show its own."""
    first, second = start_server(settings), start_server(settings)
    try:
        with Api(first.url) as a, Api(second.url) as b:
            tid, tokens = _two_humans(a)
            assert b.table(tid)["seq"] == 0
            assert a.act_ok(tid, tokens[0], 0, {"type": "take", "count": 2}) == 1
            assert second.manager.tables[tid].seq == 0  # B has not heard (no fan-out here)
            response = b.act(tid, tokens[0], 0, {"type": "take", "count": 1})
            assert response.status_code == 409 and "took seq 1 first" in response.json()["detail"]
            assert b.table(tid) == a.table(tid)
            assert b.table(tid)["view"]["pile"] == 19
            # Seat 1 can go on through B with the seq it now sees.
            assert b.act_ok(tid, tokens[1], 1, {"type": "pass"}) == 2
    finally:
        first.stop()
        second.stop()
