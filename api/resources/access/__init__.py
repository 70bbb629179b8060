"""Who may read a table, who may write to it, and who may say who may.

Roles at a table (``principals.Principal.role``):

- ``owner``: the device that started the table (its token came back from
  ``POST /api/tables``), or the one it was handed to (``PUT …/owner``). Reads, writes, lists
  the table's devices and revokes them, replaces the join code and the spectator key.
- ``player``: a device that joined with the code (``POST /api/join``). Reads and writes.
- ``director``: a tournament director whose token started the table, or the device that
  stands for the director there. Reads, writes and manages every table the director owns;
  another director's token gets 403. (Tournaments will group a director's tables; the role
  already fits them: a tournament is a director's set of tables.)
- ``code``: whoever knows the join code reads the table (and may join to write).
- ``spectator``: the spectator key reads the table and nothing else: no join code, no writes.

How credentials travel:

- tokens (device and director): ``Authorization: Bearer TOKEN``, never in a URL;
- the join code: header ``X-Join-Code`` or query parameter ``code``;
- the spectator key: header ``X-Spectator-Key`` or query parameter ``spectator_key`` (so a
  spreadsheet can fetch the CSV protokoll by URL).

Wrong join codes and spectator keys are checked and counted in one step, per client address
and per table; over its limit an address still opens, with the right code, the tables a phone
there started or joined, up to a hard limit — so one guesser at a club does not lock the
club's phones out, and gains nothing by going on (``guesses``).

Modules: ``credentials`` reads them from the request, ``principals`` decides what they
allow at a table, ``guesses`` is the guess limit, ``ratelimit`` keeps the counters in
SQLite, ``records`` stores devices, directors and spectator keys, ``rotation`` takes access
back (a new join code on every revocation, handing over, new director tokens), ``routes`` are
the endpoints.
"""
