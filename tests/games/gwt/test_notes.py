"""gwt.notes: what each choice costs and gives, language-free, for the terminal and the browser."""

from gametable import i18n
from gametable.bots import RandomBot
from gametable.games import get
from gametable.games.gwt import text
from gametable.games.gwt.notes import action_notes
from tests import conformance


def test_hire_notes_are_a_catalog_key_and_the_cost():
    """rules §2.5: row 1 costs $6; building A's second hire costs $2 more."""
    from .builder import at, legal, scenario, set_jobs
    st = scenario()
    set_jobs(st, [["cowboy", "cowboy"], ["engineer"]])
    at(st, 0, "NEUTRAL-A", hand=["guernsey"], money=10)
    view = st.view(0)
    hires = {a["src"]: action_notes(st.edition, a, view) for a in legal(st) if a["type"] == "hire" and a["row"] == 1}
    assert hires["A/2"] == [{"key": "gwt.terminal.costs", "cost": 6}]
    assert hires["A/3"] == [{"key": "gwt.terminal.costs", "cost": 8}]


def test_state_notes_run_parallel_to_the_legal_actions_and_name_payees_by_seat():
    """rules §2.4: a fee for another player's building goes to that player, named as a seat."""
    catalog = set(i18n.catalog("en"))
    paid_to_player = None
    for seed in range(4):
        state = get("gwt").new(2 + seed % 3, seed)
        bot = RandomBot(seed)
        for _ in range(300):
            if state.is_over():
                break
            seat = state.to_act()[0]
            conformance.assert_action_notes_follow_the_protocol(state, catalog)
            # the notes of all choices at once (trail spaces looked up once) are each choice's own
            view = state.view(seat)
            assert state.action_notes(seat, view) == [action_notes(state.edition, a, view)
                                                      for a in state.legal_actions(seat)]
            for action, action_notes_ in zip(state.legal_actions(seat), state.action_notes(seat)):
                for note in action_notes_:
                    for payee in (p["payee"] for p in note.get("payees", [])):
                        if payee["key"] == "gwt.terminal.player" and paid_to_player is None:
                            paid_to_player = (action, state.view(seat), payee["seat"])
            state.apply(seat, bot.choose(state, seat))
    assert paid_to_player, "no move past another player's building was reached"
    action, view, payee = paid_to_player
    names = i18n.player_names(len(view["players"]), view["seat"], "en")
    assert f" to {names[payee]}" in text.describe_action(action, view, "en")
