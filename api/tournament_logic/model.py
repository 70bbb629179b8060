"""The plain values a tournament is made of.

They mirror the stored rows (``api/resources/tournaments/storage.py``) and the JSON the API
shows, so that the logic never needs to know where a value came from: the database, an
export being read back, or a test that writes a tournament by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Player:
    """An entrant, by start number (1, 2, …). ``key`` identifies the person across events
    for the ratings (by default name and club, case-folded)."""

    number: int
    name: str
    club: str = ""
    key: str = ""
    withdrawn: bool = False

    @property
    def rating_key(self) -> str:
        return self.key or default_key(self.name, self.club)

    def as_dict(self) -> dict[str, Any]:
        return {"number": self.number, "name": self.name, "club": self.club,
                "key": self.rating_key, "withdrawn": self.withdrawn}


def default_key(name: str, club: str) -> str:
    """The same person at two events: same name and club, whatever the case and spacing."""
    def norm(text: str) -> str:
        return " ".join(text.split()).casefold()
    return f"{norm(name)}|{norm(club)}"


@dataclass(frozen=True)
class SeatedTable:
    """A table of a round: its number in the round and the start numbers in seat order
    (seat 0 deals first; in a pair game seats 0 + 2 play against 1 + 3)."""

    number: int
    seats: tuple[int, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"number": self.number, "seats": list(self.seats)}


@dataclass(frozen=True)
class Round:
    """A seated round: how it was seated (method, seed, the rotation block), its tables and
    the players who sit out (byes)."""

    number: int
    method: str
    seed: int
    tables: tuple[SeatedTable, ...]
    byes: tuple[int, ...] = ()
    block: dict[str, Any] | None = None  # partner rotation: {"groups": [...], "sit": s}

    def as_dict(self) -> dict[str, Any]:
        return {"number": self.number, "method": self.method, "seed": self.seed,
                "tables": [t.as_dict() for t in self.tables], "byes": list(self.byes),
                "block": self.block}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Round":
        return cls(int(data["number"]), data["method"], int(data["seed"]),
                   tuple(SeatedTable(int(t["number"]), tuple(int(s) for s in t["seats"]))
                         for t in data["tables"]),
                   tuple(int(b) for b in data.get("byes", ())), data.get("block"))


@dataclass(frozen=True)
class Limit:
    """How long a round lasts at a table: ``deals`` scored deals, until a column reaches
    ``target`` (in the sheet's direction), or — neither given — until the game is over."""

    deals: int | None = None
    target: int | None = None

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.deals is not None:
            out["deals"] = self.deals
        if self.target is not None:
            out["target"] = self.target
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> "Limit":
        data = data or {}
        return cls(data.get("deals"), data.get("target"))


@dataclass(frozen=True)
class Adjustment:
    """An arbitral adjustment: points added to (or taken from) a player's main score by the
    director, with the reason. Never edited: a wrong one is undone by another."""

    id: str
    player: int
    points: float
    reason: str
    round: int | None = None
    created_at: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "player": self.player, "points": number(self.points),
                "reason": self.reason, "round": self.round, "created_at": self.created_at}


def number(value: float) -> float | int:
    """A figure as people write it: 3, not 3.0; 1.5 stays 1.5. Sums of halves and of the
    two-decimal adjustments are rounded to 6 places, so float noise never shows or sorts."""
    value = round(float(value), 6)
    return int(value) if value.is_integer() else value
