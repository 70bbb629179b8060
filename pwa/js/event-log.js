/**
 * The last entries of the table's log under the protokoll, so that undos and corrections
 * stay visible: an undone entry is struck through and names the entry that undid it
 * (design principle 1: nothing is deleted).
 */
import { h } from "./dom.js";
import { clockTime, t } from "./i18n.js";
import { eventLabel, fieldLabel, fieldNoun, valueLabel } from "./vocab.js";

const META = new Set(["undo", "correct"]);
const PLAYED = new Set(["play", "trick"]); // entries a replay of their deal starts from

/** The newest entry that an undo may still target: a game event nobody undid. */
export function lastUndoable(log) {
  const events = log?.events || [];
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const entry = events[i];
    if (!META.has(entry.event.type) && entry.undone_by === null) return entry;
  }
  return null;
}

function fieldKind(specs, type, name) {
  const spec = specs?.[type];
  return spec?.required?.[name] ?? spec?.optional?.[name] ?? "";
}

/** A quick entry with bids (Rödskägg) reads best as "bids · tricks · who joined". */
function describeResult(event, players) {
  const bids = (event.bids || [])
    .map((bid, seat) => (bid === "smyga" || bid === null ? null : `${players[seat]} ${valueLabel(bid)}`))
    .filter(Boolean);
  const parts = [`${fieldLabel("bid")}: ${bids.length ? bids.join(", ") : valueLabel("smyga")}`];
  if (Array.isArray(event.tricks)) {
    parts.push(`${t("tricks")}: ${event.tricks.map((n, seat) => `${players[seat]} ${n}`).join(", ")}`);
  }
  if (event.joined?.length) {
    parts.push(t("joinedLog", { names: event.joined.map((s) => players[s]).join(", ") }));
  }
  return parts.join(" · ");
}

const isObject = (v) => v !== null && typeof v === "object";

/** One element of a list field: a value, or an object such as a declared combination
 * ({kind, cards}) in words — never "[object Object]". */
function partLabel(value) {
  if (!isObject(value)) return valueLabel(value);
  if (Array.isArray(value)) return value.map(partLabel).join(" ");
  const kind = value.kind ?? value.type;
  const rest = Object.entries(value).filter(([k]) => k !== "kind" && k !== "type")
    .map(([, v]) => partLabel(v)).join(" ");
  return kind ? `${valueLabel(kind)}${rest ? ` (${rest})` : ""}` : rest;
}

/** A one-line description of any event, using the catalog's field kinds for seat names. */
export function describeEvent(event, players, specs) {
  if (event.type === "undo") return `${eventLabel("undo")}: #${event.target}`;
  if (event.type === "correct") {
    return `${eventLabel("correct")} #${event.target}: ${describeEvent(event.event, players, specs)}`;
  }
  if (event.type === "result" && Array.isArray(event.bids)) {
    return `${eventLabel("result")}: ${describeResult(event, players)}`;
  }
  const parts = Object.entries(event).filter(([name]) => name !== "type").map(([name, value]) => {
    const kind = fieldKind(specs, event.type, name);
    let shown;
    if (value?.hidden) shown = t("hiddenCards", { n: value.count }); // another seat's secret
    else if (kind === "seat") shown = players[value] ?? value;
    else if (kind === "seats") shown = (value || []).map((s) => players[s] ?? s).join(", ");
    else if (Array.isArray(value)) shown = value.map(partLabel).join(value.some(isObject) ? ", " : " ");
    else shown = valueLabel(value);
    // A seat or a choice (a breach) speaks for itself; other fields are named.
    return name === "seat" || kind.startsWith("choice:") ? shown : `${fieldNoun(name)} ${shown}`;
  });
  return [eventLabel(event.type), ...parts].join(" · ");
}

function timeOf(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : clockTime(date);
}

/** A game event nobody undid may be corrected: the correction is a new entry naming it. */
const isHidden = (event) => Object.values(event).some((v) => v?.hidden);
const correctable = (entry) => !META.has(entry.event.type) && entry.undone_by === null
  && !isHidden(entry.event); // nobody corrects cards it may not see

/**
 * The log under the protokoll: the latest entries, or all of them when asked, newest first.
 * Undone entries are struck through and name their undo; corrected ones name the
 * correction; every entry names the phone that made it. `opts.correct(entry)` renders the
 * correction form of an entry (for phones that may write); `opts.editing` is the seq being
 * corrected.
 */
export function renderLog(log, specs, opts = {}) {
  const events = log?.events || [];
  if (!events.length) return null;
  const { limit = 8, showAll = false, onToggleAll, correct, editing, onEdit, onReplay } = opts;
  const recent = (showAll ? events : events.slice(-limit)).slice().reverse();
  return h("section", { class: "log", id: "log" },
    h("h2", {}, t("log")),
    h("ol", {}, recent.map((entry) => h("li", {
      class: entry.undone_by !== null ? "undone" : null, dataset: { seq: String(entry.seq) } },
      h("span", { class: "seq" }, `#${entry.seq}`),
      h("span", { class: "what" }, describeEvent(entry.event, log.players, specs)),
      h("span", { class: "meta" },
        [timeOf(entry.created_at), entry.device_name].filter(Boolean).join(" · "),
        entry.undone_by !== null && h("em", {}, ` — ${t("undoneBy", { n: entry.undone_by })}`),
        entry.corrected_by?.length > 0 && h("em", {},
          ` — ${t("correctedBy", { n: entry.corrected_by.join(", #") })}`)),
      correct && correctable(entry) && editing !== entry.seq && h("button", {
        type: "button", class: "secondary small correct-button",
        "aria-label": `${t("correct")} #${entry.seq}`, onclick: () => onEdit(entry.seq) }, t("correct")),
      correct && editing === entry.seq && h("div", { class: "correction" }, correct(entry)),
      // A card of a trick opens the replay of its deal at that trick.
      onReplay && PLAYED.has(entry.event.type) && entry.undone_by === null && h("button", {
        type: "button", class: "secondary small replay-open",
        "aria-label": `${t("replayOpen")} #${entry.seq}`,
        onclick: () => onReplay({ seq: entry.seq }) }, `▶ ${t("replayOpen")}`)))),
    events.length > limit && h("button", { type: "button", class: "secondary small", onclick: onToggleAll },
      showAll ? t("showRecent") : t("showAll", { n: events.length })));
}
