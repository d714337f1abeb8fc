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
        for lang in ("en", "fa", "pt", "es"):
            console.print(text.render(view, ["You", "Bot"], lang))
        for action in state.legal_actions(state.current):
            for lang in ("en", "fa", "pt", "es"):  # every choice in every language, no key or {field} left
                label = text.describe_action(action, view, lang)
                assert label and "{" not in label and "web.gwt." not in label and "gwt.terminal" not in label
        state.apply(state.current, bot.choose(state, state.current))
    shown = console.export_text()
    assert "Trail" in shown and "Mercado de gado" in shown and "بازار گاو" in shown
    assert "gwt.terminal" not in shown and "web.gwt." not in shown


def test_terminal_names_read_right_in_every_sentence():
    """The human is "Player 1 (you)" (third person), so "commits", "wins", "Turn of" read right."""
    from gametable.i18n import player_names
    names = player_names(2, 0, "en")
    assert names == ["Player 1 (you)", "Bot 2"]
    state, _ = play_random_game(get("gwt"), 2, 6)
    for entry in state.view(0)["log"]:
        sentence = i18n.describe(entry, "en", names)
        assert "{" not in sentence, sentence
        assert "You " not in sentence and "'s " not in sentence, sentence


def test_hidden_cards_are_left_out_of_other_players_sentences():
    """A log entry names its private part only to a viewer who may see it (`<key>.private`)."""
    state = get("gwt").new(2, 4)
    entries = [e for e in state.log if e["key"] == "gwt.starting_hand"]
    own = i18n.describe(state.view(0)["log"][1], "en", ["A", "B"])
    other = i18n.describe(state.view(1)["log"][1], "en", ["A", "B"])
    assert entries and "hand:" in own and "hand:" not in other and "{" not in other
    drew = {"key": "gwt.drew", "seat": 1, "count": 2}
    assert i18n.describe(drew, "en", ["A", "B"]) == "B draws 2 cards."


def test_action_descriptions_say_costs_and_gains_and_survive_markup():
    from .builder import at, clear_disc, legal, scenario, set_jobs
    st = scenario()
    set_jobs(st, [["cowboy", "cowboy"], ["engineer"]])
    clear_disc(st, 0, "aux4", to_station=1)
    at(st, 0, "NEUTRAL-A", hand=["guernsey"], money=10)
    view = st.view(0)
    said = {text.describe_action(a, view, "en") for a in legal(st)}
    assert "Hire cowboy from row 1 (building A, action 2) — costs $6" in said
    assert "Hire cowboy from row 1 (building A, action 3) — costs $8" in said
    assert "Discard Guernsey (value 2, 0 VP) (building A, action 1) — +$2" in said
    assert "Auxiliary action 4 (single) — auxiliary action — engine ≤ 1 and pay $1" in said
    # the same choices in the other languages, with the same costs
    said_es = {text.describe_action(a, view, "es") for a in legal(st)}
    assert any(line.endswith("— cuesta $6") for line in said_es), said_es
    said_fa = {text.describe_action(a, view, "fa") for a in legal(st)}
    assert any(line.endswith("— هزینه 6$") for line in said_fa), said_fa
    console = Console(record=True, width=200)
    for line in said:
        console.print(line)
    assert "(building A, action 2)" in console.export_text()


def test_move_descriptions_name_the_fees_the_engine_charges():
    """rules §5.1: the fee a move shows in the terminal is the money the move costs."""
    from gametable.bots import RandomBot

    game = get("gwt")
    checked = 0
    for seed in range(6):
        state = game.new(2 + seed % 3, seed)
        bot = RandomBot(seed)
        for _ in range(400):
            if state.is_over():
                break
            seat = state.to_act()[0]
            view = state.view(seat)
            for action in state.legal_actions(seat):
                if action["type"] != "move":
                    continue
                label = text.describe_action(action, view, "en")
                after = state.clone()
                after.apply(seat, action)
                paid = view["players"][seat]["money"] - after.view(seat)["players"][seat]["money"]
                if paid:
                    assert f"— fees ${paid}:" in label or "you have only" in label, label
                    checked += 1
                else:
                    assert label.endswith("— no fees") or "you have only $0" in label, label
            state.apply(seat, bot.choose(state, seat))
    assert checked > 20  # positions where moving costs something were reached and compared


def _trail_lines(lang: str) -> list[str]:
    """The terminal's trail at 100 columns for seed 4's tiles, 1a (seat 0) on the woods space at
    the flood risk, 2a (seat 1) on G-2 and both herders on 1a."""
    from gametable.i18n import player_names

    from .builder import node, put_building, scenario
    st = scenario(2, seed=4, clear_trail=False)
    put_building(st, "FLOOD-RISK-2", "1a", owner=0)
    put_building(st, "G-2", "2a", owner=1)
    st.players[0].herder = st.players[1].herder = node("FLOOD-RISK-2")
    console = Console(record=True, width=100)
    console.print(text.render(st.view(0), player_names(2, 0, lang), lang))
    lines = [line.rstrip() for line in console.export_text().splitlines()]
    return lines[:lines.index(next(line for line in lines if line.startswith("╭")))]


