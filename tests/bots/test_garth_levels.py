"""The garth-* bot levels (issue 27; docs/bots.md "Garth"): their seats are Garth's in the engine
(the game option ``garth``, docs/engine-protocol.md) wherever a bot level is used."""

import json

from typer.testing import CliRunner

from gametable import bots
from gametable.cli import app
from gametable.games import get
from gametable.sim.arena import ArenaPlan

runner = CliRunner()


def test_table_options_give_the_garth_levels_seats_to_garth():
    assert bots.table_options("gwt", {"building_sides": "b"}, [None, "garth-very-hard"]) == {
        "building_sides": "b", "garth": {"1": "very-hard"}}
    assert bots.table_options("gwt-2e", {}, ["basic", "strong"]) == {}
    # a game Garth does not play: the options stay as they were, the level plays as basic
    assert bots.table_options("catan-on-the-road", {}, [None, "garth-easy"]) == {}
    assert bots.level_games("garth-hard") == ["gwt", "gwt-2e"] and bots.level_games("basic") is None


def test_garth_bot_plays_the_automa_action_and_basic_elsewhere():
    game = get("gwt-2e")
    state = game.new(2, 8, bots.table_options("gwt-2e", {}, ["garth-medium", "garth-medium"]))
    bot = bots.get("garth-medium", "gwt-2e", 3)
    assert bot.choose(state, state.current) == {"type": "garth"}
    plain = game.new(2, 8)  # no Garth seat: a person's seat handed to the table's bots
    assert bot.choose(plain, plain.current) in plain.legal_actions(plain.current)


def test_simulate_with_a_garth_level_saves_the_option_and_replays(tmp_path):
    saved = tmp_path / "garth.jsonl"
    result = runner.invoke(app, ["simulate", "-g", "gwt", "-p", "2", "-n", "2", "-b", "basic,garth-hard",
                                 "--save", str(saved), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["games"] == 2
    line = json.loads(saved.read_text().splitlines()[0])
    assert line["options"]["garth"] == {"1": "hard"}
    verified = runner.invoke(app, ["replay", str(saved), "--verify"])
    assert verified.exit_code == 0, verified.output


def test_arena_seats_garth_where_its_level_sits_in_each_rotation():
    plan = ArenaPlan(get("gwt-2e"), 2, ("basic", "garth-easy"), first_seed=1)
    for index in range(2):
        state, levels, _ = plan.played(index)
        garth_seat = levels.index("garth-easy")
        assert state.garth[garth_seat]["difficulty"] == "easy" and state.garth[1 - garth_seat] is None
        assert state.is_over()


def test_play_in_the_terminal_against_garth():
    result = runner.invoke(app, ["play", "-g", "gwt-2e", "-p", "2", "--seed", "3", "--bot", "garth-very-hard"],
                           input="1\n" * 400)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Final score" in result.output
