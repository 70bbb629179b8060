"""How many pages one post commits to the WAL (issue 16): counted, not timed.

Under load the posts queue on the write lock, and each holds it through its commit's
fsync (``synchronous=FULL``, ``api/db.py``): the fewer pages a commit writes, the shorter
the wait of everyone behind it. ``bench/load.py``'s bare append commits one page (its
row). A post commits:

- the event, in ``events`` keyed by ``(table_id, seq)`` WITHOUT ROWID (one b-tree, not a
  rowid table and its key's index);
- its entry in the ``(table_id, client_event_id)`` index that answers a retried post;
- the snapshot's head, every fourth post or when the post scores a deal (then with its
  protokoll row): between saves the readers apply the last entries from the log
  (``snapshots.due``, ``snapshots.load``).

Not the table's seq (read from the log: ``api/log_seq.py``) and not the device's write
count (in the attached ``FILE-limits``, not fsynced: ``api/limits_file.py``). Before
these changes a post committed 6 pages in most posts here, 6.3 on average; now 2, and 2.6.

Counted from the WAL file itself: a commit appends one frame (24 bytes + a page) per page it
changed, and nothing checkpoints it between the posts here (the automatic checkpoint waits
for 1,000 pages); a connection held open keeps the WAL from being folded into the file
when the app's own connections close. The posts are a recorded Rödskägg evening, card by
card (``tests/corpus``), to four tables in turn, as phones at several tables post.
"""

from __future__ import annotations

import gzip
import json
import sqlite3
import statistics
from pathlib import Path

from api import create_app
from tests.conftest import TableHandle, start_table

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "logs" / "rodskagg.json.gz"
TABLES = 4
POSTS = 120  # in all: 30 a table


def _evening() -> tuple[dict, list[dict]]:
    """The players and the accepted events of a recorded card-by-card evening, up to its
    first undo or correction (which replay, and rewrite every protokoll row)."""
    run = next(r for r in json.loads(gzip.decompress(CORPUS.read_bytes()))["runs"]
               if r["name"] == "exact_zero=True/5p/cards/s1")
    events = []
    for step in run["steps"]:
        if step["event"].get("type") in ("undo", "correct"):
            break
        if "views" in step:  # accepted
            events.append(step["event"])
    return run["setup"], events


def _wal_frames(path: str) -> int:
    wal = Path(path + "-wal")
    size = wal.stat().st_size if wal.exists() else 0
    if size <= 32:
        return 0
    page_size = int.from_bytes(wal.read_bytes()[8:12], "big")
    assert (size - 32) % (24 + page_size) == 0
    return (size - 32) // (24 + page_size)


def test_a_post_commits_two_pages_to_the_log(tmp_path):
    path = str(tmp_path / "pages.sqlite")
    app = create_app({"DATABASE": path})  # the write limit on: its count is done
    client = app.test_client()
    setup, events = _evening()
    assert len(events) >= POSTS // TABLES
    tables: list[TableHandle] = [
        start_table(client, "rodskagg", tuple(setup["players"]), options=setup["options"],
                    first_dealer=setup["first_dealer"]) for _ in range(TABLES)]
    holder = sqlite3.connect(path)  # keeps the WAL when the app's connections close
    try:
        holder.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        assert _wal_frames(path) == 0
        frames: list[int] = []
        scored = 0
        for n in range(POSTS):
            table, event = tables[n % TABLES], events[n // TABLES]
            before = _wal_frames(path)
            response = table.post(event)
            frames.append(_wal_frames(path) - before)
            assert response.status_code == 201, response.json
            sheet = response.json["table"]["protokoll"]
            scored += sheet["first_row"] < sheet["row_count"]
        # The event and its client-id entry: two pages in most posts; the snapshot every
        # fourth post, or when a deal is scored (with its protokoll row); a page split in a
        # b-tree now and then.
        assert statistics.median(frames) == 2, frames
        assert sum(frames) <= 2.8 * POSTS, (sum(frames) / POSTS, frames)
        assert min(frames) == 2
        # Nothing of it is the rate limit's count, which was still done at every post.
        limits = sqlite3.connect(path + "-limits")
        counts = dict(limits.execute("select key, count from rate_limits where key like "
                                     "'write:device:%'").fetchall())
        limits.close()
        assert counts == {f"write:device:{t.device_id}": POSTS // TABLES for t in tables}
        assert scored > 0  # some posts scored a deal
    finally:
        holder.close()
