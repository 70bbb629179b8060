/**
 * Any input the engine expects, rendered from data alone (design principle 5): the
 * expectation from `expected.inputs` ({type, seat, choices, fields}) and the event's field
 * kinds from the catalog (`events[type].required/optional`). Every EventSpec kind has a
 * control:
 *
 * - `seat` / `seats`: the players as radio buttons / check boxes (a field named `seat` is
 *   fixed when the expectation names a seat);
 * - `card` / `cards`: the deck's cards to tap (card-picker.js); `cards` keeps the order of
 *   the taps, which is the playing order of a trick;
 * - `bool`, `choice:a|b`, and `value` / `int` with choices: buttons;
 *   `int`, `str` and `value` without choices: a number or text field;
 * - `list`: one control per seat or per side. The values come from the expectation's hint
 *   for the field (`fields.tricks: [0, 1, …, 6]` → buttons per seat), else a number field
 *   each. A list is per side when a hint says so (`{per: "side"}`) or its own label says
 *   "per side/pair" ("per sida/par") and the state has sides; otherwise per seat, in the
 *   order the hint `fields.order` gives, else from the dealer's left.
 *
 * Choices for a field come from the expectation: a list in `fields` under the field's name,
 * else `choices` for a bid-like `value` or `bool`, else a `choice:` kind's own list.
 * With no free field the input is one button; with one free field that has choices, one
 * button per choice (a bid is one tap); otherwise a small form. An input without a seat
 * that has list fields is a quick entry of a whole deal: one block per seat, as the paper
 * sheet is filled in.
 *
 * The quick entry asks only what cannot be derived (quick-fill.js): the engine's hints
 * `fields.default` (what each element starts at) and `fields.total` (the elements add up)
 * let the form fill the last figure itself, and `fields.per` says per seat or per side.
 * Free number fields that are optional fold away under "more", and so do the optional
 * lists the hint `fields.fold` names (Fyrtioett's exact tricks, where who failed is enough
 * for the protokoll); a folded list is still filled in. A list that has some of its
 * figures but not all is refused in the form, naming the seats (or sides) missing. A
 * correction of a quick entry opens the same form, filled in with the entry, with the hints
 * of the table's quick entry (or those this phone saw last for the game).
 *
 * Two hints serve a deal whose every figure is free (Fyrtioett: four bids, none follows from
 * the others, and the outcome "alla tog hem" unless a "Bet" box is ticked):
 *
 * - `fields.only: {bids: {kasta: [3]}}`: a value only some units may take (throwing in is
 *   the fourth bidder's), offered to those alone. It names the deal's seats, so it is not
 *   remembered: a correction gets the hints the table gave just before its entry (app.js
 *   `loadEntryHints`, `GET …/at/{seq-1}`), so it offers the value to that deal's seat alone;
 *   without a network, those this phone saw there when it drew the form (`rememberHints`),
 *   and where it saw none the value is offered to nobody, and the form says why
 *   (`withhold`): never to every seat for the engine to refuse.
 * - `fields.save_when_complete: ["bids"]`: the tap that gives such a list of buttons its
 *   last missing figure saves the deal, so a typical deal is its four bids and no save
 *   button (the button stays, for a deal refused or completed otherwise; a typed list never
 *   saves itself, it would at its first keystroke). It is safe because nothing
 *   comes as a surprise: the form says so above the seats before anything is picked, the
 *   bar at the thumb says "the last choice saves" once one figure is left, and what else is
 *   to be said (a "Bet" box, the folded tricks) is said before it. Only the tap that
 *   completes the list saves: a list already complete (a correction, the form brought back
 *   by undo, a refusal to fix) is saved by its button. The app then names the saved deal
 *   where the form was (the protokoll's line) with one tap to undo it — the form comes back
 *   as it was, for a box to tick and the save — and one to correct it (this form, filled
 *   in); made without a network, it waits in the outbox and "Ångra" takes it out before it
 *   goes. The engine leaves the hint out while the table follows the deal live (the bids
 *   entered one by one, the last deal played card by card): the bidding comes before the
 *   play there, and `fields.saves_by_button` says which, for the form to say why in words.
 *   See app.js `submit(…, {auto})`, `undoQueued` and table-view.js `autoSavedBlock`.
 *
 * While entries wait in the outbox the table's view, and its hints, are from before them:
 * the quick form then comes after them (the next deal's, after a deal that waits), drawn
 * without what belonged to the viewed deal (its order and dealer, whose `only` values are,
 * its last figure saving), and says so (`afterWaiting`), as the offline card table leaves
 * out the trick it cannot know.
 */
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { eventLabel, elementLabel, fieldLabel, fieldNoun, fieldWords, valueLabel } from "../vocab.js";
import { playedCards } from "../cards.js";
import { cardPicker } from "./card-picker.js";
import { fillList, missingUnits } from "./quick-fill.js";

