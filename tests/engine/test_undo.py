"""engine/undo.py: the undo window, undo entries in a log, and their replay."""

import pytest

from gametable.engine import IllegalAction, ReplayRefused, Timeline, replay, replay_steps, undo_entry
from gametable.engine.undo import bases_needed
from gametable.games import get
from tests.engine.toy_game import GAME as TOY

GWT = get("gwt")


def _first_moves(timeline, count):
    """Apply the first ``count`` legal actions of the seat to act; returns [(seat, action)]."""
    done = []
    for _ in range(count):
        seat = timeline.state.to_act()[0]
        action = timeline.state.legal_actions(seat)[0]
        timeline.apply(seat, action)
        done.append((seat, action))
    return done


def test_a_game_without_a_reveal_marker_lets_nothing_be_undone():
    timeline = Timeline(TOY.new(2, 5))
    seat = timeline.state.to_act()[0]
    timeline.apply(seat, {"type": "pass"})
    assert timeline.revealed
    with pytest.raises(IllegalAction, match="nothing to undo"):
        timeline.apply(seat, undo_entry())


def test_undo_entries_replay_to_the_same_position_and_the_same_object_is_not_reused():
    timeline = Timeline(GWT.new(2, 8))
    entries = _first_moves(timeline, 1)
    seat = entries[0][0]
    assert timeline.window.steps(seat) == 1
    before = timeline.state
    timeline.apply(seat, undo_entry())
    assert timeline.state is not before
    entries.append((seat, undo_entry()))
    entries += _first_moves(timeline, 1)
    positions = [s.to_json() for s in replay_steps(GWT, 2, 8, None, entries)]
    assert positions[2] == positions[0]  # the undo gives back the start
    assert replay(GWT, 2, 8, None, entries).to_json() == timeline.state.to_json()


def test_a_log_whose_undo_crosses_a_reveal_is_refused_at_its_step():
    timeline = Timeline(GWT.new(2, 8))
    seat = timeline.state.to_act()[0]
    entries = []
    while timeline.state.to_act() == [seat]:
        legal = timeline.state.legal_actions(seat)
        ending = [a for a in legal if a["type"] == "end_phase_b"]
        entries.append((seat, ending[0] if ending else legal[0]))
        timeline.apply(*entries[-1])
    entries.append((seat, undo_entry()))
    with pytest.raises(ReplayRefused) as refused:
        replay(GWT, 2, 8, None, entries)
    assert refused.value.step == len(entries) and "nothing to undo" in refused.value.reason


@pytest.mark.parametrize("entry", [{"type": "@undo", "steps": 0}, {"type": "@undo", "steps": "1"},
                                   {"type": "@undo", "steps": 1, "extra": 2}])
def test_a_malformed_undo_is_refused_and_changes_nothing(entry):
    timeline = Timeline(GWT.new(2, 8))
    seat = _first_moves(timeline, 1)[0][0]
    before = timeline.state.to_json()
    with pytest.raises(IllegalAction, match="@undo"):
        timeline.apply(seat, entry)
    assert timeline.state.to_json() == before and timeline.window.steps(seat) == 1


def test_several_steps_at_once_restart_the_turn_and_no_more_than_the_window_holds():
    timeline = Timeline(GWT.new(2, 8))
    start = timeline.state.to_json()
    seat = timeline.state.to_act()[0]
    for _ in range(3):  # three actions that reveal nothing, found by trying each on a copy
        for action in timeline.state.legal_actions(seat):
            trial = timeline.copy()
            trial.apply(seat, action)
            if trial.window.steps(seat) > timeline.window.steps(seat):
                timeline.apply(seat, action)
                break
    steps = timeline.window.steps(seat)
    assert steps >= 2
    with pytest.raises(IllegalAction, match=f"can take back {steps} actions now"):
        timeline.apply(seat, undo_entry(steps + 1))
    timeline.apply(seat, undo_entry(steps))
    assert timeline.state.to_json() == start


def test_a_replay_keeps_a_base_only_before_runs_that_an_undo_of_the_same_seat_ends():
    undo = undo_entry()
    act = {"type": "x"}
    entries = [(0, act), (1, act), (1, act), (1, undo), (0, act), (0, act)]
    assert bases_needed(entries) == [False, True, True, False, False, False]
    assert bases_needed(entries, keep_last=True) == [False, True, True, False, True, True]


def test_a_whole_replay_leaves_the_undo_window_and_reveal_flag_a_step_by_step_one_does():
    # replay_timeline_from reuses each action's reveal marker after it as the next one's before
    # it; a GWT game with undos wherever allowed must end in the same window as Timeline.apply
    import random

    from gametable import games
    from gametable.engine import Timeline, replay_timeline, undo_entry

    gwt = games.get("gwt")
    rnd = random.Random(7)
    live, log, undos = Timeline(gwt.new(2, 11)), [], 0
    while len(log) < 160 and not live.state.is_over():
        seat = live.state.to_act()[0]
        if live.window.steps(seat) and rnd.random() < 0.3:
            entry = undo_entry(rnd.randint(1, live.window.steps(seat)))
            undos += 1
        else:
            entry = rnd.choice(live.state.legal_actions(seat))
        log.append((seat, live.apply(seat, entry)))
        replayed = replay_timeline(gwt, 2, 11, None, log, keep_last=True)
        assert replayed.state.to_json() == live.state.to_json()
        assert (replayed.revealed, replayed.window.seat, replayed.window.actions) == \
            (live.revealed, live.window.seat, live.window.actions)
    assert undos >= 5
