/**
 * The HTTP client for the Protokoll API. Every refusal arrives in one shape
 * ({code, message, messages:{sv,en}, rule, details}); it is thrown as ApiError so the
 * views can show messages[lang] and the cited rule. A failed connection is a
 * NetworkError: the entry may or may not have arrived, so the caller retries with the
 * same client_event_id and the server applies it once.
 *
 * Credentials travel as the API documents: a device token as `Authorization: Bearer`
 * (never in a URL), a spectator key as `X-Spectator-Key`. `auth` is {token} or
 * {spectatorKey}.
 */
export class ApiError extends Error {
  constructor(status, body) {
    super(body?.message || `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
  get code() { return this.body.code; }
}

export class NetworkError extends Error {}

export function authHeaders(auth) {
  if (auth?.token) return { Authorization: `Bearer ${auth.token}` };
  if (auth?.spectatorKey) return { "X-Spectator-Key": auth.spectatorKey };
  return {};
}

/** The answers the page of a spectator link brought with it (api/spectator_page.py), by
 * URL: the app's first reads of the table are answered from there, each once, and only
 * for the key of that link; everything after goes to the network. */
const firstAnswers = (() => {
  const block = document.getElementById("first-answers");
  const key = new URLSearchParams(location.search).get("watch");
  if (!block || !key) return null;
  try {
    return { key, byPath: new Map(Object.entries(JSON.parse(block.textContent))) };
  } catch {
    return null; // not readable: the app asks the API
  }
})();

function firstAnswer(method, path, auth) {
  if (!firstAnswers || method !== "GET") return null;
  const { key, byPath } = firstAnswers;
  const watching = path === `/api/watch?spectator_key=${encodeURIComponent(key)}`;
  if (!watching && auth?.spectatorKey !== key) return null;
  const found = byPath.get(path);
  byPath.delete(path);
  return found || null;
}

async function request(method, path, { json, auth } = {}) {
  const first = firstAnswer(method, path, auth);
  if (first) {
    if (first.status >= 200 && first.status < 300) return first.body;
    throw new ApiError(first.status, first.body);
  }
  const headers = { Accept: "application/json", ...authHeaders(auth) };
  if (json !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, {
      method, headers, cache: "no-store",
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  } catch (error) {
    throw new NetworkError(error.message);
  }
  let body = null;
  try { body = await response.json(); } catch { /* not JSON, e.g. a proxy page */ }
  if (!response.ok) {
    throw new ApiError(response.status, body && body.code ? body : {
      code: `http_${response.status}`, message: `HTTP ${response.status}`,
      messages: { sv: `Servern svarade ${response.status}.`,
                  en: `The server answered ${response.status}.` },
      rule: null, details: {},
    });
  }
  return body;
}

const tablePath = (id) => `/api/tables/${encodeURIComponent(id)}`;

/** The catalog: what starting a table needs of each game. */
export const games = () => request("GET", "/api/games");
/** One game with its deck, rules, events and words (for a table of it). */
export const game = (id) => request("GET", `/api/games/${encodeURIComponent(id)}`);
export const createTable = (data) => request("POST", "/api/tables", { json: data });
export const getTable = (id, auth) => request("GET", tablePath(id), { auth });
export const getEvents = (id, auth) => request("GET", `${tablePath(id)}/events`, { auth });

/** The log brought up to date from `copy`, a log of the table this phone read before (issue
 * 16: every phone read the whole log after each entry another phone made, a cost that grew
 * with the match). `?after=SEQ&generation=G` answers with the entries after the copy's last
 * and the earlier ones that read differently now (an undo or a correction points at them; a
 * private entry's cards opened or closed); merged by seq, that is the log as read whole
 * (tests/api/test_log_after.py holds the server to it, with the same merge). Without a copy
 * of this table, or when the answer is the whole log (a copy from before a restore), the
 * whole log. */
export async function getLog(id, auth, copy) {
  if (!(copy && copy.id === id && typeof copy.generation === "string" && Number.isInteger(copy.seq))) {
    return getEvents(id, auth);
  }
  const query = `?after=${copy.seq}&generation=${encodeURIComponent(copy.generation)}`;
  const answer = await request("GET", `${tablePath(id)}/events${query}`, { auth });
  if (answer.after === null || answer.after === undefined) return answer;
  if (answer.after !== copy.seq) return getEvents(id, auth);
  const bySeq = new Map(copy.events.map((entry) => [entry.seq, entry]));
  for (const entry of answer.events) bySeq.set(entry.seq, entry);
  return { ...answer, after: null, events: [...bySeq.values()].sort((a, b) => a.seq - b.seq) };
}
/** The log replayed step by step (tricks, findings): what the replay of a deal shows.
 * `deal` (a number) or `seq` (an entry of the log) asks for that one deal's steps only. */
export const getSteps = (id, auth, { deal = null, seq = null } = {}) => {
  const query = deal !== null ? `?deal=${deal}` : seq !== null ? `?seq=${seq}` : "";
  return request("GET", `${tablePath(id)}/steps${query}`, { auth });
};
/** The table right after entry `seq` (0: before the first), as the log tells it now. */
export const getTableAt = (id, auth, seq) => request("GET", `${tablePath(id)}/at/${seq}`, { auth });
export const postEvent = (id, auth, basedOn, clientEventId, event) =>
  request("POST", `${tablePath(id)}/events`, {
    auth, json: { based_on: basedOn, client_event_id: clientEventId, event },
  });

/** Join a table with its code: {table_id, device_id, token, role}. */
export const joinTable = (code, deviceName) =>
  request("POST", "/api/join", { json: { code, device_name: deviceName } });
/** The table a spectator key shows: {table_id, game}. The key goes in the URL here (the
 * spectator link in the address bar has it there already): the page of a spectator link
 * brings the answer to this very URL inside it (api/spectator_page.py, `firstAnswer`). */
export const watchedTable = (spectatorKey) =>
  request("GET", `/api/watch?spectator_key=${encodeURIComponent(spectatorKey)}`);

/** 800 and its variants: the best declaration the cards laid down allow, and the score of
 * chosen combinations (404 `no_declarations` for a game without declarations). */
export const bestDeclaration = (game, cards, options = {}) =>
  request("POST", `/api/games/${encodeURIComponent(game)}/declarations/best`,
          { json: { cards, options } });
export const validateDeclaration = (game, cards, combinations, options = {}) =>
  request("POST", `/api/games/${encodeURIComponent(game)}/declarations/validate`,
          { json: { cards, combinations, options } });

/** Take a seat (a number) or the scorer's place ("scorer"); null leaves. Changing from one
 * place to another must be asked for (`change`). */
export const takeSeat = (id, auth, seat, change = false) =>
  request("POST", `${tablePath(id)}/seat`, { auth, json: { seat, change } });
/** Free another device's seat (owner or director). */
export const freeSeat = (id, deviceId, auth) =>
  request("DELETE", `${tablePath(id)}/devices/${encodeURIComponent(deviceId)}/seat`, { auth });

export const devices = (id, auth) => request("GET", `${tablePath(id)}/devices`, { auth });
export const revokeDevice = (id, deviceId, auth) =>
  request("DELETE", `${tablePath(id)}/devices/${encodeURIComponent(deviceId)}`, { auth });
/** A new join code (the old one stops working; the phones in keep their tokens). */
export const newJoinCode = (id, auth) => request("POST", `${tablePath(id)}/join-code`, { auth });
/** Hand the table over: that phone becomes its owner, this one a player. */
export const handOver = (id, deviceId, auth) =>
  request("PUT", `${tablePath(id)}/owner`, { auth, json: { device_id: deviceId } });

/** A plain link to the CSV protokoll (it works when saved or opened in a new tab), so it
 * carries a read-only credential in the URL: the join code, which every phone at the
 * table shows anyway, or a spectator's key. Never a token. */
export function csvUrl(id, lang, { joinCode, spectatorKey } = {}) {
  const params = new URLSearchParams({ format: "csv", lang });
  if (joinCode) params.set("code", joinCode);
  else if (spectatorKey) params.set("spectator_key", spectatorKey);
  return `${tablePath(id)}/protokoll?${params}`;
}
