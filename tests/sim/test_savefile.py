"""Saved games (simulate --save): each line replays to its result; bad lines are named exactly."""

import json

import pytest

from gametable import games
from gametable.engine import replay
from gametable.sim.runner import RunPlan
from gametable.sim.savefile import GameWriter, SavedGameError, game_line, read_games


@pytest.fixture
def saved_file(tmp_path):
    plan = RunPlan(games.get("catan-on-the-road"), 2, 5, {"metropolis_side": "B"}, ("basic", "random"),
                   record_actions=True)
    path = tmp_path / "run.jsonl"
    with GameWriter(path) as writer:
        for index in range(3):
            writer.write(plan, plan.play(index))
    return plan, path


def test_a_saved_line_holds_what_it_takes_to_replay_the_game(saved_file):
    plan, path = saved_file
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert [line["index"] for line in lines] == [0, 1, 2] and [line["seed"] for line in lines] == [5, 6, 7]
    for line in lines:
        assert line["game"] == "catan-on-the-road" and line["players"] == 2
        assert line["options"] == {"metropolis_side": "B"} and line["bots"] == ["basic", "random"]
        assert line["decisions"] == len(line["actions"])
        state = replay(games.get(line["game"]), line["players"], line["seed"], line["options"],
                       [(seat, action) for seat, action in line["actions"]])
        assert state.result() == line["result"]


def test_read_games_gives_them_back_and_each_replays_to_its_result(saved_file):
    _, path = saved_file
    saved = list(read_games(path))
    assert [game.index for game in saved] == [0, 1, 2]
    assert [game.source for game in saved] == [f"{path} line {n}" for n in (1, 2, 3)]
    assert all(game.mismatch() is None for game in saved)


def test_a_changed_result_is_a_mismatch_that_names_the_figure(saved_file, tmp_path):
    _, path = saved_file
    lines = path.read_text().splitlines()
    line = json.loads(lines[1])
    line["result"]["scores"][1]["total"] += 1
    changed = tmp_path / "changed.jsonl"
    changed.write_text("\n".join([lines[0], json.dumps(line), lines[2]]) + "\n")
    problems = [game.mismatch() for game in read_games(changed)]
    assert problems[0] is None and problems[2] is None
    assert f"{changed} line 2" in problems[1] and "result.scores[1].total" in problems[1]


def test_an_action_the_engine_refuses_names_file_line_and_step(saved_file, tmp_path):
    plan, path = saved_file
    line = game_line(plan, plan.play(0))
    line["actions"][4] = [line["actions"][4][0], {"type": "no_such_action"}]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(line) + "\n")
    (game,) = read_games(bad)
    with pytest.raises(SavedGameError, match=rf"{bad} line 1 step 5 of {len(line['actions'])}: the engine "
                                             r"refuses seat \d's action"):
        game.mismatch()


@pytest.mark.parametrize("content, expected", [
    ('\n[1, 2\n', "line 2 is not JSON (Expecting ',' delimiter at column 6)"),
    ('{"format":1,"game":"chess","players":2,"seed":1,"options":{},"actions":[],"result":{},"index":0,'
     '"bots":["random","random"]}\n', "line 1: unknown game 'chess'"),
    ('{"format":1,"game":"gwt","players":2,"options":{},"actions":[],"result":{},"index":0,"bots":[]}\n',
     "line 1: 'seed' must be a whole number, not missing"),
    ('{"format":1,"game":"gwt","players":"two","seed":1,"options":{},"actions":[],"result":{},"index":0,'
     '"bots":[]}\n', "line 1: 'players' must be a whole number, not \"two\""),
    ('{"format":9}\n', "line 1 has format 9, newer than this gametable reads"),
])
def test_bad_lines_are_named(tmp_path, content, expected):
    path = tmp_path / "games.jsonl"
    path.write_text(content)
    with pytest.raises(SavedGameError) as caught:
        list(read_games(path))
    assert expected in str(caught.value) and str(path) in str(caught.value)


def test_a_missing_file_says_what_to_give(tmp_path):
    with pytest.raises(SavedGameError, match="no such file; give the file `gametable simulate --save` wrote"):
        list(read_games(tmp_path / "nothing.jsonl"))


def test_the_writer_never_overwrites_a_run(saved_file):
    _, path = saved_file
    with pytest.raises(FileExistsError):
        GameWriter(path)