const isSet = (v) => v !== null && v !== undefined;
const hintOf = (exp, name) => (exp.fields || {})[name];
const hintList = (exp, name) => (Array.isArray(hintOf(exp, name)) ? hintOf(exp, name) : null);
/** A hint about many fields at once: `fields.per`, `fields.total`, `fields.default`. */
const hintMap = (exp, kind) => {
  const map = hintOf(exp, kind);
  return map && typeof map === "object" && !Array.isArray(map) ? map : {};
};
const range = (n) => Array.from({ length: n + 1 }, (_, i) => i);

export function specFields(spec) {
  return [
    ...Object.entries(spec?.required || {}).map(([name, kind]) => ({ name, kind, required: true })),
    ...Object.entries(spec?.optional || {}).map(([name, kind]) => ({ name, kind, required: false })),
  ];
}

/** The sides of a game played in pairs or sides, as lists of seats, or null. */
export function sidesOf(table) {
  const sides = table.state?.sides ?? table.protokoll?.notes?.sides;
  return Array.isArray(sides) && sides.length && sides.every(Array.isArray) ? sides : null;
}

export function sideName(table, index) {
  const sides = sidesOf(table);
  if (table.protokoll?.players?.length === sides.length) return table.protokoll.players[index];
  return sides[index].map((seat) => table.players[seat]).join(" & ");
}

/** The seats in the order a deal is spoken: the hint's order, else from the dealer's left
 * round to the dealer; seats out of the match are left out. */
export function seatOrder(table, exp) {
  const n = table.players.length;
  // A correction's deal is past; with entries waiting, the deal's dealer is not known yet.
  if (exp.correction || exp.afterWaiting) return Array.from({ length: n }, (_, i) => i);
  const given = hintList(exp, "order");
  if (given) return given;
  const dealer = table.state?.dealer;
  const seats = Number.isInteger(dealer)
    ? Array.from({ length: n }, (_, i) => (dealer + 1 + i) % n)
    : Array.from({ length: n }, (_, i) => i);
  const out = new Set(table.state?.out || []);
  return seats.filter((seat) => !out.has(seat));
}

function listUnit(field, exp, table) {
  const per = hintMap(exp, "per")[field.name];
  if (per) return per === "side" && sidesOf(table) ? "side" : "seat";
  const hint = hintOf(exp, field.name);
  if (hint && typeof hint === "object" && !Array.isArray(hint) && hint.per) {
    return hint.per === "side" && sidesOf(table) ? "side" : "seat";
  }
  const words = Object.values(fieldWords(field.name) || {}).join(" ");
  return /\bper (side|pair|sida|par)\b/i.test(words) && sidesOf(table) ? "side" : "seat";
}

/** The fields the person fills in, with their kind, choices and whether required. */
export function freeFields(exp, spec, table) {
  const inMatch = table.players.map((_, seat) => seat)
    .filter((seat) => !(table.state?.out || []).includes(seat));
  return specFields(spec)
    .filter((f) => !(f.name === "seat" && isSet(exp.seat)))
    .map((f) => {
      const listed = hintList(exp, f.name);
      const field = { ...f, required: f.required || hintOf(exp, f.name) === "required", choices: null };
      if (f.kind.startsWith("choice:")) field.choices = listed ?? f.kind.slice(7).split("|");
      else if (f.kind === "bool") field.choices = exp.choices?.length ? exp.choices : [true, false];
      else if (f.kind === "value") field.choices = listed ?? (exp.choices?.length ? exp.choices : null);
      else if (f.kind === "int") field.choices = listed;
      else if (f.kind === "seat" || f.kind === "seats") field.choices = listed ?? inMatch;
      else if (f.kind === "card" || f.kind === "cards") field.allowed = listed;
      else if (f.kind === "list") {
        field.total = hintMap(exp, "total")[f.name];
        field.start = hintMap(exp, "default")[f.name];
        // Few figures that add up to a small total are buttons too (whist's honours: 0–4).
        field.elementChoices = listed
          ?? (Number.isInteger(field.total) && field.total <= 13 ? range(field.total) : null);
        field.unit = listUnit(f, exp, table);
        // Values only some units may take (Fyrtioett's "kasta", the fourth bidder's): the
        // hint names the deal's seats; a correction has its own entry's (correctionOf).
        field.only = hintMap(exp, "only")[f.name] ?? null;
      }
      return field;
    });
}

