"""Kansas City (§10): three foresight choices, income, delivery; then the herder goes home.

Arriving pushes the five subphases as pending decisions; a subphase with nothing to choose
resolves by itself (an empty foresight column is skipped, a single legal city is taken).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import common as C
from . import railroad, simmental

if TYPE_CHECKING:
    from .editions import Edition
    from .state import GwtState


def arrive(st: "GwtState") -> None:
    st.kc_visit = True
    st.kc_started = False
    st.frames.append({"kind": "kc_finish"})
    st.frames.append({"kind": "deliver", "max_value": None, "extraordinary": False})
    st.frames.append({"kind": "income"})
    for column in (2, 1, 0):
        st.frames.append({"kind": "foresight", "column": column})
    st.say("kansas_city", seat=st.current)


# ------------------------------------------------------------------------------ foresight
def foresight_actions(st: "GwtState", frame: dict[str, Any]) -> list[dict[str, Any]]:
    ed = st.edition
    column = frame["column"]
    acts = []
    seen = set()
    for slot, tile in enumerate(st.foresight[column]):
        if tile is None or tile in seen:
            continue
        if st.end_triggered and ed.TILE[tile]["kind"] == "worker":
            continue  # after the end is triggered no worker may be chosen (§11.1)
        seen.add(tile)
        acts.append({"type": "foresight", "column": column + 1, "slot": slot, "tile": tile})
    return acts


def apply_foresight(st: "GwtState", seat: int, action: dict[str, Any]) -> None:
    ed = st.edition
    column, slot = action["column"] - 1, action["slot"]
    tile = st.foresight[column][slot]
    st.foresight[column][slot] = None
    kind = ed.TILE[tile]["kind"]
    if kind == "worker":
        st.say("foresight_chosen", seat=seat, tile=tile, column=column + 1, placed="job_market")
        C.place_in_job_market(st, tile)
        return
    space = C.place_trail_tile(st, tile)
    if space is None:
        st.out_of_game.append(tile)
        st.say("foresight_chosen", seat=seat, tile=tile, column=column + 1, placed="out_of_game")
    else:
        st.say("foresight_chosen", seat=seat, tile=tile, column=column + 1, placed=space)


def refill_foresight(st: "GwtState") -> None:
    """End of a Kansas City turn: refill each empty foresight space from its own pile (§10)."""
    ed = st.edition
    for column in range(3):
        for slot in range(ed.FORESIGHT_PER_COLUMN):
            if st.foresight[column][slot] is not None:
                continue
            pile = st.piles[column]
            while pile:
                tile = pile.pop()
                if st.end_triggered and ed.TILE[tile]["kind"] == "worker":
                    st.out_of_game.append(tile)  # workers are no longer drawn (§11.1)
                    continue
                st.foresight[column][slot] = tile
                st.say("foresight_refilled", column=column + 1, tile=tile)
                break


# ---------------------------------------------------------------------------------- income
def breeding_value(ed: "Edition", hand: list[str]) -> int:
    """Sum of the values of the distinct breeds in hand; objective cards count nothing (§10)."""
    best: dict[str, int] = {}
    cattle, breeds, values = ed.CATTLE, ed.BREED, ed.BREEDING_VALUE
    for card in hand:
        if card in cattle:  # ed.is_cattle, without a call per card
            breed = breeds[card]
            best[breed] = max(best.get(breed, 0), values[card])
    return sum(best.values())


def certificate_choices(st: "GwtState", seat: int) -> list[int]:
    """Temporary certificates that can be spent: the marker moves back to a lower space."""
    ed = st.edition
    player = st.players[seat]
    here = ed.CERT_TRACK[player.cert]
    return sorted({here - ed.CERT_TRACK[i] for i in range(player.cert + 1)})


def income_actions(st: "GwtState", seat: int) -> list[dict[str, Any]]:
    return [{"type": "income", "certificates": k} for k in certificate_choices(st, seat)]


def apply_income(st: "GwtState", seat: int, action: dict[str, Any]) -> None:
    ed = st.edition
    player = st.players[seat]
    spent = action["certificates"]
    if spent:
        target = ed.CERT_TRACK[player.cert] - spent
        player.cert = ed.CERT_TRACK.index(target)
        st.say("certificates_spent", seat=seat, amount=spent, total=ed.CERT_TRACK[player.cert])
    value = breeding_value(ed, player.hand)
    total = value + spent + player.perm_certs
    st.kc_total = total
    st.say("income", seat=seat, cards=sorted(player.hand), breeding_value=value,
           certificates=spent, permanent=player.perm_certs, total=total)
    C.gain(st, seat, total, "income")
    if C.simmental(st) and simmental.offer_upgrades(st, seat):
        return  # the hand is discarded once the upgrades are made (Simmental variant)
    if player.hand:
        C.discard_cards(st, seat, list(player.hand), "income")


# -------------------------------------------------------------------------------- delivery
def derived_tables(ed: "Edition") -> dict[str, Any]:
    return {
        #: per city, in board order: its index, id, value and whether a seat may deliver there again
        "CITY_FACTS": tuple((i, city["id"], city["value"], city["repeatable"])
                            for i, city in enumerate(ed.CITIES)),
    }


def deliver_actions(st: "GwtState", seat: int, frame: dict[str, Any]) -> list[dict[str, Any]]:
    limit = st.kc_total if frame["max_value"] is None else frame["max_value"]
    return [{"type": "deliver", "city": city} for i, city, value, repeatable in st.edition.CITY_FACTS
            if value <= limit and (repeatable or seat not in st.city_discs[i])]


def apply_deliver(st: "GwtState", seat: int, frame: dict[str, Any], action: dict[str, Any]) -> None:
    ed = st.edition
    city = ed.CITY_INDEX[action["city"]]
    value = ed.CITIES[city]["value"]
    player = st.players[seat]
    if frame["extraordinary"]:
        cost = 0  # no income and no transport cost for an extraordinary delivery (building 9a)
    else:
        cost = railroad.transport_cost(ed, player.engine, value)
    st.say("delivered", seat=seat, city=action["city"], transport=cost)
    C.pay(st, seat, cost, "transport")
    frame = {"kind": "disc", "target": "city", "index": city}
    if not railroad.disc_actions(st, seat, frame):
        st.say("no_disc_left", seat=seat, city=action["city"])
        return
    st.frames.append(frame)


def finish(st: "GwtState", seat: int) -> None:
    """After the delivery the herder goes back to the start; the turn goes on to phase C."""
    ed = st.edition
    st.players[seat].herder = ed.START
    st.say("herder_home", seat=seat)
