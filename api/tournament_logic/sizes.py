"""How many tables of which size a round gets, and how many players sit out.

A game with a fixed table (Bräus and 800 four, Schnapsen two) seats as many full tables as
it can; the rest get a bye. A game that takes a range (Rödskägg 3–7, Norrandsknack 3–5)
rather makes a few tables one larger or one smaller than the usual size than leave anybody
out: 1,001 Rödskägg players make 249 tables of four and one of five, not 250 and a bye.

Of the two ways to absorb a remainder — spread it over the tables as extra seats, or open
one more table with seats fewer — the one that changes fewer tables by less wins; on a tie,
the larger tables (nobody waits for a table to fill). The odd-sized tables come last, so the
top tables of a round seated by standings have the usual size.
"""

from __future__ import annotations


def table_sizes(players: int, preferred: int, lo: int, hi: int) -> tuple[list[int], int]:
    """(sizes of the tables in order, number of byes) for ``players`` players."""
    if players < lo:
        return [], players
    count, rest = divmod(players, preferred)
    if rest == 0:
        return [preferred] * count, 0
    options: list[tuple[tuple[int, int, int], list[int]]] = []
    if count and hi > preferred:  # spread the rest as extra seats
        extra, odd = divmod(rest, count)
        sizes = [preferred + extra + 1] * odd + [preferred + extra] * (count - odd)
        if max(sizes) <= hi:
            changed = sum(1 for s in sizes if s != preferred)
            options.append(((max(sizes) - preferred, changed, 0), _ordered(sizes, preferred)))
    if lo < preferred:  # one more table, some with a seat fewer
        tables = count + 1
        short = tables * preferred - players
        fewer, odd = divmod(short, tables)
        sizes = [preferred - fewer - 1] * odd + [preferred - fewer] * (tables - odd)
        if min(sizes) >= lo:
            changed = sum(1 for s in sizes if s != preferred)
            options.append(((preferred - min(sizes), changed, 1), _ordered(sizes, preferred)))
    if options:
        return min(options)[1], 0
    return [preferred] * count, rest


def _ordered(sizes: list[int], preferred: int) -> list[int]:
    """Tables of the usual size first, then the others."""
    return sorted(sizes, key=lambda size: size != preferred)