/** The seats or sides a list field has one value for: [{index, name}]. */
function units(field, table, exp) {
  if (field.unit === "side") {
    return sidesOf(table).map((_, index) => ({ index, name: sideName(table, index) }));
  }
  return seatOrder(table, exp).map((seat) => ({ index: seat, name: table.players[seat] }));
}

function unitCount(field, table) {
  return field.unit === "side" ? sidesOf(table).length : table.players.length;
}

/** A fresh value for a list: the hint's default (smyga, no tricks), else a required list of
 * choices starts at the first choice; anything else starts empty, and an optional list left
 * empty is not sent. */
function initialList(field, table) {
  const first = isSet(field.start) ? field.start
    : field.required && field.elementChoices ? field.elementChoices[0] : null;
  return Array(unitCount(field, table)).fill(first);
}

const shown = (field, value, table) =>
  (field.kind === "seat" || field.kind === "seats" ? table.players[value] ?? value
    : typeof value === "number" ? String(value) : valueLabel(value));

function radioGroup({ id, label, values, current, onPick, show, optional = false, className = "" }) {
  const options = optional ? [undefined, ...values] : values;
  return h("div", { role: "radiogroup", "aria-label": label, class: `seg wrap ${className}`.trim() },
    options.map((value) => h("label", { class: "seg-item" },
      h("input", { type: "radio", name: id, value: String(value), checked: current === value,
                   onchange: () => onPick(value) }),
      h("span", {}, value === undefined ? t("none") : show(value)))));
}

function labelled(field) {
  return field.required ? fieldLabel(field.name) : `${fieldLabel(field.name)} (${t("optional")})`;
}

/** The choices a list offers one unit: all, less those the hint `only` keeps for others. */
function unitChoices(field, unit) {
  const only = field.only;
  if (!only || !field.elementChoices) return field.elementChoices;
  return field.elementChoices.filter((v) => !Array.isArray(only[String(v)])
    || only[String(v)].includes(unit.index));
}

/** The control for one element of a list field (one seat's or one side's value). `hooks`
 * (the quick entry's): `set(field, unit, value)` instead of writing the value alone, and
 * `register(field, unit, show)` for a `show(value, follows)` that redraws it. */
function elementControl(field, values, unit, id, hooks = null, { named = false } = {}) {
  const label = `${elementLabel(field.name)} ${unit.name}`;
  const shownLabel = named ? label : elementLabel(field.name);  // a seat block names the seat
  const set = hooks ? (v) => hooks.set(field, unit, v)
    : (v) => { values[field.name][unit.index] = v; values.onChange?.(); };
  const follows = h("span", { class: "follows-note" }, t("followsFromOthers"));
  if (field.elementChoices) {
    const numeric = field.elementChoices.every((v) => typeof v === "number");
    const group = radioGroup({ id: `${id}-${unit.index}`, label, values: unitChoices(field, unit),
                               current: values[field.name][unit.index], onPick: set,
                               show: (v) => (typeof v === "number" ? String(v) : valueLabel(v)),
                               className: numeric ? "numbers" : "" });
    const box = h("div", { class: "list-element" },
      h("div", { class: "row-label", "aria-hidden": "true" }, shownLabel, follows),
      group);
    hooks?.register(field, unit, (value, followed) => {
      for (const input of group.querySelectorAll("input")) input.checked = input.value === String(value);
      box.classList.toggle("follows", followed);
    });
    return box;
  }
  const current = values[field.name][unit.index];
  const words = typeof current === "string" && !/^-?\d+$/.test(current);  // a bid such as "smyga"
  const input = h("input", { id: `${id}-${unit.index}`, type: words ? "text" : "number",
                             inputmode: words ? null : "numeric",
                             name: `${field.name}-${unit.index}`, "aria-label": label,
                             value: isSet(current) ? String(current) : "",
                             oninput: (e) => {
                               const raw = e.target.value.trim();
                               set(raw === "" ? null : /^-?\d+$/.test(raw) ? Number(raw) : raw);
                             } });
  const box = h("div", { class: "field list-element" },
    h("label", { for: `${id}-${unit.index}` }, shownLabel, follows), input);
  hooks?.register(field, unit, (value, followed) => {
    const text = isSet(value) ? String(value) : "";
    if (input.value !== text && document.activeElement !== input) input.value = text;
    box.classList.toggle("follows", followed);
  });
  return box;
}

