"""engine.replay / replay_steps: every position of a logged game, and the step the engine refuses."""

import pytest

from gametable.engine import IllegalAction, ReplayRefused, replay, replay_steps
from tests.engine.toy_game import GAME as TOY

TAKE_ONE = {"type": "take", "count": 1}


def _log(n: int) -> list[tuple[int, dict]]:
    """The first n actions of a toy game where every seat takes one token in turn."""
    state, log = TOY.new(2, 5), []
    for _ in range(n):
        seat = state.to_act()[0]
        log.append((seat, TAKE_ONE))
        state.apply(seat, TAKE_ONE)
    return log


def test_replay_steps_gives_the_start_and_the_position_after_each_action():
    log = _log(4)
    piles = [state.to_json()["pile"] for state in replay_steps(TOY, 2, 5, None, log)]
    start = TOY.new(2, 5).to_json()["pile"]
    assert piles == [start, start - 1, start - 2, start - 3, start - 4]
    played = TOY.new(2, 5)
    for seat, action in log:
        played.apply(seat, action)
    assert replay(TOY, 2, 5, None, log).to_json() == played.to_json()


def test_a_refused_action_names_its_step_seat_and_reason():
    log = _log(3)
    wrong_seat = log[1][0] ^ 1
    log[1] = (wrong_seat, TAKE_ONE)  # not this seat's turn at step 2
    with pytest.raises(ReplayRefused) as caught:
        replay(TOY, 2, 5, None, log)
    refused = caught.value
    assert isinstance(refused, IllegalAction)
    assert (refused.step, refused.seat, refused.action) == (2, wrong_seat, TAKE_ONE)
    assert f"it is not seat {wrong_seat}'s turn" in refused.reason and str(refused).startswith("step 2: ")


def test_a_replay_from_a_stored_position_goes_on_as_the_full_replay_and_names_the_whole_logs_step():
    from gametable.engine import replay_timeline_from

    log = _log(6)
    stored = TOY.from_json(replay(TOY, 2, 5, None, log[:4]).to_json())
    assert replay_timeline_from(stored, log[4:]).state.to_json() == replay(TOY, 2, 5, None, log).to_json()
    stored = TOY.from_json(replay(TOY, 2, 5, None, log[:4]).to_json())
    bad = log[4:] + [(log[5][0], {"type": "take", "count": 99})]
    with pytest.raises(ReplayRefused) as refused:
        replay_timeline_from(stored, bad, first_step=5)
    assert refused.value.step == 7  # the seventh entry of the whole log
