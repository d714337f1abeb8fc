"""The Simmental variant of the second edition (reference §1.17): upgrading orange cattle in
Kansas City. After income and before the hand is discarded, each Calf in hand may leave the game
for a Heifer from its stack, and each Heifer in hand for a Cow; the new card goes onto the discard
pile, so a card upgraded this visit is not upgraded again. (Buying Calves is a row of the purchase
table, counting them as one breed at income is their common breed: both are data.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import common as C

if TYPE_CHECKING:
    from .state import GwtState


def _stack(st: "GwtState", card: str) -> list[str]:
    """The stack the upgrade of ``card`` comes from."""
    ed = st.edition
    return st.sim_heifers if card == ed.SIMMENTAL_CALF else st.sim_cows


def upgrade_actions(st: "GwtState", seat: int) -> list[dict[str, Any]]:
    ed = st.edition
    acts = [{"type": "upgrade_cattle", "card": card} for card in sorted(set(st.players[seat].hand))
            if card in ed.SIMMENTAL_UPGRADE and _stack(st, card)]
    return acts + [{"type": "keep_cattle"}] if acts else []


def offer_upgrades(st: "GwtState", seat: int) -> bool:
    """After income: ask for upgrades if there is any to make; False if there is none."""
    if not upgrade_actions(st, seat):
        return False
    st.frames.append({"kind": "simmental"})
    return True


def apply(st: "GwtState", seat: int, action: dict[str, Any]) -> None:
    player = st.players[seat]
    if action["type"] == "upgrade_cattle":
        card = action["card"]
        player.hand.remove(card)
        st.sim_retired.append(card)
        new = _stack(st, card).pop()
        player.discard.append(new)
        st.say("cattle_upgraded", seat=seat, card=card, new=new)
        if offer_upgrades(st, seat):
            return
    if player.hand:
        C.discard_cards(st, seat, list(player.hand), "income")
