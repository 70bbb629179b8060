"""What a whist table enters: each game's events, the options the family's games share, and
the short words of the app's buttons (design principle 5).

The family module ``whist`` reads the events; each game module (``whist_short``, …) lists in
its ``Options`` the options below that apply to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import hands as hand_entry
from ..events import EventSpec
from ..protocol import option
from .whist_play import CARD_EVENT_LABELS, CARD_EVENTS, CARD_FIELD_LABELS
from .whist_scoring import GAME_AT, LONG_GAME_AT

if TYPE_CHECKING:
    from .whist import Variant


# The options the family's games share, one definition each; each game's Options lists those
# that apply to it.
def option_honours(default: bool = True) -> Any:
    return option(
        default,
        sv="Honnörspoäng räknas (Kn D K E i trumf: fyra 4, tre 2 trickpoäng).",
        en="Honours count (J Q K A of trumps: four 4, three 2 trick points).")


def option_game_at() -> Any:
    return option(
        GAME_AT, (GAME_AT, LONG_GAME_AT),
        sv="Trickpoäng för utgång: 5 som short whist (förval) eller 10 som long whist.",
        en="Trick points for game: 5 as short whist (default) or 10 as long whist.")


def option_robbers() -> Any:
    return option(
        1, (1, 2, 3, 4, 5, 6),
        sv="Antal robbertar i matchen (texten: en). Före varje får man dra om partner.",
        en="Robbers in the match (the text: one). Partners may be drawn anew before each.")


def option_robber_table() -> Any:
    return option(
        "as_short", ("as_short", "scaled"),
        sv="Robbertpoäng för utgång: som i short whist, 3 / 2 / 1 om motspelarna har "
           "0 / 1–2 / 3 eller fler (förval, texten), eller efter utgångens storlek: 3 om "
           "de har 0, 2 under halva utgången, annars 1.",
        en="Robber points for a game: as in short whist, 3 / 2 / 1 if the opponents have "
           "0 / 1–2 / 3 or more (default, the text), or scaled to the game: 3 if they "
           "have 0, 2 below half the game, else 1.")


def option_stake() -> Any:
    return option(
        1,
        sv="Insats per robbertpoäng i skillnad vid avräkningen.",
        en="Stake per robber point of difference in the settlement.")


def option_draw_ace() -> Any:
    return option(
        "high", ("high", "low"),
        sv="Esset vid dragningen om partner: högst (förval) eller lägst.",
        en="The ace in the draw for partners: high (default) or low.")


def option_tie_at_target() -> Any:
    return option(
        "play_on", ("play_on", "shared"),
        sv="Flera når 9 i samma giv med lika poäng: spela en giv till (förval) eller "
           "delad seger.",
        en="Several reach 9 in one deal with equal points: deal again (default) or a "
           "shared win.")


# Short names of the family's words for the app's buttons and log (design principle 5).
LABELS = {
    "events": {
        "draw": ("Dragning om partner", "Draw for partners"),
        "seating": ("Sittordning", "Seating"),
        "trump": ("Uppvänt trumfkort", "Turned trump card"),
        **CARD_EVENT_LABELS,
    },
    "fields": {
        **CARD_FIELD_LABELS,
        "dealer": ("Given", "Dealer"),
        "tricks": ("Stick per sida eller spelare", "Tricks per side or player"),
        "honours": ("Honnörer per sida eller spelare", "Honours per side or player"),
    },
    "nouns": {
        "cards": ("kort", "cards"), "order": ("sittordning", "seating"),
        "dealer": ("giv", "dealer"), "tricks": ("stick", "tricks"),
        "honours": ("honnörer", "honours"),
    },
    "values": {
        "high": ("Esset högst", "Ace high"), "low": ("Esset lägst", "Ace low"),
        "scaled": ("Efter utgångens storlek", "Scaled to the game"),
        "as_short": ("Som short whist", "As in short whist"),
        "play_on": ("Spela en giv till", "Deal again"), "shared": ("Delad seger", "Shared win"),
    },
}


# A hand a player enters is theirs alone until the deal is over (rules_engine.secrets).
PRIVATE = hand_entry.PRIVATE


def events_for(variant: Variant) -> dict[str, EventSpec]:
    """The events of one whist game: the draw and seating only where pairs are drawn, the
    turned trump card only where it sets trump."""
    specs: dict[str, EventSpec] = {}
    if variant.pairs:
        specs["draw"] = EventSpec(
            {"cards": "cards"},
            help_sv="Dragningen om partner: varje spelares kort, i spelarordning. De två "
                    "högsta spelar ihop.",
            help_en="The draw for partners: each player's card, in player order. The two "
                    "highest play together.")
        specs["seating"] = EventSpec(
            {"order": "seats"},
            help_sv="Hur ni sitter: spelarna medsols runt bordet, partner mittemot.",
            help_en="How you sit: the players clockwise round the table, partners opposite.")
    if variant.trump_by == "turned":
        specs["trump"] = EventSpec(
            {"card": "card"},
            help_sv="Givens sista kort, uppvänt: dess färg är trumf.",
            help_en="The dealer's last card, turned up: its suit is trump.")
    specs.update(CARD_EVENTS)
    per = "sida (2 tal) eller spelare (4 tal)" if variant.pairs else "spelare"
    per_en = "side (2 numbers) or player (4 numbers)" if variant.pairs else "player"
    specs["result"] = EventSpec(
        {"tricks": "list"}, {"honours": "list"},
        help_sv=f"Snabbinmatning av en giv: stick per {per}, 13 tillsammans; honnörer per "
                f"{per} när de räknas.",
        help_en=f"Quick entry of a deal: tricks per {per_en}, 13 together; honours per "
                f"{per_en} when they count.")
    return specs
