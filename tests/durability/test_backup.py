"""``protokoll backup`` while posts go on, ``protokoll restore``, and what restore refuses.

The backup is taken by the real command against a real server's file while client threads
post; it must be one consistent moment of the database: every table exactly as it was after
some seq — its log a prefix of the original's, at least everything acknowledged before the
backup started — and its snapshot, seq and log agreeing. Restored into a fresh file and
served, every table, log and protokoll equals the original's up to that point.
"""

from __future__ import annotations

import random
import sqlite3
import threading
from pathlib import Path
from types import SimpleNamespace

from api import cli, create_app

from .checks import expected_view, read_file, shown
from .phones import EVENTS, Tally, start_phones, start_posting
from .playout import PLAYERS
from .servers import http, protokoll

CLIENTS = 3
BEFORE_BACKUP = 45  # acknowledgements before the backup starts
AFTER_BACKUP = 45  # and after it has finished
WAIT_LIMIT = 90  # seconds: a bound, never asserted


def sidecars(path: Path) -> list[Path]:
    return [path, *(path.with_name(path.name + s) for s in ("-wal", "-shm", "-journal"))]


def test_online_backup_restores_every_table_as_it_was(tmp_path, serve):
    db, backup = tmp_path / "live.sqlite", tmp_path / "backups" / "protokoll-backup.sqlite"
    backup.parent.mkdir()
    server = serve(db)
    phones = start_phones(server, CLIENTS)
    tally, stop, threads = start_posting(phones, server.url)
    try:
        tally.wait_for(BEFORE_BACKUP, WAIT_LIMIT)
        acked_before = {p.id: p.acked for p in phones}
        done = protokoll("backup", str(backup), "--db", str(db))
        after = tally.count
        tally.wait_for(after + AFTER_BACKUP, WAIT_LIMIT)
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
    assert done.returncode == 0, done.stderr
    assert "backed up" in done.stdout
    assert not [p.problems for p in phones if p.problems]
    assert tally.count >= after + AFTER_BACKUP
    status, late = http(server.url + "/api/tables", {"game": "rodskagg",
                                                     "players": list(PLAYERS)})
    assert status == 201

    original, backed = read_file(db), read_file(backup)
    assert set(backed) == {p.id for p in phones}  # the table made later is not in it
    points = {}
    for phone in phones:
        point = points[phone.id] = backed[phone.id]["seq"]
        assert acked_before[phone.id] <= point <= original[phone.id]["seq"]
        assert backed[phone.id]["log"] == original[phone.id]["log"][:point]
    # The backup is a moment in the middle of the stream, not its end.
    assert sum(points.values()) < sum(t["seq"] for i, t in original.items() if i in points)
    assert [p.name for p in backup.parent.iterdir()] == [backup.name]  # no -wal, no leftovers

    restored = tmp_path / "restored.sqlite"
    done = protokoll("restore", str(backup), "--db", str(restored))
    assert done.returncode == 0, done.stderr
    again = serve(restored)
    for phone in phones:
        point = points[phone.id]
        url = f"{again.url}/api/tables/{phone.id}"
        status, view = http(url, token=phone.token)
        assert status == 200, view
        assert shown(view) == expected_view(original, phone.id, upto=point)
        status, log = http(url + "/events", token=phone.token)
        assert [{k: e[k] for k in ("seq", "client_event_id", "device_id", "created_at",
                                   "event")} for e in log["events"]] == \
            original[phone.id]["log"][:point]
        status, sheet = http(url + "/protokoll", token=phone.token)
        assert status == 200 and sheet == expected_view(original, phone.id, point)["protokoll"]
    status, _ = http(f"{again.url}/api/tables/{late['id']}", token=late["token"])
    assert status == 404
    # The restored server goes on from the backup point.
    phone = phones[0]
    status, body = http(f"{again.url}/api/tables/{phone.id}/events",
                        {"based_on": points[phone.id], "client_event_id": "after-restore",
                         "event": EVENTS[points[phone.id]]}, phone.token)
    assert status == 201 and body["entry"]["seq"] == points[phone.id] + 1


def small_database(path: Path, posts: int = 5) -> str:
    """A database with one table and a few events, made through the API in this process."""
    client = create_app({"DATABASE": str(path), "TESTING": True}).test_client()
    created = client.post("/api/tables", json={"game": "rodskagg",
                                               "players": list(PLAYERS)}).json
    for seq in range(posts):
        response = client.post(f"/api/tables/{created['id']}/events",
                               json={"based_on": seq, "client_event_id": f"e{seq}",
                                     "event": EVENTS[seq]},
                               headers={"Authorization": f"Bearer {created['token']}"})
        assert response.status_code == 201, response.json
    return created["id"]


