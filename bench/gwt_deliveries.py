"""How a Great Western Trail bot level delivers, next to `basic`: the hands it takes to Kansas City,
the certificates it spends, the cities it reaches, and what that does to its final score.

    python bench/gwt_deliveries.py [--game gwt|gwt-2e] [--level strong] [--games 40] [--seed 0]
                                   [--workers 2] [--json] [--plot docs/img/gwt-deliveries.png]

Two-player games of --level against `basic`, each deal played twice with the seats swapped (as
`gametable arena` seats them). The arena's categories show *that* a level loses points in the
cities; this shows why: a weak hand at Kansas City once the low cities hold its discs can only go
to Kansas City itself (-6 VP), and a hand below 10 never reaches a black-corner city, whose discs
free the hand-limit spaces that make later hands stronger. Per level: deliveries per game, the
delivery total (breeding value + temporary + permanent certificates) and its parts, the hand size,
Kansas City deliveries per game, the cities reached; then the level's final score by how many of
its deliveries went to Kansas City, and by whether one of its first three deliveries was worth 10
or more. The plot shows both. Everything is read from the game log, as any player could.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from rich.console import Console  # noqa: E402
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn  # noqa: E402
from rich.table import Table  # noqa: E402

from bot_strength import save_figure  # noqa: E402  (bench/ is on sys.path when run as a script)
from gametable import bots  # noqa: E402
from gametable import games as registry  # noqa: E402
from gametable.sim.arena import ArenaPlan  # noqa: E402
from gametable.sim.pool import play_all, worker_count  # noqa: E402

DEFAULT_PLOT = ROOT / "docs" / "img" / "gwt-deliveries.png"
#: the city id of Kansas City in both editions' tables (railroad.toml)
KANSAS_CITY = "kansas_city"
#: a hand worth this much reaches the first black-corner city (Albuquerque in the first edition)
STRONG_HAND = 10


@dataclass(frozen=True)
class DeliveryPlan:
    """The arena's games of ``level`` against basic (the same deals, seats and bot seeds), read
    for their deliveries; picklable, so worker processes can play it."""
    arena: ArenaPlan

    def play(self, index: int) -> dict[str, Any]:
        state, levels, _ = self.arena.played(index)
        result = state.result()
        return {"levels": levels, "seats": [seat_record(state.log, result, seat) for seat in range(2)]}


def seat_record(log: list[dict[str, Any]], result: dict[str, Any], seat: int) -> dict[str, Any]:
    """One seat's deliveries, in order, and its final score."""
    def entries(kind: str) -> list[dict[str, Any]]:
        return [e for e in log if e.get("seat") == seat and e["key"].rsplit(".", 1)[1] == kind]

    incomes = entries("income")
    return {
        "score": result["scores"][seat]["total"],
        "cities_vp": result["scores"][seat].get("breakdown", {}).get("cities", 0),
        "won": (1 / len(result["winners"])) if seat in result["winners"] else 0.0,
        "totals": [e["total"] for e in incomes],
        "breeding": [e["breeding_value"] for e in incomes],
        "certificates": [e["certificates"] for e in incomes],
        "permanent": [e["permanent"] for e in incomes],
        "hand": [len(e["cards"]) for e in incomes],
        "cities": [e["city"] for e in entries("city_disc")],
    }


def summarize(records: list[dict[str, Any]], levels: list[str]) -> dict[str, Any]:
    """Per level, in the order of ``levels``: averages over its seats and deliveries, and its score
    by Kansas City deliveries and by an early strong hand."""
    out: dict[str, Any] = {}
    for level in levels:
        seats = [seat for r in records for lv, seat in zip(r["levels"], r["seats"]) if lv == level]

        def mean(key: str) -> float:  # over every delivery of the level's seats
            values = [x for s in seats for x in s[key]]
            return statistics.fmean(values) if values else 0.0

        by_kc: dict[int, list[float]] = {}
        early: list[float] = []
        late: list[float] = []
        for s in seats:
            by_kc.setdefault(s["cities"].count(KANSAS_CITY), []).append(s["score"])
            (early if any(t >= STRONG_HAND for t in s["totals"][:3]) else late).append(s["score"])
        out[level] = {
            "seats": len(seats),
            "win_rate": statistics.fmean(s["won"] for s in seats),
            "score": statistics.fmean(s["score"] for s in seats),
            "cities_vp": statistics.fmean(s["cities_vp"] for s in seats),
            "deliveries_per_game": statistics.fmean(len(s["totals"]) for s in seats),
            "delivery_total": mean("totals"), "breeding_value": mean("breeding"),
            "certificates_spent": mean("certificates"), "permanent_certificates": mean("permanent"),
            "hand_size": mean("hand"),
            "kansas_city_per_game": statistics.fmean(s["cities"].count(KANSAS_CITY) for s in seats),
            "cities": dict(Counter(c for s in seats for c in s["cities"]).most_common()),
            "score_by_kansas_city": {k: {"seats": len(v), "score": statistics.fmean(v)}
                                     for k, v in sorted(by_kc.items())},
            "early_strong_hand": {"seats": len(early), "score": statistics.fmean(early) if early else None},
            "no_early_strong_hand": {"seats": len(late), "score": statistics.fmean(late) if late else None},
        }
    return out


