"""Seats: which seat of the table each device sits at, or whether it is the table's scorer.

A device holds at most one place: one seat, or the scorer's place (no seat, writes for every
seat), or none yet. A seat may have several devices (a phone and a tablet of one player).
The place decides which private entries a device may post (``records.check_may_post``) and,
with the time it sat down, which it may read (``api.disclosure``).

Modules: ``records`` keeps places in SQLite and decides who may post a private entry,
``schemas`` and ``routes`` are the endpoints.
"""
