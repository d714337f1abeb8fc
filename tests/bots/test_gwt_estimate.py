"""The GWT basic bot's estimate of final scores, which the search levels use where they cut an
imagined game off (docs/bots.md, "Search levels"): the final scoring (rules §11) applied now, plus
what the investments should still bring at the bot's own prices."""

import math

import pytest

from gametable import games
from gametable.bots.heuristics import gwt as bot
from gametable.bots.search import position_value
from gametable.games.gwt.editions import FIRST


def _fresh(game_name="gwt"):
    state = games.get(game_name).new(2, seed=7)
    for player in state.players:
        player.money = 0  # whole VP only: the estimate's money term is then 0
    return state


def _estimate_gain(state, change):
    before = bot.estimated_scores(state)
    change(state.players[0])
    after = bot.estimated_scores(state)
    assert after[1] == before[1]  # the other seat's estimate does not move
    return after[0] - before[0]


@pytest.mark.parametrize("game_name", ["gwt", "gwt-2e"])
def test_money_counts_at_the_bots_price_of_a_vp_not_the_final_five_dollars(game_name):
    state = _fresh(game_name)
    state.players[0].money = 14  # scores 2 VP at the end (§11: $5 per VP, rounded down)
    estimate = bot.estimated_scores(state)[0]
    assert estimate - state.provisional_scores()[0] == pytest.approx(14 / bot.ESTIMATE_VP - 2)


def test_a_hired_worker_is_worth_its_use_early_and_nothing_more_than_its_vp_at_the_end():
    state = _fresh()
    state.token_row = 1  # the job market token's first row: the whole game ahead
    gain = _estimate_gain(state, lambda p: p.workers.__setitem__(0, 2))
    assert gain == pytest.approx(bot.WORKER_USE["cowboy"] / bot.ESTIMATE_VP)

    state = _fresh()
    state.end_triggered = True
    # the second cowboy is no worker-VP space: nothing left to gain from him
    assert _estimate_gain(state, lambda p: p.workers.__setitem__(0, 2)) == 0


def test_investments_shrink_as_the_job_market_fills():
    gains = []
    for row in (1, 4, 7):
        state = _fresh()
        state.token_row = row
        gains.append(_estimate_gain(state, lambda p: p.workers.__setitem__(2, 3)))
    assert gains[0] > gains[1] > gains[2] > 0
    assert gains[0] == pytest.approx(2 * bot.WORKER_USE["engineer"] / bot.ESTIMATE_VP)


def test_kept_certificates_and_a_cleared_hand_disc_count():
    state = _fresh()
    state.token_row = 1
    assert _estimate_gain(state, lambda p: setattr(p, "cert", 2)) == pytest.approx(
        bot.CERTIFICATE * FIRST.CERT_TRACK[2] / bot.ESTIMATE_VP)
    hand = FIRST.G_HAND
    assert _estimate_gain(state, lambda p: p.discs.__setitem__(hand, p.discs[hand] - 1)) == pytest.approx(
        bot.HAND_DISC_USE / bot.ESTIMATE_VP)


@pytest.mark.parametrize("game_name", ["gwt", "gwt-2e"])
def test_a_permanent_certificate_is_worth_a_first_cowboy_early_and_only_its_delivery_share_late(game_name):
    """A station master's permanent certificate adds 1 to every later delivery (rules §7
    station masters, §9.4 certificate track): priced like a first cowboy over the game to come;
    once the end is triggered no delivery is left for it, so the estimate adds nothing beyond the
    scoring."""
    state = _fresh(game_name)
    state.token_row = 1
    gain = _estimate_gain(state, lambda p: setattr(p, "perm_certs", 1))
    assert gain == pytest.approx(bot.PERMANENT_CERTIFICATE_USE / bot.ESTIMATE_VP)
    assert gain == pytest.approx(bot.WORKER_USE["cowboy"] / bot.ESTIMATE_VP)

    state = _fresh(game_name)
    state.end_triggered = True
    assert _estimate_gain(state, lambda p: setattr(p, "perm_certs", 1)) == 0


def test_the_search_judges_an_unfinished_game_by_the_estimate_it_is_given():
    state = _fresh()
    assert not state.is_over()
    level = position_value(state, 0, 8.0)  # the scoring alone: both seats level
    assert level == pytest.approx(0.5)
    ahead = position_value(state, 0, 8.0, lambda s: [10.0, 2.0])
    behind = position_value(state, 1, 8.0, lambda s: [10.0, 2.0])
    assert ahead > 0.5 > behind
    assert ahead + behind == pytest.approx(1.0)


def test_with_an_own_score_weight_the_search_prefers_scoring_more_at_the_same_margin():
    """Two positions 8 VP ahead: judged by the margin alone they are worth the same; with part of
    the value given to the seat's own score above its root estimate, the richer one is worth
    more, by exactly that share of the squashed gain."""
    state = _fresh()
    poor, rich = (lambda s: [10.0, 2.0]), (lambda s: [20.0, 12.0])
    assert position_value(state, 0, 8.0, poor) == pytest.approx(position_value(state, 0, 8.0, rich))
    weighted_poor = position_value(state, 0, 8.0, poor, own_score_weight=0.6, own_baseline=10.0)
    weighted_rich = position_value(state, 0, 8.0, rich, own_score_weight=0.6, own_baseline=10.0)
    standing = 0.5 + 0.5 * math.tanh(8.0 / 8.0)
    assert weighted_poor == pytest.approx(0.4 * standing + 0.6 * 0.5)
    assert weighted_rich == pytest.approx(0.4 * standing + 0.6 * (0.5 + 0.5 * math.tanh(10.0 / 8.0)))
    assert weighted_rich > weighted_poor


@pytest.mark.parametrize("game_name", ["gwt", "gwt-2e"])
def test_the_holdings_the_estimate_prices_start_at_nothing_but_money_and_count_what_is_added(game_name):
    state = games.get(game_name).new(2, seed=7)
    held = bot.holdings(state, 0)
    assert held == {"cowboy": 0, "craftsman": 0, "engineer": 0, "engine": 0, "buildings": 0,
                    "hand_discs": 0, "herd": 0, "perm_certs": 0, "certificates": 0,
                    "money": state.players[0].money, "future": 1.0}
    player = state.players[0]
    player.workers[1] += 2
    player.cert = 3
    state.end_triggered = True
    held = bot.holdings(state, 0)
    assert (held["craftsman"], held["certificates"], held["future"]) == (2, FIRST.CERT_TRACK[3], 0.0)
