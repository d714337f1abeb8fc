"""The second edition in the terminal and the command line: a whole game played with the Simmental
variant, `simulate` and `replay` of saved games (reference § all)."""

import json

from typer.testing import CliRunner

from gametable.cli import app

runner = CliRunner()


def test_a_whole_second_edition_game_in_the_terminal():
    # Always answer "1" (the first choice); the basic bot plays the other seat.
    result = runner.invoke(app, ["play", "-g", "gwt-2e", "-p", "2", "--seed", "3", "-o", "simmental=on",
                                 "--bot", "basic"], input="1\n" * 400)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Final score" in result.output and "Exchange tokens" in result.output
    assert "Simmental stacks" in result.output and "teepee" not in result.output


def test_simulate_and_replay_know_the_second_edition(tmp_path):
    saved = tmp_path / "games.jsonl"
    result = runner.invoke(app, ["simulate", "-g", "gwt-2e", "-p", "3", "-n", "2", "-o", "simmental=on",
                                 "--save", str(saved), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["games"] == 2 and summary["games_without_winner"] == 0
    lines = [json.loads(line) for line in saved.read_text().splitlines()]
    assert [line["game"] for line in lines] == ["gwt-2e", "gwt-2e"]
    verified = runner.invoke(app, ["replay", str(saved), "--verify"])
    assert verified.exit_code == 0, verified.output
    shown = runner.invoke(app, ["replay", str(saved), "--index", "1", "--lang", "es"])
    assert shown.exit_code == 0 and "vaquero" in shown.output, shown.output[-1500:]