function fieldControl(field, values, ctx, id, exp) {
  const { table } = ctx;
  const label = labelled(field);
  if (field.kind === "list") {
    values[field.name] ??= initialList(field, table);
    return h("fieldset", { class: "field-group list-field" }, h("legend", {}, label),
      units(field, table, exp).map((unit) => elementControl(field, values, unit, id)));
  }
  if (field.kind === "seats") {
    values[field.name] ??= [];
    return h("fieldset", { class: "field-group" }, h("legend", {}, label),
      h("div", { class: "seg wrap" }, field.choices.map((seat) => h("label", { class: "seg-item" },
        h("input", { type: "checkbox", name: id, value: String(seat),
                     checked: values[field.name].includes(seat),
                     onchange: (e) => {
                       values[field.name] = values[field.name].filter((s) => s !== seat);
                       if (e.target.checked) values[field.name].push(seat);
                     } }),
        h("span", {}, table.players[seat])))));
  }
  if (field.kind === "card" || field.kind === "cards") {
    const many = field.kind === "cards";
    const selected = values[field.name] ??= [];
    const count = hintOf(exp, "count");
    const summary = h("p", { class: "picked", "aria-live": "polite" });
    const showPicked = () => {
      summary.textContent = selected.length
        ? `${t(many ? "picked" : "pickedOne")}: ${selected.join(" ")}` : t("nothingPicked");
    };
    showPicked();
    return h("fieldset", { class: "field-group cards-field" },
      h("legend", {}, label, Number.isInteger(count) && many ? ` (${t("nCards", { n: count })})` : ""),
      cardPicker({
        deck: ctx.game?.deck?.cards || [], mode: "many", ordered: many, selected,
        greyed: playedCards(table.state), allowed: field.allowed, id: `${id}-picker`,
        label, busy: ctx.busy,
        onChange: (sel) => {
          if (!many && sel.length > 1) sel.splice(0, sel.length - 1);
          showPicked();
        },
      }),
      summary);
  }
  if (field.choices) {
    return h("div", { class: "field-group" },
      h("div", { class: "row-label", id: `${id}-label`, "aria-hidden": "true" }, label),
      radioGroup({ id, label, values: field.choices, current: values[field.name],
                   optional: !field.required, show: (v) => shown(field, v, table),
                   onPick: (v) => { values[field.name] = v; } }));
  }
  const numeric = field.kind === "int";
  return h("div", { class: "field" }, h("label", { for: id }, label),
    h("input", { id, type: numeric ? "number" : "text", value: values[field.name] ?? "",
                 inputmode: numeric ? "numeric" : null, autocomplete: "off",
                 oninput: (e) => { values[field.name] = e.target.value; } }));
}

/** Does the event carry the expectation's seat? Only if its spec has a `seat` field: a
 * dealer's "deal" names whose turn it is, but the event itself has no seat. */
function fixedSeat(exp, spec) {
  const has = "seat" in (spec?.required || {}) || "seat" in (spec?.optional || {});
  return has && isSet(exp.seat);
}

/** The event to post: the fixed seat, then every field that has a value. */
export function buildEvent(exp, spec, fields, values) {
  const event = { type: exp.type };
  if (fixedSeat(exp, spec)) event.seat = exp.seat;
  for (const field of fields) {
    let value = values[field.name];
    if (!isSet(value) || value === "") continue;
    if (field.kind === "list") {
      if (value.every((v) => !isSet(v)) && !field.required) continue;
      value = value.map((v) => (isSet(v) ? v : null));
    } else if (Array.isArray(value)) {
      if (!value.length && !field.required) continue;
      if (field.kind === "seats") value = [...value].sort((a, b) => a - b);
      if (field.kind === "card") value = value[0];
      else value = [...value];
    } else if (field.kind === "int" || (field.kind === "value" && /^-?\d+$/.test(String(value)))) {
      value = Number(value);
    }
    if (isSet(value)) event[field.name] = value;
  }
  return event;
}

/** Values to start a form from, e.g. the event a correction replaces: cards as lists. */
function startingValues(fields, initial) {
  const values = {};
  for (const field of fields) {
    const value = initial?.[field.name];
    if (!isSet(value)) continue;
    if (field.kind === "card") values[field.name] = [value];
    else if (field.kind === "cards") {
      values[field.name] = (Array.isArray(value) ? value : [value])
        .flatMap((v) => String(v).split(/[\s,]+/)).filter(Boolean);
    } else values[field.name] = structuredClone(value);
  }
  return values;
}

const isQuick = (exp, fields) =>
  !isSet(exp.seat) && (exp.type === "result" || fields.some((f) => f.kind === "list"));

/* The hints of a game's quick entry, as this phone last saw them: a correction of a deal
 * opens the same form even when the table no longer expects a quick entry (the match over,
 * a deal under way). What belongs to one deal is not kept game-wide: its order of seats,
 * the seats of `only`, whether its last figure saves. Of `only` the values are kept
 * (`only_values`: Fyrtioett's "kasta"), so a form that cannot know whose they are holds
 * them back instead of offering them to every seat (`withhold`). */
