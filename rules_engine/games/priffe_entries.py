"""What a Priffe table enters: the events and the short words of the app's buttons (design
principle 5). The game module ``priffe`` reads the events in the order of its text.
"""

from __future__ import annotations

from .. import hands as hand_entry
from ..events import EventSpec
from .priffe_bids import HJARTER, KLOVER, NOLL, PASS, PREFERENCE, RUTER, SPADER, TVANGSNOLL
from .whist_play import CARD_EVENT_LABELS, CARD_EVENTS, CARD_FIELD_LABELS

# A hand a player enters is theirs alone until the deal is over (rules_engine.secrets).
PRIVATE = hand_entry.PRIVATE

EVENTS = {
    "draw": EventSpec({"cards": "cards"},
                      help_sv="Dragningen om sittning: varje spelares kort, i spelarordning. "
                              "Lägsta (esset lägst) ger först; näst lägsta blir partner.",
                      help_en="The draw for seats: each player's card, in player order. The "
                              "lowest (ace low) deals first; the second lowest is their "
                              "partner."),
    "seating": EventSpec({"order": "seats"}, {"dealer": "seat"},
                         help_sv="Hur ni sitter i sitsen: spelarna medsols, partner mittemot; "
                                 "valfritt vem som ger först.",
                         help_en="How you sit this sits: the players clockwise, partners "
                                 "opposite; optionally who deals first."),
    "bid": EventSpec({"seat": "seat", "bid": "value"},
                     help_sv="Ett bud: preference, noll, hjarter, ruter, spader, klover eller "
                             "pass.",
                     help_en="A bid: preference, noll, hjarter, ruter, spader, klover or "
                             "pass."),
    **CARD_EVENTS,
    "result": EventSpec({"tricks": "list", "honours": "list"}, {"bids": "list"},
                        help_sv="Snabbinmatning av en giv: buden per spelare (om de inte "
                                "redan är inmatade), stick per bolag eller spelare, honnörer "
                                "per spelare.",
                        help_en="Quick entry of a deal: the bids per player (unless already "
                                "entered), tricks per bolag or player, honours per player."),
}

LABELS = {
    "events": {
        "draw": ("Dragning om sittning", "Draw for seats"),
        "seating": ("Sittordning", "Seating"), "bid": ("Bud", "Bid"),
        **CARD_EVENT_LABELS,
    },
    "fields": {
        **CARD_FIELD_LABELS,
        "dealer": ("Ger först", "Deals first"), "bid": ("Bud", "Bid"),
        "bids": ("Bud per spelare", "Bids per player"),
        "tricks": ("Stick per bolag eller spelare", "Tricks per bolag or player"),
        "honours": ("Honnörer per spelare", "Honours per player"),
    },
    "nouns": {
        "cards": ("kort", "cards"), "order": ("sittordning", "seating"),
        "dealer": ("giv", "dealer"), "bid": ("bud", "bid"), "bids": ("bud", "bids"),
        "tricks": ("stick", "tricks"), "honours": ("honnörer", "honours"),
    },
    "values": {
        PASS: ("Pass", "Pass"), PREFERENCE: ("Preference", "Preference"),
        NOLL: ("Noll", "Nullo"), HJARTER: ("Hjärter", "Hearts"), RUTER: ("Ruter", "Diamonds"),
        SPADER: ("Spader", "Spades"), KLOVER: ("Klöver", "Clubs"),
        TVANGSNOLL: ("Tvångsnoll", "Forced nullo"),
        "modern": ("Moderna sättet", "The modern way"), "old": ("Gammaldags", "The old way"),
        "sits": ("Tre sitsar", "Three sits"), "deals": ("Antal givar", "Number of deals"),
        "target": ("Till ett mål", "To a target"),
    },
}
