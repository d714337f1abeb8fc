"""The review's blunders mean something: played on to the end in many fresh worlds, the choice the
review preferred does better than the played one (in the measure that gave the mark) at >= 90% of
the positions it calls a blunder (gametable.review.honesty; more samples in bench/review_honesty.py,
figures in docs/bots.md)."""

from gametable.review import review_log
from gametable.review.honesty import check_marks
from gametable.review.sample_games import basic_game, game_with_poor_moves, position

#: the last decisions of a game, where playing to the end is cheap (the CPU of the test stays small)
LAST = 90


def test_blunders_are_confirmed_by_play_to_the_end():
    verdicts = []
    for seed in range(6):
        length = len(basic_game("gwt", 2, seed)["entries"])
        log, poor = game_with_poor_moves("gwt", seed, poor_seat=seed % 2, every=2, from_seq=length - LAST)
        review = review_log(log["game"], 2, seed, {}, log["entries"], only=poor)
        positions = {seq: position(log, seq) for seq in poor}
        verdicts += check_marks(positions, review, "gwt", ("blunder",), worlds=64, seed=seed)
        if len(verdicts) >= 12:
            break
    assert len(verdicts) >= 10, "too few blunders to judge the marks by"
    confirmed = [v for v in verdicts if v.confirms]
    assert len(confirmed) >= 0.9 * len(verdicts), [v for v in verdicts if not v.confirms]
