"""Every log key, score category and term used by GWT has an English message; the terminal renders."""

from rich.console import Console

from gametable import i18n
from gametable.games import get
from gametable.games.gwt import text
from gametable.games.gwt.editions import FIRST
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
    assert any(line.endswith("— هزینه ۶$") for line in said_fa), said_fa
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
    assert fa[2:5] == [" ساختمان ۱a متعلق به بازیکن ۱ (شما)      ساختمان B                   خشکسالی (دست سبز، ۳ امتیاز)",
                       " ⚠ خطر سیل",
                       " ★ بازیکن ۱ (شما) و ربات ۲"]
    assert fa[5].endswith("چادر سبز (+۱$)") and fa[8] == " چادر آبی (-۳$)"
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
    from gametable.games.gwt.editions import FIRST as D
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
        console.print(text._trail(FIRST, st.view(0), player_names(2, 0, lang), lang))
        shown = console.export_text()
        assert [shown.count("⚠ " + r) for r in risks] == [2, 1, 2, 2]
        assert not any(n in shown for n in D.NODES if "-" in n or n.isupper()), shown


def test_every_building_space_has_a_distinct_name_without_its_id_in_every_language():
    """rules §5.2: the 22 empty building spaces are named as a reader of the printed board finds
    them (by the neutral letter or the hazard/teepee spaces before them), never by our node ids,
    which are not printed on the board; no two share a name, so a choice list tells them apart."""
    import re

    from gametable.games.gwt.editions import FIRST as D
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
    from gametable.games.gwt.editions import FIRST as D

    from .builder import legal, put_building, refresh, scenario
    st = scenario()
    put_building(st, "C-1-1", "1a", owner=1)
    st.players[0].herder = D.NODE_INDEX["NEUTRAL-C"]
    st.players[0].money = 5
    refresh(st)
    said = [text.describe_action(a, st.view(0), "en") for a in legal(st, "move")]
    assert said[0] == ("Move to 1st building space between C and E (woods) "
                       "(1 step: 1st building space between C and E (woods)) — fees $2: $2 to Bot 2"), said
    assert text._t(FIRST, "FLOOD-RISK-2", "en") == "2nd building space after the flood spaces (woods)"
    assert text._t(FIRST, "G-2", "es") == "espacio de edificio inferior después de G"
    assert text._t(FIRST, "A-1", "pt") == "primeiro espaço de construção depois de A"
    assert text._t(FIRST, "DROUGHT-RISK-1", "fa") == "فضای ساختمان بعد از فضاهای خشکسالی"


def _known_table(lang: str) -> list[str]:
    """The terminal at 110 columns for a built position: workers in rows 1-3 with the token after
    row 3, discs on stations 2 and 6 and on two cities, Bot 2's engine on the turnout of station 1,
    a fixed objective display and a general objective in the human's objective area."""
    from gametable.games.gwt.editions import FIRST as D
    from gametable.i18n import player_names

    from .builder import clear_disc, refresh, scenario, set_jobs
    st = scenario(2, seed=1)
    set_jobs(st, [["cowboy", "engineer"], ["craftsman"], ["engineer", "cowboy"]], token_row=3)
    clear_disc(st, 0, "aux3", to_station=2)
    clear_disc(st, 1, "aux4", to_station=2)
    clear_disc(st, 0, "cert_4", to_station=6)
    st.city_discs[0], st.city_discs[1] = [0], [0, 1, 1]
    st.players[0].engine, st.players[1].engine = 8, D.STATION_POS_T[0]
    st.obj_display = ["objective_3", "objective_10", "objective_18", "objective_22"]
    st.players[0].objectives.append("objective_7")
    refresh(st)
    console = Console(record=True, width=110)
    console.print(text.render(st.view(0), player_names(2, 0, lang), lang))
    return [line.rstrip() for line in console.export_text().splitlines()]


def _panel(lines: list[str], first: str, last: str) -> list[str]:
    """The panel lines from the one starting with ``first`` up to the one starting with ``last``."""
    inner = [line.strip("│ ").rstrip() for line in lines]
    start = next(i for i, line in enumerate(inner) if line.startswith(first))
    end = next(i for i in range(start, len(inner)) if inner[i].startswith(last))
    return inner[start:end + 1]


