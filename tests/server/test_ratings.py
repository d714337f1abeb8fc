"""Ratings (issue 8): who is rated, and the finishing places a game's result gives."""

from __future__ import annotations

from gametable.server.ratings import (displayed, finishing_ranks, new_skill, provisional, rated_players,
                                      updated)
from gametable.server.store import SeatRecord


def _result(winners, totals):
    return {"winners": winners, "scores": [{"seat": s, "total": t, "breakdown": {}} for s, t in enumerate(totals)]}


def test_winners_come_first_then_the_others_by_score_with_ties_sharing_a_place():
    # seat 2 won a tie-break against seat 0 (same total); seats 1 and 3 tie below
    assert finishing_ranks(_result([2], [9, 4, 9, 4]), 4) == [2, 3, 1, 3]
    # two winners share first place
    assert finishing_ranks(_result([0, 1], [7, 7, 3]), 3) == [1, 1, 2]


def test_only_games_of_distinct_signed_in_people_are_rated():
    person = lambda seat, player: SeatRecord(seat, "human", "x", "h", player)  # noqa: E731
    assert rated_players([person(0, "a"), person(1, "b")]) == ["a", "b"]
    assert rated_players([person(0, "a"), SeatRecord(1, "bot", "", None)]) is None      # a bot
    assert rated_players([person(0, "a"), person(1, None)]) is None                       # a token-only seat
    assert rated_players([person(0, "a"), person(1, "a")]) is None                        # one player, two seats
    assert rated_players([person(0, "a")]) is None                                        # alone


def test_a_win_raises_the_winner_above_the_loser_and_a_draw_keeps_them_level():
    start = new_skill()
    winner, loser = updated([start, start], [1, 2])
    assert winner.mu > start.mu > loser.mu and winner.shown > loser.shown
    level = updated([start, start], [1, 1])
    assert abs(level[0].mu - level[1].mu) < 1e-9 and level[0].sigma < start.sigma


def test_the_displayed_rating_is_1500_for_a_new_player_and_48_points_per_unit_of_mu():
    # issue 24: pages showed OpenSkill's ordinal (-1.8 after one loss)
    assert new_skill().displayed == 1500
    assert displayed(25 + 25 / 6) == 1700  # one beta of skill: 200 points, as Elo's 76% gap
    assert displayed(20) == 1260
    winner, loser = updated([new_skill(), new_skill()], [1, 2])
    assert winner.displayed > 1500 > loser.displayed
    assert winner.displayed - 1500 == 1500 - loser.displayed


def test_a_rating_is_provisional_until_five_rated_games():
    assert [provisional(games) for games in (0, 1, 4, 5, 40)] == [True, True, True, False, False]