def test_terminal_trail_names_locations_as_the_printed_board_does():
    """Buildings by letter or number and side with their owner, hazard and teepee tiles with the
    teepee space's money, the risk area, herders below: no internal space ids."""
    assert _trail_lines("en") == [
        "                              Trail (locations in order; ★ = herders)",
        " building A                           flood (green hand, 2 VP)       flood (green hand, 4 VP)",
        " building 1a of Player 1 (you)        building B                     drought (green hand, 3 VP)",
        " ⚠ flood risk",
        " ★ Player 1 (you) and Bot 2",
        " building C                           building D                     green teepee (+$1)",
        " building E                           building F                     building G",
        " building 2a of Bot 2                 green teepee (-$1)             green teepee (-$2)",
        " blue teepee (-$3)",
    ]


def test_terminal_trail_in_persian_portuguese_and_spanish():
    fa, pt, es = _trail_lines("fa"), _trail_lines("pt"), _trail_lines("es")
    assert fa[2:5] == [" ساختمان 1a متعلق به بازیکن 1 (شما)      ساختمان B                   خشکسالی (دست سبز، 3 امتیاز)",
                       " ⚠ خطر سیل",
                       " ★ بازیکن 1 (شما) و ربات 2"]
    assert fa[5].endswith("چادر سبز (+1$)") and fa[8] == " چادر آبی (-3$)"
    assert pt[2:5] == [" construção 1a de Jogador 1 (você)     construção B                   seca (mão verde, 3 PV)",
                       " ⚠ risco de inundação",
                       " ★ Jogador 1 (você) e Robô 2"]
    assert pt[7] == " construção 2a de Robô 2               cabana verde (-$1)             cabana verde (-$2)"
    assert es[2:5] == [" edificio 1a de Jugador 1 (tú)     edificio B                       sequía (mano verde, 3 PV)",
                       " ⚠ riesgo de inundación",
                       " ★ Jugador 1 (tú) y Bot 2"]
    assert es[5] == " edificio C                        edificio D                       tienda indígena verde (+$1)"


def test_terminal_trail_shows_every_risk_area_and_no_space_id():
    """Every risk space says its area; a space id (FLOOD-RISK-2, G-2, TEEPEE+1) never shows."""
    from gametable.games.gwt import data as D
    from gametable.i18n import player_names

    from .builder import put_building, scenario
    st = scenario(2, seed=4, clear_trail=False)
    risky = [D.NODES[i] for i in range(len(D.NODES)) if D.NODE_KIND[i] == "private" and D.RISK[i]]
    for space, building in zip(risky, ("1a", "2a", "3a", "4a", "5a", "6a", "7a")):
        put_building(st, space, building, owner=0)
    for lang, risks in (("en", ["flood risk", "drought risk", "trade risk", "rockfall risk"]),
                        ("es", ["riesgo de inundación", "riesgo de sequía", "riesgo de comercio",
                                "riesgo de desprendimiento"])):
        console = Console(record=True, width=100)
        console.print(text._trail(st.view(0), player_names(2, 0, lang), lang))
        shown = console.export_text()
        assert [shown.count("⚠ " + r) for r in risks] == [2, 1, 2, 2]
        assert not any(n in shown for n in D.NODES if "-" in n or n.isupper()), shown


def test_every_building_space_has_a_distinct_name_without_its_id_in_every_language():
    """rules §5.2: the 22 empty building spaces are named as a reader of the printed board finds
    them (by the neutral letter or the hazard/teepee spaces before them), never by our node ids,
    which are not printed on the board; no two share a name, so a choice list tells them apart."""
    import re

    from gametable.games.gwt import data as D
    spaces = [D.NODES[i] for i in range(len(D.NODES)) if D.NODE_KIND[i] == "private"]
    assert len(spaces) == 22
    raw_id = re.compile(r"[A-Z]-\d|[A-Z]{2,}")  # A-1, C-1-1, FLOOD-RISK-2, TEEPEE, ...
    for lang in ("en", "fa", "pt", "es"):
        catalog = i18n.catalog(lang)
        names = {space: catalog.get(f"gwt.term.{space}") for space in spaces}
        assert all(names.values()), [s for s, name in names.items() if not name]
        shown_ids = {s: name for s, name in names.items() if raw_id.search(name) or s in name}
        assert not shown_ids, (lang, shown_ids)
        assert len(set(names.values())) == len(spaces), (lang, names)


def test_building_space_names_follow_the_board_in_the_choice_list():
    """rules §5.2: a move over a built space and a build choice name the space by where it stands."""
    from gametable.games.gwt import data as D

    from .builder import legal, put_building, refresh, scenario
    st = scenario()
    put_building(st, "C-1-1", "1a", owner=1)
    st.players[0].herder = D.NODE_INDEX["NEUTRAL-C"]
    st.players[0].money = 5
    refresh(st)
    said = [text.describe_action(a, st.view(0), "en") for a in legal(st, "move")]
    assert said[0] == ("Move to 1st building space between C and E (woods) "
                       "(1 step: 1st building space between C and E (woods)) — fees $2: $2 to Bot 2"), said
    assert text._t("FLOOD-RISK-2", "en") == "2nd building space after the flood spaces (woods)"
    assert text._t("G-2", "es") == "espacio de edificio inferior después de G"
    assert text._t("A-1", "pt") == "primeiro espaço de construção depois de A"
    assert text._t("DROUGHT-RISK-1", "fa") == "فضای ساختمان بعد از فضاهای خشکسالی"