const HINTS_KEY = "protokoll.quickHints";
/* The quick entry's hints each table gave at a seq, as this phone drew its form there, for
 * a game whose hints name a deal's seats (`only`): without a network, a correction of entry
 * #N takes those of N−1, what the table said just before it, as online it asks the table
 * (`GET …/at/{N−1}`). One key per table (SEEN_KEY + id: its last SEEN_KEPT seqs), and the
 * last SEEN_TABLES tables kept (their ids under SEEN_KEY). */
const SEEN_KEY = "protokoll.hintsSeen";
const SEEN_KEPT = 60;
const SEEN_TABLES = 10;
const DEAL_HINTS = ["order", "only", "save_when_complete", "saves_by_button"];

function readStored(key) {
  try { return JSON.parse(localStorage.getItem(key) || "{}") || {}; } catch { return {}; }
}

function store(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* private mode, full */ }
}

const readHints = () => readStored(HINTS_KEY);
/** The values of the hint `only`, without whose they are: {bids: ["kasta"]}. */
const onlyValuesOf = (exp) => Object.fromEntries(Object.entries(hintMap(exp, "only")).map(
  ([name, values]) => [name, Object.keys(values)]));
const withoutDeal = (fields) =>
  Object.fromEntries(Object.entries(fields || {}).filter(([name]) => !DEAL_HINTS.includes(name)));

function rememberHints(ctx, exp) {
  const fields = withoutDeal(exp.fields);
  const onlyValues = onlyValuesOf(exp);
  if (Object.keys(onlyValues).length) fields.only_values = onlyValues;
  const key = `${ctx.game?.id}:${exp.type}`;
  const all = readHints();
  const merged = { ...(all[key] || {}), ...fields };
  if (JSON.stringify(merged) !== JSON.stringify(all[key])) {
    all[key] = merged;
    store(HINTS_KEY, all);
  }
  if (merged.only_values) rememberSeen(ctx.table, exp.fields || {});
}

function rememberSeen(table, fields) {
  const key = `${SEEN_KEY}.${table.id}`;
  const mine = readStored(key);
  if (JSON.stringify(mine[table.seq]) === JSON.stringify(fields)) return;
  mine[table.seq] = fields;
  for (const seq of Object.keys(mine).map(Number).sort((a, b) => a - b).slice(0, -SEEN_KEPT)) delete mine[seq];
  store(key, mine);
  const tables = [...(readStored(SEEN_KEY).tables || []).filter((id) => id !== table.id), table.id];
  for (const id of tables.splice(0, Math.max(0, tables.length - SEEN_TABLES))) {
    try { localStorage.removeItem(`${SEEN_KEY}.${id}`); } catch { /* private mode */ }
  }
  store(SEEN_KEY, { tables });
}

const seenBefore = (table, seq) => readStored(`${SEEN_KEY}.${table.id}`)[seq - 1] ?? null;

/** Hold back the values only some units may take, when whose they are is not known (the
 * form's view is from before entries that wait; a correction without the network of an
 * entry this phone did not see made): not offered, and the form says why (`withheld`). */
function withhold(exp, values) {
  const fields = { ...exp.fields };
  const withheld = [];
  for (const [name, held] of Object.entries(values || {})) {
    if (!Array.isArray(fields[name])) continue;
    withheld.push(...fields[name].filter((v) => held.includes(String(v))));
    fields[name] = fields[name].filter((v) => !held.includes(String(v)));
  }
  delete fields.only;
  return { ...exp, fields, withheld };
}

/** The expectation a correction of a seatless entry is drawn from: the hints the table gave
 * just before the entry (app.js `loadEntryHints`; without a network, those this phone saw
 * there), over the table's own for that type if it expects one now, over those remembered.
 * Neither of the last two knows that deal's seats: if the first is missing, a value only
 * some seats may take is held back. */
function correctionOf(ctx, exp) {
  const live = (ctx.table.expected?.inputs || []).find((i) => i.type === exp.type && !isSet(i.seat));
  // The deal now under way has its own order and its own seats for `only`: not the entry's.
  const now = withoutDeal(live?.fields);
  const { only_values: onlyValues, ...remembered } = readHints()[`${ctx.game?.id}:${exp.type}`] || {};
  const own = Object.keys(exp.fields || {}).length ? exp.fields
    : isSet(exp.seq) ? seenBefore(ctx.table, exp.seq) : null;
  const corrected = { ...exp, fields: { ...remembered, ...now, ...(own || {}) }, correction: true };
  return own ? corrected : withhold(corrected, onlyValues);
}

/** The quick entry drawn while entries wait in the outbox: the table's view, and so its
 * hints, are from before them. What belonged to that deal (its order, whose `only` values
 * are, whether its last figure saves) is not this one's: the form is neutral there, saved
 * by its button, and says so (`afterWaiting`). */
