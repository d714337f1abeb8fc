"""Moderation (issue 26; docs/server.md "Moderation"): reports keep their evidence, a blocked
player's chat is not handed to the blocker and cannot join the blocker's tables, a table's chat
muted for oneself, and the operator's `gametable admin` reviews reports and suspends players."""

from __future__ import annotations

import json
import time

from typer.testing import CliRunner

from gametable.cli import app as cli
from tests.server.helpers import Api


def _player(api: Api, name: str) -> str:
    answer = api.http.post("/api/me", json={"name": name})
    assert answer.status_code == 201, answer.text
    return answer.json()["id"]


def _chat(api: Api, table_id: str) -> list[str]:
    return [m["text"] for m in api.http.get(f"/api/tables/{table_id}/chat").json()["messages"]]


def _write(api: Api, table_id: str, text: str) -> dict:
    answer = api.http.post(f"/api/tables/{table_id}/chat", json={"text": text})
    assert answer.status_code == 201, answer.text
    return answer.json()


def test_a_blocked_players_chat_is_hidden_from_the_blocker_and_its_tables_closed_to_them(live):
    with Api(live.url) as ann, Api(live.url) as bob, Api(live.url) as eve, Api(live.url) as stranger:
        _player(ann, "Ann")
        bob_id = _player(bob, "Bob")
        _player(eve, "Eve")
        table = ann.create(players=3)
        bob.join(table["id"])
        _write(bob, table["id"], "hello <b>all</b>")
        _write(ann, table["id"], "hi Bob")
        assert _chat(ann, table["id"]) == ["hello <b>all</b>", "hi Bob"]
        assert ann.http.post("/api/me/blocks", json={"player_id": bob_id}).status_code == 204
        assert ann.http.get("/api/me/blocks").json() == {"blocks": [{"player_id": bob_id, "name": "Bob"}]}
        _write(bob, table["id"], "still here")
        assert _chat(ann, table["id"]) == ["hi Bob"]
        assert _chat(stranger, table["id"]) == ["hello <b>all</b>", "hi Bob", "still here"]
        # Bob cannot join a table Ann sits at; Eve can
        second = ann.create(players=3)
        refused = bob.http.post(f"/api/tables/{second['id']}/join", json={"name": "Bob"})
        assert refused.status_code == 403 and "not open to you" in refused.json()["detail"]
        eve.join(second["id"])
        assert ann.http.request("DELETE", f"/api/me/blocks/{bob_id}").status_code == 204
        bob.join(second["id"])
        assert _chat(ann, table["id"]) == ["hello <b>all</b>", "hi Bob", "still here"]


def test_a_muted_table_hands_its_reader_no_chat(live):
    with Api(live.url) as ann, Api(live.url) as bob:
        _player(ann, "Ann")
        _player(bob, "Bob")
        table = ann.create(players=2)
        bob.join(table["id"])
        _write(bob, table["id"], "one")
        assert ann.http.put(f"/api/me/muted/{table['id']}", json={"muted": True}).json() == {"muted": True}
        assert ann.http.get(f"/api/me/muted/{table['id']}").json() == {"muted": True}
        assert _chat(ann, table["id"]) == [] and _chat(bob, table["id"]) == ["one"]
        ann.http.put(f"/api/me/muted/{table['id']}", json={"muted": False})
        assert _chat(ann, table["id"]) == ["one"]


