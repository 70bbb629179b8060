"""Tournaments as pure functions: seating, reading a table for the tournament, standings,
ratings, export. No Flask, no SQLite: plain values in, plain values out, so every rule can be
tested with figures written by hand (``tests/tournament/``), and the benchmark can time the
algorithms apart from the database.

Why here and not in ``rules_engine/tournament/``: the engine is the rules of *one table*, and
it is fingerprinted — ``api/store.py`` hashes every file under ``rules_engine/`` and rebuilds
every table's snapshot by replay when that hash changes. Tournament code living there would
make each change to a standings rule replay every table of every event. And the ratings need
``openskill`` from PyPI, which the engine's purity rule (standard library only) forbids. So
the tournament logic is its own package beside the API; it imports the engine only to read a
game's shape (``shapes``), and ``tests/tournament/test_purity.py`` checks that none of its
modules imports Flask, marshmallow or SQLite.

Modules, each named after what it holds:

- ``model``      the values: players, seated tables, rounds, the per-round limit;
- ``shapes``     what seating needs to know of a game: table sizes, fixed partnerships;
- ``sizes``      how many tables of which size, and how many byes;
- ``seating``    random draw, by standings (Swiss-like), partner rotation (the Priffe sits);
- ``reading``    one table's protokoll read for the tournament: finished?, who placed where;
- ``scoring``    the scoring rule of each game (what a table is worth), tie-breaks, byes;
- ``standings``  the standings: sums, adjustments, opponents' score, ranks;
- ``ratings``    ratings across events with openskill (Plackett–Luce), partners as teams;
- ``exchange``   export as JSON and CSV, and reading an export back.
"""