function afterWaiting(ctx, exp) {
  const neutral = withhold({ ...exp, fields: withoutDeal(exp.fields) }, onlyValuesOf(exp));
  return { ...neutral, afterWaiting: { wouldSave: !!hintList(exp, "save_when_complete") } };
}

const needsEveryFigure = (field) => field.kind === "list" && (field.elementChoices || isSet(field.total));
const folded = (field) => !field.required && !field.choices && (field.kind === "int" || field.kind === "str");
const names = (list) => list.join(` ${t("and")} `);

/** A whole deal at once: scalar fields first (the optional free figures folded away), then a
 * block per side and per seat holding that side's or seat's value of every list (and its box
 * of every `seats` field). What follows from the figures given is filled in (quick-fill.js). */
function quickForm(ctx, exp, spec, fields, values, post, { submitLabel } = {}) {
  const { table } = ctx;
  const id = `${exp.type}`;
  const foldNames = new Set(hintList(exp, "fold") || []);
  const inFold = (f) => f.kind === "list" && !f.required && foldNames.has(f.name);
  const perSeat = fields.filter((f) => f.kind === "list" && f.unit === "seat" && !inFold(f));
  const perSide = fields.filter((f) => f.kind === "list" && f.unit === "side" && !inFold(f));
  const foldedLists = fields.filter(inFold);
  const lists = [...perSeat, ...perSide, ...foldedLists];
  const boxes = perSeat.length ? fields.filter((f) => f.kind === "seats") : [];
  const scalars = fields.filter((f) => !lists.includes(f) && !boxes.includes(f));
  for (const f of lists) values[f.name] ??= initialList(f, table);
  for (const f of boxes) values[f.name] ??= [];
  // What the person set: per list, the units in the order of the taps; per kind of unit, the
  // seats or sides anything was said about. The starting values (defaults, or the entry a
  // correction starts from) stand wherever nothing was set.
  values.given ??= {};
  values.spoken ??= { seat: [], side: [] };
  values.base ??= {};
  for (const f of lists) {
    values.given[f.name] ??= [];
    values.base[f.name] ??= [...values[f.name]];
  }
  const orderOf = (f) => units(f, table, exp).map((u) => u.index);
  const complete = (f) => orderOf(f).every((i) => isSet(values[f.name][i]));
  // The lists whose last figure saves the deal (hint `save_when_complete`: Fyrtioett's bids),
  // buttons only (a typed figure would save at its first keystroke). A list complete from
  // the start (a correction, the form brought back by undo, a refused entry) is saved by
  // the button, and the form does not say otherwise.
  const savesWith = exp.correction ? []
    : lists.filter((f) => f.elementChoices && !complete(f)
                   && (hintList(exp, "save_when_complete") || []).includes(f.name));
  const unitName = (f, index) => (f.unit === "side" ? sideName(table, index) : table.players[index]);
  // Where the last figure would save the deal but does not here, the form says why, in
  // words: the table follows the deal live (hint `saves_by_button`: "bids_entered",
  // "played_live"), or the view is from before entries that wait (`afterWaiting`).
  const whyByButton = exp.correction ? null
    : exp.afterWaiting ? (exp.afterWaiting.wouldSave ? t("afterWaitingSaves") : null)
    : { bids_entered: t("savesByButtonBids"), played_live: t("savesByButtonPlayed") }[hintOf(exp, "saves_by_button")]
      ?? null;
  const buttonLists = whyByButton ? lists.filter((f) => f.elementChoices && !complete(f)) : [];

  const shows = {};
  const follows = {};
  const refill = () => {
    for (const f of lists) {
      if (!isSet(f.total)) continue;
      const max = f.elementChoices?.every((v) => typeof v === "number")
        ? Math.max(...f.elementChoices) : null;
      const { list, follows: unit } = fillList({
        base: values.base[f.name], current: values[f.name], order: orderOf(f),
        given: values.given[f.name], spoken: new Set(values.spoken[f.unit]), total: f.total, max });
      values[f.name] = list;
      follows[f.name] = unit;
    }
    for (const f of lists) {
      for (const [index, show] of Object.entries(shows[f.name] || {})) {
        show(values[f.name][index], follows[f.name] === Number(index));
      }
    }
  };

  const error = h("p", { class: "form-error", role: "alert", hidden: true });
  const sums = h("span", { class: "trick-sum", "aria-live": "polite" });
  const showSums = () => {
    // A sum says something where figures add up: not over bids with words among them.
    sums.textContent = lists
      .filter((f) => !f.elementChoices?.some((v) => typeof v !== "number"))
      .filter((f) => values[f.name].some((v) => typeof v === "number"))
      .map((f) => `${elementLabel(f.name)}: ${values[f.name].reduce((a, v) => a + (Number(v) || 0), 0)}`
        + (isSet(f.total) ? ` ${t("ofTotal", { n: f.total })}` : ""))
      .join(" · ");
    const totalled = lists.filter((f) => isSet(f.total));
    sums.classList.toggle("ok", totalled.length > 0 && totalled.every((f) =>
      values[f.name].reduce((a, v) => a + (Number(v) || 0), 0) === f.total));
  };
  // Said at the thumb before the tap that saves: one figure left of such a list.
  const savesNext = h("span", { class: "saves-next", "aria-live": "polite" });
  const showSavesNext = () => {
    const oneLeftOf = (some) => some.some((f) => orderOf(f).filter((i) => !isSet(values[f.name][i])).length === 1);
    savesNext.textContent = oneLeftOf(savesWith) ? t("lastChoiceSaves")
      : oneLeftOf(buttonLists) ? t("lastChoiceWaits") : "";
  };
  const changed = () => { error.hidden = true; refill(); showSums(); showSavesNext(); };
  const speak = (kind, index) => {
    if (!values.spoken[kind].includes(index)) values.spoken[kind].push(index);
  };
  const hooks = {
    set(field, unit, value) {
      const wasComplete = complete(field);
      const given = values.given[field.name];
      values.given[field.name] = [...given.filter((i) => i !== unit.index), unit.index];
      if (!isSet(value)) values.given[field.name].pop();  // a cleared figure may follow again
      values[field.name][unit.index] = value;
      speak(field.unit, unit.index);
      changed();
      // The tap that completes such a list saves the deal, as the form says beforehand.
      if (savesWith.includes(field) && !wasComplete && complete(field)) {
        submit({ auto: { what: fieldNoun(field.name) } });
      }
    },
    register(field, unit, show) { (shows[field.name] ??= {})[unit.index] = show; },
  };
  values.onChange = showSums;

  const submit = (how) => {
    const missing = lists.filter(needsEveryFigure).map((f) => ({
      f, who: missingUnits(values[f.name], orderOf(f), f.required).map((i) => unitName(f, i)) }))
      .filter(({ who }) => who.length);
    if (missing.length) {
      error.textContent = missing.map(({ f, who }) =>
        t("missingFor", { what: elementLabel(f.name), who: names(who) })).join(" ");
      error.hidden = false;
      return;
    }
    post(values, how);
  };

  const sideBlock = (unit) => h("fieldset", { class: "seat-entry side-entry", dataset: { side: String(unit.index) } },
    h("legend", {}, unit.name),
    perSide.map((f) => elementControl(f, values, unit, `${id}-${f.name}`, hooks)));
  const seatBlock = (seat) => {
    const unit = { index: seat, name: table.players[seat] };
    return h("fieldset", { class: "seat-entry", dataset: { seat: String(seat) } },
      h("legend", {}, unit.name,
        !exp.correction && !exp.afterWaiting && seat === table.state?.dealer
          && h("span", { class: "chip dealer" }, t("deals"))),
      perSeat.map((f) => elementControl(f, values, unit, `${id}-${f.name}`, hooks)),
      boxes.map((f) => h("label", { class: "switch joined" },
        h("input", { type: "checkbox", name: `${f.name}-${seat}`,
                     checked: values[f.name].includes(seat),
                     onchange: (e) => {
                       values[f.name] = values[f.name].filter((s) => s !== seat);
                       if (e.target.checked) values[f.name].push(seat);
                       speak("seat", seat);
                       changed();
                     } }),
        h("span", {}, fieldLabel(f.name)))));
  };
  const sidesFirst = perSide.length ? units(perSide[0], table, exp) : [];
  const asked = scalars.filter((f) => !folded(f));
  const more = scalars.filter(folded);
  const foldedBlock = (f) => h("fieldset", { class: "field-group list-field" },
    h("legend", {}, labelled(f)),
    units(f, table, exp).map((unit) =>
      elementControl(f, values, unit, `${id}-${f.name}`, hooks, { named: true })));
  const anySet = (f) => (f.kind === "list" ? values[f.name].some(isSet) : isSet(values[f.name]));
  // A deal's quick entry is "Ny giv"; another input of its shape (Skitgubbe's trump card)
  // goes by its own name.
  const title = exp.type === "result" ? t("quickEntry") : eventLabel(exp.type);
  const form = h("form", { class: `quick-entry input input-${exp.type}`, "aria-label": title,
                           onsubmit: (e) => { e.preventDefault(); submit(); } },
    h("h2", {}, exp.correction ? t("correctDeal") : title),
    spec?.help && h("p", { class: "hint" }, ctx.pick(spec.help)),
    savesWith.map((f) => h("p", { class: "hint saves-when-complete" },
      t("savesWhenComplete", { what: fieldNoun(f.name) }))),
    exp.afterWaiting && h("p", { class: "hint after-waiting" }, t("afterWaiting")),
    whyByButton && h("p", { class: "hint saves-by-button" }, whyByButton),
    (exp.withheld || []).map((value) => h("p", { class: "hint withheld" },
      t("withheldValue", { value: valueLabel(value) }))),
    asked.map((f) => fieldControl(f, values, ctx, `${id}-${f.name}`, exp)),
    sidesFirst.map(sideBlock),
    perSeat.length > 0 && seatOrder(table, exp).map(seatBlock),
    more.length + foldedLists.length > 0 && h("details", { class: "more-fields",
                                                         open: [...more, ...foldedLists].some(anySet) },
      h("summary", {}, t("moreAboutDeal")),
      foldedLists.map(foldedBlock),
      more.map((f) => fieldControl(f, values, ctx, `${id}-${f.name}`, exp))),
    error,
    h("div", { class: "submit-bar" }, sums, savesNext,
      h("button", { type: "submit", class: "primary", disabled: ctx.busy }, submitLabel || t("saveDeal"))));
  refill();
  showSums();
  showSavesNext();
  return form;
}

