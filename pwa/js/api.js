/**
 * The HTTP client for the Protokoll API. Every refusal arrives in one shape
 * ({code, message, messages:{sv,en}, rule, details}); it is thrown as ApiError so the
 * views can show messages[lang] and the cited rule. A failed connection is a
 * NetworkError: the entry may or may not have arrived, so the caller retries with the
 * same client_event_id and the server applies it once.
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

async function request(method, path, { json, token } = {}) {
  const headers = { Accept: "application/json" };
  if (json !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
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

export const games = () => request("GET", "/api/games");
export const createTable = (data) => request("POST", "/api/tables", { json: data });
export const getTable = (id) => request("GET", tablePath(id));
export const getEvents = (id) => request("GET", `${tablePath(id)}/events`);
export const postEvent = (id, token, basedOn, clientEventId, event) =>
  request("POST", `${tablePath(id)}/events`, {
    token, json: { based_on: basedOn, client_event_id: clientEventId, event },
  });
export const csvUrl = (id, lang) => `${tablePath(id)}/protokoll?format=csv&lang=${lang}`;
