"""Two phones at one table, for real: concurrent HTTP posts against a running server."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request


def _request(url: str, payload: dict | None = None, token: str | None = None):
    data = None if payload is None else json.dumps(payload).encode()
    request = urllib.request.Request(url, data=data, method="POST" if data else "GET")
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def _race(n: int, make_payload, url: str, token: str):
    barrier = threading.Barrier(n)
    results: list = [None] * n

    def worker(index: int) -> None:
        barrier.wait()
        results[index] = _request(url, make_payload(index), token)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(n)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_concurrent_posts_of_one_state_apply_exactly_once(live_server):
    status, created = _request(f"{live_server.url}/api/tables",
                               {"game": "rodskagg", "players": ["A", "B", "C", "D"]})
    assert status == 201
    url = f"{live_server.url}/api/tables/{created['id']}/events"
    token = created["token"]
    result = {"type": "result", "bids": ["smyga", 3, "smyga", "smyga"], "tricks": [1, 4, 1, 0]}

    # Six phones post the same deal with different client ids: one wins, five get 409.
    outcomes = _race(6, lambda i: {"based_on": 0, "client_event_id": f"phone-{i}",
                                   "event": result}, url, token)
    statuses = sorted(status for status, _ in outcomes)
    assert statuses == [201, 409, 409, 409, 409, 409]
    for status, body in outcomes:
        if status == 409:
            assert body["code"] == "stale_sequence" and body["details"]["seq"] == 1

    # Six retries of one entry (same client id) all get the first answer; applied once.
    outcomes = _race(6, lambda i: {"based_on": 1, "client_event_id": "retry-me",
                                   "event": {"type": "deal"}}, url, token)
    assert {status for status, _ in outcomes} == {201}
    assert len({json.dumps(body, sort_keys=True) for _, body in outcomes}) == 1

    status, log = _request(url, token=token)
    assert [e["seq"] for e in log["events"]] == [1, 2]
    assert [e["event"]["type"] for e in log["events"]] == ["result", "deal"]
    status, view = _request(f"{live_server.url}/api/tables/{created['id']}", token=token)
    assert view["protokoll"]["totals"] == [12, 8, 12, 12]
