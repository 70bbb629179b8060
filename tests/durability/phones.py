"""Client threads for the durability tests: phones posting their tables' evenings."""

from __future__ import annotations

import threading
import time
from http.client import HTTPException

from .servers import http
from .playout import PLAYERS, events

SEED = 44
EVENTS = events(400, SEED)  # a bound on how much any table is posted


def start_phones(server, count: int) -> list["Phone"]:
    """``count`` phones, each with a Rödskägg table of its own started on ``server`` (as its
    owner device, named "phone N")."""
    phones = []
    for n in range(count):
        status, created = http(server.url + "/api/tables",
                               {"game": "rodskagg", "players": list(PLAYERS),
                                "device_name": f"phone {n}"})
        assert status == 201, created
        phones.append(Phone(created))
    return phones


class Phone:
    """One client: posts its table's evening in order, remembering what was acknowledged."""

    def __init__(self, table: dict):
        self.id, self.token = table["id"], table["token"]
        self.acked = 0  # events with a 201: the log must hold at least these
        self.in_flight: int | None = None  # a post that got no answer (the server died)
        self.landed_unanswered = 0  # how often that post turned out to be in the log
        self.problems: list = []

    def cid(self, index: int) -> str:
        return f"{self.id}-{index}"

    def post_until(self, url: str, stop: threading.Event, tally: "Tally") -> None:
        """Post the next events until ``stop`` or until the server stops answering."""
        try:
            self._post_until(url, stop, tally)
        except BaseException as error:  # a thread's exception would not fail the test
            self.problems.append(repr(error))

    def _post_until(self, url: str, stop: threading.Event, tally: "Tally") -> None:
        while not stop.is_set() and self.acked < len(EVENTS):
            index = self.acked
            self.in_flight = index
            try:
                status, body = http(f"{url}/api/tables/{self.id}/events",
                                    {"based_on": index, "client_event_id": self.cid(index),
                                     "event": EVENTS[index]}, self.token)
            except (OSError, HTTPException, ValueError):
                return  # no answer: the server is gone
            if status == 201 and body["entry"]["seq"] == index + 1:
                self.acked, self.in_flight = index + 1, None
                tally.add()
            elif status == 429:  # not expected with the test's limit; never fatal
                time.sleep(0.05)
            else:
                self.problems.append((index, status, body))
                return

    def check_log(self, log: list[dict]) -> None:
        """The log after a crash: the acknowledged events, at most the unanswered one more."""
        extra = 1 if self.in_flight is not None else 0
        assert self.acked <= len(log) <= self.acked + extra, (self.id, self.acked, len(log))
        for index, entry in enumerate(log):
            assert (entry["seq"], entry["client_event_id"], entry["event"]) == (
                index + 1, self.cid(index), EVENTS[index]), (self.id, index)
        if len(log) > self.acked:
            self.landed_unanswered += 1


class Tally:
    """Acknowledgements counted across the client threads."""

    def __init__(self):
        self.count = 0
        self.changed = threading.Condition()

    def add(self) -> None:
        with self.changed:
            self.count += 1
            self.changed.notify_all()

    def wait_for(self, count: int, timeout: float) -> int:
        """Wait until ``count`` acknowledgements (at most ``timeout`` seconds); the count."""
        with self.changed:
            self.changed.wait_for(lambda: self.count >= count, timeout)
            return self.count


def start_posting(phones: list[Phone], url: str):
    """Every phone posts its evening to ``url`` from a thread of its own, until the returned
    ``stop`` is set; returns the ``Tally`` they count acknowledgements in, ``stop`` and the
    threads (to join)."""
    tally, stop = Tally(), threading.Event()
    threads = [threading.Thread(target=p.post_until, args=(url, stop, tally)) for p in phones]
    for thread in threads:
        thread.start()
    return tally, stop, threads
