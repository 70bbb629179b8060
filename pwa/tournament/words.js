/**
 * The tournament pages' words in Swedish and English. The language is the one chosen in
 * this browser (the toggle in the header), else the browser's own, Swedish first.
 */
const LANG_KEY = "protokoll.tournament.lang";

const WORDS = {
  sv: {
    lang_toggle: "EN", director_title: "Turneringsledning", standings_title: "Ställning",
    cards_title: "Bordskort", ratings_title: "Rating",
    new_director: "Ny turneringsledare", director_name: "Ditt namn eller arrangemangets",
    create_director: "Skapa", have_token: "Jag har redan en nyckel", token: "Nyckel",
    use_token: "Använd nyckeln", sign_out: "Glöm nyckeln i den här webbläsaren",
    token_once: "Din nyckel visas bara nu. Spara den – den ger tillgång till dina turneringar och bord:",
    signed_in_as: "Turneringsledare:", tournaments: "Dina turneringar", none_yet: "Inga turneringar ännu.",
    new_tournament: "Ny turnering", name: "Namn", game: "Spel", players: "Spelare",
    players_help: "En spelare per rad: namn, klubb (klubben kan utelämnas).",
    rounds: "Antal ronder", round_length: "En rond pågår", until_over: "tills partiet är slut",
    deals: "ett antal givar", target: "tills någon når", count: "Antal/mål",
    scoring: "Poängräkning", scoring_game: "spelets egen", scoring_mp: "matchpoäng (Seeger-stil)",
    table_size: "Spelare per bord", create_tournament: "Skapa turneringen",
    open: "Öppna", back: "Alla turneringar",
    seat_round: "Lotta nästa rond", method: "Metod", random: "slumpvis lottning (med frö)",
    by_standings: "efter ställning (schweizer)", rotation: "partnerrotation (par)",
    seed: "Frö (valfritt)", force: "Lotta även om bord fortfarande spelar", seat: "Lotta",
    round: "Rond", of: "av", table: "Bord", tables: "Bord", seats: "Platser", code: "Kod",
    status: "Läge", deals_played: "Givar", totals: "Ställning vid bordet",
    st_not_started: "inte börjat", st_playing: "spelar", st_finished: "klart",
    st_findings: "fynd att titta på", byes: "Frirond", no_rounds: "Ingen rond lottad ännu.",
    open_findings: "Öppna fynd", no_findings: "Inga öppna fynd.",
    corrections: "Rättelser och ångringar", no_corrections: "Inga rättelser.",
    undo: "ångrade", correct: "rättade", entry: "händelse", by: "av",
    review: "Sett", note: "Anteckning", reviewed: "Sett",
    adjustments: "Domslut (justeringar)", player: "Spelare", points: "Poäng", reason: "Skäl",
    round_optional: "Rond (valfri)", adjust: "Lägg till justering", no_adjustments: "Inga justeringar.",
    audit: "Logg över ledningens åtgärder", cards: "Bordskort", public_standings: "Publik ställning",
    export_json: "Export (JSON)", standings_csv: "Ställning (CSV)", protokolls_csv: "Alla protokoll (CSV)",
    refresh: "Uppdatera", print: "Skriv ut", scan_to_join: "Skanna för att gå med",
    or_code: "eller ange koden", pair: "Par", seat_n: "Plats", rank: "Plac", number: "Nr",
    club: "Klubb", played: "Spelade", adj: "Just.", tie_breaks: "Rangordning",
    progress_line: (r, n, done, all) => `Rond ${r} av ${n} · ${done} av ${all} bord klara i ronden`,
    live: "Uppdateras automatiskt.", withdrawn: "utgått", csv: "Ladda ner CSV",
    ratings_for: "Rating i", history: "Historik", events: "Turneringar", mu: "μ", sigma: "σ",
    n_events: (n) => (n === 1 ? "1 turnering" : `${n} turneringar`),
    ordinal: "Rating", rated_tables: "Bord", no_ratings: "Inga ratade bord ännu.",
    model: "Modell", place: "Plac", saved: "Sparat.", withdraw: "Utgår", reinstate: "Åter in",
    rounds_col: "Ronder (placering)", printed: "Ställning per",
    rated_box: "Räkna borden i den publika ratingen",
    close_round: "Avsluta rond", round_closed: "Ronden är avslutad: borden tar inte emot fler inmatningar från telefonerna och bordskorten gäller inte längre.",
    close_round_confirm: "Avsluta ronden? Telefonerna kan sedan inte skriva vid dess bord, och bordskortens koder slutar gälla. Bara du kan rätta där, med ett skäl.",
    copy_token: "Kopiera nyckeln", copied_token: "Kopierad ✓",
    copy_by_hand: "Markerad – kopiera den för hand",
    new_token: "Ny nyckel", new_token_confirm: "Byta nyckel? Den gamla slutar gälla direkt, i alla webbläsare där den finns.",
  },
  en: {
    lang_toggle: "SV", director_title: "Tournament desk", standings_title: "Standings",
    cards_title: "Table cards", ratings_title: "Ratings",
    new_director: "New tournament director", director_name: "Your name or the event's",
    create_director: "Create", have_token: "I already have a token", token: "Token",
    use_token: "Use the token", sign_out: "Forget the token in this browser",
    token_once: "Your token is shown only now. Keep it – it opens your tournaments and tables:",
    signed_in_as: "Director:", tournaments: "Your tournaments", none_yet: "No tournaments yet.",
    new_tournament: "New tournament", name: "Name", game: "Game", players: "Players",
    players_help: "One player a line: name, club (the club may be left out).",
    rounds: "Rounds", round_length: "A round lasts", until_over: "until the game is over",
    deals: "a number of deals", target: "until someone reaches", count: "Number/target",
    scoring: "Scoring", scoring_game: "the game's own", scoring_mp: "match points (Seeger-style)",
    table_size: "Players a table", create_tournament: "Create the tournament",
    open: "Open", back: "All tournaments",
    seat_round: "Seat the next round", method: "Method", random: "random draw (seeded)",
    by_standings: "by standings (Swiss)", rotation: "partner rotation (pairs)",
    seed: "Seed (optional)", force: "Seat although tables are still playing", seat: "Seat",
    round: "Round", of: "of", table: "Table", tables: "Tables", seats: "Seats", code: "Code",
    status: "Status", deals_played: "Deals", totals: "Score at the table",
    st_not_started: "not started", st_playing: "playing", st_finished: "finished",
    st_findings: "findings to look at", byes: "Bye", no_rounds: "No round seated yet.",
    open_findings: "Open findings", no_findings: "No open findings.",
    corrections: "Corrections and undos", no_corrections: "No corrections.",
    undo: "undid", correct: "corrected", entry: "entry", by: "by",
    review: "Looked at", note: "Note", reviewed: "Looked at",
    adjustments: "Arbitral adjustments", player: "Player", points: "Points", reason: "Reason",
    round_optional: "Round (optional)", adjust: "Add the adjustment", no_adjustments: "No adjustments.",
    audit: "Log of the director's actions", cards: "Table cards", public_standings: "Public standings",
    export_json: "Export (JSON)", standings_csv: "Standings (CSV)", protokolls_csv: "All protokolls (CSV)",
    refresh: "Refresh", print: "Print", scan_to_join: "Scan to join",
    or_code: "or enter the code", pair: "Pair", seat_n: "Seat", rank: "Rank", number: "No",
    club: "Club", played: "Played", adj: "Adj.", tie_breaks: "Ranking",
    progress_line: (r, n, done, all) => `Round ${r} of ${n} · ${done} of ${all} tables finished this round`,
    live: "Updates by itself.", withdrawn: "withdrawn", csv: "Download CSV",
    ratings_for: "Ratings in", history: "History", events: "Events", mu: "μ", sigma: "σ",
    n_events: (n) => (n === 1 ? "1 event" : `${n} events`),
    ordinal: "Rating", rated_tables: "Tables", no_ratings: "No rated tables yet.",
    model: "Model", place: "Place", saved: "Saved.", withdraw: "Withdraw", reinstate: "Reinstate",
    rounds_col: "Rounds (place)", printed: "Standings as of",
    rated_box: "Count the tables in the public ratings",
    close_round: "Close round", round_closed: "The round is closed: its tables take no more entries from the phones and the table cards no longer work.",
    close_round_confirm: "Close the round? The phones can then no longer write at its tables, and the table cards' codes end. Only you can correct there, with a reason.",
    copy_token: "Copy the token", copied_token: "Copied ✓",
    copy_by_hand: "Selected – copy it by hand",
    new_token: "New token", new_token_confirm: "Replace your token? The old one stops working at once, in every browser that has it.",
  },
};

