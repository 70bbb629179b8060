"""What a table is worth in the standings, game by game, and how ties are broken.

Each rule is a list of columns in ranking order — the first is the main score, the others
break ties — and what a finished table gives a player in each (``figures``). The figures
come from ``reading.read_table``; every column is "more is better".

- **Bräus**: matches won (a won match is 1, a drawn one ½), then ritor won, then ritor
  difference (own ritor less the other pair's).
- **800, 1000, 150**: matches won, then points (the side's total at the end), then the
  points difference.
- **Rödskägg, Norrandsknack** (placing): placing points — at a table of *n* the first gets
  *n*−1, the next *n*−2, …, the last 0; players level share the places' points (two level
  second at a table of four: 1.5 each) — then tables won, then points gained (points brought
  down: from 12 to 3 is 9; a limpa or a fem opp counts against).
- **Schnapsen, Schnapsen för fyra, 66**: Bummerl won (each Bummerl played that the player
  did not lose), then game points (won hands' game points), then matches won.
- **Any other game** (Fyrtioett, Fjabbe, and a game added later): matches won, then placing
  points, then points gained in the sheet's direction — read from each game's own ``result``
  and ``sheet`` (``reading``), so a new game is scored without a rule of its own.

**Seeger-style match points** (option ``scoring: match_points``): Seeger–Fabian scores Skat
tournaments by deal, paying every player for each game an opponent loses — 40 at a table of
three, 30 at a table of four — so that tables of different sizes weigh the same. Ours keeps
that idea at the level of a table: a player (or pair) gets 120 × (opponents placed below +
½ × opponents level) ÷ (opponents at the table). Winning a table is worth 120 whatever its
size, and every opponent beaten is worth the same share of it. The game's own columns then
break ties.

**Byes.** In games of two sides (pairs, or two players) a bye counts as a won match (the
Swiss custom); at larger tables, as an average table: half the placing points of a table of
the usual size, a share of a win, 60 match points. The other columns get nothing.

**After the columns**: the opponents' score — for each table the average final main score
of the opponents there, summed over the rounds (Buchholz, as Swiss chess ranks ties) — and
last the start number, so the order is always total.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

MATCH_POINTS_PER_TABLE = 120  # 120 ÷ 1..6 opponents is a whole number, halves for a level place


@dataclass(frozen=True)
class Column:
    key: str
    sv: str
    en: str
    short: str

    def as_dict(self) -> dict[str, Any]:
        return {"key": self.key, "label": {"sv": self.sv, "en": self.en}, "short": self.short}


MATCHES = Column("matches", "Vunna matcher", "Matches won", "M")
RITOR = Column("ritor", "Ritor", "Ritor won", "R")
RITOR_DIFF = Column("ritor_diff", "Ritor +/−", "Ritor difference", "R±")
POINTS = Column("points", "Poäng", "Points", "P")
POINTS_DIFF = Column("points_diff", "Poäng +/−", "Points difference", "P±")
PLACING = Column("placing", "Placeringspoäng", "Placing points", "PP")
WINS = Column("wins", "Vunna bord", "Tables won", "V")
GAINED = Column("gained", "Poäng netto", "Points gained", "N")
BUMMERL = Column("bummerl", "Vunna bummerl", "Bummerl won", "B")
GAME_POINTS = Column("game_points", "Spelpoäng", "Game points", "SP")
MATCH_POINTS = Column("match_points", "Matchpoäng", "Match points", "MP")
OPPONENTS = Column("opponents", "Motståndarnas poäng", "Opponents' score", "Mot")


@dataclass(frozen=True)
class Rule:
    id: str
    columns: tuple[Column, ...]
    figures: Callable[[dict[str, Any], int], dict[str, float]]
    bye: dict[str, float]
    sv: str
    en: str

    @property
    def main(self) -> str:
        return self.columns[0].key

    def tie_breaks(self) -> dict[str, str]:
        """The ranking, in words, as the standings page states it."""
        names_sv = ", därefter ".join(c.sv.lower() for c in self.columns)
        names_en = ", then ".join(c.en.lower() for c in self.columns)
        return {
            "sv": f"{self.sv} Ordning: {names_sv}, därefter motståndarnas poäng (medel av "
                  f"motståndarnas {self.columns[0].sv.lower()} vid varje bord, summerat), "
                  f"sist startnummer.",
            "en": f"{self.en} Ranked by {names_en}, then the opponents' score (the average "
                  f"{self.columns[0].en.lower()} of the opponents at each table, summed), "
                  f"last the start number.",
        }

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "columns": [c.as_dict() for c in self.columns],
                "tie_breaks": self.tie_breaks(), "bye": dict(self.bye)}


# --- a table's figures ---------------------------------------------------------------------------
def _units(reading: dict[str, Any]) -> list[dict[str, Any]]:
    return reading["units"]


def placing_points(reading: dict[str, Any], u: int) -> float:
    """n−1 for the first … 0 for the last; level units share their places' points."""
    places = reading["places"]
    n = len(places)
    place = places[u]
    level = sum(1 for p in places if p == place)
    return n - place - (level - 1) / 2


def difference(reading: dict[str, Any], u: int, key: str = "total") -> float:
    units = _units(reading)
    others = [unit[key] for i, unit in enumerate(units) if i != u]
    return units[u][key] - (max(others) if others else 0)


