/**
 * The page speaks Swedish by default and English on request. UI words live here; game
 * words (bids, breaches, event names) live in vocab.js; rule messages and protokoll labels
 * come from the API in both languages and are picked with `pick`.
 */
import { savedLang, saveLang } from "./storage.js";

export const LANGS = ["sv", "en"];
let lang = LANGS.includes(savedLang()) ? savedLang() : "sv";

export const getLang = () => lang;
export function setLang(next) {
  lang = LANGS.includes(next) ? next : "sv";
  saveLang(lang);
  document.documentElement.lang = lang;
}

/** The text for the current language from an {sv, en} object (API messages, labels). */
export function pick(messages, fallback = "") {
  if (!messages) return fallback;
  if (typeof messages === "string") return messages;
  return messages[lang] ?? messages.sv ?? messages.en ?? fallback;
}

const STRINGS = {
  sv: {
    otherLang: "English",
    otherLangCode: "EN",
    loading: "Hämtar …",
    startTitle: "Starta ett bord",
    game: "Spel",
    players: "Spelare, i sittordning medsols",
    playerN: "Spelare {n}",
    addPlayer: "+ Lägg till spelare",
    removePlayer: "Ta bort {name}",
    dealsFirst: "Ger först",
    options: "Regelval",
    optionsNote: "Förvalen följer regeltexten.",
    deviceName: "Den här telefonens namn (syns i loggen)",
    start: "Starta bordet",
    playersRange: "{min}–{max} spelare",
    protokoll: "Protokoll",
    deals: "ger",
    nextDealer: "{name} ger nästa giv.",
    winner: "{name} vann partiet!",
    settlement: "Avräkning",
    receives: "får {n}",
    pays: "betalar {n}",
    even: "±0",
    out: "ute",
    quickEntry: "Ny giv – snabbinmatning",
    bid: "Bud",
    tricks: "Stick",
    joined: "Gick med utan stick efter fjärde sticket",
    joinedLog: "gick med utan stick: {names}",
    trickSum: "Stick: {n} av {total}",
    saveDeal: "Spara given",
    cardByCard: "Kort för kort",
    cardHint: "t.ex. hE sK r10",
    optional: "valfritt",
    none: "ingen",
    yes: "Ja",
    no: "Nej",
    refused: "Inte godkänt",
    rule: "Regel",
    dismiss: "OK",
    stale: "Bordet har ändrats",
    network: "Kunde inte nå servern. Inget är förlorat – försök igen.",
    saved: "Sparat som #{seq}.",
    undo: "Ångra senaste inmatningen",
    undoWhat: "Ångra #{seq}: {what}?",
    undoYes: "Ja, ångra",
    cancel: "Avbryt",
    log: "Senaste inmatningar",
    undoneBy: "ångrad av #{n}",
    correctedBy: "rättad av #{n}",
    csv: "Ladda ner protokollet (CSV)",
    readOnlyLink: "Länk för att följa bordet",
    joinCode: "Bordskod",
    readOnly: "Du följer bordet. Inmatningen görs på telefonen som startade det.",
    refresh: "Uppdatera",
    newTable: "Nytt bord",
    leaveConfirm: "Lämna det här bordet och starta ett nytt? Bordet finns kvar på servern.",
    leaveYes: "Ja, nytt bord",
    rules: "Reglerna i korthet",
  },
  en: {
    otherLang: "Svenska",
    otherLangCode: "SV",
    loading: "Loading …",
    startTitle: "Start a table",
    game: "Game",
    players: "Players, in seat order clockwise",
    playerN: "Player {n}",
    addPlayer: "+ Add a player",
    removePlayer: "Remove {name}",
    dealsFirst: "Deals first",
    options: "Options",
    optionsNote: "The defaults follow the rule text.",
    deviceName: "This phone's name (shown in the log)",
    start: "Start the table",
    playersRange: "{min}–{max} players",
    protokoll: "Protokoll",
    deals: "deals",
    nextDealer: "{name} deals next.",
    winner: "{name} won the match!",
    settlement: "Settlement",
    receives: "receives {n}",
    pays: "pays {n}",
    even: "±0",
    out: "out",
    quickEntry: "New deal – quick entry",
    bid: "Bid",
    tricks: "Tricks",
    joined: "Joined without a trick after the fourth trick",
    joinedLog: "joined without a trick: {names}",
    trickSum: "Tricks: {n} of {total}",
    saveDeal: "Save the deal",
    cardByCard: "Card by card",
    cardHint: "e.g. hA sK d10",
    optional: "optional",
    none: "nobody",
    yes: "Yes",
    no: "No",
    refused: "Not accepted",
    rule: "Rule",
    dismiss: "OK",
    stale: "The table has changed",
    network: "Could not reach the server. Nothing is lost – try again.",
    saved: "Saved as #{seq}.",
    undo: "Undo the last entry",
    undoWhat: "Undo #{seq}: {what}?",
    undoYes: "Yes, undo",
    cancel: "Cancel",
    log: "Recent entries",
    undoneBy: "undone by #{n}",
    correctedBy: "corrected by #{n}",
    csv: "Download the protokoll (CSV)",
    readOnlyLink: "Link to follow the table",
    joinCode: "Table code",
    readOnly: "You are following the table. Entries are made on the phone that started it.",
    refresh: "Refresh",
    newTable: "New table",
    leaveConfirm: "Leave this table and start a new one? The table stays on the server.",
    leaveYes: "Yes, new table",
    rules: "The rules in brief",
  },
};

/** A UI string with {placeholders} filled in. */
export function t(key, params = {}) {
  const text = STRINGS[lang][key] ?? STRINGS.sv[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? `{${name}}`));
}
