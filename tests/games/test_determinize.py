"""Determinization (State.determinize, each game's determinize.py): a sampled state never
contradicts the seat's view, deals exactly the cards the seat has not seen into exactly the places
it cannot see, does so as chance allows, and depends on nothing the seat cannot see."""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable

import pytest

from gametable import games
from gametable.engine import Rng, State
from gametable.games.gwt.editions import FIRST as D
from gametable.sim.runner import play_game, seat_bots
from tests.bots.test_bots import hide_differently

#: the second edition with its Simmental variant on: its stacks of Heifers and Cows join the state
SIMMENTAL = "gwt-2e+simmental"
GAMES = ["catan-on-the-road", "gwt", "gwt-2e", SIMMENTAL]


def positions(game_name: str, players: int, seed: int, every: int) -> list[State]:
    options = {"simmental": "on"} if game_name == SIMMENTAL else None
    game = games.get(game_name.split("+")[0])
    found: list[State] = []

    def keep(state: State) -> None:
        if not state.is_over() and len(found) < 10_000 and len(state.log) % every == 0:
            found.append(state.clone())

    play_game(game, players, seed, seat_bots(game, ["basic"], players, seed), options, on_step=keep)
    return found


# -- what each game hides from a seat: (place name, its cards) pairs, and the rest of the state --

def catan_hidden(state, seat: int) -> dict[str, Any]:
    """The unseen resource cards (other hands and the deck, as one pool), the building and event
    decks as multisets, and the hand sizes."""
    pool = Counter(state.res_deck)
    for s in range(state.n):
        if s != seat:
            pool.update({r: n for r, n in enumerate(state.hands[s])})
    return {"resources": pool, "buildings": Counter(state.bdeck), "events": Counter(state.edeck),
            "hand_sizes": [sum(h) for h in state.hands]}


def catan_public(state, seat: int) -> dict[str, Any]:
    data = state.to_json()
    for key in ("rng", "resource_deck", "building_deck", "event_deck", "log"):
        del data[key]
    data["hands"] = [h if s == seat else None for s, h in enumerate(data["hands"])]
    return data


def _gwt_hidden_cards(player) -> list[str]:
    return player.hand + player.deck + player.discard[:-1]


def gwt_hidden(state, seat: int) -> dict[str, Any]:
    others = [p for s, p in enumerate(state.players) if s != seat]
    objectives = Counter(state.obj_stack)
    for p in others:
        objectives.update(c for c in _gwt_hidden_cards(p) if D.is_objective(c))
    return {
        "objectives": objectives,
        "starting_objectives": Counter(state.boxed + [c for p in others for c in p.objectives
                                                      if D.OBJECTIVE[c]["start"]]),
        "herds": [Counter(c for c in _gwt_hidden_cards(p) if not D.is_objective(c)) for p in others],
        "objectives_held": [sum(map(D.is_objective, _gwt_hidden_cards(p))) for p in others],
        "own_deck": Counter(state.players[seat].deck),
        "piles": [Counter(p) for p in state.piles],
        "cattle_stack": Counter(state.cattle_stack),
    }


def gwt_public(state, seat: int) -> dict[str, Any]:
    data = state.to_json()
    for key in ("rng", "log", "obj_stack", "boxed", "piles", "cattle_stack"):
        del data[key]
    for s, player in enumerate(data["players"]):
        player["deck"] = len(player["deck"])
        if s != seat:
            player["hand"] = len(player["hand"])
            player["discard"] = (len(player["discard"]), player["discard"][-1:])
            player["objectives"] = [None if D.OBJECTIVE[c]["start"] else c for c in player["objectives"]]
    return data


# the second edition hides what the first does (its Simmental stacks hold one kind of card each:
# their order tells nothing), and its objective cards are the first edition's
HIDDEN: dict[str, Callable] = {"catan-on-the-road": catan_hidden, "gwt": gwt_hidden, "gwt-2e": gwt_hidden,
                               SIMMENTAL: gwt_hidden}
PUBLIC: dict[str, Callable] = {"catan-on-the-road": catan_public, "gwt": gwt_public, "gwt-2e": gwt_public,
                               SIMMENTAL: gwt_public}


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("game_name", GAMES)
def test_a_sample_shows_every_seat_what_it_saw_and_redeals_only_the_unseen_cards(game_name, players):
    rng = Rng(17)
    redealt = 0
    for state in positions(game_name, players, seed=41, every=5)[::3]:
        for seat in range(players):
            sample = state.determinize(seat, rng)
            # the seat's view is the same, exactly: its hand, every size, the public log
            assert sample.view(seat) == state.view(seat)
            assert sample.legal_actions(seat) == state.legal_actions(seat)
            # everything outside the hidden places is untouched ...
            assert PUBLIC[game_name](sample, seat) == PUBLIC[game_name](state, seat)
            # ... and the hidden places hold the same unseen cards (a permutation of them)
            assert HIDDEN[game_name](sample, seat) == HIDDEN[game_name](state, seat)
            assert sample.rng.state != state.rng.state, "the RNG is new"
            assert all("private" not in e or e.get("seat") == seat or seat in e.get("private_to", ())
                       for e in sample.log), "no private detail of another seat"
            redealt += _without_rng_and_log(sample) != _without_rng_and_log(state)
    assert redealt > 5, "the hidden places really were dealt again"


