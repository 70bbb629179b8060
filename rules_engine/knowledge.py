"""What the table has seen during one deal (design principle 3).

The app does not see the players' hands. When a card arrives we can check that it exists and
was not played before; whether the player *could* have followed suit is unknown at that
moment. What we can do is remember: a player who did not follow the led suit has shown a void
in it. If the same player later plays a card of that suit, the earlier trick was a revoke,
proven now. The finding names both tricks, so the table can settle it.

The same holds for any duty a game's text sets on a turn: a turn says something about the
player's hand ("I have none of the led suit", Bräus's "I have nothing higher than this card"),
and a card they show later, or their entered hand (``rules_engine.hands``), can prove it false.
Each game says that in its own words — a revoke is not a stand-over — so the pieces here
carry no wording of their own beyond the revoke's:

- ``Void`` and ``Knowledge.record``: the suit case, with the revoke finding built in;
- ``Claim``: any other turn's word about the hand, for a game to keep until a card proves it
  false (Bräus keeps its stand-overs so);
- ``proof_words``: the one sentence every such finding says, "<who> <claimed> but <proof>:
  [<why> — ]<verdict>.", in Swedish and English, from the game's own parts.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import TRUMP, Card, SUIT_NAMES
from .errors import Finding, RuleViolation
from .tricks import Play


@dataclass(frozen=True)
class Seen:
    card: Card
    seat: int
    trick: int


@dataclass(frozen=True)
class Void:
    """``seat`` did not follow ``suit`` in ``trick`` and played ``card`` instead."""

    seat: int
    suit: str
    trick: int
    card: Card


@dataclass(frozen=True)
class Claim:
    """``seat``'s turn in ``trick`` said something about their hand that rests on ``card``
    and that only a later card can disprove (Bräus: they stood over against ``card``, so they
    held nothing higher). What it says, and what disproves it, is the game's."""

    seat: int
    trick: int
    card: Card


Words = tuple[str, str]  # the same words in Swedish and in English


def proof_words(name: str, claim: Words, proof: Words, verdict: Words,
                why: Words | None = None) -> Words:
    """A finding that a later card (or an entered hand) proves, in Swedish and English:
    "<name> <claim> men/but <proof>: [<why> — ]<verdict>." Every part is the game's own
    words, so a revoke reads as a revoke and a stand-over as a stand-over.

    >>> proof_words("Bo", ("bekände inte ♠ i stick 2", "did not follow ♠ in trick 2"),
    ...             ("spelade ♠K i stick 5", "played ♠K in trick 5"),
    ...             ("felspel i stick 2", "a revoke in trick 2"))[1]
    'Bo did not follow ♠ in trick 2 but played ♠K in trick 5: a revoke in trick 2.'
    """
    sv_why, en_why = (f"{why[0]} — ", f"{why[1]} — ") if why else ("", "")
    return (f"{name} {claim[0]} men {proof[0]}: {sv_why}{verdict[0]}.",
            f"{name} {claim[1]} but {proof[1]}: {en_why}{verdict[1]}.")


@dataclass(frozen=True)
class Knowledge:
    seen: tuple[Seen, ...] = ()
    voids: tuple[Void, ...] = ()
    findings: tuple[Finding, ...] = ()

    def where_played(self, card: Card) -> Seen | None:
        for seen in self.seen:
            if seen.card == card:
                return seen
        return None

    def check_unplayed(self, card: Card, rule: str, copies: int = 1) -> None:
        """Refuse a card that was already played this deal (``copies`` for multiset decks)."""
        earlier = [s for s in self.seen if s.card == card]
        if len(earlier) >= copies:
            first = earlier[0]
            raise RuleViolation(
                "card_already_played",
                rule=rule,
                params={"card": str(card), "trick": first.trick, "seat": first.seat},
                sv=f"{card} är redan spelat i stick {first.trick}.",
                en=f"{card} was already played in trick {first.trick}.",
            )

    def record(self, trick: int, led_suit: str | None, play: Play, rule: str,
               players: tuple[str, ...],
               void_in: tuple[str, ...] | None = None) -> "Knowledge":
        """Remember ``play`` in ``trick``; add a finding if it proves an earlier revoke.

        ``void_in`` names the suits this play shows the player holds none of. By default
        that is the led suit when they did not follow it; games with a duty to trump pass
        more (800: neither followed nor trumped shows a void in trumps too) or none (a card
        that may always be played, 800's ⟨★⟩).
        """
        seen = self.seen + (Seen(play.card, play.seat, trick),)
        voids = self.voids
        findings = self.findings
        for void in self.voids:
            if void.seat == play.seat and void.suit == play.card.suit:
                findings += (_revoke_finding(void, play, trick, rule, players),)
                voids = tuple(v for v in voids if v != void)
        if void_in is None:
            void_in = (led_suit,) if led_suit is not None and play.card.suit != led_suit else ()
        for suit in void_in:
            if not any(v.seat == play.seat and v.suit == suit for v in voids):
                voids += (Void(play.seat, suit, trick, play.card),)
        return Knowledge(seen, voids, findings)


def _revoke_finding(void: Void, play: Play, trick: int, rule: str,
                    players: tuple[str, ...]) -> Finding:
    if void.suit == TRUMP:  # a void in trumps is shown by not trumping
        sv_did, en_did = "trumfade inte", "did not trump"
    else:
        sv_did = f"bekände inte {SUIT_NAMES[void.suit]['sv']}"
        en_did = f"did not follow {SUIT_NAMES[void.suit]['en']}"
    sv, en = proof_words(
        players[play.seat],
        (f"{sv_did} i stick {void.trick} (spelade {void.card})",
         f"{en_did} in trick {void.trick} (played {void.card})"),
        (f"spelade {play.card} i stick {trick}", f"played {play.card} in trick {trick}"),
        (f"felspel i stick {void.trick}", f"a revoke in trick {void.trick}"))
    return Finding(
        code="revoke_proven",
        rule=rule,
        seat=play.seat,
        params={
            "suit": void.suit,
            "revoke_trick": void.trick,
            "revoke_card": str(void.card),
            "proof_trick": trick,
            "proof_card": str(play.card),
        },
        sv=sv,
        en=en,
    )


def played_refusal(seen: Seen, rule: str, players: tuple[str, ...]) -> RuleViolation:
    """The refusal of a card the table saw played: in which trick and by whom. For games
    that name the player (Schnapsen's family; ``Knowledge.check_unplayed`` names the trick
    only)."""
    name = players[seen.seat]
    return RuleViolation(
        "card_already_played", rule=rule,
        params={"card": str(seen.card), "trick": seen.trick, "seat": seen.seat},
        sv=f"{seen.card} är redan spelat i stick {seen.trick} (av {name}).",
        en=f"{seen.card} was already played in trick {seen.trick} (by {name}).")