def match_points(reading: dict[str, Any], u: int) -> float:
    places = reading["places"]
    opponents = len(places) - 1
    if opponents <= 0:
        return 0.0
    below = sum(1 for i, p in enumerate(places) if i != u and p > places[u])
    level = sum(1 for i, p in enumerate(places) if i != u and p == places[u])
    return MATCH_POINTS_PER_TABLE * (below + level / 2) / opponents


def _braus(reading: dict[str, Any], u: int) -> dict[str, float]:
    return {"matches": reading["won"][u], "ritor": _units(reading)[u]["total"],
            "ritor_diff": difference(reading, u)}


def _race(reading: dict[str, Any], u: int) -> dict[str, float]:
    return {"matches": reading["won"][u], "points": _units(reading)[u]["total"],
            "points_diff": difference(reading, u)}


def _placing(reading: dict[str, Any], u: int) -> dict[str, float]:
    return {"placing": placing_points(reading, u), "wins": reading["won"][u],
            "gained": _units(reading)[u]["gained"]}


def _bummerl(reading: dict[str, Any], u: int) -> dict[str, float]:
    unit = _units(reading)[u]
    return {"bummerl": reading["bummerl_played"] - unit["bummerl_lost"],
            "game_points": unit["gained"], "matches": reading["won"][u]}


def _generic(reading: dict[str, Any], u: int) -> dict[str, float]:
    return {"matches": reading["won"][u], "placing": placing_points(reading, u),
            "gained": _units(reading)[u]["gained"]}


# --- the rules -----------------------------------------------------------------------------------
_FAMILIES: dict[str, tuple[tuple[Column, ...], Callable, str, str]] = {
    "braus": ((MATCHES, RITOR, RITOR_DIFF), _braus,
              "Bräus: vunna matcher (oavgjord ½), ritor, ritor +/−.",
              "Bräus: matches won (a draw ½), ritor won, ritor difference."),
    "race": ((MATCHES, POINTS, POINTS_DIFF), _race,
             "Vunna matcher, sidans poäng, poängskillnad.",
             "Matches won, the side's points, points difference."),
    "placing": ((PLACING, WINS, GAINED), _placing,
                "Placeringspoäng: vid ett bord med n spelare får etta n−1, tvåa n−2 … "
                "sist 0; lika placerade delar.",
                "Placing points: at a table of n the first gets n−1, the second n−2 … the "
                "last 0; level players share."),
    "bummerl": ((BUMMERL, GAME_POINTS, MATCHES), _bummerl,
                "Vunna bummerl, spelpoäng, vunna matcher.",
                "Bummerl won, game points, matches won."),
    "generic": ((MATCHES, PLACING, GAINED), _generic,
                "Ur spelets eget resultat och protokoll: vunna matcher, placeringspoäng, "
                "poäng netto.",
                "From the game's own result and protokoll: matches won, placing points, "
                "points gained."),
}

FAMILY_OF_GAME = {
    "braus": "braus",
    "800": "race", "1000": "race", "150": "race",
    "rodskagg": "placing", "norrandsknack": "placing",
    "schnapsen": "bummerl", "schnapsen4": "bummerl", "sixtysix": "bummerl",
}
SCORINGS = ("game", "match_points")


def rule_for(game: str, units_per_table: int, scoring: str = "game",
             options: dict[str, Any] | None = None) -> Rule:
    """The rule of a tournament: its game's family, or Seeger-style match points first.

    ``units_per_table``: pairs or players competing at a table of the usual size (2 for a
    pair game or a two-player game) — what a bye is worth depends on it."""
    family = FAMILY_OF_GAME.get(game, "generic")
    columns, figures, sv, en = _FAMILIES[family]
    two_sided = units_per_table <= 2
    bye: dict[str, float] = {}
    if two_sided:
        bye["matches"] = 1
        if family == "bummerl":
            bye["bummerl"] = max(1, int((options or {}).get("match_bummerl", 1) or 1))
    else:
        bye["placing"] = (units_per_table - 1) / 2
        bye["matches" if family != "placing" else "wins"] = 1 / units_per_table
    if scoring == "match_points":
        base = figures

        def figures(reading: dict[str, Any], u: int) -> dict[str, float]:  # noqa: F811
            return {"match_points": match_points(reading, u), **base(reading, u)}

        columns = (MATCH_POINTS, *columns)
        bye["match_points"] = MATCH_POINTS_PER_TABLE if two_sided \
            else MATCH_POINTS_PER_TABLE / 2
        sv = ("Matchpoäng (Seeger-stil): 120 × (motståndare under + ½ × lika) ÷ antal "
              "motståndare vid bordet. ") + sv
        en = ("Match points (Seeger-style): 120 × (opponents below + ½ × level) ÷ opponents "
              "at the table. ") + en
    bye_sv = ("Frirond: som en vunnen match." if two_sided
              else "Frirond: som ett genomsnittligt bord.")
    bye_en = ("A bye counts as a won match." if two_sided
              else "A bye counts as an average table.")
    keys = {c.key for c in columns}
    return Rule(f"{family}" + ("+match_points" if scoring == "match_points" else ""),
                columns, figures, {k: v for k, v in bye.items() if k in keys},
                f"{sv} {bye_sv}", f"{en} {bye_en}")
