"""Determinization for Great Western Trail (see gametable.engine.determinize).

What a seat cannot see (view.py): the other players' hands, everybody's draw pile order, the other
players' discard piles below the top card, the other players' starting objectives (face down until
the end), the Kansas City piles, the cattle and objective stacks, and the RNG.

What it can know, and a determinization keeps: every player's whole herd (the starting herd is
the same for all; cattle bought and cards removed are public), how many objective cards each one
holds among its cards (taking and playing one is public; only a card taken from the top of the
stack stays unknown), the composition of each Kansas City pile and of the cattle stack (the
printed sets less every tile and card that has come out).

So: the unknown objective cards (the stack and those among other players' hidden cards) are dealt
again among those places, and so are the starting objectives not in the seat's hands (the other
players' and the ones left in the box); then each other player's hidden cards (hand, draw pile,
discard pile below its top) are dealt again among those three places, the seat's own draw pile
is shuffled, and so are the Kansas City piles and the cattle stack. Every place keeps its size.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gametable.engine import Rng
from gametable.engine.determinize import deal, fresh_rng, redeal

if TYPE_CHECKING:
    from .state import GwtState, Player


def _hidden_places(player: "Player") -> list[list[str]]:
    """Hand, draw pile and the discard pile below its (visible) top card."""
    return [player.hand, player.deck, player.discard[:-1]]


def determinize(state: "GwtState", seat: int, rng: Rng) -> "GwtState":
    ed = state.edition
    sample = state.clone()
    others = [p for s, p in enumerate(sample.players) if s != seat]

    # the objective cards among the other players' hidden cards, as one place per player
    held_objectives = [[c for place in _hidden_places(p) for c in place if ed.is_objective(c)]
                       for p in others]
    redeal(rng, [sample.obj_stack, *held_objectives])
    starting = [[c for c in p.objectives if ed.OBJECTIVE[c]["start"]] for p in others]
    redeal(rng, [sample.boxed, *starting])

    for player, objectives, start in zip(others, held_objectives, starting):
        player.objectives = [start.pop(0) if ed.OBJECTIVE[c]["start"] else c for c in player.objectives]
        hidden = _hidden_places(player)
        cattle = [c for place in hidden for c in place if not ed.is_objective(c)]
        deal(rng, cattle + objectives, hidden)
        player.discard[:-1] = hidden[2]

    redeal(rng, [sample.players[seat].deck])
    for pile in sample.piles:
        redeal(rng, [pile])
    redeal(rng, [sample.cattle_stack])
    for g in sample.garth:  # Garth's draw pile lies face down (garth.py)
        if g is not None:
            redeal(rng, [g["deck"]])
    sample.rng = fresh_rng(rng)
    # the other seats' private log details left out, as the state keeps them between views: a
    # search deals many worlds from one state, and filtering the whole log for each grows with the game
    sample.log = state.visible_log(seat)
    return sample


def provisional_scores(state: "GwtState") -> list[float]:
    """The final scoring (§11) applied to the position as it stands."""
    from .scoring import score_breakdown

    return [sum(score_breakdown(state, seat).values()) for seat in range(state.n)]
