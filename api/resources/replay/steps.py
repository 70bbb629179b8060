"""The table as it stood after one entry of its log, and the log step by step.

A dispute is settled by going back through the deal: which cards lay in each trick, who
took it, and which finding the table got when. Both views fold the *effective* log (undone
entries skipped, corrections applied: ``rules_engine.table_log``) and show it to the reader
through the table's ``Disclosure`` as it stands now: a hand entered in a deal that is over
is open to the whole table (unless the table keeps private entries closed); one of the deal
still being played stays its seat's. Only the private entries up to the step count for the
step, so a hand entered later never hides an earlier deal's cards.

Tricks are found without knowing the game: a trick is any ``{"cards": [{"seat", "card"}]}``
object in the game's ``describe`` (under the deal, the hand, or the last deal kept after
it), and the trick an entry completed is the one whose last play is that entry's card; a
card that completed none lies in the trick still on the table (the game's ``current``).
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any, Iterator

import sqlite_utils

from rules_engine.errors import RuleViolation
from rules_engine.events import parse_event
from rules_engine.table_log import Entry, TableSetup, apply_game_event, effective_events

from ... import disclosure, store
from ...errors import ApiError


def seq_of(text: str, row: dict[str, Any]) -> int:
    """The step asked for: 0 (before the first entry) up to the table's last entry."""
    if not re.fullmatch(r"[0-9]{1,12}", text):  # ASCII digits only: "¹" is no number
        raise ApiError(400, "seq_invalid",
                       f"”{text[:20]}” är inget händelsenummer (0 eller ett positivt heltal).",
                       f"“{text[:20]}” is no event number (0 or a positive whole number).",
                       details={"seq": text[:20]})
    seq = int(text)
    if seq > row["seq"]:
        raise ApiError(404, "seq_unknown",
                       f"Bordet har ingen händelse {seq}; den senaste är {row['seq']}.",
                       f"The table has no event {seq}; the last one is {row['seq']}.",
                       details={"seq": seq, "last": row["seq"]})
    return seq


def _entries(db: sqlite_utils.Database, table_id: str) -> list[tuple[Entry, str | None]]:
    return [(Entry(seq, json.loads(event)), device) for seq, event, device in db.execute(
        "select seq, event, device_id from events where table_id = ? order by seq",
        [table_id]).fetchall()]


def _corrections(logged: list[tuple[Entry, str | None]]) -> dict[int, int]:
    """{seq of a correction: the entry it corrects}."""
    return {entry.seq: entry.event["target"] for entry, _device in logged
            if entry.event.get("type") == "correct"}


def _seen(base: disclosure.Disclosure, upto: int,
          corrections: dict[int, int]) -> disclosure.Disclosure:
    """The reader's disclosure with only the private entries that shape the table up to
    ``upto``: those posted by then, and the corrections of those (a correction posted
    later changes what the step shows, so it must be readable too)."""
    return replace(base, entries={s: e for s, e in base.entries.items()
                                  if s <= upto or corrections.get(s, upto + 1) <= upto})


def _event(base: disclosure.Disclosure, seq: int, event: dict[str, Any],
           corrections: dict[int, int]) -> dict[str, Any]:
    """The effective event of entry ``seq`` as the reader may see it: hidden unless the
    reader may read the entry and every correction of it."""
    for at in [seq, *(c for c, target in corrections.items() if target == seq)]:
        if base.may_read(at):
            continue
        if at == seq:
            return base.event(seq, event)
        return base.event(at, {"type": "correct", "target": seq, "event": event})["event"]
    return event


def _tricks(value: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], dict]]:
    """Every trick in a described state, with the keys on the way to it: an object whose
    ``cards`` are plays (``{"seat", "card"}``)."""
    if isinstance(value, list):
        for inner in value:
            yield from _tricks(inner, path)
    elif isinstance(value, dict):
        cards = value.get("cards")
        if (isinstance(cards, list) and cards and all(
                isinstance(p, dict) and isinstance(p.get("seat"), int) and "card" in p
                for p in cards)):
            yield path, value
        for key, inner in value.items():
            if key != "declarations":
                yield from _tricks(inner, path + (key,))


def _last_card(setup: TableSetup, event: dict[str, Any]) -> tuple[int | None, str] | None:
    """(seat or None, card) of the last card an entry put on the table, if it played one."""
    module = setup.module
    if event.get("type") not in ("play", "trick"):
        return None
    try:
        parsed = parse_event(module.EVENTS, event, module.DECK, len(setup.players))
    except RuleViolation:
        return None
    if event["type"] == "play" and parsed.get("card") is not None:
        return parsed.get("seat"), str(parsed["card"])
    cards = parsed.get("cards") or ()
    return (None, str(cards[-1])) if cards else None


def completed_trick(setup: TableSetup, event: dict[str, Any],
                    before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any] | None:
    """The trick ``event`` completed: a trick in ``after``, not in ``before``, whose last
    play is the entry's card. ``{number, leader, cards, winner}``; None if it completed
    none (a card led or followed, a bid, a deal)."""
    last = _last_card(setup, event)
    if last is None:
        return None
    seat, card = last
    earlier = [trick["cards"] for _path, trick in _tricks(before)]
    for path, trick in _tricks(after):
        plays = trick["cards"]
        end = plays[-1]
        if str(end.get("card")) != card or (seat is not None and end["seat"] != seat):
            continue
        if plays in earlier or "current" in path:
            continue  # a trick taken before, or the one still on the table
        return {"number": trick.get("number"),
                "leader": trick.get("leader", plays[0]["seat"]),
                "cards": [{"seat": p["seat"], "card": p["card"]} for p in plays],
                "winner": trick.get("winner")}
    return None


