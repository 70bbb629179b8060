/**
 * Card faces: the one thing a new deck needs (design principle 5). A card is the API's
 * string for it — suit symbol then rank (♥K, ♠10, ♦KN) or a trump on its own (XX, N, ★) —
 * so any deck in the catalog renders without knowing the game: suits are grouped in deck
 * order, red suits are red, and every face has a spoken name for screen readers.
 */
import { h } from "./dom.js";
import { getLang, localRank } from "./i18n.js";

const SUITS = "♠♥♦♣";
const SUIT_NAMES = {
  "♠": { sv: "spader", en: "spades" }, "♥": { sv: "hjärter", en: "hearts" },
  "♦": { sv: "ruter", en: "diamonds" }, "♣": { sv: "klöver", en: "clubs" },
  // 800's numbered trumps ("T"): the text's suit "trumf" (§1.1); its *tarokker* are only
  // four of them (XX, XIX, N and ★, §1.1.1), so that word does not name the suit.
  trump: { sv: "trumf", en: "trumps" }, T: { sv: "trumf", en: "trumps" },
};
const RANK_NAMES = {
  A: { sv: "ess", en: "ace" }, "Æ": { sv: "ess", en: "ace" }, K: { sv: "kung", en: "king" },
  Q: { sv: "dam", en: "queen" }, D: { sv: "dam", en: "queen" }, J: { sv: "knekt", en: "jack" },
  KN: { sv: "knekt", en: "knave" }, H: { sv: "häst", en: "knight" },
  "★": { sv: "stjärnan", en: "the star" },
};

/** {suit, rank} of a card string; suit is "trump" for 800's trumps and the star. */
export function splitCard(card) {
  const text = String(card);
  if (SUITS.includes(text[0])) return { suit: text[0], rank: text.slice(1) };
  return { suit: "trump", rank: text };
}

export const isRed = (card) => "♥♦".includes(splitCard(card).suit);

export function suitName(suit) {
  return SUIT_NAMES[suit]?.[getLang()] ?? suit;
}

/** A card's name read aloud: "hjärter kung", "king of hearts", "trumf XX", "trump XX". */
export function cardName(card) {
  const { suit, rank } = splitCard(card);
  const lang = getLang();
  const word = RANK_NAMES[rank]?.[lang] ?? rank;
  if (suit === "trump") return rank === "★" ? word : `${lang === "sv" ? "trumf" : "trump"} ${rank}`;
  return lang === "sv" ? `${SUIT_NAMES[suit].sv} ${word}` : `${word} of ${SUIT_NAMES[suit].en}`;
}

/** The face of a card as inline content: rank and suit, the suit coloured by CSS class. */
export function cardFace(card) {
  const { suit, rank } = splitCard(card);
  return h("span", { class: `face${isRed(card) ? " red" : ""}`, "aria-hidden": "true" },
    h("span", { class: "rank" }, localRank(rank)),
    suit !== "trump" && h("span", { class: "suit" }, suit));
}

/** A card as text in the page's language: ♥E, ♠D, ♣Kn in Swedish. */
export function cardText(card) {
  const { suit, rank } = splitCard(card);
  return suit === "trump" ? rank : suit + localRank(rank);
}

/** A small inline card for the trick, the log and messages. */
export function cardChip(card) {
  return h("span", { class: `card-chip${isRed(card) ? " red" : ""}`, title: cardName(card) },
    h("span", { class: "visually-hidden" }, cardName(card)), cardFace(card));
}

/** The deck's cards grouped by suit, in deck order: [{suit, cards:[{card, instance}]}]. */
export function suitGroups(deck) {
  const groups = [];
  const seen = new Map();
  for (const card of deck) {
    const { suit } = splitCard(card);
    let group = groups.find((g) => g.suit === suit);
    if (!group) groups.push(group = { suit, cards: [] });
    const instance = seen.get(card) || 0;
    seen.set(card, instance + 1);
    group.cards.push({ card, instance });
  }
  return groups;
}

/** How many times each card occurs in a list (a 62-card deck has four ⟨I⟩). */
export function countCards(cards) {
  const counts = new Map();
  for (const card of cards || []) counts.set(card, (counts.get(card) || 0) + 1);
  return counts;
}

/** Every card played so far in the deal the state describes: any {seat, card} object under
 * the state's current deal or hand (its tricks and the trick on the table). Games differ
 * in what else they keep; plays look the same in all of them. */
export function playedCards(state) {
  const found = [];
  const walk = (value) => {
    if (Array.isArray(value)) { value.forEach(walk); return; }
    if (!value || typeof value !== "object") return;
    if (typeof value.card === "string" && Number.isInteger(value.seat)) found.push(value.card);
    for (const [key, inner] of Object.entries(value)) {
      if (key === "declarations" || key === "last_deal" || key === "last_hand") continue;
      walk(inner);
    }
  };
  walk(state?.deal ?? state?.hand ?? null);
  return found;
}

/** The trick on the table, {number, leader, cards:[{seat, card}]}, and the last finished
 * one, wherever the state keeps them (`deal.current` / `hand.current` and `tricks`). */
export function tricksOnTable(state) {
  const holder = state?.deal ?? state?.hand ?? null;
  if (!holder) return { current: null, last: null };
  const tricks = Array.isArray(holder.tricks) ? holder.tricks : [];
  return { current: holder.current ?? null, last: tricks.length ? tricks[tricks.length - 1] : null };
}
