"""The turn: phase A (move), phase B (use the location), phase C (draw), and pending decisions.

What must be decided now is the top of ``st.frames`` (a stack of pending decisions); when it is
empty the current player is at a free point of phase A or B. After every action ``settle`` pops
decisions that have nothing left to choose, runs bookkeeping steps, and takes decisions that have
exactly one possible answer, so every action a player sees is a real choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gametable.engine import IllegalAction

from . import common as C
from . import effects as E
from . import exchange, garth
from . import kansas_city as KC
from . import movement, objectives, railroad, scoring, simmental

if TYPE_CHECKING:
    from .editions import Edition
    from .state import GwtState

Action = dict[str, Any]

#: frames answered by the player; "kc_finish" is bookkeeping and never asked
_OPTIONAL = {"upgrade", "master", "remove"}

#: the auxiliary actions as the effect phase B offers them (single forms only; its actions are
#: fresh dicts each time), and as it applies one
_AUX = {"effect": "aux"}
_AUX_OPTIONS = ({"effect": "aux", "double": False},)


# --------------------------------------------------------------------------- local actions
def local_sources(st: "GwtState", seat: int, node: int, copying: bool = False) -> list[str]:
    """Local actions of the building on ``node`` usable by ``seat``: a neutral or own building,
    or any building when building 8b copies it. A risk action serves the owner only (§5.3)."""
    ed = st.edition
    tile = st.trail_tile[node]
    kind = ed.NODE_KIND[node]
    if tile is None or kind not in ("neutral", "private"):
        return []
    if kind == "private" and st.trail_owner[node] != seat and not copying:
        return []
    sources = list(ed.BUILDING_SOURCES[tile])
    if kind == "private" and st.trail_owner[node] == seat and ed.RISK[node]:
        sources.append(f"risk/{ed.NODES[node]}")
    return sources


def derived_tables(ed: "Edition") -> dict[str, Any]:
    return {
        #: each building's local action sources, "E/1", "E/2"... (the names phase B lists them by)
        "BUILDING_SOURCES": {tile: tuple(f"{tile}/{i}" for i in range(1, len(spec["actions"]) + 1))
                             for tile, spec in ed.BUILDING.items()},
        #: source_options' answers, by source (a few dozen sources in all, fixed by the tables):
        #: filled as they are asked for
        "SOURCE_OPTIONS": {},
    }


def source_options(ed: "Edition", src: str):
    """The options of a local action source ("E/2", "risk/TRADE-RISK-1")."""
    options = ed.SOURCE_OPTIONS.get(src)
    if options is None:  # each source is parsed once: phase B lists its options after every action
        options = ed.SOURCE_OPTIONS[src] = _parse_source(ed, src)
    return options


def _parse_source(ed: "Edition", src: str):
    head, _, tail = src.partition("/")
    if head == "risk":
        return (ed.RISK_SPECS[ed.RISK[ed.NODE_INDEX[tail]]],)
    return ed.BUILDING[head]["actions"][int(tail) - 1]


def arrive(st: "GwtState", seat: int, node: int, fresh_after_action: bool) -> None:
    """The herder stops on ``node``: phase B there (or Kansas City)."""
    ed = st.edition
    st.b_location = node
    st.b_local_used = False
    st.b_aux_used = False
    st.b_acted = fresh_after_action
    if node == ed.KANSAS_CITY:
        st.b_available = []
        KC.arrive(st)
        return
    if ed.second and node in st.b_used:  # no re-use of a building in one turn (§4 item 6)
        st.b_available = []  # its local actions served once this turn already (second edition)
        return
    st.b_available = local_sources(st, seat, node)


# ------------------------------------------------------------------------------- legal actions
def legal_actions(st: "GwtState") -> list[Action]:
    acts = st._acts
    if acts is None:
        acts = _compute(st)
        st._acts = acts
    return acts


def _frame_actions(st: "GwtState", frame: dict[str, Any]) -> list[Action]:
    seat = st.current
    kind = frame["kind"]
    if kind == "effect":
        acts = E.options_actions(st, seat, frame["options"], frame["src"])
        if acts and frame["optional"]:
            acts.append({"type": "skip"})
        return acts
    if kind == "discard":
        return [{"type": "discard_card", "card": c} for c in sorted(set(st.players[seat].hand))]
    if kind == "remove":
        acts = [{"type": "remove_card", "card": c} for c in sorted(set(st.players[seat].hand))]
        return acts + [{"type": "skip"}] if acts else []
    if kind == "buy":
        return E.buy_actions(st, seat, frame)
    if kind == "upgrade":
        if railroad.can_upgrade(st, seat, frame["station"]):
            return [{"type": "upgrade", "station": frame["station"] + 1}, {"type": "skip"}]
        return []
    if kind == "disc":
        return railroad.disc_actions(st, seat, frame)
    if kind == "master":
        return railroad.master_actions(st, seat, frame)
    if kind == "end_of_track":
        return railroad.end_of_track_actions(st, seat)
    if kind == "simmental":
        return simmental.upgrade_actions(st, seat)
    if kind == "foresight":
        acts = KC.foresight_actions(st, frame)
    elif kind == "income":
        acts = KC.income_actions(st, seat) + exchange.spend_actions(st, seat)
    elif kind == "deliver":
        acts = KC.deliver_actions(st, seat, frame)
    else:
        raise AssertionError(f"unknown frame {kind!r}")
    if kind != "deliver" or not frame["extraordinary"]:
        if not st.kc_started and acts:
            acts = acts + objectives.play_actions(st, seat)
    return acts


def _is_forced(frame: dict[str, Any], acts: list[Action]) -> bool:
    """A decision with one possible answer that the engine takes for the player."""
    return len(acts) == 1 and frame["kind"] not in _OPTIONAL and not (
        frame["kind"] == "effect" and frame["optional"])


def _with_tokens(st: "GwtState", frame: dict[str, Any], acts: list[Action]) -> list[Action]:
    """A real decision in the middle of an action, and the exchange tokens the second edition
    lets a player spend there too (its rulebook, "Gain an exchange token"; the income decision
    offers them in both editions' code already)."""
    # the second edition's rulebook, "Gain an exchange token" (the first edition has no tokens)
    if st.edition.second and st.players[st.current].exchange and frame["kind"] != "income":
        return acts + exchange.spend_actions(st, st.current)
    return acts


def _compute(st: "GwtState") -> list[Action]:
    if st.over:
        return []
    if st.frames:
        frame = st.frames[-1]
        acts = _frame_actions(st, frame)
        return _with_tokens(st, frame, acts) if acts and not _is_forced(frame, acts) else acts
    return _free_point_actions(st)


def _free_point_actions(st: "GwtState") -> list[Action]:
    """The actions of a free point (no pending decision), at game end the objective to score."""
    ed = st.edition
    seat = st.current
    if st.phase == "scoring":
        return objectives.commit_actions(st)
    player = st.players[seat]
    if st.garth and st.garth[seat] is not None:
        return [{"type": "garth"}]  # Garth's whole turn is one forced action (garth.py)
    if st.phase == "A":
        if player.herder < 0:
            acts = [{"type": "move", "path": [ed.NODES[n]]} for n in ed.NEUTRAL_SPACES]
        else:
            acts = [{"type": "move", "path": [*names]}
                    for names in movement.paths(st, player.herder, C.step_limit(st, seat))]
    else:  # phase B free point
        acts = []
        if not st.b_aux_used:
            for src in st.b_available:
                acts += E.options_actions(st, seat, source_options(ed, src), src)
            if not st.b_local_used:
                acts += E.actions_for(st, seat, _AUX, "aux")
    # What every free point offers: objective cards to play (§8.3), exchange tokens to spend
    # (second edition). Usually there is none, which is told without a call.
    if not ed.OBJECTIVE_CARDS.isdisjoint(player.hand):
        acts += objectives.play_actions(st, seat)
    if player.exchange:
        acts += exchange.spend_actions(st, seat)
    if st.phase != "A" and st.b_acted:
        acts.append({"type": "end_phase_b"})
    return acts


# ------------------------------------------------------------------------------------- apply
def apply_action(st: "GwtState", action: Action) -> None:
    st._acts = None
    seat = st.current
    kind = action["type"]
    if kind == "garth":
        garth.play_turn(st, seat)
    elif kind == "play_objective":
        objectives.play(st, seat, action["card"])
    elif kind == "spend_exchange_token":
        exchange.spend(st, seat, action["count"])
    elif st.frames:
        _apply_frame(st, seat, st.frames.pop(), action)
    elif st.phase == "scoring":
        objectives.apply_commit(st, action)
    elif st.phase == "A":
        _apply_move(st, seat, action)
    elif kind == "end_phase_b":
        st.say("phase_b_ended", seat=seat)
        end_turn(st)
    else:
        _apply_local(st, seat, action)
    settle(st)


def _apply_move(st: "GwtState", seat: int, action: Action) -> None:
    names = action["path"]
    first = st.players[seat].herder < 0
    movement.move_herder(st, seat, names, fees=not first)
    st.phase = "B"
    arrive(st, seat, st.players[seat].herder, fresh_after_action=False)


def _apply_local(st: "GwtState", seat: int, action: Action) -> None:
    ed = st.edition
    src = action["src"]
    st.b_acted = True
    if src == "aux":
        st.b_aux_used = True
        E.apply_option(st, seat, _AUX_OPTIONS, "aux", action)
        return
    st.b_local_used = True
    st.b_available.remove(src)
    if ed.second and st.b_location not in st.b_used:  # no re-use (§4 item 6)
        st.b_used.append(st.b_location)
    st.say("local_action", seat=seat, source=src)
    E.apply_option(st, seat, source_options(ed, src), src, action)


def _apply_frame(st: "GwtState", seat: int, frame: dict[str, Any], action: Action) -> None:
    kind = frame["kind"]
    t = action["type"]
    if t == "skip":
        st.say("skipped", seat=seat, decision=frame.get("src", kind))
        return
    if kind in ("foresight", "income", "deliver"):
        st.kc_started = True
    if kind == "effect":
        E.apply_option(st, seat, frame["options"], frame["src"], action)
    elif kind == "discard":
        C.discard_cards(st, seat, [action["card"]], frame["src"])
        if frame["count"] > 1 and st.players[seat].hand:
            st.frames.append(dict(frame, count=frame["count"] - 1))
    elif kind == "remove":
        st.players[seat].hand.remove(action["card"])
        st.players[seat].removed.append(action["card"])
        st.say("card_removed", seat=seat, card=action["card"])
        if frame["count"] > 1:
            st.frames.append(dict(frame, count=frame["count"] - 1))
    elif kind == "buy":
        E.apply_buy(st, seat, frame, action)
    elif kind == "upgrade":
        railroad.upgrade(st, seat, frame["station"])
    elif kind == "disc":
        railroad.apply_disc(st, seat, frame, action)
    elif kind == "master":
        railroad.apply_master(st, seat, frame, action)
    elif kind == "end_of_track":
        railroad.apply_end_of_track(st, seat, action)
    elif kind == "simmental":
        simmental.apply(st, seat, action)
    elif kind == "foresight":
        KC.apply_foresight(st, seat, action)
    elif kind == "income":
        KC.apply_income(st, seat, action)
    elif kind == "deliver":
        KC.apply_deliver(st, seat, frame, action)
    else:
        raise AssertionError(f"unknown frame {kind!r}")


def settle(st: "GwtState") -> None:
    """Resolve what needs no decision, until a real choice (or the end of the game) is reached."""
    while not st.over:
        if not st.frames:
            st._acts = _free_point_actions(st)
            return
        frame = st.frames[-1]
        if frame["kind"] == "kc_finish":
            st.frames.pop()
            KC.finish(st, st.current)
            end_turn(st)
            continue
        acts = _frame_actions(st, frame)
        if not acts:
            st.frames.pop()
            continue
        if _is_forced(frame, acts):
            st.frames.pop()
            if acts[0]["type"] in ("foresight", "income", "deliver"):
                st.kc_started = True
            _apply_frame(st, st.current, frame, acts[0])
            continue
        st._acts = _with_tokens(st, frame, acts)
        return
    st._acts = []


# ------------------------------------------------------------------------------- turn end
def end_turn(st: "GwtState") -> None:
    """Phase C (§9.6), foresight refill after Kansas City (§10), the end of the game (§11.1)."""
    seat = st.current
    player = st.players[seat]
    missing = C.hand_limit(st.edition, player) - len(player.hand)
    if missing > 0:
        C.draw(st, seat, missing)
    if st.kc_visit:
        KC.refill_foresight(st)
    st.kc_visit = False
    st.kc_started = False
    st.b_location = -1
    st.b_available = []
    st.b_local_used = st.b_aux_used = st.b_acted = False
    st.b_used = []
    st.frames = []
    if st.final_turns is not None:
        st.final_turns -= 1
    elif st.end_triggered:
        st.final_turns = st.n - 1
    if st.final_turns == 0:
        scoring.start_scoring(st)
        return
    st.current = (seat + 1) % st.n
    st.phase = "A"
    begin_turn(st)


def begin_turn(st: "GwtState") -> None:
    """A seat's turn begins in phase A; on its first turn the second edition first has it
    discard down to 4 cards (reference §1.3 item 7: starting hands of 4 to 7 cards)."""
    ed = st.edition
    st.say("turn_started", seat=st.current)
    player = st.players[st.current]
    if garth.is_garth(st, st.current):
        return  # Garth plays no cards: its hand is never looked at
    if ed.FIRST_TURN_HAND is not None and player.herder < 0 and len(player.hand) > ed.FIRST_TURN_HAND:
        st.frames.append({"kind": "discard", "count": len(player.hand) - ed.FIRST_TURN_HAND,
                          "src": "first_turn"})


def explain_illegal(st: "GwtState", action: Action) -> str:
    if st.over:
        return "the game is over"
    legal = legal_actions(st)
    same = [a for a in legal if a["type"] == action.get("type")]
    if not same:
        kinds = sorted({a["type"] for a in legal})
        return (f"{action.get('type')!r} is not possible now; possible now: {', '.join(kinds)}")
    return (f"this {action.get('type')!r} is not allowed now (wrong or unaffordable choice); "
            f"for example {same[0]!r} would be")


__all__ = ["IllegalAction", "legal_actions", "apply_action", "settle", "arrive", "local_sources",
           "source_options", "end_turn", "begin_turn", "explain_illegal"]
