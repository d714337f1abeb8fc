"""Objective cards (§8): playing them, committing them at game end, and scoring their tasks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from . import common as C

if TYPE_CHECKING:
    from .editions import Edition
    from .state import GwtState


def derived_tables(ed: "Edition") -> dict[str, Any]:
    return {
        #: every objective card id (a hand holds one only now and then)
        "OBJECTIVE_CARDS": frozenset(ed.OBJECTIVE),
        #: _needs of every objective card (every game's final scoring reads them)
        "OBJECTIVE_NEEDS": {card: _needs(ed, card) for card in ed.OBJECTIVE},
    }


def play_actions(st: "GwtState", seat: int) -> list[dict[str, Any]]:
    """Objective cards in hand may be played at a free point of the turn (§8.3)."""
    ed = st.edition
    hand = st.players[seat].hand
    if ed.OBJECTIVE_CARDS.isdisjoint(hand):  # the usual case, told without a loop in Python
        return []
    return [{"type": "play_objective", "card": c} for c in sorted(set(hand)) if c in ed.OBJECTIVE]


def play(st: "GwtState", seat: int, card: str) -> None:
    ed = st.edition
    player = st.players[seat]
    player.hand.remove(card)
    player.objectives.append(card)
    st.say("objective_played", seat=seat, card=card)
    immediate = ed.OBJECTIVE[card]["immediate"]
    if immediate:
        st.frames.append({"kind": "effect", "src": "objective/" + card, "optional": True,
                          "options": [dict(o) for o in immediate]})


# ----------------------------------------------------------------------------- game end
def commit_actions(st: "GwtState") -> list[dict[str, Any]]:
    seat, card = st.scoring_queue[0]
    return [{"type": "commit_objective", "card": card}, {"type": "drop_objective", "card": card}]


def apply_commit(st: "GwtState", action: dict[str, Any]) -> None:
    """Each objective still in the deck is committed (scored) or dropped (not scored) (§8.3)."""
    seat, card = st.scoring_queue.pop(0)
    player = st.players[seat]
    if action["type"] == "commit_objective":
        for pile in (player.hand, player.deck, player.discard):
            if card in pile:
                pile.remove(card)
                break
        player.objectives.append(card)
        st.say("objective_committed", seat=seat, card=card)
    else:
        st.say("objective_dropped", seat=seat, card=card)
    from .scoring import after_commit
    after_commit(st)


# ------------------------------------------------------------------------------- scoring
def items(st: "GwtState", seat: int) -> dict[str, int]:
    """What the player owns, by task kind (§8)."""
    ed = st.edition
    player = st.players[seat]
    values = [ed.BREEDING_VALUE[c] for c in player.all_deck_cards() if c in ed.CATTLE]  # ed.is_cattle
    green = sum(1 for t in player.teepees if ed.TILE[t]["colour"] == "green")
    sf = ed.TERMINAL_CITY  # San Francisco; New York in the second edition
    return {
        "building": len(C.placed_buildings(st, seat)),
        "station": C.station_count(st, seat),
        "hazard": len(player.hazards),
        "green_teepee": green,
        "blue_teepee": len(player.teepees) - green,
        "cattle_3": values.count(3),
        "cattle_4": values.count(4),
        "cattle_5": values.count(5),
        "san_francisco": st.city_discs[sf].count(seat),
    }


class _Chooser:
    """best_score's search over the cards in order: fulfil card i or not, memoised on (i, what is
    left). An object with a dict, not an lru_cache'd closure, which would be a reference cycle
    that only the cyclic collector frees (gametable.server.collector)."""

    def __init__(self, cards: list[Mapping[str, Any]], needs: list[tuple[int, ...]]) -> None:
        self.cards = cards
        self.needs = needs
        self.memo: dict[tuple[int, tuple[int, ...]], tuple[int, tuple[int, ...]]] = {}

    def best(self, i: int, left: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        """The best score of cards i.. with ``left`` owned, and the positions counted fulfilled."""
        if i == len(self.cards):
            return 0, ()
        key = (i, left)
        if key in self.memo:
            return self.memo[key]
        card = self.cards[i]
        score, chosen = self.best(i + 1, left)
        best = (score + card["penalty"], chosen)
        need = self.needs[i]
        if all(n <= l for n, l in zip(need, left)):
            rest = tuple(l - n for n, l in zip(need, left))
            score, chosen = self.best(i + 1, rest)
            if score + card["vp"] > best[0]:
                best = (score + card["vp"], chosen + (i,))
        self.memo[key] = best
        return best


def best_score(ed: "Edition", cards: list[str], owned: dict[str, int]) -> tuple[int, list[str]]:
    """The best total over committed cards, each owned item serving one task of one card.

    Returns the score and the cards counted as fulfilled. A card either meets all its tasks (its
    VP) or not (its penalty); we search every choice of fulfilled cards (with memoisation on what
    is left), so the player always gets the assignment that scores best for them.
    """
    order = sorted(range(len(cards)), key=lambda i: cards[i])
    chooser = _Chooser([ed.OBJECTIVE[cards[index]] for index in order],
                       [ed.OBJECTIVE_NEEDS[cards[index]] for index in order])
    total, chosen = chooser.best(0, tuple(owned[k] for k in ed.TASK_KINDS))
    chosen = tuple(order[i] for i in chosen)
    return total, sorted(cards[i] for i in chosen)


def _needs(ed: "Edition", card: str) -> tuple[int, ...]:
    """How many items of each task kind (ed.TASK_KINDS) an objective card asks for."""
    need = [0] * len(ed.TASK_KINDS)
    for task in ed.OBJECTIVE[card]["tasks"]:
        need[ed.TASK_KINDS.index(task)] += 1
    return tuple(need)