def corrupt_copies(good: Path, into: Path) -> dict[str, Path]:
    rng = random.Random(13)
    data = good.read_bytes()
    page = 4096
    assert len(data) >= 6 * page
    copies = {
        # one page in the middle of the file overwritten: a torn or rotten write
        "garbage page": data[:3 * page] + rng.randbytes(page) + data[4 * page:],
        "truncated": data[:len(data) // 2 + 100],
        "not a database": rng.randbytes(len(data)),
        "empty": b"",
    }
    paths = {}
    for name, content in copies.items():
        path = paths[name] = into / (name.replace(" ", "-") + ".sqlite")
        path.write_bytes(content)
    # A sound SQLite file that is not a Protokoll database.
    other = paths["another program's database"] = into / "other.sqlite"
    conn = sqlite3.connect(other)
    conn.execute("create table notes (text)")
    conn.commit()
    conn.close()
    # A Protokoll database whose log lacks an event in the middle (its seq says 5, four
    # events are left).
    torn = paths["a seq without its event"] = into / "torn.sqlite"
    torn.write_bytes(data)
    conn = sqlite3.connect(torn)
    conn.execute("delete from events where seq = 3")
    conn.commit()
    conn.close()
    return paths


def test_restore_refuses_a_corrupt_backup_and_an_existing_database(tmp_path, capsys):
    def protokoll(*args: str) -> SimpleNamespace:  # the command, in this process
        code = cli.main(list(args))
        out = capsys.readouterr()
        return SimpleNamespace(returncode=code, stdout=out.out, stderr=out.err)

    source, good = tmp_path / "source.sqlite", tmp_path / "good.sqlite"
    table_id = small_database(source)
    done = protokoll("backup", str(good), "--db", str(source))
    assert done.returncode == 0, done.stderr

    fresh = tmp_path / "fresh.sqlite"
    for name, bad in corrupt_copies(good, tmp_path).items():
        done = protokoll("restore", str(bad), "--db", str(fresh))
        assert done.returncode == 1, (name, done.stdout)
        assert "protokoll restore:" in done.stderr, name
        assert not any(p.exists() for p in sidecars(fresh)), name  # nothing left behind

    # A database that exists is not replaced without --force; a corrupt backup never.
    existing = tmp_path / "existing.sqlite"
    other_id = small_database(existing, posts=2)
    before = read_file(existing)
    done = protokoll("restore", str(good), "--db", str(existing))
    assert done.returncode == 1 and "--force" in done.stderr
    assert read_file(existing) == before
    done = protokoll("restore", str(tmp_path / "garbage-page.sqlite"), "--db", str(existing),
                     "--force")
    assert done.returncode == 1
    assert read_file(existing) == before

    done = protokoll("restore", str(good), "--db", str(existing), "--force")
    assert done.returncode == 0, done.stderr
    after = read_file(existing)
    assert set(after) == {table_id} and other_id not in after
    assert after[table_id]["log"] == read_file(source)[table_id]["log"]

    # backup refuses a database that is not there, and does not create one.
    missing = tmp_path / "missing.sqlite"
    done = protokoll("backup", str(tmp_path / "b.sqlite"), "--db", str(missing))
    assert done.returncode == 1 and not missing.exists()


def test_restore_with_force_under_a_running_server(tmp_path, serve):
    db, backup = tmp_path / "live.sqlite", tmp_path / "backup.sqlite"
    server = serve(db)
    phone, = start_phones(server, 1)
    tally, stop = Tally(), threading.Event()
    stop_after = threading.Thread(target=lambda: (tally.wait_for(5, WAIT_LIMIT), stop.set()))
    stop_after.start()
    phone.post_until(server.url, stop, tally)
    stop_after.join()
    assert phone.acked >= 5 and not phone.problems
    assert protokoll("backup", str(backup), "--db", str(db)).returncode == 0
    point = phone.acked
    for index in range(point, point + 3):  # posted after the backup: lost by the restore
        status, _ = http(f"{server.url}/api/tables/{phone.id}/events",
                         {"based_on": index, "client_event_id": phone.cid(index),
                          "event": EVENTS[index]}, phone.token)
        assert status == 201
    status, later = http(server.url + "/api/tables", {"game": "rodskagg",
                                                      "players": list(PLAYERS)})
    assert status == 201

    done = protokoll("restore", str(backup), "--db", str(db), "--force")
    assert done.returncode == 0, done.stderr
    # The running server reads the restored database from its next request on.
    status, view = http(f"{server.url}/api/tables/{phone.id}", token=phone.token)
    assert status == 200 and view["seq"] == point
    status, _ = http(f"{server.url}/api/tables/{later['id']}", token=later["token"])
    assert status == 404
    status, body = http(f"{server.url}/api/tables/{phone.id}/events",
                        {"based_on": point, "client_event_id": "after-restore",
                         "event": EVENTS[point]}, phone.token)
    assert status == 201 and body["entry"]["seq"] == point + 1
    tables = read_file(db)
    assert set(tables) == {phone.id} and tables[phone.id]["seq"] == point + 1


def test_a_backup_from_an_older_version_is_migrated_as_it_is_restored(tmp_path, monkeypatch):
    from api import db as database
    from api import migrations
    from api.backup import restore

    old = tmp_path / "old.sqlite"
    with monkeypatch.context() as patch:  # a database from before the later migrations
        patch.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:2])
        database.connect(str(old)).close()
    restore(old, tmp_path / "new.sqlite")
    conn = sqlite3.connect(tmp_path / "new.sqlite")
    names = [row[0] for row in conn.execute("select name from _migrations order by name")]
    conn.close()
    assert names == sorted(m.__name__ for m in migrations.MIGRATIONS)