def test_a_report_keeps_its_evidence_and_the_operator_suspends_the_player(live, database_url):
    runner = CliRunner()
    with Api(live.url) as ann, Api(live.url) as bob:
        ann_id, bob_id = _player(ann, "Ann"), _player(bob, "Bob")
        table = ann.create(players=2)
        bob.join(table["id"])
        _write(ann, table["id"], "good luck")
        rude = _write(bob, table["id"], "something rude")
        _write(bob, table["id"], "and more")
        assert ann.http.post("/api/reports", json={"player_id": ann_id, "reason": "me"}).status_code == 400
        assert ann.http.post("/api/reports", json={"player_id": "nobody", "reason": "x"}).status_code == 404
        assert ann.http.post("/api/reports", json={"reason": "   "}).status_code == 422
        taken = ann.http.post("/api/reports", json={"table_id": table["id"], "chat_id": rude["id"],
                                                    "reason": "insults"})
        assert taken.status_code == 201, taken.text
        listed = runner.invoke(cli, ["admin", "reports", "--json", "--database-url", database_url])
        assert listed.exit_code == 0, listed.output
        [report] = [json.loads(line) for line in listed.output.splitlines()]
        assert report["reported_id"] == bob_id and report["reporter_id"] == ann_id
        evidence = report["evidence"]
        assert evidence["message"]["text"] == "something rude"
        assert [m["text"] for m in evidence["before"]] == ["good luck"]
        assert [m["text"] for m in evidence["after"]] == ["and more"]
        shown = runner.invoke(cli, ["admin", "reports", "--database-url", database_url],
                              env={"COLUMNS": "200"})
        assert "something rude" in shown.output and "insults" in shown.output
        suspended = runner.invoke(cli, ["admin", "suspend", "--reason", "insults", "--database-url",
                                        database_url, "--", bob_id])
        assert suspended.exit_code == 0, suspended.output
        for answer in (bob.http.get("/api/me"),
                       bob.http.post(f"/api/tables/{table['id']}/chat", json={"text": "hi"})):
            assert answer.status_code == 403 and "suspended" in answer.json()["detail"]
        link = runner.invoke(cli, ["admin", "suspend", "nobody", "--database-url", database_url])
        assert link.exit_code == 1 and "no player" in link.output
        closed = runner.invoke(cli, ["admin", "close", str(report["id"]), "--database-url", database_url])
        assert closed.exit_code == 0
        assert "No open reports" in runner.invoke(cli, ["admin", "reports", "--database-url", database_url]).output
        runner.invoke(cli, ["admin", "suspend", "--lift", "--database-url", database_url, "--", bob_id])
        assert bob.http.get("/api/me").status_code == 200


def test_a_blocked_players_message_is_not_sent_over_the_blockers_socket(live):
    with Api(live.url) as ann, Api(live.url) as bob:
        _player(ann, "Ann")
        bob_id = _player(bob, "Bob")
        table = ann.create(players=2)
        bob.join(table["id"])
        assert ann.http.post("/api/me/blocks", json={"player_id": bob_id}).status_code == 204
        with ann.socket(table["id"], table["token"]) as socket, bob.socket(table["id"]) as watcher:
            assert socket.recv()["type"] == "state" and watcher.recv()["type"] == "state"
            _write(bob, table["id"], "from Bob")
            _write(ann, table["id"], "from Ann")

            def chat_texts(sock, count: int) -> list[str]:
                texts = []
                while len(texts) < count:
                    message = sock.recv()
                    if message["type"] == "chat":
                        texts.append(message["message"]["text"])
                return texts

            # in order: Bob's message would have come first; Ann's socket gets hers only
            assert chat_texts(socket, 1) == ["from Ann"]
            assert chat_texts(watcher, 2) == ["from Bob", "from Ann"]  # a spectator reads both


def test_a_suspended_players_seat_token_acts_no_more(settings, monkeypatch, database_url):
    from gametable.server.rooms import moderation
    from tests.server.conftest import start_server

    monkeypatch.setattr(moderation, "SUSPENSIONS_REFRESH_SECONDS", 0.05)
    server = start_server(settings)
    try:
        with Api(server.url) as ann, Api(server.url) as bob:
            _player(ann, "Ann")
            bob_id = _player(bob, "Bob")
            table = ann.create(players=2)
            bob_token = bob.join(table["id"])["token"]
            ann.act_ok(table["id"], table["token"], 0, {"type": "take", "count": 1})
            result = CliRunner().invoke(cli, ["admin", "suspend", "--database-url", database_url, "--", bob_id])
            assert result.exit_code == 0, result.output
            bob.http.cookies.clear()  # only the seat token now (a client without the session)
            while bob_id not in server.manager.moderation.suspended:  # read again every 0.05 s
                time.sleep(0.01)
            answer = bob.act(table["id"], bob_token, 1, {"type": "take", "count": 1})
            assert answer.status_code == 403 and "suspended" in answer.json()["detail"]
            assert ann.table(table["id"])["seq"] == 1  # nothing was played
            chat = bob.http.post(f"/api/tables/{table['id']}/chat", headers={"Authorization": f"Bearer {bob_token}"},
                                 json={"text": "hi"})
            assert chat.status_code == 403 and "suspended" in chat.json()["detail"]
    finally:
        server.stop()
