"""An operator replays a table from its log as the API serves it (`gametable replay log.json`)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from gametable.cli import app
from tests.server.helpers import play_to_end

runner = CliRunner()


def test_a_finished_tables_log_replays_and_verifies_in_the_cli(api, tmp_path):
    table = api.create(game="catan-on-the-road", players=2, bots=[1], name="Ann", bot_level="random")
    final = play_to_end(api, table["id"], {0: table["token"]}, seed=3)
    assert final["status"] == "finished"
    log = api.http.get(f"/api/tables/{table['id']}/log").json()
    path = tmp_path / "table-log.json"
    path.write_text(json.dumps(log, indent=2))  # as saved from a browser or curl, pretty-printed

    result = runner.invoke(app, ["replay", str(path), "--verify"])
    assert result.exit_code == 0, result.output
    assert "verified 1 of 1 games" in result.stdout

    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    total = len(log["actions"])
    last_mover = log["seats"][log["actions"][-1]["seat"]]["name"]  # the seats' names, as the table shows them
    assert f"Move {total} of {total} · {last_mover}" in result.stdout
    assert "Final score" in result.stdout


def test_a_running_tables_log_says_to_fetch_it_again_when_the_game_is_over(api, tmp_path):
    table = api.create(game="catan-on-the-road", players=2, bots=[1], name="Ann", bot_level="basic")
    path = tmp_path / "running.json"
    path.write_text(json.dumps(api.http.get(f"/api/tables/{table['id']}/log").json()))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"table '{table['id']}' is still playing" in result.output
    assert "fetch its log again" in result.output
