"""The observation layout and action table of each game as Markdown, for docs/research.md.

``python -m gametable.rl.describe`` prints the tables; ``--write docs/research.md`` replaces the text
between each game's markers (``<!-- rl-layout:gwt -->`` ... ``<!-- /rl-layout:gwt -->``) with them.
tests/rl/test_describe.py checks that the document says what the code does.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from gametable import games
from gametable.rl import encodings


_PER_SEAT = re.compile(r"^(player|answer)(\d+)(.*)$")


def _rows(encoding) -> dict[str, tuple[int, int, str]]:
    """Field rows: a field repeated per seat (``player0_numbers``, ``player1_numbers``, ...) is one
    row ``player<k>_numbers`` with its count; the others as they are. Name -> (count, size, doc)."""
    rows: dict[str, tuple[int, int, str]] = {}
    for field in encoding.layout.fields:
        per_seat = _PER_SEAT.match(field.name)
        name = f"{per_seat.group(1)}<k>{per_seat.group(3)}" if per_seat else field.name
        count = rows[name][0] + 1 if name in rows else 1
        rows[name] = (count, field.size, field.doc)
    return rows


def markdown(game_name: str) -> str:
    game = games.get(game_name)
    counts = list(range(game.min_players, game.max_players + 1))
    built = {n: encodings.get(game_name, n) for n in counts}
    rows = {n: _rows(built[n]) for n in counts}
    heads = " | ".join(f"{n}p" for n in counts)
    lines = [f"Observation: {' / '.join(str(built[n].observation_size) for n in counts)} numbers for "
             f"{' / '.join(str(n) for n in counts)} players, in this order. A `<k>` field is one block per "
             "seat k = 0, 1, ... counted from the viewer (0 is the viewer), and the `<k>` fields next "
             "to each other repeat together: all of seat 0's, then all of seat 1's, ...", "",
             f"| field | {heads} | meaning |", "|---|" + "---|" * len(counts) + "---|"]
    for name, (_, _, doc) in rows[counts[-1]].items():
        sizes = []
        for n in counts:
            count, size, _ = rows[n][name]
            sizes.append(f"{count}×{size}" if "<k>" in name else str(size))
        lines.append(f"| `{name}` | {' | '.join(sizes)} | {doc} |")
    lines += ["", f"Actions: {' / '.join(str(built[n].action_size) for n in counts)} indices for "
              f"{' / '.join(str(n) for n in counts)} players, in blocks in this order (two or more figures: one per player count):", "",
              "| first index | count | actions |", "|---|---|---|"]
    for i, block in enumerate(built[counts[-1]].blocks):
        first = _same_or_each([built[n].blocks[i].start for n in counts])
        sizes = _same_or_each([built[n].blocks[i].count for n in counts])
        lines.append(f"| {first} | {sizes} | {block.doc} |")
    return "\n".join(lines)


def _same_or_each(values: list[int]) -> str:
    """One number when every player count has it, else one per player count."""
    return str(values[0]) if len(set(values)) == 1 else " / ".join(map(str, values))


def _marker(game_name: str) -> re.Pattern[str]:
    name = re.escape(game_name)
    return re.compile(rf"(<!-- rl-layout:{name} -->)(.*?)(<!-- /rl-layout:{name} -->)", re.S)


def documented(text: str, game_name: str) -> str | None:
    """The tables between ``game_name``'s markers in ``text`` (None without markers)."""
    found = _marker(game_name).search(text)
    return None if found is None else found.group(2).strip("\n")


def rewrite(path: Path) -> list[str]:
    """Replace every game's tables in ``path``; returns the games that had markers."""
    text = path.read_text(encoding="utf-8")
    done = []
    for name in encodings.names():
        if documented(text, name) is not None:
            text = _marker(name).sub(lambda m: f"{m.group(1)}\n{markdown(name)}\n{m.group(3)}", text)
            done.append(name)
    path.write_text(text, encoding="utf-8")
    return done


def main(argv: list[str]) -> int:
    if argv[:1] == ["--write"] and len(argv) == 2:
        print("rewrote the tables of:", ", ".join(rewrite(Path(argv[1]))) or "no game (no markers found)")
        return 0
    if argv:
        print("usage: python -m gametable.rl.describe [--write docs/research.md]", file=sys.stderr)
        return 2
    for name in encodings.names():
        print(f"## {name}\n\n{markdown(name)}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
