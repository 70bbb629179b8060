/**
 * Names for the words on buttons and in the log: event types, event fields, and choice
 * values such as bids and breaches. A game's own words travel with it in the catalog
 * (`labels`: events, fields, nouns, values — design principle 5), so a new game renders
 * without touching this file; only the words every table shares (undo, correction, seat…)
 * live here. An unknown id falls back to itself.
 */
import { getLang, localCards, t } from "./i18n.js";

const SHARED = {
  events: {
    undo: { sv: "Ångrad inmatning", en: "Undo" },
    correct: { sv: "Rättelse", en: "Correction" },
  },
  fields: {
    seat: { sv: "Spelare", en: "Player" },
    bids: { sv: "Bud", en: "Bid" },
    tricks: { sv: "Stick", en: "Tricks" },
    points: { sv: "Poäng", en: "Points" },
    declarations: { sv: "Deklaration", en: "Declaration" },
    joined: { sv: "Gick med utan stick", en: "Joined without a trick" },
    winner: { sv: "Vinnare", en: "Winner" },
    trick: { sv: "Stick", en: "Trick" },
    suit: { sv: "Färg", en: "Suit" },
    led_suit: { sv: "Utspelad färg", en: "Suit led" },
    sum: { sv: "Summa", en: "Sum" },
    expected: { sv: "Väntat", en: "Expected" },
    note: { sv: "Anteckning", en: "Note" },
    card: { sv: "Kort", en: "Card" },
    cards: { sv: "Korten", en: "Cards" },
    // facts of refusals and findings (refusal.js lists only the facts named here or by a game)
    expected_seat: { sv: "På tur", en: "To play" },
    leader: { sv: "Spelar ut", en: "Leads" },
    holds: { sv: "På handen", en: "In the hand" },
    to_beat: { sv: "Att gå över", en: "To beat" },
    revoke_trick: { sv: "Felspel i stick", en: "Revoke in trick" },
    revoke_card: { sv: "Spelat kort", en: "Card played" },
    proof_trick: { sv: "Visat i stick", en: "Shown in trick" },
    proof_card: { sv: "Kortet som visar det", en: "The card that shows it" },
    over_trick: { sv: "Stod över i stick", en: "Stood over in trick" },
    against: { sv: "Mot kortet", en: "Against the card" },
  },
  nouns: {
    note: { sv: "anteckning", en: "note" },
    card: { sv: "kort", en: "card" },
    cards: { sv: "kort", en: "cards" },
  },
  values: {},
};

let game = { events: {}, fields: {}, nouns: {}, values: {} };

/** Use the words of this catalog entry's game (call when the game in view changes). */
export function useGameLabels(entry) {
  const labels = entry?.labels || {};
  game = {
    events: labels.events || {},
    fields: labels.fields || {},
    nouns: labels.nouns || {},
    values: labels.values || {},
  };
}

const word = (kind, id) => {
  const entry = game[kind][id] ?? SHARED[kind][id];
  if (!entry) return null;
  return entry[getLang()] ?? entry.en;
};

const humanize = (id) => String(id).replace(/_/g, " ");

/** A field's label in both languages (to read "per side" in either), or null. */
export const fieldWords = (name) => game.fields[name] ?? SHARED.fields[name] ?? null;

/** The label of one element of a per-seat or per-side list: the field's label without its
 * "per seat" ("Stick per plats" → "Stick", "Stick per sida eller spelare" → "Stick"), since the
 * block it stands in names the seat or side. */
const UNIT = "(plats|sida|par|spelare|seat|side|pair|player)";
const PER = new RegExp(`\\s+per\\s+${UNIT}(\\s+(eller|or)\\s+${UNIT})?\\b`, "i");
export const elementLabel = (name) => fieldLabel(name).replace(PER, "").trim();

export const eventLabel = (type) => word("events", type) ?? humanize(type);
export const fieldLabel = (name) => word("fields", name) ?? humanize(name);
export const fieldNoun = (name) => word("nouns", name) ?? humanize(name);

/** A choice value shown on a button: bids, breaches, booleans, option choices. */
export function valueLabel(value) {
  if (value === true) return t("yes");
  if (value === false) return t("no");
  return word("values", value) ?? localCards(humanize(value));
}
