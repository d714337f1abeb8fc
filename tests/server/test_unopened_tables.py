"""Fairness under floods (issue 29): a new table's bots wait until a person has opened it, so
that tables created by the hundred and never looked at cost their rows, not their bots' games."""

from __future__ import annotations

import time

from tests.server.helpers import auth


def _a_table_whose_bot_moves_first(api, live) -> dict:
    """CATAN: On the Road draws its start player: create until the bot's seat starts."""
    for _ in range(40):
        table = api.create(game="catan-on-the-road", players=2, bots=[1])
        hot = live.manager.tables[table["id"]]
        if hot.state.to_act() == [1]:
            return table
    raise AssertionError("the bot never drew the start")


def test_a_bot_that_starts_waits_until_a_person_opens_the_table(api, live):
    table = _a_table_whose_bot_moves_first(api, live)
    hot = live.manager.tables[table["id"]]
    time.sleep(0.5)  # the bot pause is 0 here: an unwaiting bot would have moved long ago
    assert hot.seq == 0 and hot.bot_task is None
    # the creator opens the table (its page reads the view): the bot plays
    assert api.http.get(f"/api/tables/{table['id']}", headers=auth(table["token"])).status_code == 200
    api.wait_until(table["id"], table["token"], lambda t: t["seq"] > 0)


def test_a_live_connection_opens_the_table_too(api, live):
    table = _a_table_whose_bot_moves_first(api, live)
    with api.socket(table["id"], table["token"]) as sock:
        sock.until(lambda m: m.get("type") == "state" and m["seq"] > 0)