def test_terminal_board_says_job_market_objectives_and_railroad_in_words():
    """§2.5 job market rows and token, §8 objective cards (action when played, tasks, VP, penalty),
    §6 stations (cost, VP, station master, upgrades), cities with their discs, engines."""
    lines = _known_table("en")
    assert _panel(lines, "Job market", "Cities")[:-1] == [
        "Job market: row 1 ($6): cowboy and engineer · row 2 ($6): craftsman · row 3 ($7): engineer and cowboy,",
        "then the job market token · rows 4–12 still to fill · after row 6: cattle market refill · after row 9:",
        "cattle market refill · after row 12: game end",
        "Foresight: 1: rockfall (green hand, 3 VP) and green teepee  2: 2× craftsman  3: 2× craftsman",
        "Cattle market: 2× Holstein (value 3, 1 VP), Brown Swiss (value 3, 2 VP), Ayrshire (value 3, 3 VP), West",
        "Highland (value 4, 4 VP), Texas Longhorn (value 5, 5 VP), and Texas Longhorn (value 5, 7 VP) (29 in the",
        "stack)",
        "Objective cards on display (20 in the stack):",
        "objective “+$2” (cattle value 4 and 2× hazard) — 3 VP if every task is met, otherwise -2",
        "objective “draw and discard” (2× building and hazard) — 3 VP if every task is met, otherwise -2",
        "objective “engine ≤ 3” (building, blue teepee, and 2× hazard) — 5 VP if every task is met, otherwise -3",
        "objective “herder ≤ 3” (cattle value 3, cattle value 4, and cattle value 5) — 5 VP if every task is met,",
        "otherwise -2",
        "Engines: Player 1 (you) at space 8 and Bot 2 at the turnout of station 1",
        "Stations (track spaces, upgrade cost, VP): 1 (4–5, $2, 1 VP); station master: permanent certificate / 3 VP",
        "per teepee pair · 2 (7–8, $2, 1 VP); station master: remove a hazard or trade / 3 VP per 2 objectives;",
        "upgraded by Player 1 (you) and Bot 2 · 3 (10–11, $4, 2 VP); station master: permanent certificate / 3 VP",
        "per 2 certificates · 4 (13–14, $4, 2 VP); station master: permanent certificate / 3 VP per 2 hazards · 5",
        "(16–17, $6, 3 VP); station master: $2 / 1 VP per worker · 6 (21–22, $8, 5 VP); upgraded by Player 1 (you)",
        "· 7 (25–26, $7, 6 VP) · 8 (29–30, $6, 7 VP) · 9 (33–34, $5, 8 VP) · 10 (39, $3, 9 VP)",
    ]
    assert _panel(lines, "Cities", "San Francisco") == [
        "Cities (delivery value: discs): Kansas City 0: Player 1 (you) · Topeka 1: Player 1 (you) and 2× Bot 2 ·",
        "Wichita 4 · Colorado Springs 6 · Santa Fe 8 · Albuquerque 10 · El Paso 12 · San Diego 14 · Sacramento 16 ·",
        "San Francisco 18",
    ]


def test_terminal_player_areas_say_aux_actions_discs_and_objectives_in_words():
    """§9.2 auxiliary actions single/double/not yet, §6.2 what the remaining discs free, §8 own
    objectives in words while another player's starting objective stays face down."""
    lines = _known_table("en")
    assert _panel(lines, "Steps", "Buildings") == [
        "Steps: 3, Hand limit: 4, engine at space 8",
        "Auxiliary actions: 1 money (single) · 2 draw and discard (single) · 3 engine back for certificates",
        "(single) · 4 pay to move the engine (not yet) · 5 engine back to remove cards (not yet)",
        "Discs left (12), each frees: aux. 1, aux. 2, aux. 3, 2× aux. 4, 2× aux. 5, left step limit ($3), right",
        "step limit (3 VP), 2× hand limit ($5), and certificate limit 6",
        "Deck 14 · discard pile 0",
        "Objectives:",
        "starting objective (2× station disc and green teepee) — 3 VP if every task is met, otherwise 0",
        "objective “auxiliary action (double)” (disc on San Francisco) — 5 VP if every task is met, otherwise -3",
        "Buildings to place: 1a 2a 3a 4a 5a 6a 7a 8a 9a 10a",
    ]
    bot = lines[next(i for i, line in enumerate(lines) if "─ Bot 2 ─" in line):]
    assert _panel(bot, "Steps", "Objectives")[0] == "Steps: 3, Hand limit: 4, engine at the turnout of station 1"
    assert _panel(bot, "Objectives", "Buildings")[1] == "a face-down starting objective"


def test_terminal_reads_out_objective_cards_in_the_own_hand_only():
    """§8: an objective card in hand is played later; its owner reads it, others see a card count."""
    from gametable.i18n import player_names

    from .builder import refresh, scenario, set_hand
    st = scenario(2, seed=1)
    set_hand(st, 0, ["jersey", "objective_12"])
    set_hand(st, 1, ["objective_13"])
    refresh(st)
    console = Console(record=True, width=110)
    console.print(text.render(st.view(0), player_names(2, 0, "en"), "en"))
    lines = [line.strip("│ ").rstrip() for line in console.export_text().splitlines()]
    start = lines.index("objective cards in hand:")
    assert lines[start - 1] == ("Your hand (2 of 4): Jersey (value 1, 0 VP) and objective “draw and discard” "
                                "(cattle value 5 and hazard)")
    assert lines[start + 1] == (
        "objective “draw and discard” (cattle value 5 and hazard) — 3 VP if every task is met, otherwise -2")
    assert text._t(FIRST, "objective_13", "en") not in "\n".join(lines) and "1 card in hand (limit 4)" in lines