/**
 * Render one expected input. Options: `titled` (a heading; off inside a fold that already
 * names it), `initial` (values to start from: a correction starts from the entry it
 * corrects), `onSubmit(event)` (instead of posting it as is) and `submitLabel`.
 */
export function renderGenericInput(ctx, exp, { titled = true, initial = null, onSubmit = null,
                                              submitLabel = null, draftKey = null } = {}) {
  const { table } = ctx;
  const type = exp.type;
  const spec = ctx.game?.events?.[type];
  const wholeDeal = type === "result" || specFields(spec).some((f) => f.kind === "list");
  if (initial && !isSet(exp.seat) && wholeDeal) exp = correctionOf(ctx, exp);
  else if (!isSet(exp.seat) && wholeDeal && ctx.pendingCount > 0) exp = afterWaiting(ctx, exp);
  const fields = freeFields(exp, spec, table);
  for (const field of fields) {
    // An entry given per seat where the form asks per side (whist allows both): per seat.
    const given = initial?.[field.name];
    if (field.unit === "side" && Array.isArray(given) && given.length === table.players.length
        && given.length !== sidesOf(table).length) field.unit = "seat";
  }
  const seatName = isSet(exp.seat) ? table.players[exp.seat] : null;
  const title = [eventLabel(type), seatName].filter(Boolean).join(" — ");
  const help = spec?.help && h("p", { class: "hint" }, ctx.pick(spec.help));
  const key = draftKey || `${type}:${exp.seat ?? ""}`;
  const send = onSubmit || ((event, how) => ctx.submit(event, key, how));
  const post = (values, how) => send(buildEvent(exp, spec, fields, values), how);

  if (!fields.length) {
    return h("div", { class: `input input-${type}` }, help,
      h("button", { type: "button", class: "primary", disabled: ctx.busy, onclick: () => post({}) },
        submitLabel || title));
  }
  const single = fields.length === 1 && fields[0].choices && fields[0].kind !== "seats" && !initial;
  if (single) {
    const field = fields[0];
    return h("div", { class: `input input-${type}`, role: "group", "aria-label": title },
      titled && h("h3", {}, title), help,
      fieldLabel(field.name) !== eventLabel(type) && h("p", { class: "row-label" }, fieldLabel(field.name)),
      h("div", { class: "seg wrap one-tap" }, field.choices.map((value) => h("button", {
        type: "button", disabled: ctx.busy, dataset: { value: String(value) },
        onclick: () => post({ [field.name]: value }) }, shown(field, value, table)))));
  }
  const values = ctx.draft(key, () => startingValues(fields, initial));
  if (isQuick(exp, fields)) {
    if (!exp.correction && !exp.afterWaiting) rememberHints(ctx, exp);
    return quickForm(ctx, exp, spec, fields, values, post, { submitLabel });
  }
  return h("form", { class: `input input-${type}`, "aria-label": title,
                     onsubmit: (e) => { e.preventDefault(); post(values); } },
    titled && h("h3", {}, title), help,
    fields.map((field) => fieldControl(field, values, ctx, `${key.replace(/\W/g, "-")}-${field.name}`, exp)),
    h("button", { type: "submit", class: "primary", disabled: ctx.busy }, submitLabel || eventLabel(type)));
}
