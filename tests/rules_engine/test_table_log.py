"""The table log: effective events, undo and corrections, replay, the replay CLI."""

from __future__ import annotations

import copy
import io
import json

import pytest

from rules_engine import replay as replay_cli
from rules_engine.errors import EventFormatError, RuleViolation
from rules_engine.games import rodskagg
from rules_engine.table_log import (Entry, TableSetup, apply_entry, apply_game_event,
                                    effective_events, replay)

SETUP = TableSetup("rodskagg", ("Anna", "Bo", "Cia"))
S = "smyga"


class Log:
    """A log posted through ``apply_entry``, as the API does it."""

    def __init__(self, setup: TableSetup = SETUP):
        self.setup = setup
        self.entries: list[Entry] = []
        self.state = setup.new_state()

    def post(self, event: dict) -> int:
        self.state = apply_entry(self.setup, self.state, self.entries, event)
        seq = len(self.entries) + 1
        self.entries.append(Entry(seq, event))
        return seq

    def refuse(self, code: str, event: dict, kind=RuleViolation) -> RuleViolation:
        entries, state = list(self.entries), self.state
        snapshot = copy.deepcopy(state)
        with pytest.raises(kind) as info:
            apply_entry(self.setup, state, self.entries, event)
        assert info.value.code == code, repr(info.value)
        assert self.entries == entries and state == snapshot
        return info.value


def bidding_log() -> tuple[Log, dict[str, int]]:
    log = Log()
    seqs = {
        "deal": log.post({"type": "deal"}),
        "bo": log.post({"type": "bid", "seat": 1, "bid": 2}),
        "cia": log.post({"type": "bid", "seat": 2, "bid": 3}),
    }
    return log, seqs


# --- effective events ------------------------------------------------------------------------
def test_effective_events_apply_undo_and_corrections_in_place():
    entries = [
        Entry(1, {"type": "deal"}),
        Entry(2, {"type": "bid", "seat": 1, "bid": 2}),
        Entry(3, {"type": "bid", "seat": 2, "bid": 3}),
        Entry(4, {"type": "correct", "target": 2, "event": {"type": "bid", "seat": 1, "bid": 1}}),
        Entry(5, {"type": "undo", "target": 3}),
        Entry(6, {"type": "correct", "target": 2, "event": {"type": "bid", "seat": 1, "bid": S}}),
        Entry(7, {"type": "correct", "target": 3, "event": {"type": "bid", "seat": 2, "bid": 6}}),
    ]
    effective = effective_events(entries)
    # seq 3 was undone (its later correction does not revive it); seq 2 keeps its place and
    # carries the last correction.
    assert effective == [Entry(1, {"type": "deal"}), Entry(2, {"type": "bid", "seat": 1, "bid": S})]


def test_a_game_event_through_apply_entry_is_the_plain_apply():
    log, _ = bidding_log()
    state = SETUP.new_state()
    for entry in log.entries:
        state = apply_game_event(SETUP, state, entry.event)
    assert state == log.state == replay(SETUP, log.entries)


# --- undo -------------------------------------------------------------------------------------
def test_undo_withdraws_an_event_and_the_log_keeps_it():
    log, seqs = bidding_log()
    log.post({"type": "undo", "target": seqs["cia"]})
    assert log.state.deal.bids == ((1, 2),)
    assert rodskagg.expected(log.state).seat == 2  # Cia bids again
    assert len(log.entries) == 4  # nothing deleted
    log.post({"type": "bid", "seat": 2, "bid": S})
    assert log.state.deal.bids == ((1, 2), (2, 0))
    assert replay(SETUP, log.entries) == log.state


def test_undo_that_breaks_a_later_event_is_refused_naming_it():
    log, seqs = bidding_log()
    v = log.refuse("log_breaks_rules", {"type": "undo", "target": seqs["bo"]})
    # Without Bo's bid it would be Bo's turn when Cia's bid (seq 3) comes.
    assert v.params["seq"] == seqs["cia"]
    assert v.params["violation"]["code"] == "not_your_turn"
    assert str(seqs["cia"]) in v.message("en") and str(seqs["cia"]) in v.message("sv")


