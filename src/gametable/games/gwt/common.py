"""Bookkeeping shared by every rule: money, certificates, cards, tiles, the job and cattle markets.

Each function changes the state and writes the log entry that tells why (rules: §2, §8, §9).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import data as D

if TYPE_CHECKING:
    from .state import GwtState, Player

_AUX_GROUP = {g: i for i, g in enumerate(D.DISC_GROUP_IDS)}
G_STEP_MONEY = _AUX_GROUP["step_money"]
G_STEP_VP = _AUX_GROUP["step_vp"]
G_HAND = _AUX_GROUP["hand"]
G_CERT4 = _AUX_GROUP["cert_4"]
G_CERT6 = _AUX_GROUP["cert_6"]
GROUP_INDEX = _AUX_GROUP
_STEP_MONEY_SIZE = D.DISC_GROUPS[G_STEP_MONEY]["count"]
_STEP_VP_SIZE = D.DISC_GROUPS[G_STEP_VP]["count"]

_CERT_INDEX = {v: i for i, v in enumerate(D.CERT_TRACK)}


# ------------------------------------------------------------------------------------ messages
def edition_key(key: str) -> str:
    """A catalog key in this edition's domain: "gwt.x" / "web.gwt.x" become "gwt2e.x" /
    "web.gwt2e.x" in the second edition, whose catalog falls back to the first's (i18n)."""
    if D.DOMAIN == "gwt":
        return key
    if key.startswith("gwt."):
        return D.DOMAIN + key[3:]
    if key.startswith("web.gwt."):
        return "web." + D.DOMAIN + key[7:]
    return key


# ------------------------------------------------------------------------------------- money
def gain(st: "GwtState", seat: int, amount: int, reason: str) -> None:
    if amount <= 0:
        return
    st.players[seat].money += amount
    st.say("money_gained", seat=seat, amount=amount, reason=reason)


def gain_exchange_tokens(st: "GwtState", seat: int, count: int, reason: str) -> None:
    """Exchange tokens from the bank (second edition: outlaw space 1, an arrow, building 12b)."""
    if count <= 0:
        return
    st.players[seat].exchange += count
    st.say("exchange_gained", seat=seat, count=count, total=st.players[seat].exchange, reason=reason)


def pay(st: "GwtState", seat: int, amount: int, reason: str) -> None:
    """Pay the bank; callers have checked the player can afford it."""
    if amount <= 0:
        return
    player = st.players[seat]
    assert player.money >= amount, "rules code let a player pay more than they have"
    player.money -= amount
    st.say("money_paid", seat=seat, amount=amount, reason=reason)


# ------------------------------------------------------------------------------- what one owns
def placed_buildings(st: "GwtState", seat: int) -> list[int]:
    """Trail nodes holding one of the seat's private buildings."""
    return [n for n in D.PRIVATE_SPACES if st.trail_owner[n] == seat and st.trail_tile[n]]


def station_count(st: "GwtState", seat: int) -> int:
    """Stations holding one of the seat's discs."""
    return sum(1 for seats in st.station_discs if seat in seats)


# ------------------------------------------------------------------------------- player limits
def step_limit(st: "GwtState", seat: int) -> int:
    discs = st.players[seat].discs  # cleared spaces = the group's size - the discs left on it
    table = D.STEP_LIMIT[st.n]
    return (table["start"] + table["step_money"] * (_STEP_MONEY_SIZE - discs[G_STEP_MONEY])
            + table["step_vp"] * (_STEP_VP_SIZE - discs[G_STEP_VP]))


def hand_limit(player: "Player") -> int:
    return D.HAND_LIMIT_START + D.HAND_LIMIT_PER_DISC * player.cleared(G_HAND)


def cert_limit(player: "Player") -> int:
    """Temporary-certificate limit (§9.1): 3, 4 with the "4" disc cleared, 6 with both."""
    if player.cleared(G_CERT4):
        return D.CERT_LIMIT_BOTH if player.cleared(G_CERT6) else D.CERT_LIMIT_4
    return D.CERT_LIMIT_START


def cert_limit_index(player: "Player") -> int:
    return _CERT_INDEX[cert_limit(player)]


def certificates(player: "Player") -> int:
    """Temporary certificates: the value of the marker's space."""
    return D.CERT_TRACK[player.cert]


def gain_certificates(st: "GwtState", seat: int, steps: int, reason: str) -> None:
    """Move the marker ``steps`` spaces forward, never past the current limit (§9.4)."""
    p = st.players[seat]
    new = min(p.cert + steps, cert_limit_index(p))
    if new > p.cert:
        before = certificates(p)
        p.cert = new
        st.say("certificates_gained", seat=seat, amount=certificates(p) - before,
               total=certificates(p), reason=reason)


