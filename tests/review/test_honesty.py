"""The review's blunders mean something: played on to the end in many fresh worlds, the choice the
review preferred does better than the played one (in the measure that gave the mark) at >= 90% of
the positions it calls a blunder (gametable.review.honesty; more samples in bench/review_honesty.py,
figures in docs/bots.md). Marks that were noise would hold about half the time."""

from gametable.review import review_log
from gametable.review.honesty import check_marks
from gametable.review.sample_games import basic_game, game_with_poor_moves, position

#: the last decisions of a GWT game, where playing to the end is cheap (the CPU of the test stays small)
LAST = 90


def _blunder_verdicts(game_name: str, from_seq, enough: int) -> list:
    """The check's verdicts on the blunders of games with poor moves (seeds 0, 1, ...), until
    ``enough`` of them; ``from_seq(seed)``: where the poor moves start."""
    verdicts = []
    for seed in range(12):
        log, poor = game_with_poor_moves(game_name, seed, poor_seat=seed % 2, every=2, from_seq=from_seq(seed))
        review = review_log(log["game"], 2, seed, {}, log["entries"], only=poor)
        positions = {seq: position(log, seq) for seq in poor}
        verdicts += check_marks(positions, review, game_name, ("blunder",), worlds=64, seed=seed)
        if len(verdicts) >= enough:
            break
    return verdicts


def _assert_confirmed(verdicts: list) -> None:
    assert len(verdicts) >= 10, "too few blunders to judge the marks by"
    confirmed = [v for v in verdicts if v.confirms]
    assert len(confirmed) >= 0.9 * len(verdicts), [v for v in verdicts if not v.confirms]


def test_blunders_are_confirmed_by_play_to_the_end():
    _assert_confirmed(_blunder_verdicts("gwt", lambda seed: len(basic_game("gwt", 2, seed)["entries"]) - LAST, 12))


def test_catan_blunders_are_confirmed_by_play_to_the_end():
    # A CATAN game of basic bots is short (45-110 actions) and cheap to play to the end: poor moves
    # from its first decision on, mostly a turn ended where the bot would have built.
    _assert_confirmed(_blunder_verdicts("catan-on-the-road", lambda seed: 1, 10))