def test_undo_of_the_deal_breaks_everything_after():
    log, seqs = bidding_log()
    v = log.refuse("log_breaks_rules", {"type": "undo", "target": seqs["deal"]})
    assert v.params["seq"] == seqs["bo"]


def test_undo_of_the_last_event_is_always_fine():
    log, seqs = bidding_log()
    log.post({"type": "undo", "target": seqs["cia"]})
    log.post({"type": "undo", "target": seqs["bo"]})
    log.post({"type": "undo", "target": seqs["deal"]})
    assert log.state == SETUP.new_state()


# --- corrections ------------------------------------------------------------------------------
def test_correction_replaces_what_an_event_said():
    log = Log()
    seq = log.post({"type": "result", "bids": [S, 3, S], "tricks": [1, 4, 1]})
    assert log.state.scores == (12, 8, 12)
    log.post({"type": "correct", "target": seq,
              "event": {"type": "result", "bids": [S, 3, S], "tricks": [4, 2, 0]}})
    assert log.state.scores == (12, 15, 12)
    assert log.entries[0].event["tricks"] == [1, 4, 1]  # the original stays in the log
    assert replay(SETUP, log.entries) == log.state


def refused_correction_of_bos_bid(seat: int):
    """Correct Bo's bid in ``bidding_log`` into a bid of 4 by ``seat``, which the log must
    refuse as ``log_breaks_rules``; returns the refusal's params and the log's seqs."""
    log, seqs = bidding_log()
    v = log.refuse("log_breaks_rules", {
        "type": "correct", "target": seqs["bo"],
        "event": {"type": "bid", "seat": seat, "bid": 4}})
    return v.params, seqs


def test_correction_that_breaks_a_later_event_is_refused_naming_it():
    params, seqs = refused_correction_of_bos_bid(seat=1)
    assert params["seq"] == seqs["cia"]
    assert params["violation"]["code"] == "bid_not_higher"


def test_correction_into_an_illegal_event_names_the_corrected_one():
    params, seqs = refused_correction_of_bos_bid(seat=0)
    assert params["seq"] == seqs["bo"]
    assert params["violation"]["code"] == "not_your_turn"


def test_a_correction_that_changes_a_later_outcome_is_allowed():
    # Correcting deal 1 so that Bo wins changes nothing that deal 2 depends on ... until a
    # deal 2 exists: then the log must still replay.
    log = Log()
    first = log.post({"type": "result", "bids": [S, 3, S], "tricks": [1, 4, 1]})
    log.post({"type": "result", "bids": [S, S, 2], "tricks": [2, 2, 2]})
    v = log.refuse("log_breaks_rules", {
        "type": "correct", "target": first,
        "event": {"type": "result", "bids": [S, "rodskagg", S], "tricks": [0, 6, 0]}})
    assert v.params["seq"] == 2
    assert v.params["violation"]["code"] == "not_expected"  # the match would be over


def test_meta_events_that_target_nothing():
    log, seqs = bidding_log()
    log.refuse("nothing_to_correct", {"type": "undo", "target": 99})
    log.post({"type": "undo", "target": seqs["cia"]})
    log.refuse("nothing_to_correct", {"type": "undo", "target": seqs["cia"]})  # again
    log.refuse("nothing_to_correct", {"type": "undo", "target": 4})  # the undo itself
    log.refuse("nothing_to_correct", {"type": "correct", "target": seqs["bo"],
                                      "event": {"type": "undo", "target": seqs["deal"]}})


@pytest.mark.parametrize("event", [
    {"type": "undo"},
    {"type": "undo", "target": "3"},
    {"type": "undo", "target": True},
    {"type": "undo", "target": 2, "why": "oops"},
    {"type": "correct", "target": 2},
    {"type": "correct", "target": 2, "event": "bid 3"},
])
def test_malformed_meta_events(event):
    log, _ = bidding_log()
    log.refuse("malformed_event", event, EventFormatError)


