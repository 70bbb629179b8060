"""Ratings across events, per game, with openskill's Plackett–Luce model.

Why openskill: it rates teams and free-for-all tables with one model (Weng & Lin's Bayesian
approximation), which is what our games are — Bräus and 800 are two pairs, Rödskägg three to
seven players each for himself — and it is a maintained, MIT-licensed library on PyPI,
pinned in ``pyproject.toml``.

How a table is rated: every finished tournament table is one match. Its units (pairs in a
pair game, else players) are openskill teams, ranked by their places at the table (level
units share a rank). Partners therefore share a result, and the model splits the credit by
each partner's uncertainty: beating strong opponents with a weak partner lifts you more
than with a strong one. Byes and arbitral adjustments are not games and are not rated.

Order and identity: tables are rated in the order they were played — tournament by start
date, then round, then table — from every event of the game played on this server and every
import the server's operator has accepted, so the ratings are derived data, rebuilt from the tables like a protokoll from its
log. A person is the same across events by ``Player.rating_key``: name and club case-folded,
or the key the director gave. Each player keeps mu, sigma and the conservative *ordinal*
mu − 3·sigma (what the list ranks by: a newcomer starts at 0 and climbs as the model grows
sure), and the history after each table.
"""

from __future__ import annotations

from typing import Any, Iterable

from openskill.models import PlackettLuce

MODEL_NAME = "openskill PlackettLuce (mu 25, sigma 25/3; ordinal = mu − 3·sigma)"


def _round(value: float) -> float:
    return round(value, 4)


def rate(tables: Iterable[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Rate ``tables`` in the order given. Each table: ``teams`` (lists of player keys),
    ``ranks`` (one per team, 1 best), ``names`` (key → name, club), and where it was played
    (``tournament``, ``tournament_name``, ``round``, ``table``, ``at``)."""
    model = PlackettLuce()
    current: dict[str, Any] = {}
    players: dict[str, dict[str, Any]] = {}
    for table in tables:
        teams = [[current.setdefault(key, model.rating(name=key)) for key in team]
                 for team in table["teams"]]
        if len(teams) < 2:
            continue
        rated = model.rate(teams, ranks=list(table["ranks"]))
        for team_keys, team_ratings, rank in zip(table["teams"], rated, table["ranks"]):
            for key, rating in zip(team_keys, team_ratings):
                current[key] = rating
                name, club = table["names"].get(key, (key, ""))
                entry = players.setdefault(key, {"key": key, "name": name, "club": club,
                                                 "tables": 0, "events": [], "history": []})
                entry.update(name=name, club=club)
                entry["tables"] += 1
                if table["tournament"] not in entry["events"]:
                    entry["events"].append(table["tournament"])
                entry["history"].append({
                    "tournament": table["tournament"],
                    "tournament_name": table["tournament_name"], "at": table["at"],
                    "round": table["round"], "table": table["table"], "place": rank,
                    "of": len(table["teams"]), "mu": _round(rating.mu),
                    "sigma": _round(rating.sigma), "ordinal": _round(rating.ordinal())})
    for key, entry in players.items():
        rating = current[key]
        entry.update(mu=_round(rating.mu), sigma=_round(rating.sigma),
                     ordinal=_round(rating.ordinal()))
    return players


def ranked(players: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """The list as shown: highest ordinal first (then name), without the histories."""
    rows = sorted(players.values(), key=lambda p: (-p["ordinal"], p["name"].casefold(), p["key"]))
    return [{"rank": i + 1, "key": p["key"], "name": p["name"], "club": p["club"],
             "mu": p["mu"], "sigma": p["sigma"], "ordinal": p["ordinal"],
             "tables": p["tables"], "events": len(p["events"])} for i, p in enumerate(rows)]


def rated_tables(tournament: dict[str, Any], players: dict[int, Any],
                 rounds: Iterable[Any],
                 readings: dict[tuple[int, int], dict[str, Any] | None]) -> list[dict[str, Any]]:
    """A tournament's finished tables as ``rate`` takes them, in round and table order."""
    out = []
    for rnd in rounds:
        for table in rnd.tables:
            reading = readings.get((rnd.number, table.number))
            if not reading or reading["status"] != "finished":
                continue
            teams, ranks, names = [], [], {}
            for unit, place in zip(reading["units"], reading["places"]):
                keys = []
                for seat in unit["seats"]:
                    player = players[table.seats[seat]]
                    keys.append(player.rating_key)
                    names[player.rating_key] = (player.name, player.club)
                teams.append(keys)
                ranks.append(place)
            out.append({"tournament": tournament["id"], "tournament_name": tournament["name"],
                        "at": tournament["created_at"], "round": rnd.number,
                        "table": table.number, "teams": teams, "ranks": ranks,
                        "names": names})
    return out
