import json

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
