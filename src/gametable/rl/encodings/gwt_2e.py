"""Great Western Trail, second edition, as numbers: the first edition's encoding (gwt.py) built from
the second edition's tables (``games.gwt.editions.SECOND``).

Its layout and action table are the first edition's, field by field and block by block, with the
second edition's vocabularies (buildings 1-12, its station masters, trail and railroad, the
Simmental cards among the cattle), its pending decisions (the Simmental upgrade; the discards after
an exchange token or of the first turn) and, at the end, what only it has: a player's exchange
tokens (in each player's numbers), the Simmental stacks, and the actions spend_exchange_token,
upgrade_cattle and keep_cattle. One table serves the game with and without the Simmental option
(without it, the Simmental indices are never legal and the Simmental field is zero).
"""

from __future__ import annotations

from gametable.games.gwt.editions import SECOND
from gametable.rl.encodings import gwt


class Encoding(gwt.Encoding):
    game_name = "gwt-2e"
    edition = SECOND
