"""Reading a database file the way a suspicious person would after a crash."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from api import snapshots, store
from api.log_seq import seq_sql
from rules_engine.table_log import Entry, replay


def read_file(path: Path) -> dict[str, dict[str, Any]]:
    """Check the file at ``path`` and return, per table, its seq and log.

    - ``PRAGMA integrity_check`` is ok and no foreign key dangles;
    - a table's seq (its last event's, as the server reads it: ``api/log_seq.py``) is the
      number of events in its log, and the seqs are 1..n: no event lost in the middle;
    - the snapshot was saved at most ``snapshots.EVERY`` - 1 posts before the table's seq
      and, when it was made by this engine, equals a replay of the log up to its seq (or,
      made by another engine, is ignored and rebuilt).
    """
    conn = sqlite3.connect(str(path))
    try:
        assert [r[0] for r in conn.execute("PRAGMA integrity_check")] == ["ok"]
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        tables: dict[str, dict[str, Any]] = {}
        rows = conn.execute(f"select id, game, players, options, first_dealer, {seq_sql()} "
                            "from tables").fetchall()
        for table_id, game, players, options, first_dealer, seq in rows:
            log = conn.execute("select seq, client_event_id, device_id, created_at, event "
                               "from events where table_id = ? order by seq",
                               [table_id]).fetchall()
            assert [r[0] for r in log] == list(range(1, seq + 1)), (table_id, seq)
            setup = store.setup_of({"game": game, "players": players, "options": options,
                                    "first_dealer": first_dealer})
            state = replay(setup, [Entry(r[0], json.loads(r[4])) for r in log])
            snap = conn.execute("select seq, engine, state from snapshots where table_id = ?",
                                [table_id]).fetchone()
            # Saved at most EVERY - 1 posts back; the readers replay the rest from the log.
            assert snap is not None and seq - snapshots.EVERY < snap[0] <= seq, (
                table_id, seq, snap and snap[0])
            if snap[1] == store.ENGINE:
                assert snapshots.read(conn, table_id) == replay(
                    setup, [Entry(r[0], json.loads(r[4])) for r in log[:snap[0]]]), table_id
            tables[table_id] = {
                "seq": seq, "setup": setup, "state": state,
                "log": [{"seq": s, "client_event_id": c, "device_id": d, "created_at": t,
                         "event": json.loads(e)} for s, c, d, t, e in log]}
        return tables
    finally:
        conn.close()


def expected_view(tables: dict[str, dict[str, Any]], table_id: str,
                  upto: int | None = None) -> dict[str, Any]:
    """What the API must show of a table (state, protokoll, what comes next), computed by
    replaying its log — up to seq ``upto`` when given — in this process."""
    table = tables[table_id]
    setup = table["setup"]
    seq = table["seq"] if upto is None else upto
    state = table["state"] if upto is None else replay(
        setup, [Entry(e["seq"], e["event"]) for e in table["log"][:upto]])
    module = setup.module
    view = {"seq": seq, "state": module.describe(state),
            "expected": module.expected(state).as_dict(),
            "protokoll": module.sheet(state).as_dict(),
            "findings": [f.as_dict() for f in module.findings(state)],
            "over": module.is_over(state)}
    return json.loads(json.dumps(view, ensure_ascii=False))


def shown(view: dict[str, Any]) -> dict[str, Any]:
    """The parts of a served table view that ``expected_view`` computes."""
    return {key: view[key] for key in ("seq", "state", "expected", "protokoll", "findings",
                                       "over")}
