"""Checks every game must pass through the engine protocol, shared by each game's tests.

Each check plays random games and would fail on a real protocol breach: a seat asked to act
with nothing legal, an action applied twice differently, a state changed by a refused action,
a hand visible to another seat.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Iterator, Mapping

import pytest

from gametable.bots import RandomBot
from gametable.engine import Game, IllegalAction, State

Invariant = Callable[[State], None]


def dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def play_checked(game: Game, num_players: int, seed: int, options: Mapping[str, Any] | None = None,
                 invariant: Invariant | None = None, max_decisions: int = 200_000,
                 check_views: bool = True) -> tuple[State, list[tuple[int, dict]]]:
    """Play a random game checking the protocol (and ``invariant``) after every decision."""
    state = game.new(num_players, seed, options)
    bot = RandomBot(seed + 99)
    actions: list[tuple[int, dict]] = []
    while True:
        if invariant:
            invariant(state)
        if check_views:
            assert_views_hide_hands(state)
        if state.is_over():
            assert state.to_act() == [], "a finished game still asks seats to act"
            return state, actions
        to_act = state.to_act()
        assert to_act, "the game is not over but nobody is asked to act"
        for seat in to_act:
            assert state.legal_actions(seat), f"seat {seat} must act but has no legal action"
        seat = to_act[0]
        action = bot.choose(state, seat)
        json.dumps(action)  # every action is plain JSON
        state.apply(seat, action)
        actions.append((seat, action))
        assert len(actions) <= max_decisions, f"seed {seed}: game did not end in {max_decisions} decisions"


def assert_views_hide_hands(state: State) -> None:
    """No view holds another seat's hand or another seat's private log details."""
    n = state.num_players
    for viewer in [None, *range(n)]:
        view = state.view(viewer)
        json.dumps(view)
        for key in ("game", "seat", "to_act", "players", "log"):
            assert key in view, f"view misses the common key {key!r}"
        assert view["seat"] == viewer
        assert len(view["players"]) == n
        for seat, player in enumerate(view["players"]):
            if seat == viewer:
                assert "hand" in player and isinstance(player["hand"], list)
            else:
                assert "hand" not in player, f"seat {viewer} sees seat {seat}'s hand"
                assert isinstance(player["hand_size"], int)
        for entry in view["log"]:
            if "private" in entry:
                allowed = entry.get("private_to", [entry.get("seat")])
                assert viewer in allowed, f"seat {viewer} sees a private log detail: {entry}"


def assert_deterministic(game: Game, num_players: int, seed: int,
                         options: Mapping[str, Any] | None = None) -> None:
    """Same seed and same actions give the same state, byte for byte."""
    first, actions = play_checked(game, num_players, seed, options, check_views=False)
    again = game.new(num_players, seed, options)
    for seat, action in actions:
        again.apply(seat, json.loads(json.dumps(action)))
    assert dumps(again.to_json()) == dumps(first.to_json())
    assert dumps(again.result()) == dumps(first.result())


def assert_json_round_trip_and_clone(game: Game, num_players: int, seed: int,
                                     options: Mapping[str, Any] | None = None, every: int = 7) -> None:
    """from_json(to_json()) and clone() give an equal, independent state at many points of a game."""
    state = game.new(num_players, seed, options)
    bot = RandomBot(seed)
    step = 0
    while not state.is_over():
        if step % every == 0:
            snapshot = dumps(state.to_json())
            restored = game.from_json(json.loads(snapshot))
            assert dumps(restored.to_json()) == snapshot
            copy = state.clone()
            assert dumps(copy.to_json()) == snapshot
            for seat in state.to_act():
                assert restored.legal_actions(seat) == state.legal_actions(seat)
            # Moving the copy on must not move the original.
            seat = copy.to_act()[0]
            copy.apply(seat, copy.legal_actions(seat)[0])
            assert dumps(state.to_json()) == snapshot
        seat = state.to_act()[0]
        state.apply(seat, bot.choose(state, seat))
        step += 1


BAD_ACTIONS: list[Any] = [
    None, 7, "end_turn", [], {}, {"type": 3}, {"type": "no_such_action"},
    {"type": "no_such_action", "card": "x" * 10_000},
]


def assert_illegal_actions_rejected(game: Game, num_players: int, seed: int,
                                    options: Mapping[str, Any] | None = None, every: int = 5) -> None:
    """Malformed actions, wrong seats and tampered legal actions raise IllegalAction, changing nothing."""
    state = game.new(num_players, seed, options)
    bot = RandomBot(seed + 1)
    step = 0

    def refused(seat: Any, action: Any) -> None:
        before = dumps(state.to_json())
        with pytest.raises(IllegalAction) as info:
            state.apply(seat, action)
        assert str(info.value), "an IllegalAction must say what was wrong"
        assert dumps(state.to_json()) == before, f"refused action {action!r} changed the state"

    while not state.is_over():
        if step % every == 0:
            to_act = state.to_act()
            seat = to_act[0]
            for bad in BAD_ACTIONS:
                refused(seat, bad)
            for bad_seat in (-1, num_players, "0", None):
                refused(bad_seat, state.legal_actions(seat)[0])
            idle = [s for s in range(num_players) if s not in to_act]
            if idle:
                refused(idle[0], state.legal_actions(seat)[0])
            legal = state.legal_actions(seat)
            for action in legal[:10]:
                tampered = dict(action, unexpected_parameter=1)
                refused(seat, tampered)
                for key, value in action.items():
                    if key == "type":
                        continue
                    for replacement in (-999, "???", [["nested"]], None):
                        candidate = dict(action, **{key: replacement})
                        if candidate not in legal:
                            refused(seat, candidate)
        seat = state.to_act()[0]
        state.apply(seat, bot.choose(state, seat))
        step += 1
    refused(0, {"type": "anything"})


def note_keys(note: Mapping[str, Any]) -> Iterator[str]:
    """Every catalog key an action note uses, its nested notes' included."""
    yield note["key"]
    for value in note.values():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, Mapping):
                yield from note_keys(item)


def assert_action_notes_follow_the_protocol(state: State, catalog: set[str]) -> set[str]:
    """``State.action_notes`` at one position: one list per legal action for a seat asked to act
    and nothing for the others, plain JSON (as the server sends it), the same when given the view,
    every key in ``catalog``. Returns the keys the notes used."""
    seen: set[str] = set()
    for seat in range(state.num_players):
        notes = state.action_notes(seat)
        if seat not in state.to_act():
            assert notes == [], (seat, notes)
            continue
        assert len(notes) == len(state.legal_actions(seat))
        assert json.loads(json.dumps(notes)) == notes
        assert state.action_notes(seat, state.view(seat)) == notes
        for note in (n for per_action in notes for n in per_action):
            keys = set(note_keys(note))
            assert keys <= catalog, note
            seen |= keys
    return seen
