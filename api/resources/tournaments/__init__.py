"""Tournaments: a director's event of one game — players, rounds seated at many tables,
the tables' status, adjustments, live standings, export and import.

``routes`` are the endpoints, ``schemas`` their shapes, ``service`` the glue between the
tables and the pure logic in ``api/tournament_logic``, ``storage`` the rows in SQLite,
``closing`` what a closed round's tables still accept.
"""
