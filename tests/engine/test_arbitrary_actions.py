"""Any JSON-ish value handed to ``apply`` is refused with IllegalAction and changes nothing,
for every game, at random positions of random games (engine protocol: illegal actions)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gametable import games as registry
from gametable.bots import RandomBot
from gametable.engine import IllegalAction

GAMES = registry.names()

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=-2**70, max_value=2**70),
    st.floats(allow_nan=True), st.text(max_size=12),
    st.sampled_from(["brick", "ore", "wool", "grain", "lumber", "road", "city", "end_turn", "pay",
                     "build", "move", "buy", "sell", "cow", ""]),
)
junk = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)


def _position(game_name: str, players: int, seed: int, steps: int):
    """A game after ``steps`` random decisions (fewer if it ends first)."""
    game = registry.get(game_name)
    players = max(game.min_players, min(game.max_players, players))
    state = game.new(players, seed)
    bot = RandomBot(seed)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.to_act()[0]
        state.apply(seat, bot.choose(state, seat))
    return state


def _tampered(state, seat, data):
    """Actions that look like the seat's legal ones but are not: keys changed, added or dropped."""
    legal = state.legal_actions(seat)
    if not legal:
        return []
    base = dict(data.draw(st.sampled_from(legal)))
    out = []
    extra = dict(base, **{data.draw(st.text(min_size=1, max_size=8)): data.draw(junk)})
    out.append(extra)
    for key in [k for k in base if k != "type"]:
        out.append({k: v for k, v in base.items() if k != key})
        out.append(dict(base, **{key: data.draw(junk)}))
    return out


@pytest.mark.parametrize("game_name", GAMES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), players=st.integers(2, 4), seed=st.integers(0, 2**31),
       steps=st.integers(0, 150))
def test_arbitrary_actions_are_refused_and_change_nothing(game_name, data, players, seed, steps):
    state = _position(game_name, players, seed, steps)
    if state.is_over():
        return
    seat = data.draw(st.sampled_from(state.to_act()))
    legal = state.legal_actions(seat)
    candidates = [
        data.draw(junk),  # anything at all, usually not even an object
        data.draw(st.dictionaries(st.text(max_size=8), junk, max_size=5)),
        {"type": data.draw(junk)},
        dict(data.draw(st.dictionaries(st.text(max_size=8), junk, max_size=4)),
             type=data.draw(st.sampled_from(sorted({a["type"] for a in legal}) or ["end_turn"]))),
        *_tampered(state, seat, data),
    ]
    before = json.dumps(state.to_json(), sort_keys=True)
    for action in candidates:
        if action in legal:
            continue  # junk that happens to equal a legal action is legal
        with pytest.raises(IllegalAction) as refused:
            state.apply(seat, action)
        assert str(refused.value), action
        assert json.dumps(state.to_json(), sort_keys=True) == before, action
    other_seat = data.draw(st.one_of(junk, st.integers(-3, 6)))
    if other_seat not in state.to_act() or type(other_seat) is not int:
        with pytest.raises(IllegalAction):
            state.apply(other_seat, legal[0])  # not a seat that may act now
        assert json.dumps(state.to_json(), sort_keys=True) == before
    # the state still works: a legal action is accepted after all the refusals
    state.apply(seat, legal[0])


def _lookalike(value):
    """A value equal to ``value`` in Python but of another JSON type: True for 1, 2.0 for 2."""
    if isinstance(value, bool) or not isinstance(value, int):
        return value
    if value in (0, 1):
        return bool(value)
    return float(value)


@pytest.mark.parametrize("game_name", GAMES)
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**31), steps=st.integers(0, 150))
def test_an_action_equal_to_a_legal_one_is_applied_as_the_legal_one(game_name, data, seed, steps):
    state = _position(game_name, 3, seed, steps)
    if state.is_over():
        return
    seat = state.to_act()[0]
    legal = data.draw(st.sampled_from(state.legal_actions(seat)))
    lookalike = {key: _lookalike(value) for key, value in legal.items()}
    expected = state.clone()
    expected.apply(seat, legal)
    applied = state.apply(seat, lookalike)
    assert json.dumps(state.to_json(), sort_keys=True) == json.dumps(expected.to_json(), sort_keys=True)
    # apply returns the game's own action, the JSON a log stores (true for 1 would not replay as 1)
    assert json.dumps(applied, sort_keys=True) == json.dumps(legal, sort_keys=True)
