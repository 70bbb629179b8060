/**
 * Entries made while the network is away wait here, in IndexedDB, and are sent in the
 * order they were made when it is back (design principle 1: the log is the truth, so the
 * order of entries matters as much as the entries).
 *
 * Each waiting entry keeps its client_event_id from the moment it was made: if a post
 * arrived but its answer was lost, the retry is answered as the first time and nothing is
 * applied twice. Each is based on the seq it will follow (the table's seq when it was made
 * plus the entries waiting before it), so a table that another phone moved on meanwhile
 * answers 409 instead of taking an entry made against a table that no longer exists.
 *
 * Nothing here is ever dropped silently. A 409 (the table moved on) or a 400/422 (the rules
 * refuse the entry) stops the queue at that entry and marks it; the person decides: send it
 * on top of the table as it is now, or discard it. Later entries wait behind it.
 */
import { wholeTable } from "./posted.js";
import * as api from "./api.js";
import { ApiError, NetworkError } from "./api.js";
import { OUTBOX, allBy, put, remove } from "./idb.js";
import { uuid } from "./dom.js";

/** The entries waiting for one table, oldest first. */
export async function waiting(tableId) {
  try {
    return await allBy(OUTBOX, "table", tableId);
  } catch {
    return []; // no IndexedDB (a private window): nothing can have waited
  }
}

/** Keep an entry for later. Returns the stored record. */
export async function keep(tableId, event, basedOn, clientId = uuid()) {
  const record = { id: clientId, table: tableId, event, basedOn, status: "waiting",
                   error: null, madeAt: new Date().toISOString() };
  record.n = await put(OUTBOX, record);
  return record;
}

export const discard = (record) => remove(OUTBOX, record.n);

/** Send this entry again on top of the table as it now is (after a conflict or a fix). */
export async function rebase(record, seq) {
  const records = await waiting(record.table);
  let next = seq;
  for (const r of records.filter((r) => r.n >= record.n)) {
    await put(OUTBOX, { ...r, basedOn: next, status: "waiting", error: null });
    next += 1;
  }
}

/**
 * Send the waiting entries of a table in order. Stops at the first that cannot go:
 * the network (it stays waiting), a conflict or a refusal (it is marked and shown).
 * Returns {sent, table (the latest view from the server, if any), stopped, reload (the
 * answers' protokoll rows could not be put together: read the table)}. `current` is the
 * table as the phone shows it.
 */
export async function flush(tableId, auth, current = null) {
  let table = null;
  let base = current;
  let reload = false;
  let sent = 0;
  for (const record of await waiting(tableId)) {
    if (record.status !== "waiting") return { sent, table, stopped: record, reload };
    try {
      const posted = await api.postEvent(tableId, auth, record.basedOn, record.id, record.event);
      await remove(OUTBOX, record.n);
      base = base && wholeTable(base, posted.table);
      table = base;
      reload = !base;
      sent += 1;
    } catch (error) {
      if (error instanceof NetworkError) return { sent, table, stopped: null, offline: true, reload };
      // Too many entries at once: wait as the server says. Too many refused against a
      // hidden hand is no matter of waiting: it is shown as a refusal, for the person.
      if (error instanceof ApiError && error.status === 429 && error.code !== "hidden_hand_guesses") {
        return { sent, table, stopped: null, reload,
                 retryAfter: error.body.details?.retry_after || 5 };
      }
      const status = error instanceof ApiError
        ? (error.status === 409 ? "conflict" : [401, 403, 404].includes(error.status) ? "access" : "refused")
        : "refused";
      const marked = { ...record, status, error: error.body || { message: String(error) } };
      await put(OUTBOX, marked);
      if (error.status === 409 && error.body?.details?.table) {
        table = error.body.details.table; // a whole view
        reload = false;
      }
      return { sent, table, stopped: marked, reload };
    }
  }
  return { sent, table, stopped: null, reload };
}
