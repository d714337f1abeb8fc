"""Saved games (simulate --save) read as training data: one sample per decision."""

from __future__ import annotations

import json

import numpy as np
import pytest

from gametable import games
from gametable.rl import encodings
from gametable.rl.dataset import decisions
from gametable.sim.runner import RunPlan
from gametable.sim.savefile import GameWriter, SavedGameError


def save(tmp_path, name, players, count=2):
    plan = RunPlan(games.get(name), players, 11, {}, ("basic",) + ("random",) * (players - 1),
                   record_actions=True)
    path = tmp_path / f"{name}.jsonl"
    with GameWriter(path) as writer:
        for index in range(count):
            writer.write(plan, plan.play(index))
    return path


@pytest.mark.parametrize("name,players", [("catan-on-the-road", 3), ("gwt", 2)])
def test_each_decision_is_what_the_seat_saw_the_choice_it_made_and_the_outcome(tmp_path, name, players):
    path = save(tmp_path, name, players)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    samples = list(decisions(path))
    assert len(samples) == sum(line["decisions"] for line in lines)
    encoding = encodings.get(name, players)
    for line in lines:
        mine = [s for s in samples if s.index == line["index"]]
        assert [s.step for s in mine] == list(range(1, line["decisions"] + 1))
        state = games.get(name).new(players, line["seed"], line["options"])
        for sample, (seat, action) in zip(mine, line["actions"]):
            view = state.view(seat)
            assert sample.seat == seat and sample.game == name
            assert sample.observation.dtype == np.float32 and sample.action_mask.dtype == np.int8
            assert sample.observation.tolist() == encoding.observe(view)
            assert sample.action_mask[sample.action] == 1
            assert encoding.action_for(view, state.legal_actions(seat), sample.action) == action
            assert sample.outcome == (1.0 if seat in line["result"]["winners"] else -1.0)
            state.apply(seat, action)


def test_a_sample_unpacks_as_observation_mask_action_outcome(tmp_path):
    path = save(tmp_path, "catan-on-the-road", 2, count=1)
    observation, mask, action, outcome, *_ = next(decisions(path))
    assert mask[action] == 1 and outcome in (1.0, -1.0) and observation.ndim == 1


def test_only_the_seats_asked_for(tmp_path):
    path = save(tmp_path, "catan-on-the-road", 2, count=1)
    assert {s.seat for s in decisions(path, seats={1})} == {1}


def test_an_action_in_another_order_is_the_engines_own(tmp_path):
    """GWT's buy cards and CATAN's pay cards are unordered lists: a hand-edited order still reads."""
    path = save(tmp_path, "catan-on-the-road", 2, count=6)
    for text in path.read_text().splitlines():
        line = json.loads(text)
        pays = [i for i, (_, action) in enumerate(line["actions"])
                if action["type"] == "pay" and len(set(action["cards"])) > 1]
        if pays:
            break
    assert pays, "a game has a payment of mixed cards"
    original = tmp_path / "original.jsonl"
    original.write_text(json.dumps(line) + "\n")
    line["actions"][pays[0]][1]["cards"].reverse()
    edited = tmp_path / "edited.jsonl"
    edited.write_text(json.dumps(line) + "\n")
    assert [s.action for s in decisions(edited)] == [s.action for s in decisions(original)]


def test_a_refused_action_names_the_file_line_and_step(tmp_path):
    path = save(tmp_path, "catan-on-the-road", 2, count=1)
    line = json.loads(path.read_text())
    line["actions"][3][1] = {"type": "build", "card": "castle"}
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(line) + "\n")
    with pytest.raises(SavedGameError, match=r"bad.jsonl line 1 step 4 of"):
        list(decisions(bad))
