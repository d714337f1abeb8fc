"""The review of a finished game (gametable.review): its shape, its determinism, forced moves,
and a thrown-away score marked as a blunder."""

import pytest

from gametable.review import CannotReview, review_log
from gametable.review.game import kept_steps
from gametable.review.marks import mark
from gametable.review.sample_games import basic_game
from tests.review.helpers import small_budget, thrown_away_score

GAMES = ["gwt", "gwt-2e", "catan-on-the-road"]
SEAT_KEYS = {"accuracy", "inaccuracies", "mistakes", "blunders", "luck"}
DECISION_KEYS = {"seq", "seat", "played", "best", "loss_vp", "win_chance_before", "win_chance_after", "mark"}


def review(log, only=None, workers=1, seed=0):
    return review_log(log["game"], log["players"], log["seed"], log["options"], log["entries"],
                      budget=small_budget(log["game"].name), only=only, workers=workers, review_seed=seed)


@pytest.mark.parametrize("game_name", GAMES)
def test_review_has_the_apis_shape(game_name):
    log = basic_game(game_name, 2, seed=3)
    seqs = set(range(1, 25))
    progress = []
    result = review_log(log["game"], 2, log["seed"], {}, log["entries"], budget=small_budget(game_name),
                        only=seqs, on_progress=lambda done, total: progress.append((done, total)))
    assert set(result) == {"status", "progress", "seats", "decisions"}
    assert result["status"] == "done" and result["progress"] == 1.0
    assert len(result["seats"]) == 2 and all(set(seat) == SEAT_KEYS for seat in result["seats"])
    assert [d["seq"] for d in result["decisions"]] == sorted(seqs)
    assert progress[0] == (0, 24) and progress[-1] == (24, 24)
    for decision in result["decisions"]:
        assert set(decision) == DECISION_KEYS
        assert decision["seat"] == log["entries"][decision["seq"] - 1][0]
        assert decision["played"] == log["entries"][decision["seq"] - 1][1]
        assert decision["loss_vp"] >= 0
        assert decision["mark"] in (None, "inaccuracy", "mistake", "blunder")
        if decision["win_chance_before"] is not None:
            assert 0 <= decision["win_chance_after"] <= 1 and 0 <= decision["win_chance_before"] <= 1
    judged = [d for d in result["decisions"] if d["win_chance_before"] is not None]
    assert judged, "some decisions of the opening are not forced"
    for summary in result["seats"]:
        assert summary["accuracy"] is None or 0 <= summary["accuracy"] <= 100
        marked = [d["mark"] for d in result["decisions"] if d["seat"] == result["seats"].index(summary)]
        assert summary["blunders"] == marked.count("blunder") and summary["mistakes"] == marked.count("mistake")


def test_the_same_seed_gives_the_same_review_on_any_number_of_processes():
    log = basic_game("catan-on-the-road", 2, seed=5)
    seqs = set(range(1, 41))
    one = review(log, seqs, workers=1)
    assert review(log, seqs, workers=1) == one
    assert review(log, seqs, workers=2) == one
    other_seed = review(log, seqs, seed=1)
    assert [d["seq"] for d in other_seed["decisions"]] == [d["seq"] for d in one["decisions"]]


def test_a_forced_move_is_never_marked_and_costs_nothing():
    log = basic_game("gwt", 2, seed=2)
    state = log["game"].new(2, log["seed"])
    forced = []
    for seq, (seat, action) in enumerate(log["entries"], start=1):
        if len(state.legal_actions(seat)) == 1:
            forced.append(seq)
        state.apply(seat, action)
    assert len(forced) >= 5
    result = review(log, set(forced[:12]))
    for decision in result["decisions"]:
        assert decision["mark"] is None and decision["loss_vp"] == 0 and decision["best"] == decision["played"]
        assert decision["win_chance_before"] is None  # nothing to judge: not evaluated
    assert all(seat["accuracy"] is None for seat in result["seats"])  # no judged decision at all


@pytest.mark.parametrize("game_name", ["gwt", "gwt-2e"])
def test_throwing_away_a_clear_score_is_a_blunder(game_name):
    """A basic game where, at the last decision one choice scores 5 VP or more than another at
    once, among its last 12 actions (dropping a fulfilled objective instead of keeping it), the seat
    takes the poorer one; the review calls that a blunder and prefers a choice that scores."""
    seed, (seq, poor) = next((seed, found) for seed in range(6)
                             if (found := thrown_away_score(game_name, seed, gap=5)))
    log = basic_game(game_name, 2, seed, {seq: poor})
    (decision,) = review_log(log["game"], 2, seed, {}, log["entries"], only={seq})["decisions"]
    assert decision["played"] == poor and decision["best"] != poor
    assert decision["mark"] == "blunder"
    assert decision["loss_vp"] >= 4.8 and decision["win_chance_before"] >= decision["win_chance_after"]


def test_undone_actions_are_not_judged():
    entries = [(0, {"type": "a"}), (0, {"type": "b"}), (0, {"type": "@undo", "steps": 1}), (0, {"type": "c"}),
               (1, {"type": "d"}), (1, {"type": "e"}), (1, {"type": "@undo", "steps": 2}), (1, {"type": "f"})]
    assert kept_steps(entries) == {1, 4, 8}


def test_a_loss_within_the_noise_is_not_marked():
    # a drop of 0.4 (a blunder's size) measured with a standard error of 0.25 is no evidence
    assert mark(0.4, 0.25, 0.0, 0.0, scale=8) is None
    assert mark(0.4, 0.1, 0.0, 0.0, scale=8) == "blunder"
    # VP: 6 VP at scale 8 is a drop of 6/16 = 0.375 (blunder), 2 VP 0.125 (inaccuracy)
    assert mark(0.0, 0.0, 6.0, 1.0, scale=8) == "blunder"
    assert mark(0.0, 0.0, 2.0, 0.5, scale=8) == "inaccuracy"
    assert mark(0.0, 0.0, 6.0, 4.0, scale=8) is None


def test_a_game_without_a_search_cannot_be_reviewed(toy_registered):
    from gametable import games

    toy = games.get("toy")
    with pytest.raises(CannotReview, match="reviews catan-on-the-road, gwt, gwt-2e"):
        review_log(toy, 2, 0, {}, [])
