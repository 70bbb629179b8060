/**
 * The tournament pages' HTTP client. Every refusal arrives in the API's one error shape
 * ({code, message, messages: {sv, en}, rule, details}) and is thrown as ApiError, so a page
 * shows messages[lang]. The director's token travels as `Authorization: Bearer`, never in
 * a URL; it is kept in this browser's localStorage (like a phone keeps its table token).
 */
const TOKEN_KEY = "protokoll.director";

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.message || `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
  get code() { return this.body.code; }
  text(lang) { return this.body.messages?.[lang] || this.message; }
}

export function directorToken() {
  try { return localStorage.getItem(TOKEN_KEY); } catch { return null; }
}

export function saveDirectorToken(token) {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

async function call(method, path,
  { json, token = directorToken(), raw = false, cache = "no-store" } = {}) {
  const headers = { Accept: raw ? "*/*" : "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (json !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, {
      method, headers, cache,
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  } catch (error) {
    throw new ApiError(0, {
      code: "network", message: error.message,
      messages: { sv: "Ingen kontakt med servern.", en: "No connection to the server." },
    });
  }
  if (response.ok && raw) return response;
  let body = null;
  try { body = await response.json(); } catch { /* not JSON */ }
  if (!response.ok) throw new ApiError(response.status, body);
  return body;
}

export const get = (path, options) => call("GET", path, options);
export const post = (path, json, options) => call("POST", path, { ...options, json });
export const patch = (path, json, options) => call("PATCH", path, { ...options, json });

/** Fetch a file the director may read (CSV, JSON export) and hand it to the browser as a
 * download: a plain link cannot carry the token. */
export async function download(path, filename) {
  const response = await call("GET", path, { raw: true });
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement("a"), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
