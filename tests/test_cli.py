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


# -- simulate --workers / --save, replay ------------------------------------------------------------

from gametable import games as game_registry  # noqa: E402
from gametable import i18n  # noqa: E402
from gametable.sim.runner import TIMING_KEYS, RunPlan  # noqa: E402
from gametable.i18n import player_names  # noqa: E402


def _simulate_json(*args: str) -> dict:
    result = runner.invoke(app, ["simulate", *args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout.strip().splitlines()[-1])
    return {key: value for key, value in data.items() if key not in TIMING_KEYS}


def _saved_lines(path) -> list[dict]:
    return sorted((json.loads(line) for line in path.read_text().splitlines()), key=lambda line: line["index"])


@pytest.mark.parametrize("game, players", [("gwt", 3), ("catan-on-the-road", 4)])
def test_workers_give_the_summary_and_games_of_one_process(tmp_path, game, players):
    common = ["-g", game, "-p", str(players), "-n", "10", "-s", "21", "-b", "basic,random" + ",random" * (players - 2)]
    alone = _simulate_json(*common, "--save", str(tmp_path / "alone.jsonl"))
    spread = _simulate_json(*common, "--workers", "2", "--save", str(tmp_path / "spread.jsonl"))
    assert spread == alone
    assert alone["games"] == 10 and "average_score_per_category" in alone and "win_rate_per_seat" in alone
    assert _saved_lines(tmp_path / "spread.jsonl") == _saved_lines(tmp_path / "alone.jsonl")
    assert [line["seed"] for line in _saved_lines(tmp_path / "alone.jsonl")] == list(range(21, 31))


def test_workers_zero_is_one_per_core_and_a_negative_count_is_refused():
    assert _simulate_json("-g", "catan-on-the-road", "-p", "2", "-n", "3", "-w", "0")["games"] == 3
    _one_line_error(runner.invoke(app, ["simulate", "-g", "gwt", "-p", "2", "-w", "-1"]),
                    "--workers", "0 (one per CPU core) or more, not -1")


def test_simulate_table_shows_win_rate_and_score_per_category():
    result = runner.invoke(app, ["simulate", "-g", "gwt", "-p", "2", "-n", "3"])
    assert result.exit_code == 0, result.output
    assert "win %" in result.stdout and "average score per category" in result.stdout
    for category in ("cities", "objectives", "station_masters"):
        assert category in result.stdout


def test_save_keeps_the_games_finished_before_a_failure(tmp_path):
    # a limit the games before game `first_long` stay within, and game `first_long` exceeds
    plan = RunPlan(game_registry.get("catan-on-the-road"), 2, 2, {}, ("random", "random"))
    lengths = [plan.play(i).decisions for i in range(40)]
    first_long = next(i for i in range(2, 40) if lengths[i] > max(lengths[:i]))
    limit = max(lengths[:first_long])
    path = tmp_path / "run.jsonl"
    result = runner.invoke(app, ["simulate", "-g", "catan-on-the-road", "-p", "2", "-n", "40", "-s", "2",
                                 "--max-decisions", str(limit), "--save", str(path)])
    _one_line_error(result, f"seed {2 + first_long}: no result after {limit} decisions", str(path))
    assert [line["index"] for line in _saved_lines(path)] == list(range(first_long))


def test_save_refuses_to_overwrite_a_file(tmp_path):
    path = tmp_path / "run.jsonl"
    path.write_text("precious\n")
    _one_line_error(runner.invoke(app, ["simulate", "-g", "gwt", "-p", "2", "-n", "1", "--save", str(path)]),
                    "already exists", "new file name")
    assert path.read_text() == "precious\n"


@pytest.fixture
def saved_run(tmp_path):
    path = tmp_path / "run.jsonl"
    result = runner.invoke(app, ["simulate", "-g", "gwt", "-p", "2", "-n", "3", "-s", "8", "-w", "2",
                                 "--save", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return path


def _log_lines(line: dict, lang: str, after: int) -> list[str]:
    """The spectator's log after ``after`` actions of a saved game, as the catalogs word it."""
    state = game_registry.get(line["game"]).new(line["players"], line["seed"], line["options"])
    for seat, action in line["actions"][:after]:
        state.apply(seat, action)
    names = player_names(line["players"], -1, lang)
    return [i18n.describe(entry, lang, names) for entry in state.view(None)["log"]]


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_replay_shows_the_translated_log_up_to_the_step_asked(saved_run, lang):
    line = _saved_lines(saved_run)[1]
    result = runner.invoke(app, ["replay", str(saved_run), "--index", "1", "--to", "15", "--lang", lang])
    assert result.exit_code == 0, result.output
    shown = _log_lines(line, lang, 15)
    later = _log_lines(line, lang, len(line["actions"]))[len(shown):]
    output = _unwrapped(result.stdout)
    for sentence in shown:
        assert _unwrapped(sentence) in output
    assert _unwrapped(i18n.text("ui.replay.position", lang, n=15, total=len(line["actions"]))) in output
    assert _unwrapped(i18n.text("ui.replay.position", lang, n=16, total=len(line["actions"]))) not in output
    assert later and _unwrapped(later[-1]) not in output  # the end of the game is not shown


def _unwrapped(text: str) -> str:
    """Text with every run of white space as one space (Rich wraps long lines at spaces)."""
    return " ".join(text.split())


def test_replay_of_a_whole_game_ends_with_the_final_score(saved_run):
    result = runner.invoke(app, ["replay", str(saved_run)], terminal_width=400)
    assert result.exit_code == 0, result.output
    assert "Final score" in result.stdout
    first_line = json.loads(saved_run.read_text().splitlines()[0])  # no --index: the file's first game
    total = len(first_line["actions"])
    assert f"Move {total} of {total}" in result.stdout


def test_replay_step_by_step_stops_when_asked(saved_run):
    result = runner.invoke(app, ["replay", str(saved_run), "--step"], input="\n\nq\n", terminal_width=400)
    assert result.exit_code == 0, result.output
    assert "Move 3 of" in result.stdout and "Move 4 of" not in result.stdout
    assert result.stdout.count("Enter: next move") == 3


def test_verify_passes_a_good_file_and_names_a_changed_result(saved_run, tmp_path):
    result = runner.invoke(app, ["replay", str(saved_run), "--verify"])
    assert result.exit_code == 0, result.output
    assert "verified 3 of 3 games" in result.stdout and "each replays to its saved result" in result.stdout
    lines = saved_run.read_text().splitlines()
    changed = json.loads(lines[2])
    changed["result"]["scores"][0]["breakdown"]["cities"] -= 1
    bad = tmp_path / "changed.jsonl"
    bad.write_text("\n".join(lines[:2] + [json.dumps(changed)]) + "\n")
    for workers in ("1", "2"):
        result = runner.invoke(app, ["replay", str(bad), "--verify", "--workers", workers])
        assert result.exit_code == 1
        output = _unwrapped(result.output)
        assert f"{bad} line 3" in output and "result.scores[0].breakdown.cities" in output
        assert "1 of 3 games" in output and "Traceback" not in output


def test_replay_errors_name_file_line_and_step(saved_run, tmp_path):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n")
    _one_line_error(runner.invoke(app, ["replay", str(empty)]), str(empty), "holds no game")
    _one_line_error(runner.invoke(app, ["replay", str(empty), "--verify"]), str(empty), "holds no game")
    missing = tmp_path / "missing.jsonl"
    _one_line_error(runner.invoke(app, ["replay", str(missing)]), str(missing), "no such file")
    lines = saved_run.read_text().splitlines()
    not_json = tmp_path / "not-json.jsonl"
    not_json.write_text(lines[0] + "\n{oops\n")
    _one_line_error(runner.invoke(app, ["replay", str(not_json), "--verify"]), f"{not_json} line 2 is not JSON")
    unknown = tmp_path / "unknown.jsonl"
    unknown.write_text(lines[0].replace('"game":"gwt"', '"game":"chess"') + "\n")
    _one_line_error(runner.invoke(app, ["replay", str(unknown)]), f"{unknown} line 1: unknown game 'chess'")
    refused = json.loads(lines[0])
    refused["actions"][6][1] = {"type": "build", "where": "nowhere"}
    illegal = tmp_path / "illegal.jsonl"
    illegal.write_text(json.dumps(refused) + "\n")
    _one_line_error(runner.invoke(app, ["replay", str(illegal)], terminal_width=400),
                    f"{illegal} line 1 step 7 of", "the engine refuses", "changed since the game was saved")
    _one_line_error(runner.invoke(app, ["replay", str(saved_run), "--index", "9"]),
                    "--index 9", "0 to 2")
    _one_line_error(runner.invoke(app, ["replay", str(saved_run), "--to", "99999"]), "--to 99999", "actions")


def test_arena_plays_a_tiny_round_robin_and_rates_the_levels(toy_registered):
    result = runner.invoke(app, ["arena", "--game", "toy", "--bots", "basic,random", "--players", "2",
                                 "--games", "6", "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout.strip().splitlines()[-1])
    rows = {row["level"]: row for row in data["levels"]}
    assert set(rows) == {"basic", "random"} and data["games"] == 6
    # every game seats one of each (two line-up rotations per deal), so each level sat 6 times
    assert rows["basic"]["seats"] == rows["random"]["seats"] == 6
    assert 0 <= rows["basic"]["win_rate"] <= 1 and rows["basic"]["equal_share"] == 0.5
    # a pile of 10 needs at least 5 takes between the two seats
    assert rows["basic"]["decisions_per_game"] + rows["random"]["decisions_per_game"] >= 5
    for row in rows.values():
        low, high = row["rating_interval"]
        assert low < row["rating"] < high
        assert row["win_rate_ci95"][0] <= row["win_rate"] <= row["win_rate_ci95"][1]


def test_arena_shows_where_each_level_scores_by_category(toy_registered):
    """The arena adds up each level's scores per scoring category of the game's result (the toy
    game has one, `last_token`): the categories of a level add up to its average score."""
    result = runner.invoke(app, ["arena", "-g", "toy", "-b", "basic,random", "-n", "6", "-w", "1", "--json"])
    rows = json.loads(result.stdout.strip().splitlines()[-1])["levels"]
    for row in rows:
        assert list(row["average_breakdown"]) == ["last_token"]
        assert row["average_breakdown"]["last_token"] == pytest.approx(row["average_score"])
    assert sum(row["average_score"] for row in rows) == pytest.approx(1.0)  # one winner a game
    shown = runner.invoke(app, ["arena", "-g", "toy", "-b", "basic,random", "-n", "2", "-w", "1"],
                          terminal_width=100)
    assert shown.exit_code == 0 and "category" in shown.stdout and "last_token" in shown.stdout


def test_arena_table_and_reproducibility(toy_registered):
    args = ["arena", "-g", "toy", "-b", "basic,random", "-n", "4", "-w", "1", "--json"]
    first, again = (json.loads(runner.invoke(app, args).stdout.strip().splitlines()[-1]) for _ in range(2))
    for row in first["levels"] + again["levels"]:
        del row["ms_per_decision"]  # a measurement: the only figure that may differ
    assert first == again
    shown = runner.invoke(app, ["arena", "-g", "toy", "-b", "basic,random", "-n", "2", "-w", "1"])
    assert shown.exit_code == 0 and "basic" in shown.stdout and "random" in shown.stdout


def test_arena_refuses_a_single_level_or_an_unknown_one(toy_registered):
    alone = runner.invoke(app, ["arena", "-g", "toy", "-b", "basic", "-n", "2"])
    assert alone.exit_code != 0 and "two different bot levels" in alone.output
    unknown = runner.invoke(app, ["arena", "-g", "toy", "-b", "basic,grandmaster", "-n", "2"])
    assert unknown.exit_code != 0 and "grandmaster" in unknown.output


def test_serve_with_several_workers_needs_postgresql_and_redis(tmp_path, monkeypatch):
    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    result = runner.invoke(app, ["serve", "--workers", "2", "--database-url",
                                 f"sqlite:///{tmp_path / 'tables.sqlite3'}"])
    _one_line_error(result, "--workers 2", "DATABASE_URL=postgresql://", "REDIS_URL=redis://")


@pytest.mark.parametrize("bad", ["https://a.example:8000", "http://a.example:8000/sub", "a.example:8000",
                                 "http://user@a.example:8000"])
def test_an_internal_url_that_is_not_plain_http_host_port_is_refused(bad):
    from gametable.server.config import Settings, SettingError

    with pytest.raises(SettingError, match="GAMETABLE_INTERNAL_URL"):
        Settings(database_url="sqlite://", internal_url=bad)
    assert Settings(database_url="sqlite://", internal_url="http://10.0.0.5:8001/").internal_url == "http://10.0.0.5:8001"


@pytest.mark.parametrize("host, expected", [("127.0.0.1", "http://127.0.0.1:8123"), ("0.0.0.0", "http://127.0.0.1:8123"),
                                            ("10.1.2.3", "http://10.1.2.3:8123"), ("::", "http://[::1]:8123")])
def test_the_internal_url_defaults_to_where_the_server_listens(host, expected):
    from gametable.cli import _internal_url

    assert _internal_url(host, 8123) == expected


def test_serve_options_and_settings_name_the_same_variables():
    """An option of `serve` that is also a setting is read from the variable Settings.from_env
    reads (the option names it again), and the settings' messages (config._OPTIONS) name exactly
    these options."""
    import typer.main

    from gametable.server import config

    serve = typer.main.get_command(app).commands["serve"]
    settings = {param.name: param.envvar for param in serve.params if param.name in config._ENVIRONMENT}
    assert set(settings) == config._OPTIONS
    assert settings == {name: config._ENVIRONMENT[name][0] for name in settings}
