"""Bookkeeping shared by every rule: money, certificates, cards, tiles, the job and cattle markets.

Each function changes the state and writes the log entry that tells why (rules: §2, §8, §9).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .editions import Edition
    from .state import GwtState, Player


def derived_tables(ed: "Edition") -> dict[str, Any]:
    """The disc groups by name and index, their sizes, the certificate track by value."""
    group_index = {g: i for i, g in enumerate(ed.DISC_GROUP_IDS)}
    return {
        "GROUP_INDEX": group_index,
        "G_STEP_MONEY": group_index["step_money"],
        "G_STEP_VP": group_index["step_vp"],
        "G_HAND": group_index["hand"],
        "G_CERT4": group_index["cert_4"],
        "G_CERT6": group_index["cert_6"],
        #: discs on each disc group of a player board at the start (limits, auxiliary actions)
        "DISC_GROUP_SIZES": tuple(g["count"] for g in ed.DISC_GROUPS),
        "CERT_INDEX": {v: i for i, v in enumerate(ed.CERT_TRACK)},
        #: per player count, step_limit's terms: the start, and per step-limit disc group what a
        #: cleared space adds, the group's size and its index
        "STEP_LIMIT_TERMS": {n: (table["start"],
                                 table["step_money"], ed.DISC_GROUP["step_money"]["count"], group_index["step_money"],
                                 table["step_vp"], ed.DISC_GROUP["step_vp"]["count"], group_index["step_vp"])
                             for n, table in ed.STEP_LIMIT.items()},
        "HAND_GROUP_SIZE": ed.DISC_GROUP["hand"]["count"],
    }


# ------------------------------------------------------------------------------------ messages
def edition_key(ed: "Edition", key: str) -> str:
    """A catalog key in the edition's domain: "gwt.x" / "web.gwt.x" become "gwt2e.x" /
    "web.gwt2e.x" in the second edition, whose catalog falls back to the first's (i18n)."""
    if ed.domain == "gwt":
        return key
    if key.startswith("gwt."):
        return ed.domain + key[3:]
    if key.startswith("web.gwt."):
        return "web." + ed.domain + key[7:]
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
    ed = st.edition
    return [n for n in ed.PRIVATE_SPACES if st.trail_owner[n] == seat and st.trail_tile[n]]


def station_count(st: "GwtState", seat: int) -> int:
    """Stations holding one of the seat's discs."""
    return sum(1 for seats in st.station_discs if seat in seats)


# ------------------------------------------------------------------------------- player limits
def cleared(ed: "Edition", player: "Player", group: int) -> int:
    """Disc spaces of the group the player has cleared."""
    return ed.DISC_GROUP_SIZES[group] - player.discs[group]


def step_limit(st: "GwtState", seat: int) -> int:
    start, per_money, money_size, money, per_vp, vp_size, vp = st.edition.STEP_LIMIT_TERMS[st.n]
    discs = st.players[seat].discs  # cleared spaces = the group's size - the discs left on it
    return start + per_money * (money_size - discs[money]) + per_vp * (vp_size - discs[vp])


def hand_limit(ed: "Edition", player: "Player") -> int:
    return ed.HAND_LIMIT_START + ed.HAND_LIMIT_PER_DISC * (ed.HAND_GROUP_SIZE - player.discs[ed.G_HAND])


def cert_limit(ed: "Edition", player: "Player") -> int:
    """Temporary-certificate limit (§9.1): 3, 4 with the "4" disc cleared, 6 with both."""
    if cleared(ed, player, ed.G_CERT4):
        return ed.CERT_LIMIT_BOTH if cleared(ed, player, ed.G_CERT6) else ed.CERT_LIMIT_4
    return ed.CERT_LIMIT_START


def cert_limit_index(ed: "Edition", player: "Player") -> int:
    return ed.CERT_INDEX[cert_limit(ed, player)]


def certificates(ed: "Edition", player: "Player") -> int:
    """Temporary certificates: the value of the marker's space."""
    return ed.CERT_TRACK[player.cert]


def gain_certificates(st: "GwtState", seat: int, steps: int, reason: str) -> None:
    """Move the marker ``steps`` spaces forward, never past the current limit (§9.4)."""
    ed = st.edition
    p = st.players[seat]
    new = min(p.cert + steps, cert_limit_index(ed, p))
    if new > p.cert:
        before = certificates(ed, p)
        p.cert = new
        st.say("certificates_gained", seat=seat, amount=certificates(ed, p) - before,
               total=certificates(ed, p), reason=reason)


def aux_unlocked(ed: "Edition", player: "Player", number: int, double: bool) -> bool:
    spec = ed.AUX[number]
    group = ed.GROUP_INDEX[spec["group"]]
    done = cleared(ed, player, group)
    if double:
        return done == ed.DISC_GROUPS[group]["count"]
    return spec["start_single"] or done >= 1


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
    ed = st.edition
    info = ed.TILE[tile]
    spaces = ed.HAZARD_SPACES[info["hazard"]] if info["kind"] == "hazard" else ed.TEEPEE_FILL
    for node in spaces:
        if st.trail_tile[node] is None:
            st.trail_tile[node] = tile
            return ed.NODES[node]
    return None


def place_in_job_market(st: "GwtState", worker: str) -> None:
    """A worker from foresight goes into the token's row; filling it moves the token on (§2.5)."""
    ed = st.edition
    row = st.jobs[st.token_row]
    row.append(worker)
    st.say("worker_to_market", worker=worker, row=st.token_row + 1)
    if len(row) < st.n:
        return
    st.token_row += 1
    arrow = ed.JOB_ARROW_AFTER.get(st.token_row)
    if st.token_row < ed.JOB_ROWS:
        st.say("token_moved", row=st.token_row + 1)
    if arrow == "yellow":
        refill_cattle_market(st)
    elif arrow == "red":
        st.end_triggered = True
        st.players[st.current].job_token = True
        st.say("game_end_triggered", seat=st.current, vp=ed.JOB_TOKEN_VP)


def sort_market(st: "GwtState") -> None:
    ed = st.edition
    st.market.sort(key=ed.MARKET_SORT_KEY.__getitem__)


def simmental(st: "GwtState") -> bool:
    """Is the Simmental variant (second edition) played?"""
    return st.options.get("simmental") == "on"


def market_size(st: "GwtState") -> int:
    """Cards in the cattle market after setup and each refill (§1.4; larger with Simmental)."""
    ed = st.edition
    return (ed.SIMMENTAL_MARKET_SIZE if simmental(st) else ed.MARKET_SIZE)[st.n]


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