def test_a_correction_must_be_a_well_formed_game_event():
    log, seqs = bidding_log()
    log.refuse("unknown_event_type", {"type": "correct", "target": seqs["bo"],
                                      "event": {"type": "bjud"}}, EventFormatError)
    log.refuse("bad_field", {"type": "correct", "target": seqs["bo"],
                             "event": {"type": "bid", "seat": 7, "bid": 2}}, EventFormatError)


def test_replay_raises_on_an_illegal_history():
    entries = [Entry(1, {"type": "deal"}), Entry(2, {"type": "bid", "seat": 0, "bid": 1})]
    with pytest.raises(RuleViolation) as info:
        replay(SETUP, entries)
    assert info.value.code == "log_breaks_rules" and info.value.params["seq"] == 2


# --- setup and options -----------------------------------------------------------------------
def test_setup_builds_options_and_refuses_unknown_ones():
    setup = TableSetup("fem-opp", ("A", "B", "C"), {"penalty": 6, "exact_zero": True}, 2)
    state = setup.new_state()
    assert state.options.penalty == 6 and state.options.exact_zero and state.dealer == 2
    for options, code in (({"trumps": True}, "unknown_option"), ({"penalty": 7}, "bad_option"),
                          ({"exact_zero": "yes"}, "bad_option"),
                          ({"all_smyga": "redeal"}, "bad_option")):
        with pytest.raises(EventFormatError) as info:
            TableSetup("rodskagg", ("A", "B", "C"), options).new_state()
        assert info.value.code == code
    with pytest.raises(RuleViolation) as info:
        TableSetup("canasta", ("A", "B", "C", "D")).new_state()
    assert info.value.code == "unknown_game"


@pytest.mark.parametrize("game,name", [("rodskagg", "stake_per_point"),
                                       ("whist", "stake_per_point"),
                                       ("norrandsknack", "stake"),
                                       ("skitgubbe", "match_games")])
def test_a_number_option_is_a_whole_number_from_0_to_a_million(game, name):
    """A stake or a number of games: a fraction, a bool or a negative number (a negative
    stake would pay the loser) is refused, and so is a number no browser keeps exact.
    A fraction once passed for every whole-number option."""
    players = tuple(f"P{i}" for i in range(3 if game in ("rodskagg", "skitgubbe") else 4))
    for value in (1.5, 2.0, -1, True, 1_000_001, 2**53 - 1, "3"):
        with pytest.raises(EventFormatError) as info:
            TableSetup(game, players, {name: value}).new_state()
        assert (info.value.code, info.value.rule) == ("bad_option", "Spelets alternativ")
        assert info.value.message("sv").startswith(f"Alternativet {name} ")
    for value in (0, 1, 1_000_000):
        state = TableSetup(game, players, {name: value}).new_state()
        assert getattr(state.options, name) == value


def test_a_refused_option_is_not_echoed_back_whole():
    """A hostile megabyte as an option's value or name: the refusal names it shortly, in
    its words and its details, instead of repeating all of it."""
    for options, code in (({"penalty": "x" * 5000}, "bad_option"),
                          ({"y" * 5000: 1, **{f"z{i}": 1 for i in range(50)}}, "unknown_option")):
        with pytest.raises(EventFormatError) as info:
            TableSetup("rodskagg", ("A", "B", "C"), options).new_state()
        assert info.value.code == code
        for lang in ("sv", "en"):
            assert len(info.value.message(lang)) < 400, info.value.message(lang)
        assert len(repr(info.value.params)) < 400
    with pytest.raises(EventFormatError) as info:
        TableSetup("rodskagg", ("A", "B", "C"), {"penalty": "x" * 5000}).new_state()
    assert info.value.message("sv").startswith("Alternativet penalty kan inte vara 'xxx")
    assert info.value.message("sv").endswith("….")


