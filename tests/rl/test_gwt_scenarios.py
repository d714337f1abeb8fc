"""The GWT rules' scenario tests reach actions that random games rarely do (building 8b's copy,
9a's extraordinary delivery, a station disc taken back, the end of the track, ...). Run them all with
every list of legal actions they ask for checked against the encoding: each action has its own
index of the table and comes back from it. Together with the random games of test_encodings.py
they show every action type of the table encoded. The second edition's scenarios (tests/games/gwt2e:
its buildings, exchange tokens, station masters, the Simmental upgrade...) are checked the same way
against its own encoding."""

from __future__ import annotations

import inspect
from importlib import import_module

import pytest

from gametable.games.gwt.state import GwtState
from gametable.rl import encodings
from tests.rl.test_encodings import positions

#: per game, the package of its rules' scenario tests and the modules run
MODULES = {
    "gwt": ("gwt", ("test_private_buildings", "test_neutral_buildings", "test_railroad", "test_kansas_city",
                    "test_objectives_scoring", "test_player_board", "test_rules_decisions",
                    "test_second_audit", "test_audit_scenarios")),
    "gwt-2e": ("gwt2e", ("test_board", "test_buildings", "test_rulebook_corrections", "test_simmental",
                         "test_turn_rules")),
}
#: action types random games rarely offer, which the scenarios must
RARE = {
    "gwt": ("copy_adjacent", "extraordinary_delivery", "upgrade_behind", "end_of_track",
            "disc_from_station", "teepee_pairs", "certificates_to_limit", "money_per_engineer"),
    "gwt-2e": ("upgrade_cattle", "keep_cattle", "spend_exchange_token", "permanent_certificate",
               "station_master"),
}


def scenario_tests(game: str):
    package, modules = MODULES[game]
    for name in modules:
        module = import_module(f"tests.games.{package}.{name}")
        for test_name, test in inspect.getmembers(module, inspect.isfunction):
            if test_name.startswith("test_") and test.__module__ == module.__name__ \
                    and not inspect.signature(test).parameters:
                yield f"{name}.{test_name}", test


@pytest.mark.parametrize("game", MODULES)
def test_every_legal_action_of_the_gwt_scenarios_has_its_own_index(monkeypatch, game):
    # The game's own hook: every list of legal actions is made by it, whether a test asks
    # legal_actions() or apply() checks an action against the cached list.
    original = GwtState._legal_actions
    seen: set[str] = set()
    where: list[str] = []

    def checked(self, seat):
        legal = original(self, seat)
        if legal:
            view, encoding = self.view(seat), encodings.get(self.edition.name, self.n)
            indices = encoding.legal_indices(view, legal)
            assert [encoding.action_for(view, legal, i) for i in indices] == legal, where[-1]
            seen.update(action["type"] for action in legal)
        return legal

    monkeypatch.setattr(GwtState, "_legal_actions", checked)
    ran = 0
    for name, test in scenario_tests(game):
        where.append(name)
        test()
        ran += 1
    assert ran > 40
    for rare in RARE[game]:
        assert rare in seen, rare
    where.append("a whole game, 3 players")
    for state in positions(game, 3, 1):
        state.legal_actions(state.to_act()[0])
    kinds = {key[0] for key in encodings.get(game, 2).keys}
    if game == "gwt":
        assert seen == kinds
    else:  # the kinds only the second edition has (its buildings' new effects, tokens, Simmental)
        new = kinds - {key[0] for key in encodings.get("gwt", 2).keys}
        assert len(new) >= 5 and new <= seen, sorted(new - seen)
