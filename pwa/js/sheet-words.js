/**
 * The words of the protokoll as people keep it (printing, the phone's list of tables,
 * "Nytt bord" filled in) and of a tournament's table (where it is, whether its round is
 * played). Kept beside i18n.js's UI words, in the same two languages and the same
 * {placeholder} form, and picked by the page's language.
 */
import { getLang } from "./i18n.js";

const WORDS = {
  sv: {
    print: "Skriv ut",
    printTitle: "Skriv ut protokollet",
    printedAt: "Utskrivet {when}",
    lastTableHint: "Samma spel och spelare som förra bordet.",
    clearSetup: "Tomt formulär",
    myTables: "Borden i den här telefonen",
    open: "Öppna",
    forget: "Glöm",
    forgetLabel: "Glöm bordet {title}",
    tableGone: "Telefonen kommer inte längre åt bordet.",
    noNetwork: "Ingen kontakt just nu.",
    fetching: "Hämtar …",
    current: "öppet nu",
    over: "färdigspelat",
    seqN: "{n} inmatningar",
    seqOne: "1 inmatning",
    tournamentWhere: "{name} · rond {round} av {rounds} · bord {table}",
    dealsOfRound: "Giv {deals} av {limit} i ronden.",
    targetOfRound: "Ronden spelas till {target}.",
    roundPlayed: "Rondens givar är spelade. Bordet tar inte emot fler givar; ångra eller rätta går fortfarande.",
    roundTargetReached: "Rondens mål är nått. Bordet tar inte emot fler givar; ångra eller rätta går fortfarande.",
    roundClosed: "Ronden är avslutad. Bara turneringsledaren rättar här.",
    standings: "Ställningen",
  },
  en: {
    print: "Print",
    printTitle: "Print the protokoll",
    printedAt: "Printed {when}",
    lastTableHint: "The same game and players as the last table.",
    clearSetup: "Empty form",
    myTables: "The tables on this phone",
    open: "Open",
    forget: "Forget",
    forgetLabel: "Forget the table {title}",
    tableGone: "This phone can no longer open the table.",
    noNetwork: "No network right now.",
    fetching: "Fetching …",
    current: "open now",
    over: "finished",
    seqN: "{n} entries",
    seqOne: "1 entry",
    tournamentWhere: "{name} · round {round} of {rounds} · table {table}",
    dealsOfRound: "Deal {deals} of {limit} in the round.",
    targetOfRound: "The round is played to {target}.",
    roundPlayed: "The round's deals are played. The table takes no more deals; undo and corrections still work.",
    roundTargetReached: "The round's target is reached. The table takes no more deals; undo and corrections still work.",
    roundClosed: "The round is closed. Only the tournament director corrects here.",
    standings: "Standings",
  },
};

/** A word of this module for the page's language, {placeholders} filled in. */
export function w(key, params = {}) {
  const text = WORDS[getLang()]?.[key] ?? WORDS.sv[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? `{${name}}`));
}
