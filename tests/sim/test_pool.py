"""Runs spread over worker processes give the same games as one process."""

import pytest

from gametable import games
from gametable.sim.pool import play_all, worker_count
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
