"""The guided first games (gametable.learn): every written step is legal in the engine for the
guide's deal, so a change of the rules or the deal that breaks a guide fails here (then run
scripts/learn_guides.py again and look at the lessons' words)."""

from __future__ import annotations

import pytest

from gametable import games, i18n, learn
from gametable.bots.registry import get as get_bot

GUIDED = ["catan-on-the-road", "gwt", "gwt-2e"]
DOMAINS = {"gwt": "gwt", "gwt-2e": "gwt2e", "catan-on-the-road": "catan"}


def test_every_game_has_a_guide():
    assert learn.games() == sorted(games.names()) == GUIDED


@pytest.mark.parametrize("game_name", GUIDED)
def test_every_step_is_legal_for_the_guides_deal(game_name):
    guide = learn.guide(game_name)
    state = games.get(game_name).new(guide.players, guide.seed, guide.options)
    for seq, step in enumerate(guide.steps):
        assert state.to_act() == [step["seat"]], f"step {seq}: {state.to_act()} decide, not {step['seat']}"
        assert step["action"] in state.legal_actions(step["seat"]), f"step {seq}: {step['action']} is not legal"
        state.apply(step["seat"], step["action"])
    # the lesson ends on the learner's decision, with the game still running
    assert not state.is_over() and learn.LEARNER in state.to_act()


@pytest.mark.parametrize("game_name", GUIDED)
def test_a_lesson_is_ten_to_twenty_of_the_learners_choices_each_with_a_choice_beside_it(game_name):
    guide = learn.guide(game_name)
    steps = guide.lesson_steps()
    assert 10 <= len(steps) <= 20
    state = games.get(game_name).new(guide.players, guide.seed, guide.options)
    alone = 0
    for seq, step in enumerate(guide.steps):
        if step["seat"] == learn.LEARNER and len(state.legal_actions(learn.LEARNER)) == 1:
            alone += 1
        state.apply(step["seat"], step["action"])
    # most steps are real decisions (another legal choice the guide can explain away)
    assert alone <= len(steps) // 3


@pytest.mark.parametrize("game_name", GUIDED)
def test_the_guide_bot_plays_the_written_moves_and_the_basic_bot_after(game_name):
    guide = learn.guide(game_name)
    state = games.get(game_name).new(guide.players, guide.seed, guide.options)
    for seq, step in enumerate(guide.steps):
        if step["seat"] != learn.LEARNER:
            assert get_bot("guide", game_name, seq).choose(state, step["seat"]) == step["action"]
        state.apply(step["seat"], step["action"])
    # past the script: a legal move of the basic bot for whoever decides
    seq = len(guide.steps)
    while learn.LEARNER in state.to_act():  # the learner's turn, played by the basic bot
        state.apply(learn.LEARNER, get_bot("basic", game_name, seq).choose(state, learn.LEARNER))
        seq += 1
        assert seq < len(guide.steps) + 200
    seat = state.to_act()[0]
    assert get_bot("guide", game_name, seq).choose(state, seat) in state.legal_actions(seat)


@pytest.mark.parametrize("lang", sorted(i18n.LANGUAGES))
@pytest.mark.parametrize("game_name", GUIDED)
def test_every_lesson_has_its_words_and_its_why_in_every_language(game_name, lang):
    catalog = i18n.catalog(lang)
    domain = DOMAINS[game_name]
    for step in learn.guide(game_name).lesson_steps():
        for suffix in ("", ".why"):
            key = f"web.{domain}.learn.{step['lesson']}{suffix}"
            fallback = f"web.gwt.learn.{step['lesson']}{suffix}"
            assert key in catalog or (domain == "gwt2e" and fallback in catalog), (lang, key)