export function lang() {
  try {
    const chosen = localStorage.getItem(LANG_KEY);
    if (chosen === "sv" || chosen === "en") return chosen;
  } catch { /* storage off */ }
  return (navigator.language || "sv").toLowerCase().startsWith("en") ? "en" : "sv";
}

export function setLang(value) {
  localStorage.setItem(LANG_KEY, value);
  document.documentElement.lang = value;
}

/** The word for `key` in the page's language (a function for words with figures). */
export function t(key, ...args) {
  const word = WORDS[lang()][key] ?? WORDS.sv[key] ?? key;
  return typeof word === "function" ? word(...args) : word;
}

/** Text from the API's {sv, en} pairs. */
export function pick(messages) {
  return messages?.[lang()] ?? messages?.en ?? "";
}

/** The language button of every tournament page: it re-renders the page. */
/* A moment as Swedish (2026-11-24 14:05:09) or British English (24/11/2026, 14:05:09)
 * writes it — what `toLocaleString("sv-SE" | "en-GB")` gives — written by hand: Intl's
 * first date format sets up ICU's patterns, tens of milliseconds of the main thread on a
 * phone (the table screen's js/i18n.js does the same). */
export function momentText(date, language = lang()) {
  const two = (n) => String(n).padStart(2, "0");
  const [y, m, d] = [date.getFullYear(), two(date.getMonth() + 1), two(date.getDate())];
  const time = `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
  return language === "en" ? `${d}/${m}/${y}, ${time}` : `${y}-${m}-${d} ${time}`;
}

export function langButton(render) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "lang";
  button.textContent = t("lang_toggle");
  button.addEventListener("click", () => {
    setLang(lang() === "sv" ? "en" : "sv");
    button.textContent = t("lang_toggle");
    render();
  });
  return button;
}
