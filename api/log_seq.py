"""A table's sequence number, read from its log.

The log is the truth: a table's seq is the seq of its last event (0 before the first). It
was also stored in ``tables.seq`` and moved in every post's transaction — one more page
in every post's WAL commit, fsynced while the other writers waited (issue 16). Since
migration ``m010_fewer_pages_per_post`` it is derived instead: ``events`` is keyed by
``(table_id, seq)``, so the last seq is one step down that key's b-tree, as cheap as
reading a stored column, and it can never disagree with the log.
"""

from __future__ import annotations


def seq_sql(table: str = "tables") -> str:
    """An SQL expression for the seq of the row of ``tables`` named ``table`` (its name
    or alias in the query around it)."""
    return seq_of_sql(f"{table}.id")


def seq_of_sql(table_id: str) -> str:
    """The same for the table whose id is the SQL expression ``table_id`` (0 for a NULL
    id, or an id without events): a query that has the ids needs no join with ``tables``."""
    return (f"coalesce((select e_.seq from events e_ where e_.table_id = {table_id} "
            f"order by e_.seq desc limit 1), 0)")
