import json
import socket

import pytest

from typer.testing import CliRunner

from gametable.cli import app

runner = CliRunner()


def test_simulate_json_reports_every_figure(toy_registered):
    result = runner.invoke(app, ["simulate", "--game", "toy", "--players", "3", "--games", "25", "--seed", "4", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert data["games"] == 25 and data["players"] == 3 and data["seed"] == 4
    assert sum(data["wins_per_seat"]) == 25  # the toy game always has exactly one winner
    assert data["games_without_winner"] == 0
    assert data["decisions"] >= 25 * 4  # a pile of 10 needs at least 5 takes, plus passes
    for key in ("seconds", "decisions_per_second", "games_per_second", "average_score_per_seat",
                "average_decisions_per_game"):
        assert key in data


def test_simulate_table_output(toy_registered):
    result = runner.invoke(app, ["simulate", "-g", "toy", "-p", "2", "-n", "5"])
    assert result.exit_code == 0, result.output
    assert "decisions per second" in result.stdout and "per seat" in result.stdout


def test_simulate_is_reproducible(toy_registered):
    runs = [json.loads(runner.invoke(app, ["simulate", "-g", "toy", "-p", "4", "-n", "10", "--json"]).stdout.splitlines()[-1])
            for _ in range(2)]
    assert runs[0]["wins_per_seat"] == runs[1]["wins_per_seat"]
    assert runs[0]["decisions"] == runs[1]["decisions"]


def test_unknown_game_says_which_exist(toy_registered):
    result = runner.invoke(app, ["simulate", "--game", "chess", "--players", "2"])
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.output and "toy" in result.output


def test_bad_player_count_and_option_are_clear_errors(toy_registered):
    result = runner.invoke(app, ["simulate", "-g", "toy", "-p", "9"])
    assert result.exit_code == 2 and "2 to 4 players" in result.output
    result = runner.invoke(app, ["simulate", "-g", "toy", "-p", "2", "--option", "pile=6"])
    assert result.exit_code == 2 and "cannot be 6" in result.output
    result = runner.invoke(app, ["simulate", "-g", "toy", "-p", "2", "--option", "pile"])
    assert result.exit_code == 2 and "key=value" in result.output


def test_play_in_terminal_to_the_end(toy_registered):
    # Always answer "1": take one token whenever possible, so the game must end.
    result = runner.invoke(app, ["play", "-g", "toy", "-p", "2", "--seed", "3"], input="1\n" * 50)
    assert result.exit_code == 0, result.output
    assert "Your choice" in result.output and "Final score" in result.output


def _one_line_error(result, *expected: str) -> str:
    """A refused command: exit code 2, one line that starts with "error:", no traceback."""
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit), result.exception  # not a crash
    assert "Traceback" not in result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    for text in expected:
        assert text in lines[0], (text, lines[0])
    return lines[0]


@pytest.mark.parametrize("args, expected", [
    (["play", "-g", "gwt", "--lang", "xx"], ["unknown language 'xx'", "--lang", "fa"]),
    (["play", "-g", "chess"], ["unknown game 'chess'", "gwt"]),
    (["play", "-g", "gwt", "-p", "5"], ["2 to 4 players, not 5"]),
    (["play", "-g", "gwt", "-p", "1"], ["2 to 4 players, not 1"]),
    (["play", "-g", "catan-on-the-road", "-o", "side=1"], ["unknown option(s) 'side'", "metropolis_side"]),
    (["play", "-g", "catan-on-the-road", "-o", "metropolis_side=[red]"], ["[red]"]),  # not markup
    (["play", "-g", "catan-on-the-road", "-o", "=x"], ["key=value"]),
    (["serve", "--database-url", "nonsense"], ["'nonsense' is not a database URL", "--database-url"]),
    (["serve", "--database-url", "mysql://user@host/db"], ["driver is not installed", "DATABASE_URL"]),
    (["serve", "--database-url", "sqlite:////proc/no-such-dir/tables.sqlite3"],
     ["cannot open the database", "--database-url"]),
    (["serve", "--log-level", "loud"], ["--log-level must be one of", "debug"]),
    (["serve", "--sqlite-sync", "half"], ["full or normal"]),
])
def test_bad_command_lines_get_a_one_line_error(args, expected, tmp_path, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    _one_line_error(runner.invoke(app, args), *expected)


def test_bad_database_url_in_the_environment_is_named_with_what_to_do(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgresql://nobody@127.0.0.1:1/nothing")
    line = _one_line_error(runner.invoke(app, ["serve"]), "cannot open the database", "DATABASE_URL")
    assert "postgresql" in line


def test_serve_on_a_port_in_use_says_so_before_starting(tmp_path):
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = runner.invoke(app, ["serve", "--port", str(port), "--database-url",
                                     f"sqlite:///{tmp_path / 'tables.sqlite3'}"])
    _one_line_error(result, f"cannot listen on 127.0.0.1:{port}", "in use", "--port")


@pytest.mark.parametrize("args, says", [
    (["play", "-g", "gwt", "-p", "many"], "'--players'"),
    (["play", "-g", "gwt", "--seed", "abc"], "'--seed'"),
    (["simulate", "-g", "gwt", "-p", "2", "-n", "0"], "'--games'"),
    (["serve", "--port", "70000"], "'--port'"),
    (["serve", "--port", "-1"], "'--port'"),
    (["serve", "--bot-pause", "-1"], "'--bot-pause'"),
    (["play", "--colour", "red"], "--colour"),
])
def test_malformed_options_are_named_by_the_usage_error(args, says):
    """Typer's own checks (types, ranges, unknown options): exit 2, the option named, no traceback."""
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.output
    assert says in result.output and "Traceback" not in result.output
