"""Every log key, score category and term used by GWT has an English message; the terminal renders."""

from rich.console import Console

from gametable import i18n
from gametable.games import get
from gametable.games.gwt import text
from gametable.games.gwt.scoring import CATEGORIES
from gametable.sim.runner import play_random_game


def test_every_log_key_and_score_category_has_an_english_message():
    catalog = i18n.catalog("en")
    keys = set()
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        state, _ = play_random_game(get("gwt"), players, seed,
                                    {"building_sides": "random", "neutral_buildings": "random"})
        keys |= {e["key"] for e in state.log}
        for entry in state.log:
            for name, value in entry.items():
                if isinstance(value, str) and name in ("reason", "source", "tile", "city", "group",
                                                       "worker", "space", "card", "placed"):
                    assert f"gwt.term.{value}" in catalog, f"no term for {value!r} ({entry['key']})"
    assert keys <= set(catalog), sorted(keys - set(catalog))
    assert all(f"gwt.score.{c}" in catalog for c in CATEGORIES)


def test_terminal_renders_every_view_and_describes_every_action():
    state = get("gwt").new(2, 4)
    console = Console(record=True, width=120)
    from gametable.bots import RandomBot
    bot = RandomBot(1)
    for _ in range(150):
        if state.is_over():
            break
        view = state.view(state.current)
        console.print(text.render(view, ["You", "Bot"], "en"))
        for action in state.legal_actions(state.current):
            assert text.describe_action(action, view, "en")
        state.apply(state.current, bot.choose(state, state.current))
    assert "Trail" in console.export_text()
