"""Runs spread over worker processes give the same games as one process."""

import pytest

from gametable import games
from gametable.sim.pool import in_order_of_failure, play_all, play_outcome, worker_count
from gametable.sim.runner import RunPlan, SimulationSummary, simulate


def _plan(game="catan-on-the-road", players=3, levels=("random", "basic", "random")):
    return RunPlan(games.get(game), players, 40, {}, levels, record_actions=True)


def test_two_workers_play_exactly_the_games_one_process_plays():
    plan = _plan()
    alone = list(play_all(plan, 9, workers=1))
    spread = sorted(play_all(plan, 9, workers=2), key=lambda record: record.index)
    assert [r.index for r in alone] == list(range(9))
    assert [r.seed for r in alone] == list(range(40, 49))
    assert spread == alone  # seeds, decisions, results and every action


def test_game_i_of_a_run_is_the_same_whichever_games_come_before():
    plan = _plan("gwt", 2, ("basic", "random"))
    assert plan.play(3) == list(play_all(plan, 4))[3]


def test_zero_workers_means_one_per_core_and_negative_is_refused(monkeypatch):
    monkeypatch.setattr("os.cpu_count", lambda: 6)
    assert worker_count(0) == 6 and worker_count(3) == 3
    with pytest.raises(ValueError, match="0 \\(one per CPU core\\) or more, not -2"):
        worker_count(-2)


def test_the_summary_does_not_depend_on_the_order_games_finish():
    plan = _plan("gwt", 3, ("random",) * 3)
    records = [plan.play(i) for i in range(6)]
    forward, backward = (SimulationSummary("gwt", 3, 40, ["random"] * 3) for _ in range(2))
    for record in records:
        forward.add(record)
    for record in reversed(records):
        backward.add(record)
    assert forward.to_json() == backward.to_json()


def test_average_per_category_and_win_rate_are_those_of_the_games():
    game = games.get("gwt")
    summary = simulate(game, 3, 5, seed=11, levels=["random"])
    data = summary.to_json()
    plan = RunPlan(game, 3, 11, {}, ("random",) * 3)
    results = [plan.play(i).result for i in range(5)]
    for category, averages in data["average_score_per_category"].items():
        for seat in range(3):
            expected = sum(r["scores"][seat]["breakdown"][category] for r in results) / 5
            assert averages[seat] == round(expected, 2), (category, seat)
    for seat in range(3):
        wins = sum(seat in r["winners"] for r in results)
        assert data["win_rate_per_seat"][seat] == round(wins / 5, 4)
    # the categories add up to the total (GWT's breakdown is its whole score)
    for seat in range(3):
        assert sum(a[seat] for a in data["average_score_per_category"].values()) == \
            pytest.approx(data["average_score_per_seat"][seat], abs=0.1)


class _FailsAt:
    """A plan whose games ``failing`` raise (naming their index); the others return it."""

    def __init__(self, failing: set[int]) -> None:
        self.failing = failing

    def play(self, index: int) -> int:
        if index in self.failing:
            raise RuntimeError(f"game {index} failed")
        return index


def test_the_failure_of_the_lowest_index_is_reported_whatever_order_the_games_finish_in():
    """A run in order stops at its first failing game; out of order (worker processes, a Ray
    cluster) the run waits for every game below a failure and reports the lowest one."""
    plan = _FailsAt({3, 7})
    outcomes = [play_outcome(plan, i) for i in (7, 5, 9, 3, 1, 0, 2, 4, 6, 8)]
    records = []
    with pytest.raises(RuntimeError, match="game 3 failed"):
        for record in in_order_of_failure(outcomes):
            records.append(record)
    assert records == []  # game 7 came first: nothing after a failure is passed on
    # the records before a failure are passed on, in the order they came
    assert list(in_order_of_failure(play_outcome(plan, i) for i in (2, 0, 1))) == [2, 0, 1]
    # game 7 failed with games 1-6 still out: nothing is raised while they may still come
    seen = []
    failing_late = in_order_of_failure(play_outcome(plan, i) for i in (7, 0, 1, 2, 3))
    with pytest.raises(RuntimeError, match="game 3 failed"):
        for record in failing_late:
            seen.append(record)
    assert seen == []


def test_two_workers_report_the_first_failing_game_of_the_run():
    with pytest.raises(RuntimeError, match="game 2 failed"):
        list(play_all(_FailsAt({2, 3, 4, 5}), 40, workers=2))
