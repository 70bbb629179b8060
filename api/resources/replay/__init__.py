"""Replaying a table's log for a dispute: the table after any entry, and the log step by step
with the tricks and the findings each entry brought (``steps``), as one reader may see them."""
