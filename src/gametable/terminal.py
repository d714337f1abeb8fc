"""A whole game in the terminal: you against bots, every choice numbered.

Games may provide a module ``gametable.games.<package>.text`` with
``render(view, names, lang) -> rich renderable`` and ``describe_action(action, view, lang) -> str``
to draw their table readably; without it we fall back to the raw view and action JSON.
"""

from __future__ import annotations

import json
from importlib import import_module
from types import ModuleType
from typing import Any, Callable, Iterator, Sequence

from rich.console import Console
from rich.panel import Panel
from rich.prompt import IntPrompt
from rich.syntax import Syntax

from gametable import i18n
from gametable.i18n import player_names
from gametable import bots
from gametable.engine import Game, State, is_undo


def _text_module(game: Game) -> ModuleType | None:
    package = type(game).__module__.rsplit(".", 1)[0] if "." in type(game).__module__ else None
    for candidate in filter(None, (package, type(game).__module__)):
        try:
            return import_module(candidate + ".text")
        except ModuleNotFoundError as exc:
            if exc.name != candidate + ".text":
                raise  # a bug inside the text module must surface
            continue
    return None


def play_in_terminal(game: Game, state: State, human_seat: int, console: Console, lang: str = "en",
                     bot_seed: int | None = None, bot_level: str | None = None) -> State:
    text_ui = _text_module(game)
    names = player_names(state.num_players, human_seat, lang)
    bot = bots.get(bot_level or bots.default_level(), game.name,
                   bot_seed if bot_seed is not None else 12345)
    log = _LogPrinter(human_seat, names, lang, console)

    while not state.is_over():
        log.show_new(state)
        to_act = state.to_act()
        if human_seat not in to_act:
            seat = to_act[0]
            state.apply(seat, bot.choose(state, seat))
            continue
        view = state.view(human_seat)
        actions = state.legal_actions(human_seat)
        _show_table(text_ui, view, names, lang, console)
        for number, action in enumerate(actions, start=1):
            label = text_ui.describe_action(action, view, lang) if text_ui else _compact(action)
            console.print(f"  [bold cyan]{number:>3}[/]  {label}")
        choice = IntPrompt.ask(i18n.text("ui.terminal.choice", lang, count=len(actions)), console=console,
                               choices=[str(n) for n in range(1, len(actions) + 1)],
                               show_choices=False)
        state.apply(human_seat, actions[choice - 1])
    log.show_new(state)
    _show_result(game, state, names, lang, console)
    return state


def watch_replay(game: Game, positions: Iterator[State], actions: Sequence[tuple[int, Any]], names: list[str],
                 console: Console, lang: str = "en", stop_at: int | None = None,
                 pause: Callable[[], bool] | None = None, timeouts: frozenset[int] = frozenset()) -> State:
    """Show a game move by move as a spectator sees it: who moved, then the log lines the move wrote.

    ``positions`` are the states at the start and after each of ``actions`` (engine.replay_steps).
    ``stop_at``: stop after that many actions and show the table there. ``pause``: called with the
    table shown after every move (``--step``); it returns False to stop. ``timeouts``: the steps
    the server's bot played because the seat's time ran out (marked so). At the end the table is
    shown, and the final score if the game is over.
    """
    text_ui = _text_module(game)
    log = _LogPrinter(None, names, lang, console)
    title = i18n.text(f"ui.game.{game.name}", lang)
    title = game.title if title.startswith("ui.game.") else title
    console.rule(f"{i18n.text('ui.replay.title', lang)}: {title}")
    total = len(actions)
    state, table_shown = None, False
    for step, state in enumerate(positions):
        if step:
            seat, action = actions[step - 1]
            timed_out = f" · {i18n.text('ui.replay.timeout', lang)}" if step in timeouts else ""
            console.print(f"[bold]{i18n.text('ui.replay.position', lang, n=step, total=total)}[/] · "
                          f"{names[seat]}{timed_out}")
            if is_undo(action):  # the game log loses the entries of the actions taken back
                console.print("  ↶ " + i18n.text("ui.replay.undone", lang, count=action.get("steps", 1)))
        log.show_new(state)
        table_shown = False
        if step == stop_at:
            break
        if pause is not None and step and step < total:
            _show_table(text_ui, state.view(None), names, lang, console)
            table_shown = True
            if not pause():
                break
    assert state is not None, "a replay always has its starting position"
    if not table_shown:
        _show_table(text_ui, state.view(None), names, lang, console)
    if state.is_over():
        _show_result(game, state, names, lang, console)
    return state


class _LogPrinter:
    """Prints the log entries a viewer (a seat, or None: a spectator) has not seen yet."""

    def __init__(self, viewer: int | None, names: list[str], lang: str, console: Console) -> None:
        self.viewer, self.names, self.lang, self.console = viewer, names, lang, console
        self.shown = 0

    def show_new(self, state: State) -> None:
        entries = state.view(self.viewer)["log"]
        for entry in entries[self.shown:]:
            self.console.print("  • " + i18n.describe(entry, self.lang, self.names))
        self.shown = len(entries)


def _show_table(text_ui: ModuleType | None, view: dict[str, Any], names: list[str], lang: str,
                console: Console) -> None:
    if text_ui is not None:
        console.print(text_ui.render(view, names, lang))
    else:
        console.print(Panel(Syntax(json.dumps(view, indent=1, ensure_ascii=False)[:6000], "json")))


def describe_action(game: Game, action: dict[str, Any], view: dict[str, Any], lang: str = "en") -> str:
    """An action in words as the game's terminal text says it (its JSON where the game has none)."""
    text_ui = _text_module(game)
    return text_ui.describe_action(action, view, lang) if text_ui else _compact(action)


def _compact(action: dict[str, Any]) -> str:
    return json.dumps(action, ensure_ascii=False, separators=(", ", ": "))


def _show_result(game: Game, state: State, names: list[str], lang: str, console: Console) -> None:
    from rich.table import Table

    result = state.result()
    categories: list[str] = []
    for score in result["scores"]:
        for category in score["breakdown"]:
            if category not in categories:
                categories.append(category)
    table = Table(title=i18n.text("ui.terminal.final_score", lang))
    table.add_column("")
    for seat in range(state.num_players):
        table.add_column(names[seat] + (" 🏆" if seat in result["winners"] else ""), justify="right")
    for category in categories:
        label = i18n.text(f"{game.domain}.score.{category}", lang)
        if label.startswith(f"{game.domain}.score."):
            label = category.replace("_", " ")
        table.add_row(label,
                      *[str(s["breakdown"].get(category, 0)) for s in result["scores"]])
    table.add_row(f"[bold]{i18n.text('ui.terminal.total', lang)}[/]", *[f"[bold]{s['total']}[/]" for s in result["scores"]])
    console.print(table)
