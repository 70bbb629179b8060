/**
 * What this phone remembers between visits: the table it keeps, its device token for each
 * table it started or joined, the spectator key of the tables it started (the server keeps
 * only a hash, so this phone is where the spectator link lives), the language and its own
 * name. Only localStorage; a failing storage (private mode) degrades to "nothing
 * remembered" rather than breaking the page.
 */
const KEYS = { current: "protokoll.current", tokens: "protokoll.tokens",
               spectators: "protokoll.spectators", lang: "protokoll.lang",
               device: "protokoll.device", kept: "protokoll.kept" };

function read(key, fallback) {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : JSON.parse(raw);
  } catch { return fallback; }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch { /* storage full or disabled: the session still works */ }
}

function remember(key, id, value) {
  const all = { ...read(key, {}) };
  if (value === null) delete all[id];
  else all[id] = value;
  write(key, all);
}

/** The table this phone keeps ({id}) or null. */
export const currentTable = () => read(KEYS.current, null);
export const setCurrentTable = (id) => write(KEYS.current, id ? { id } : null);

/** This phone's device token for a table, if it started or joined it. */
export const tokenFor = (id) => read(KEYS.tokens, {})[id] || null;
export const rememberToken = (id, token) => remember(KEYS.tokens, id, token);

/** The spectator key of a table this phone started. */
export const spectatorKeyFor = (id) => read(KEYS.spectators, {})[id] || null;
export const rememberSpectatorKey = (id, key) => remember(KEYS.spectators, id, key);

/** The ids of the tables this phone holds a token for. */
export const keptTableIds = () => Object.keys(read(KEYS.tokens, {}));

/** What this phone last saw of a table it holds a token for (game, title, players,
 * options, first dealer, when): for the list of its tables and for "Nytt bord", which
 * offers the last table's game and players. `opened`: the phone opened it now (the list
 * puts it first); a look from the list keeps its place. */
export function keepSummary(table, opened = false) {
  if (!table?.id) return;
  const at = opened ? Date.now() : (summaryOf(table.id)?.at || 0);
  remember(KEYS.kept, table.id, {
    game: table.game, title: table.title, players: table.players, options: table.options,
    first_dealer: table.first_dealer, tournament: table.tournament || null, at,
  });
}
export const summaryOf = (id) => read(KEYS.kept, {})[id] || null;

/** The table this phone started or joined most recently outside a tournament, or null. */
export function lastSummary() {
  const all = Object.values(read(KEYS.kept, {})).filter((s) => !s.tournament);
  return all.reduce((best, s) => (!best || (s.at || 0) > (best.at || 0) ? s : best), null);
}

/** A revoked phone forgets the table: its token opens nothing any more. */
export function forgetTable(id) {
  remember(KEYS.tokens, id, null);
  remember(KEYS.spectators, id, null);
  remember(KEYS.kept, id, null);
  if (currentTable()?.id === id) setCurrentTable(null);
}

export const savedLang = () => read(KEYS.lang, null);
export const saveLang = (lang) => write(KEYS.lang, lang);
export const savedDeviceName = () => read(KEYS.device, "");
export const saveDeviceName = (name) => write(KEYS.device, name);