def test_a_first_dealer_not_at_the_table_is_refused_in_every_game():
    """Kom ihåg has no dealer (the youngest begins), yet a table of two whose first dealer
    is seat 11 was once taken and kept."""
    from rules_engine.registry import GAMES
    for module in GAMES:
        players = tuple(f"P{i}" for i in range(module.MIN_PLAYERS))
        for first_dealer in (module.MIN_PLAYERS, 11, -1):
            with pytest.raises(RuleViolation) as info:
                TableSetup(module.ID, players, {}, first_dealer).new_state()
            assert info.value.code == "bad_dealer", module.ID


# --- the replay command -------------------------------------------------------------------------
LOG_FILE = {
    "game": "rodskagg",
    "players": ["Anna", "Bo", "Cia"],
    "options": {"stake_per_point": 2},
    "first_dealer": 0,
    "events": [
        {"seq": 1, "event": {"type": "result", "bids": [S, 3, S], "tricks": [1, 4, 1]}},
        {"seq": 2, "event": {"type": "result", "bids": [S, S, 2], "tricks": [2, 2, 2]}},
        {"seq": 3, "event": {"type": "undo", "target": 2}},
        {"seq": 4, "event": {"type": "result", "bids": [S, S, "rodskagg"],
                             "tricks": [0, 0, 6]}},
    ],
}


def write(tmp_path, data) -> str:
    path = tmp_path / "log.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


def test_replay_cli_prints_the_protokoll(tmp_path):
    out = io.StringIO()
    assert replay_cli.run(write(tmp_path, LOG_FILE), out=out) == 0
    text = out.getvalue()
    first = text.splitlines()[0]
    assert first.startswith(rodskagg.TITLE) and "Anna, Bo, Cia" in first
    assert "Deal 1: Bo Three, 4 tricks, made" in text
    assert "Cia Two" not in text  # the undone deal is gone ...
    assert "Deal 2: Cia Rödskägg" in text  # ... and the next took its number
    assert "winner: Cia" in text
    # settlement: stake 2 per point of difference to Cia's 6 (Anna 12, Bo 8)
    settlement = [line for line in text.splitlines() if "settlement" in line][0]
    assert settlement.split()[-3:] == ["-12", "-4", "16"]


def test_replay_cli_in_swedish_and_with_bare_events_and_findings(tmp_path):
    data = {"game": "rodskagg", "players": ["Anna", "Bo", "Cia"], "events": [
        {"type": "deal"},
        {"type": "bid", "seat": 1, "bid": 1},
        {"type": "bid", "seat": 2, "bid": S},
        {"type": "bid", "seat": 0, "bid": S},
        {"type": "trick", "cards": "♥A ♥2 ♠3"},
        {"type": "trick", "cards": "♥K ♥3 ♥4"},
    ]}
    out = io.StringIO()
    assert replay_cli.run(write(tmp_path, data), lang="sv", out=out) == 0
    text = out.getvalue()
    assert "Start" in text
    (finding,) = [line for line in text.splitlines() if line.startswith("finding:")]
    assert "stick 1" in finding and "stick 2" in finding and "Anna" in finding


def test_replay_cli_reports_an_illegal_log(tmp_path, capsys):
    data = dict(LOG_FILE, events=[{"type": "deal"}, {"type": "bid", "seat": 0, "bid": 2}])
    out = io.StringIO()
    assert replay_cli.run(write(tmp_path, data), out=out) == 1
    assert out.getvalue() == ""
    err = capsys.readouterr().err
    assert err.startswith("error:") and "2" in err


def test_load_log_numbers_bare_events():
    setup, entries = replay_cli.load_log({"game": "rodskagg", "players": ["A", "B", "C"],
                                          "events": [{"type": "deal"}, {"type": "knock"}]})
    assert setup.options == {} and setup.first_dealer == 0
    assert [e.seq for e in entries] == [1, 2]
    setup, entries = replay_cli.load_log(LOG_FILE)
    assert [e.seq for e in entries] == [1, 2, 3, 4] and setup.options == {"stake_per_point": 2}
