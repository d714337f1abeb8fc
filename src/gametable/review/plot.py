"""The review's evaluation graph: each seat's win chance at its decisions over the game, with the
marked decisions drawn where the played choice left it (needs matplotlib, the bench extra)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

#: the marks' colours, as lichess shows them (inaccuracy, mistake, blunder)
MARK_COLOURS = {"inaccuracy": "#56b4e9", "mistake": "#e69f00", "blunder": "#d55e00"}


def plot_review(review: dict[str, Any], path: Path, title: str, seat_names: list[str]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(figsize=(10, 4.5))
    for seat, summary in enumerate(review["seats"]):
        judged = [d for d in review["decisions"] if d["seat"] == seat and d["win_chance_before"] is not None]
        name = seat_names[seat] if seat < len(seat_names) else f"seat {seat}"
        accuracy = "–" if summary["accuracy"] is None else f"{summary['accuracy']:.1f}"
        axes.plot([d["seq"] for d in judged], [d["win_chance_after"] for d in judged],
                  label=f"{name}: accuracy {accuracy}, luck {summary['luck']:+.1f} VP", linewidth=1.2)
    for mark, colour in MARK_COLOURS.items():
        marked = [d for d in review["decisions"] if d["mark"] == mark]
        if marked:
            axes.scatter([d["seq"] for d in marked], [d["win_chance_after"] for d in marked], color=colour,
                         edgecolors="black", linewidths=0.5, zorder=3, s=36, label=f"{mark} ({len(marked)})")
    axes.axhline(0.5, color="grey", linewidth=0.6, linestyle="dotted")
    axes.set_ylim(0, 1)
    axes.set_xlabel("action (seq)")
    axes.set_ylabel("win chance after the choice (the seat's estimate)")
    axes.set_title(title)
    axes.legend(loc="best", fontsize="small")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