def trick_on_table(setup: TableSetup, event: dict[str, Any],
                   after: dict[str, Any]) -> dict[str, Any] | None:
    """The trick still on the table after ``event``: the unfinished trick (the game's
    ``current``) whose last play is the entry's card. ``{number, leader, cards, winner:
    None}``; None when the entry put no card on one (it completed a trick, or played none)."""
    last = _last_card(setup, event)
    if last is None:
        return None
    seat, card = last
    for path, trick in _tricks(after):
        plays = trick["cards"]
        end = plays[-1]
        if "current" not in path or str(end.get("card")) != card \
                or (seat is not None and end["seat"] != seat):
            continue
        return {"number": trick.get("number"),
                "leader": trick.get("leader", plays[0]["seat"]),
                "cards": [{"seat": p["seat"], "card": p["card"]} for p in plays],
                "winner": None}
    return None


def _plain(value: Any) -> Any:
    """A parsed event's value as JSON: cards as the API prints them."""
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def normalized(setup: TableSetup, event: dict[str, Any]) -> dict[str, Any]:
    """The event with its cards in the API's notation (a hand entered as "hKn hD" reads
    ["♥J", "♥Q"]), so the app need not parse the input notation."""
    module = setup.module
    try:
        return _plain(parse_event(module.EVENTS, event, module.DECK, len(setup.players)))
    except RuleViolation:
        return event


def _finding_key(finding: Any) -> str:
    return json.dumps(finding.as_dict(), sort_keys=True, default=str)


def table_at(db: sqlite_utils.Database, row: dict[str, Any], reader: disclosure.Reader,
             seq: int) -> dict[str, Any]:
    """The table right after entry ``seq`` (0: before the first) as the log tells it now —
    undone entries skipped, corrections applied, also those posted after ``seq`` — as
    ``reader`` may see it."""
    setup, now = store.load_state(db, row)
    base = disclosure.load(db, row, setup.module, now, reader)
    logged = _entries(db, row["id"])
    # The log as it tells the deal now: an entry undone or corrected later is shown undone
    # or corrected at its own step too (the dispute is about what counts).
    effective = {entry.seq: entry.event
                 for entry in effective_events(entry for entry, _device in logged)}
    state = setup.new_state()
    for at_seq, event in effective.items():
        if at_seq > seq:
            break
        state = apply_game_event(setup, state, event)
    corrections = _corrections(logged)
    seen = _seen(base, seq, corrections)
    view = store.table_view({**row, "seq": seq}, setup, state, show_join_code=False,
                            disclosed=seen)
    found = next(((entry, device) for entry, device in logged if entry.seq == seq), None)
    view.update({
        "table_seq": row["seq"],
        "entry": None if found is None else {
            "seq": seq, "device_id": found[1], "event": base.event(seq, found[0].event),
            "counts": seq in effective,
        },
    })
    return view


def deal_of(text: str) -> int:
    """A deal asked for by number (1 is the first)."""
    if not re.fullmatch(r"[0-9]{1,9}", text) or int(text) < 1:
        raise ApiError(400, "deal_invalid",
                       f"”{text[:20]}” är inget givnummer (ett positivt heltal).",
                       f"“{text[:20]}” is no deal number (a positive whole number).",
                       details={"deal": text[:20]})
    return int(text)


def steps(db: sqlite_utils.Database, row: dict[str, Any], reader: disclosure.Reader,
          deal: int | None = None, seq: int | None = None) -> dict[str, Any]:
    """Every effective game entry of the log in order, as ``reader`` may see it, with the
    deal it belongs to, the trick it completed and the findings it brought (one replay).

    With ``deal`` only that deal's steps, with ``seq`` only the steps of the deal entry
    ``seq`` falls in (the deal of the last effective entry up to it): a phone replaying one
    deal of a long evening gets that deal, not the whole log (a thousand entries are about
    200 KB). The whole log is replayed either way — a deal's state depends on all before it."""
    setup, now = store.load_state(db, row)
    module = setup.module
    base = disclosure.load(db, row, module, now, reader)
    state = setup.new_state()
    described = module.describe(state)
    known = {_finding_key(f) for f in module.findings(state)}
    out = []
    logged = _entries(db, row["id"])
    corrections = _corrections(logged)
    entries = [entry for entry, _device in logged]
    for entry in effective_events(entries):
        before_deal = disclosure.deal_of(module, state)
        state = apply_game_event(setup, state, entry.event)
        after = module.describe(state)
        seen = _seen(base, entry.seq, corrections)
        findings = module.findings(state)
        fresh = [f for f in findings if _finding_key(f) not in known]
        known = {_finding_key(f) for f in findings}
        trick = completed_trick(setup, entry.event, described, after)
        on_table = None if trick is not None else trick_on_table(setup, entry.event, after)
        deal_after = disclosure.deal_of(module, state)
        out.append({
            "seq": entry.seq,
            "event": _event(base, entry.seq, normalized(setup, entry.event), corrections),
            # The deal it belongs to: the one being played when it came (the last trick
            # of a whist deal already starts the next), else the one it began.
            "deal": before_deal if before_deal is not None else deal_after,
            "trick": None if trick is None else seen.reveal(trick),
            "on_table": None if on_table is None else seen.reveal(on_table),
            "findings": [seen.finding(f) for f in fresh],
            "over": module.is_over(state),
        })
        described = after
    chosen = deal
    if seq is not None:
        chosen = None
        for step in out:
            if step["seq"] > seq:
                break
            chosen = step["deal"]
    if deal is not None or seq is not None:
        out = [step for step in out if step["deal"] == chosen]
    return {"id": row["id"], "game": setup.game, "players": list(setup.players),
            "seq": row["seq"], "deal": chosen, "steps": out}
