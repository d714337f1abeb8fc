"""How long tables are kept: finished ones for ``keep_finished_days`` after they finished,
unfinished ones for ``keep_abandoned_days`` after their last action (or their creation, if
nobody ever acted). 0 keeps that kind forever. The table service deletes what is past
retention in a periodic sweep (rooms.pruning.Pruning.prune), never a table it holds in memory."""

from __future__ import annotations

from dataclasses import dataclass

from gametable.server.config import Settings

DAY_MS = 24 * 60 * 60 * 1000


@dataclass(frozen=True)
class Retention:
    keep_finished_days: float = 0.0
    keep_abandoned_days: float = 0.0

    @classmethod
    def from_settings(cls, settings: Settings) -> "Retention":
        return cls(settings.keep_finished_days, settings.keep_abandoned_days)

    @property
    def keeps_everything(self) -> bool:
        return not self.keep_finished_days and not self.keep_abandoned_days

    def cutoffs(self, now_ms: int) -> tuple[int | None, int | None]:
        """(finished before, last active before): the times before which each kind of table
        is deleted; None for a kind kept forever."""
        def cutoff(days: float) -> int | None:
            return now_ms - round(days * DAY_MS) if days else None

        return cutoff(self.keep_finished_days), cutoff(self.keep_abandoned_days)