def aux_unlocked(player: "Player", number: int, double: bool) -> bool:
    spec = D.AUX[number]
    group = GROUP_INDEX[spec["group"]]
    cleared = player.cleared(group)
    if double:
        return cleared == D.DISC_GROUPS[group]["count"]
    return spec["start_single"] or cleared >= 1


# --------------------------------------------------------------------------------------- cards
def draw(st: "GwtState", seat: int, count: int) -> int:
    """Draw up to ``count`` cards, reshuffling the discard pile when the draw pile runs out."""
    p = st.players[seat]
    drawn: list[str] = []
    while len(drawn) < count:
        deck = p.deck
        if not deck:
            if not p.discard:
                break
            p.deck = p.discard
            p.discard = []
            st.rng.shuffle(p.deck)
            st.say("reshuffled", seat=seat, count=len(p.deck))
            continue
        take = min(count - len(drawn), len(deck))
        drawn += deck[:-take - 1:-1]  # the top ``take`` cards (top last), top first, as drawn
        del deck[-take:]
    if drawn:
        p.hand.extend(drawn)
        st.say("drew", seat=seat, count=len(drawn), private={"cards": drawn})
    return len(drawn)


def discard_cards(st: "GwtState", seat: int, cards: list[str], reason: str) -> None:
    p = st.players[seat]
    for card in cards:
        p.hand.remove(card)
        p.discard.append(card)
    st.say("discarded", seat=seat, cards=list(cards), reason=reason)


def hand_counts(player: "Player") -> dict[str, int]:
    counts: dict[str, int] = {}
    for card in player.hand:
        counts[card] = counts.get(card, 0) + 1
    return counts


def take_objective(st: "GwtState", seat: int, choice: str, to_hand: bool, reason: str) -> None:
    """Take an objective from the display (by id) or the top of the stack ("stack") (§8.3)."""
    p = st.players[seat]
    if choice == "stack":
        card = st.obj_stack.pop()
        st.say("objective_taken_stack", seat=seat, reason=reason, private={"card": card})
    else:
        st.obj_display.remove(choice)
        card = choice
        st.say("objective_taken", seat=seat, card=card, reason=reason)
        if st.obj_stack:
            st.obj_display.append(st.obj_stack.pop())
    (p.hand if to_hand else p.discard).append(card)


# ---------------------------------------------------------------------------------- tiles
def place_trail_tile(st: "GwtState", tile: str) -> str | None:
    """Put a hazard or teepee tile on its space (§5.4, §2.3); returns the node name or None if full."""
    info = D.TILE[tile]
    spaces = D.HAZARD_SPACES[info["hazard"]] if info["kind"] == "hazard" else D.TEEPEE_FILL
    for node in spaces:
        if st.trail_tile[node] is None:
            st.trail_tile[node] = tile
            return D.NODES[node]
    return None


def place_in_job_market(st: "GwtState", worker: str) -> None:
    """A worker from foresight goes into the token's row; filling it moves the token on (§2.5)."""
    row = st.jobs[st.token_row]
    row.append(worker)
    st.say("worker_to_market", worker=worker, row=st.token_row + 1)
    if len(row) < st.n:
        return
    st.token_row += 1
    arrow = D.JOB_ARROW_AFTER.get(st.token_row)
    if st.token_row < D.JOB_ROWS:
        st.say("token_moved", row=st.token_row + 1)
    if arrow == "yellow":
        refill_cattle_market(st)
    elif arrow == "red":
        st.end_triggered = True
        st.players[st.current].job_token = True
        st.say("game_end_triggered", seat=st.current, vp=D.JOB_TOKEN_VP)


def sort_market(st: "GwtState") -> None:
    st.market.sort(key=D.MARKET_SORT_KEY.__getitem__)


def simmental(st: "GwtState") -> bool:
    """Is the Simmental variant (second edition) played?"""
    return st.options.get("simmental") == "on"


def market_size(st: "GwtState") -> int:
    """Cards in the cattle market after setup and each refill (§1.4; larger with Simmental)."""
    return (D.SIMMENTAL_MARKET_SIZE if simmental(st) else D.MARKET_SIZE)[st.n]


def refill_cattle_market(st: "GwtState") -> None:
    """Fill the cattle market up to its size for the player count (§1.4)."""
    added: list[str] = []
    size = market_size(st)
    while len(st.market) < size and st.cattle_stack:
        card = st.cattle_stack.pop()
        st.market.append(card)
        added.append(card)
    sort_market(st)
    st.say("market_refilled" if added else "market_not_refilled", cards=added)
