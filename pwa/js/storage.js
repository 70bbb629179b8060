/**
 * What this phone remembers between visits: the table it keeps, the write tokens of the
 * tables it started, the language and its own name. Only localStorage; a failing storage
 * (private mode) degrades to "nothing remembered" rather than breaking the page.
 */
const KEYS = { current: "protokoll.current", tokens: "protokoll.tokens",
               lang: "protokoll.lang", device: "protokoll.device" };

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

/** The table this phone keeps ({id}) or null. */
export const currentTable = () => read(KEYS.current, null);
export const setCurrentTable = (id) => write(KEYS.current, id ? { id } : null);

/** The write token for a table, if this phone started it. */
export const tokenFor = (id) => read(KEYS.tokens, {})[id] || null;
export function rememberToken(id, token) {
  write(KEYS.tokens, { ...read(KEYS.tokens, {}), [id]: token });
}

export const savedLang = () => read(KEYS.lang, null);
export const saveLang = (lang) => write(KEYS.lang, lang);
export const savedDeviceName = () => read(KEYS.device, "");
export const saveDeviceName = (name) => write(KEYS.device, name);
