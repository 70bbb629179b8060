"""Priffe's bids: the six bids of the text, their order, their words, and the final contract.

Source: rule file 002, section "Priffe regler": *Budgivning* ("De olika buden är från högre
till lägre: preference, noll, hjärter, ruter, spader och klöver"; spader and klöver the
information bids) and *Priffe i gammaldags variant* (spader and klöver real bids, ranked
klöver above spader). The game module ``priffe`` runs the round of bidding with these; how it
reads the text where it is silent is said in its docstring.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..errors import violation

R_BIDDING = "Priffe — Budgivning"

PASS = "pass"
PREFERENCE, NOLL, HJARTER, RUTER, SPADER, KLOVER = (
    "preference", "noll", "hjarter", "ruter", "spader", "klover")
TVANGSNOLL = "tvangsnoll"  # no final bid: forced misère
BIDS = (PREFERENCE, NOLL, HJARTER, RUTER, SPADER, KLOVER)
# "De olika buden är från högre till lägre": preference, noll, hjärter, ruter, spader, klöver.
MODERN_RANK = {PREFERENCE: 6, NOLL: 5, HJARTER: 4, RUTER: 3, SPADER: 2, KLOVER: 1}
# The old variant: "preference, nollissimo, hjärter, ruter, klöver och så ned till spader".
OLD_RANK = {PREFERENCE: 6, NOLL: 5, HJARTER: 4, RUTER: 3, KLOVER: 2, SPADER: 1}
INFORMATION_BIDS = (SPADER, KLOVER)  # modern: never final, "bara ... de två första"
INFORMATION_BIDDERS = 2
TRUMP_OF = {HJARTER: "♥", RUTER: "♦", SPADER: "♠", KLOVER: "♣"}
MISERE = (NOLL, TVANGSNOLL)
BID_WORDS = {
    "pass": PASS, "passar": PASS, "priffe": PREFERENCE, "spel": PREFERENCE,
    "spelut": PREFERENCE, "preference": PREFERENCE, "noll": NOLL, "nollissimo": NOLL,
    "hjärter": HJARTER, "hjarter": HJARTER, "ruter": RUTER, "spader": SPADER,
    "stor invit": SPADER, "klöver": KLOVER, "klover": KLOVER, "liten invit": KLOVER,
}
BID_NAMES = {PASS: ("pass", "pass"), PREFERENCE: ("preference", "preference"),
             NOLL: ("noll", "nullo"), HJARTER: ("hjärter", "hearts"),
             RUTER: ("ruter", "diamonds"), SPADER: ("spader", "spades"),
             KLOVER: ("klöver", "clubs"), TVANGSNOLL: ("tvångsnoll", "forced nullo")}


def rank(bid: str, old: bool = False) -> int:
    return (OLD_RANK if old else MODERN_RANK)[bid]


def is_final(bid: str, old: bool = False) -> bool:
    """Can ``bid`` be the final bid? Not spader and klöver in the modern way."""
    return old or bid not in INFORMATION_BIDS


def bid_name(bid: str, lang: str = "sv") -> str:
    sv, en = BID_NAMES[bid]
    return sv if lang == "sv" else en


def parse_bid(value: Any) -> str:
    if isinstance(value, str):
        word = " ".join(value.strip().lower().replace("_", " ").split())
        if word in BID_WORDS:
            return BID_WORDS[word]
    raise violation("bad_bid", R_BIDDING, {"bid": value},
                    f"”{value}” är inget bud: preference, noll, hjarter, ruter, spader, "
                    "klover eller pass.",
                    f"“{value}” is not a bid: preference, noll, hjarter, ruter, spader, "
                    "klover or pass.")


def final_contract(bids: Sequence[tuple[int, str]], old: bool = False) -> tuple[str, int | None]:
    """The final bid and who made it; no final bid → tvångsnoll, nobody."""
    real = [(p, b) for p, b in bids if b != PASS]
    if not real:
        return TVANGSNOLL, None
    player, bid = max(real, key=lambda pb: rank(pb[1], old))
    if not is_final(bid, old):
        return TVANGSNOLL, None
    return bid, player
