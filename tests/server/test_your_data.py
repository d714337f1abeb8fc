"""Your data (issue 26; docs/server.md "Your data"): a player downloads its finished games in
the saved-game format and `gametable replay --verify` replays each to its result; the operator's
`gametable export` writes the games between people with pseudonyms for every id, as JSON lines
and Parquet."""

from __future__ import annotations

import json

import pyarrow.parquet as pq
from typer.testing import CliRunner

from gametable.cli import app as cli
from gametable.server.game_export import pseudonym
from tests.server.helpers import Api, play_to_end

runner = CliRunner()
GAME = "catan-on-the-road"
SECRET = "a-secret-of-the-operator-0123456789"


def _player(api: Api, name: str) -> str:
    return api.http.post("/api/me", json={"name": name}).json()["id"]


def _finished_games(live):
    """Ann and Bob finish a game between them; Ann finishes one against a bot."""
    ann, bob = Api(live.url), Api(live.url)
    ann_id, bob_id = _player(ann, "Ann"), _player(bob, "Bob")
    people = ann.create(game=GAME, players=2, name="Ann")
    bob_seat = bob.join(people["id"])
    play_to_end(ann, people["id"], {0: people["token"], 1: bob_seat["token"]}, seed=5)
    with_bot = ann.create(game=GAME, players=2, bots=[1], name="Ann", bot_level="random")
    play_to_end(ann, with_bot["id"], {0: with_bot["token"]}, seed=6)
    return ann, bob, ann_id, bob_id, people, with_bot


def _table_pseudonym(secret: str, table_id: str) -> str:
    return pseudonym(secret.encode(), "table", table_id)


def _lines_of(export, tables: set[str]) -> list[dict]:
    rows = [json.loads(row) for row in (export / "games.jsonl").read_text().splitlines()]
    return [row for row in rows if row["table"] in tables]


def test_a_player_downloads_its_games_and_they_verify_and_the_open_dataset_hides_who(live, database_url, tmp_path):
    ann, bob, ann_id, bob_id, people, with_bot = _finished_games(live)
    try:
        answer = ann.http.get("/api/me/games.jsonl")
        assert answer.status_code == 200 and answer.headers["content-type"].startswith("application/x-ndjson")
        assert "attachment" in answer.headers["content-disposition"]
        lines = [json.loads(line) for line in answer.text.splitlines()]
        assert [line["table"] for line in lines] == [people["id"], with_bot["id"]]
        assert [s["you"] for s in lines[0]["seats"]] == [True, False]
        assert [s["name"] for s in lines[0]["seats"]] == ["Ann", "Bob"]
        saved = tmp_path / "mine.jsonl"
        saved.write_text(answer.text)
        verified = runner.invoke(cli, ["replay", str(saved), "--verify"])
        assert verified.exit_code == 0, verified.output
        assert "verified 2 of 2 games" in verified.stdout
        assert len(bob.http.get("/api/me/games.jsonl").text.splitlines()) == 1
        with Api(live.url) as stranger:
            assert stranger.http.get("/api/me/games.jsonl").status_code == 401

        exports = []
        for run, secret in enumerate((SECRET, SECRET, SECRET + "-other")):
            out = tmp_path / f"export-{run}"
            made = runner.invoke(cli, ["export", "--out", str(out), "--secret", secret,
                                       "--database-url", database_url])
            assert made.exit_code == 0, made.output
            exports.append(out)
        text = (exports[0] / "games.jsonl").read_text()
        # this test's tables only (the PostgreSQL schema holds the other tests' games too)
        ours = {_table_pseudonym(SECRET, t["id"]): t for t in (people, with_bot)}
        [line] = [json.loads(row) for row in text.splitlines()
                  if json.loads(row)["table"] in ours]  # the game against a bot is not in it
        assert ours[line["table"]] is people
        for secret_value in (ann_id, bob_id, people["id"], with_bot["id"], "Ann", "Bob"):
            assert secret_value not in text
        players = [seat["player"] for seat in line["seats"]]
        assert len(set(players)) == 2 and all(len(p) == 32 for p in players)
        [again] = _lines_of(exports[1], {line["table"]})
        [other] = _lines_of(exports[2], {_table_pseudonym(SECRET + "-other", people["id"])})
        assert [s["player"] for s in again["seats"]] == players  # stable with the same secret
        assert not {s["player"] for s in other["seats"]} & set(players)
        exported = tmp_path / "exported.jsonl"
        exported.write_text(json.dumps(line) + "\n")
        verified = runner.invoke(cli, ["replay", str(exported), "--verify"])
        assert verified.exit_code == 0, verified.output
        table = [row for row in pq.read_table(exports[0] / "games.parquet").to_pylist()
                 if row["table"] == line["table"]]
        assert len(table) == 1 and table[0]["seat_players"] == players
        assert json.loads(table[0]["actions"]) == line["actions"] and table[0]["game"] == GAME
        refused = runner.invoke(cli, ["export", "--out", str(tmp_path / "x"), "--secret", "short",
                                      "--database-url", database_url])
        assert refused.exit_code == 2 and "at least 16" in refused.output
    finally:
        ann.http.close()
        bob.http.close()