def test_terminal_board_in_persian_portuguese_and_spanish():
    fa, pt, es = _known_table("fa"), _known_table("pt"), _known_table("es")
    assert _panel(fa, "بازار کار", "بازار کار")[0].startswith(
        "بازار کار: ردیف ۱ (۶$): گاوچران و مهندس · ردیف ۲ (۶$): کارگر ماهر · ردیف ۳ (۷$): مهندس و گاوچران،")
    assert "لکوموتیوها: بازیکن ۱ (شما) در خانه‌ی ۸ و ربات ۲ در انشعاب ایستگاه ۱" in _panel(fa, "لکوموتیوها", "لکوموتیوها")
    assert _panel(pt, "Cartas de objetivo", "objetivo “+$2”")[1] == (
        "objetivo “+$2” (gado de valor 4 e 2× perigo) — 3 PV se todas as tarefas forem cumpridas, senão -2")
    assert _panel(pt, "Locomotivas", "Locomotivas") == [
        "Locomotivas: Jogador 1 (você) em casa 8 e Robô 2 em desvio da estação 1"]
    assert _panel(es, "Ciudades", "Ciudades")[0].startswith(
        "Ciudades (valor de entrega: discos): Kansas City 0: Jugador 1 (tú) · Topeka 1: Jugador 1 (tú) y 2× Bot 2")
    assert _panel(es, "Acciones auxiliares", "Acciones auxiliares")[0].startswith(
        "Acciones auxiliares: 1 dinero (simple) · 2 robar y descartar (simple) · 3 motor atrás")


def test_terminal_shows_no_internal_ids_in_any_language():
    """Positions from random games in all four languages: no city, disc-group, objective or
    station code reaches the screen, and the hidden parts (others' hands, stacks) stay hidden."""
    import re

    from rich.cells import cell_len

    from gametable.bots import RandomBot
    from gametable.games.gwt.editions import FIRST as D
    from gametable.i18n import player_names

    codes = re.compile(r"kansas_city|step_money|step_vp|cert_[46]|aux[1-5]|objective_|start_\d|master_|"
                       r"hidden_start|S\d+\(|@\d|[a-z]+_[a-z]+")
    for players, seed in ((2, 11), (3, 12), (4, 13)):
        state = get("gwt").new(players, seed)
        bot = RandomBot(seed)
        for step in range(320):
            if state.is_over():
                break
            seat = state.to_act()[0]
            if step % 80 == 79:
                view = state.view(0)
                others = [c for p in state.players[1:] for c in p.hand + p.deck]
                for lang in ("en", "fa", "pt", "es"):
                    console = Console(record=True, width=110)
                    console.print(text.render(view, player_names(players, 0, lang), lang))
                    shown = console.export_text()
                    assert not codes.search(shown), (lang, codes.search(shown).group(0))
                    assert all(cell_len(line) <= 110 for line in shown.splitlines())  # columns, not characters
                    if lang == "en":  # only the human's own objective cards are read out
                        # by name: objectives 6 to 9 have one face, so one name
                        seen = set(view["objective_cards"]["display"]) | {c for p in view["players"]
                                                                           for c in p["objectives"]}
                        hidden = ({text._t(FIRST, c, "en") for c in others if c in D.OBJECTIVE}
                                  - {text._t(FIRST, c, "en") for c in seen})
                        assert not any(f"{name} —" in shown for name in hidden), hidden
            state.apply(seat, bot.choose(state, seat))


def test_terminal_job_market_names_only_the_arrows_still_ahead_of_the_token():
    """§2.5: the yellow arrows after rows 6 and 9 refill the cattle market, the red one after row 12
    ends the game; an arrow the token has passed is no longer mentioned."""
    from gametable import games

    jm = games.get("gwt").new(2, 1).view(0)["job_market"]
    assert text._job_market(FIRST, jm, "en").endswith(
        "rows 3–12 still to fill · after row 6: cattle market refill · after row 9: cattle market refill"
        " · after row 12: game end")
    later = {**jm, "token_row": 8}
    said = text._job_market(FIRST, later, "en")
    assert "after row 6" not in said
    assert said.endswith("rows 9–12 still to fill · after row 9: cattle market refill · after row 12: game end")
    assert text._job_market(FIRST, later, "es").endswith("tras la fila 9: reponer el mercado de ganado · tras la fila 12: fin de la partida")
