"""`gametable analyze`: the review of a saved game from the command line."""

import json

import pytest
from typer.testing import CliRunner

from gametable.cli import app
from gametable.review import budget as review_budgets
from tests.review.helpers import small_budget

runner = CliRunner()


@pytest.fixture
def saved_catan(tmp_path, monkeypatch):
    """Two saved games of basic bots, reviewed at a small budget (the CLI's work, not the judging)."""
    monkeypatch.setitem(review_budgets.REVIEW_BUDGETS, "catan-on-the-road", small_budget("catan-on-the-road"))
    path = tmp_path / "run.jsonl"
    result = runner.invoke(app, ["simulate", "-g", "catan-on-the-road", "-p", "2", "-n", "2", "--seed", "4",
                                 "--bots", "basic,random", "--save", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return path


def test_analyze_prints_the_review_as_json_and_draws_it(saved_catan, tmp_path):
    plot = tmp_path / "review.png"
    result = runner.invoke(app, ["analyze", str(saved_catan), "--index", "1", "--json", "--plot", str(plot),
                                 "--workers", "1"])
    assert result.exit_code == 0, result.output
    review = json.loads(result.stdout.strip().splitlines()[-1])
    assert review["status"] == "done" and len(review["seats"]) == 2
    lines = saved_catan.read_text().splitlines()
    assert len(review["decisions"]) == len(json.loads(lines[1])["actions"])  # the game of index 1, all of it
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_analyze_shows_seats_and_marked_decisions_in_words(saved_catan):
    result = runner.invoke(app, ["analyze", str(saved_catan), "--workers", "1"], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "accuracy" in result.stdout and "seat 1 (random)" in result.stdout
    review = json.loads(runner.invoke(app, ["analyze", str(saved_catan), "--json", "--workers", "1"]).stdout)
    if any(d["mark"] for d in review["decisions"]):
        assert "Marked decisions" in result.stdout and '{"type"' not in result.stdout  # words, not JSON
    else:
        assert "no decision marked" in result.stdout


def test_analyze_refuses_what_it_cannot_review(saved_catan, tmp_path, monkeypatch):
    result = runner.invoke(app, ["analyze", str(tmp_path / "missing.jsonl")])
    assert result.exit_code == 2 and "no such file" in result.output
    result = runner.invoke(app, ["analyze", str(saved_catan), "--index", "9"])
    assert result.exit_code == 2 and "--index 9" in result.output
    unfinished = tmp_path / "unfinished.jsonl"
    line = json.loads(saved_catan.read_text().splitlines()[0])
    line["actions"] = line["actions"][:10]
    unfinished.write_text(json.dumps(line) + "\n")
    result = runner.invoke(app, ["analyze", str(unfinished)])
    assert result.exit_code == 2 and "not over" in result.output and "finished game" in result.output
    monkeypatch.setitem(__import__("sys").modules, "matplotlib", None)
    result = runner.invoke(app, ["analyze", str(saved_catan), "--plot", str(tmp_path / "x.png")])
    assert result.exit_code == 2 and "--plot needs matplotlib" in result.output