def _without_rng_and_log(state: State) -> dict[str, Any]:
    return {k: v for k, v in state.to_json().items() if k not in ("rng", "log")}


@pytest.mark.parametrize("game_name", GAMES)
def test_a_sample_depends_on_the_seed_and_on_nothing_the_seat_cannot_see(game_name):
    checked = 0
    for state in positions(game_name, 3, seed=13, every=3)[::2]:
        seat = state.to_act()[0]
        twin = hide_differently(game_name, state, seat)
        if twin.to_json() == state.to_json():
            continue
        first = state.determinize(seat, Rng(5))
        assert twin.determinize(seat, Rng(5)).to_json() == first.to_json()
        assert state.determinize(seat, Rng(5)).to_json() == first.to_json()
        checked += 1
    assert checked > 5


def _frequency_check(counts: Counter, expected: dict[Any, float], samples: int) -> None:
    """Each count within 5 standard deviations of its binomial expectation."""
    for card, p in expected.items():
        mean, sd = samples * p, (samples * p * (1 - p)) ** 0.5
        assert abs(counts[card] - mean) <= 5 * sd + 1, (card, counts[card], mean)


SAMPLES = 400


def test_catan_unseen_cards_land_in_each_hidden_place_as_often_as_chance_allows():
    state = positions("catan-on-the-road", 3, seed=8, every=4)[12]
    seat = state.to_act()[0]
    pool = catan_hidden(state, seat)["resources"]
    size = sum(pool.values())
    other = (seat + 1) % 3
    assert sum(state.hands[other]) > 0 and len(state.res_deck) > 0
    rng = Rng(3)
    in_hand: Counter = Counter()
    deck_top: Counter = Counter()
    for _ in range(SAMPLES):
        sample = state.determinize(seat, rng)
        # one card of the other hand, picked by position in a sorted list, and the deck's top card
        hand = [r for r in range(5) for _ in range(sample.hands[other][r])]
        in_hand[hand[0 if len(hand) == 1 else rng.below(len(hand))]] += 1
        deck_top[sample.res_deck[-1]] += 1
    expected = {r: n / size for r, n in pool.items()}
    _frequency_check(in_hand, expected, SAMPLES)
    _frequency_check(deck_top, expected, SAMPLES)


def test_catan_a_sample_keeps_the_cards_a_trade_answer_showed():
    """A player who accepted an offer showed it holds the cards asked for: in every sample it
    still holds them, so completing the trade there never leaves a hand with fewer than no cards
    (the search once crashed on such a sample)."""
    game = games.get("catan-on-the-road")
    waiting: list[State] = []

    def keep(state: State) -> None:
        if state.trade is not None and state.trade.stage == "choose" and "accept" in state.trade.answers:
            waiting.append(state.clone())

    play_game(game, 2, 1, seat_bots(game, ["basic"], 2, 1), on_step=keep)
    assert waiting
    rng = Rng(5)
    for state in waiting:
        seat = state.active
        partner = state.trade.answers.index("accept")
        for _ in range(50):
            sample = state.determinize(seat, rng)
            assert all(h >= a for h, a in zip(sample.hands[partner], state.trade.ask))
            sample.apply(seat, {"type": "trade_with", "seat": partner})
            assert all(min(hand) >= 0 for hand in sample.hands)


def test_gwt_unseen_cards_land_in_each_hidden_place_as_often_as_chance_allows():
    state = positions("gwt", 2, seed=8, every=4)[40]
    seat = state.to_act()[0]
    other = 1 - seat
    herd = gwt_hidden(state, seat)["herds"][0]
    hidden = sum(herd.values()) + gwt_hidden(state, seat)["objectives_held"][0]
    rng = Rng(4)
    hand_card: Counter = Counter()
    own_top: Counter = Counter()
    pile_top: Counter = Counter()
    for _ in range(SAMPLES):
        sample = state.determinize(seat, rng)
        hand_card[sample.players[other].hand[0]] += 1
        own_top[sample.players[seat].deck[-1]] += 1
        pile_top[sample.piles[2][-1]] += 1
    cattle_share = {card: n / hidden for card, n in herd.items()}
    _frequency_check(hand_card, cattle_share, SAMPLES)
    own = Counter(state.players[seat].deck)
    _frequency_check(own_top, {c: n / sum(own.values()) for c, n in own.items()}, SAMPLES)
    pile = Counter(state.piles[2])
    _frequency_check(pile_top, {t: n / sum(pile.values()) for t, n in pile.items()}, SAMPLES)
