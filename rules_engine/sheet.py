"""The protokoll: the score sheet players would otherwise keep with pencil and paper.

A sheet has one column per player and one row per scored deal or penalty. Each row holds the
change for every player (``None`` where the row did not touch that player) and the running
totals after it, so the sheet reads top to bottom like the paper one. ``marks`` carry the
game-specific notation (rita strokes, a limpa underline, "ute" for a player out of the match).
"""

from __future__ import annotations

from dataclasses import dataclass, field
import io
from typing import Any

from . import csv_safety


@dataclass(frozen=True)
class SheetRow:
    kind: str  # "start", "deal", "penalty", "redeal", ...
    label_sv: str
    label_en: str
    changes: tuple[int | None, ...]
    totals: tuple[int, ...]
    deal: int | None = None
    marks: tuple[str, ...] = ()

    @classmethod
    def start(cls, totals: tuple[int, ...], marks: tuple[str, ...] = ()) -> "SheetRow":
        """The sheet's first line: the players' standing before the first deal."""
        return cls("start", "Start", "Start", (None,) * len(totals), tuple(totals), None, marks)

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "deal": self.deal,
            "label": {"sv": self.label_sv, "en": self.label_en},
            "changes": list(self.changes),
            "totals": list(self.totals),
            "marks": list(self.marks),
        }


@dataclass(frozen=True)
class Sheet:
    players: tuple[str, ...]
    rows: tuple[SheetRow, ...]
    totals: tuple[int, ...]
    next_dealer: int | None = None
    winner: int | None = None
    out: tuple[int, ...] = ()
    settlement: tuple[int, ...] | None = None
    notes: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "rows": [row.as_dict() for row in self.rows],
            "totals": list(self.totals),
            "next_dealer": self.next_dealer,
            "winner": self.winner,
            "out": list(self.out),
            "settlement": None if self.settlement is None else list(self.settlement),
            "notes": dict(self.notes),
        }

    def to_csv(self, lang: str = "en") -> str:
        out = io.StringIO()
        writer = csv_safety.writer(out)  # names are typed by players: no formulas
        writer.writerow(["row", "deal", "what", *self.players])
        for index, row in enumerate(self.rows):
            label = row.label_sv if lang == "sv" else row.label_en
            writer.writerow([index, "" if row.deal is None else row.deal, label, *row.totals])
        if self.settlement is not None:
            writer.writerow(["", "", "settlement" if lang == "en" else "avräkning",
                             *self.settlement])
        return out.getvalue()

    def to_text(self, lang: str = "en") -> str:
        """A fixed-width rendering for the terminal (``protokoll replay``)."""
        width = max(8, *(len(p) for p in self.players))
        head = f"{'':>4}  {'':<34}" + "".join(f"{p:>{width + 1}}" for p in self.players)
        lines = [head, "-" * len(head)]
        for index, row in enumerate(self.rows):
            label = row.label_sv if lang == "sv" else row.label_en
            cells = "".join(f"{t:>{width + 1}}" for t in row.totals)
            lines.append(f"{index:>4}  {label[:34]:<34}{cells}")
        if self.settlement is not None:
            cells = "".join(f"{s:>{width + 1}}" for s in self.settlement)
            lines.append(f"{'':>4}  {'settlement':<34}{cells}")
        if self.winner is not None:
            lines.append(f"winner: {self.players[self.winner]}")
        return "\n".join(lines)


def append_row(rows: tuple[SheetRow, ...], totals: tuple[int, ...], kind: str, label_sv: str,
               label_en: str, changes: dict[int, int], deal: int | None = None,
               marks: tuple[str, ...] = ()) -> tuple[tuple[int, ...], tuple[SheetRow, ...]]:
    """A row written under the others: ``changes`` (seat → points) added to the running
    totals; seats not named get ``None`` (the row did not touch them). Returns the new totals
    and rows, for a game's state to keep (every game whose sheet runs row by row)."""
    scores = list(totals)
    row_changes: list[int | None] = [None] * len(totals)
    for seat, delta in changes.items():
        scores[seat] += delta
        row_changes[seat] = delta
    row = SheetRow(kind, label_sv, label_en, tuple(row_changes), tuple(scores), deal, marks)
    return tuple(scores), rows + (row,)
