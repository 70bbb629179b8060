/**
 * The start screen lists the tables this phone holds a token for (from localStorage), the
 * most recent first, each openable with one tap. Each table's title, players and progress
 * are fetched with its own token once per visit to the start screen; what the phone saw
 * last is shown meanwhile (and without a network). A table whose token no longer opens it
 * (revoked: 403, unknown: 401, gone: 404) is shown as such and can be forgotten.
 */
import { h } from "./dom.js";
import * as api from "./api.js";
import { ApiError } from "./api.js";
import * as storage from "./storage.js";
import { w } from "./sheet-words.js";

// id -> {status: "loading" | "ok" | "gone" | "offline", table}
const looked = new Map();

/** Fetch every kept table once (again after `refresh`), then re-render. */
function lookUp(ids, rerender) {
  for (const id of ids) {
    if (looked.has(id)) continue;
    looked.set(id, { status: "loading" });
    const token = storage.tokenFor(id);
    api.getTable(id, { token }).then((table) => {
      storage.keepSummary(table);
      looked.set(id, { status: "ok", table });
    }).catch((error) => {
      const gone = error instanceof ApiError && [401, 403, 404].includes(error.status);
      looked.set(id, { status: gone ? "gone" : "offline" });
    }).finally(() => rerender());
  }
}

/** Forget what was fetched, so the next rendering of the list asks again. */
export function refreshMyTables() { looked.clear(); }

function item(id, state, { onOpen, onForget }) {
  const summary = state.table || storage.summaryOf(id) || {};
  const title = summary.title || id;
  const players = (summary.players || []).join(", ");
  const current = storage.currentTable()?.id === id;
  const facts = [
    summary.tournament && `${summary.tournament.name} · ${summary.tournament.round}/${summary.tournament.table}`,
    state.table && (state.table.seq === 1 ? w("seqOne") : w("seqN", { n: state.table.seq })),
    state.table?.over && w("over"),
    current && w("current"),
  ].filter(Boolean).join(" · ");
  const gone = state.status === "gone";
  return h("li", { class: `kept-table status-${state.status}`, dataset: { table: id } },
    h("div", { class: "kept-text" },
      h("strong", { class: "kept-title" }, title),
      players && h("span", { class: "kept-players" }, players),
      facts && h("span", { class: "kept-facts" }, facts),
      gone && h("span", { class: "kept-gone", role: "status" }, w("tableGone")),
      state.status === "offline" && h("span", { class: "kept-offline" }, w("noNetwork")),
      state.status === "loading" && !summary.title && h("span", { class: "kept-facts" }, w("fetching"))),
    h("div", { class: "kept-actions" },
      !gone && h("button", { type: "button", class: "primary small kept-open",
                             onclick: () => onOpen(id) }, w("open")),
      gone && h("button", { type: "button", class: "secondary small kept-forget",
                            "aria-label": w("forgetLabel", { title }),
                            onclick: () => { storage.forgetTable(id); looked.delete(id); onForget(id); } },
        w("forget"))));
}

/** The list, or nothing when this phone keeps no table. */
export function renderMyTables({ onOpen, rerender }) {
  const ids = storage.keptTableIds();
  if (!ids.length) return null;
  lookUp(ids, rerender);
  const when = (id) => storage.summaryOf(id)?.at || 0;
  const ordered = [...ids].sort((a, b) => when(b) - when(a));
  return h("section", { class: "my-tables", "aria-labelledby": "my-tables-title" },
    h("h2", { id: "my-tables-title" }, w("myTables")),
    h("ul", {}, ordered.map((id) => item(id, looked.get(id) || { status: "loading" },
                                         { onOpen, onForget: rerender }))));
}