def print_summary(console: Console, summary: dict[str, Any], title: str) -> None:
    table = Table(title=title)
    table.add_column("per seat")
    for level in summary:
        table.add_column(level, justify="right")
    rows = [("won", "win_rate", "{:.1%}"), ("final score", "score", "{:.1f}"), ("city VP", "cities_vp", "{:.1f}"),
            ("deliveries a game", "deliveries_per_game", "{:.2f}"), ("delivery total", "delivery_total", "{:.2f}"),
            ("  breeding value", "breeding_value", "{:.2f}"), ("  certificates spent", "certificates_spent", "{:.2f}"),
            ("  permanent certificates", "permanent_certificates", "{:.2f}"), ("hand size", "hand_size", "{:.2f}"),
            ("Kansas City deliveries a game", "kansas_city_per_game", "{:.2f}")]
    for label, key, fmt in rows:
        table.add_row(label, *(fmt.format(s[key]) for s in summary.values()))
    console.print(table)
    for level, s in summary.items():
        kc = ", ".join(f"{k}: {v['score']:.1f} ({v['seats']} seats)" for k, v in s["score_by_kansas_city"].items())
        console.print(f"[bold]{level}[/]: final score by Kansas City deliveries — {kc}")
        early, late = s["early_strong_hand"], s["no_early_strong_hand"]
        console.print(f"  a hand of {STRONG_HAND}+ among its first three deliveries: "
                      + (f"{early['score']:.1f} ({early['seats']} seats)" if early["seats"] else "never")
                      + "; without: " + (f"{late['score']:.1f} ({late['seats']} seats)" if late["seats"] else "none"))
        console.print("  cities: " + ", ".join(f"{c} {n}" for c, n in s["cities"].items()))


def plot(summary: dict[str, Any], title: str, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    width = 0.8 / len(summary)
    labels: list[str] = []
    for i, (level, s) in enumerate(summary.items()):
        counts = sorted(s["score_by_kansas_city"].items())
        xs = [int(k) + (i - (len(summary) - 1) / 2) * width for k, _ in counts]
        _bars_with_seats(left, xs, [v for _, v in counts], width, level, f"C{i}")
        groups = [s["early_strong_hand"], s["no_early_strong_hand"]]
        _bars_with_seats(right, [len(labels), len(labels) + 1], groups, 0.8, level, f"C{i}")
        labels += [f"{level}\n{STRONG_HAND}+ early", f"{level}\nnot"]
    left.set_xticks(sorted({int(k) for s in summary.values() for k in s["score_by_kansas_city"]}))
    left.set_xlabel("Kansas City deliveries in the game (seats above the bars)")
    left.set_ylabel("average final score (VP)")
    left.set_title("Score by Kansas City deliveries")
    left.legend(loc="lower left")
    right.set_xticks(range(len(labels)))
    right.set_xticklabels(labels)
    right.set_ylabel("average final score (VP)")
    right.set_title(f"A delivery worth {STRONG_HAND}+ among the first three")
    fig.suptitle(title)
    fig.tight_layout()
    save_figure(fig, path)


def _bars_with_seats(axes: Any, xs: list[float], groups: list[dict[str, Any]], width: float, label: str,
                     colour: str) -> None:
    """Bars of average scores, each marked with the number of seats it averages."""
    bars = axes.bar(xs, [g["score"] or 0 for g in groups], width, label=label, color=colour)
    for bar, group in zip(bars, groups):
        axes.annotate(str(group["seats"]), (bar.get_x() + bar.get_width() / 2, bar.get_height()),
                      ha="center", va="bottom", fontsize=8)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="gwt", choices=["gwt", "gwt-2e"])
    parser.add_argument("--level", default="strong", help="the level that plays basic (default: strong)")
    parser.add_argument("--games", type=int, default=40, help="games; each deal is played twice, seats swapped")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first deal")
    parser.add_argument("--workers", type=int, default=0, help="processes (0: one per core)")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    parser.add_argument("--plot", type=Path, default=None, help=f"draw the figures into this PNG (e.g. {DEFAULT_PLOT})")
    args = parser.parse_args()
    others = [level for level in bots.levels() if level != "basic"]
    if args.level not in others:
        parser.error(f"--level: {args.level!r} cannot play basic here; choose one of {', '.join(others)}")
    if args.games < 1:
        parser.error("--games must be 1 or more")
    try:
        workers = worker_count(args.workers)
    except ValueError as exc:
        parser.error(f"--workers: {exc}")
    console = Console(stderr=args.json)
    plan = DeliveryPlan(ArenaPlan(registry.get(args.game), 2, (args.level, "basic"), args.seed))
    progress = Progress(TextColumn(f"{args.game} {args.level} vs basic"), BarColumn(), MofNCompleteColumn(),
                        TimeRemainingColumn(), console=console, transient=args.json)
    records = []
    with progress:
        task = progress.add_task("games", total=args.games)
        for record in play_all(plan, args.games, workers):
            records.append(record)
            progress.advance(task)
    summary = summarize(records, [args.level, "basic"])
    title = f"{args.game}, 2 players: {args.level} against basic, {args.games} games from seed {args.seed}"
    if args.json:
        print(json.dumps({"game": args.game, "level": args.level, "games": args.games, "seed": args.seed,
                          "levels": summary}))
    else:
        print_summary(console, summary, title)
    if args.plot is not None:
        plot(summary, title, args.plot)
        console.print(f"plot saved to {args.plot}")


if __name__ == "__main__":
    main()
