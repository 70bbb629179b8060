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
 */
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { eventLabel, elementLabel, fieldLabel, fieldWords, valueLabel } from "../vocab.js";
import { playedCards } from "../cards.js";
import { cardPicker } from "./card-picker.js";

const isSet = (v) => v !== null && v !== undefined;
const hintOf = (exp, name) => (exp.fields || {})[name];
const hintList = (exp, name) => (Array.isArray(hintOf(exp, name)) ? hintOf(exp, name) : null);

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
  const given = hintList(exp, "order");
  if (given) return given;
  const n = table.players.length;
  const dealer = table.state?.dealer;
  const seats = Number.isInteger(dealer)
    ? Array.from({ length: n }, (_, i) => (dealer + 1 + i) % n)
    : Array.from({ length: n }, (_, i) => i);
  const out = new Set(table.state?.out || []);
  return seats.filter((seat) => !out.has(seat));
}

function listUnit(field, exp, table) {
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
        field.elementChoices = listed;
        field.unit = listUnit(f, exp, table);
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

/** A fresh value for a list: a required list of choices starts at the first choice (smyga,
 * 0 tricks); anything else starts empty, and an optional list left empty is not sent. */
function initialList(field, table) {
  const first = field.required && field.elementChoices ? field.elementChoices[0] : null;
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

/** The control for one element of a list field (one seat's or one side's value). */
function elementControl(field, values, unit, id) {
  const label = `${elementLabel(field.name)} ${unit.name}`;
  const set = (v) => { values[field.name][unit.index] = v; values.onChange?.(); };
  if (field.elementChoices) {
    const numeric = field.elementChoices.every((v) => typeof v === "number");
    return h("div", { class: "list-element" },
      h("div", { class: "row-label", "aria-hidden": "true" }, elementLabel(field.name)),
      radioGroup({ id: `${id}-${unit.index}`, label, values: field.elementChoices,
                   current: values[field.name][unit.index], onPick: set,
                   show: (v) => (typeof v === "number" ? String(v) : valueLabel(v)),
                   className: numeric ? "numbers" : "" }));
  }
  const current = values[field.name][unit.index];
  return h("div", { class: "field list-element" },
    h("label", { for: `${id}-${unit.index}` }, elementLabel(field.name)),
    h("input", { id: `${id}-${unit.index}`, type: "number", inputmode: "numeric",
                 name: `${field.name}-${unit.index}`, "aria-label": label,
                 value: isSet(current) ? String(current) : "",
                 oninput: (e) => set(e.target.value === "" ? null : Number(e.target.value)) }));
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

const isQuick = (exp, fields) => !isSet(exp.seat) && fields.some((f) => f.kind === "list");

/** A whole deal at once: scalar fields first, then a block per side and per seat holding
 * that side's or seat's value of every list (and its box of every `seats` field). */
function quickForm(ctx, exp, spec, fields, values, post, { submitLabel } = {}) {
  const { table } = ctx;
  const id = `${exp.type}`;
  const perSeat = fields.filter((f) => f.kind === "list" && f.unit === "seat");
  const perSide = fields.filter((f) => f.kind === "list" && f.unit === "side");
  const boxes = perSeat.length ? fields.filter((f) => f.kind === "seats") : [];
  const scalars = fields.filter((f) => !perSeat.includes(f) && !perSide.includes(f) && !boxes.includes(f));
  for (const f of [...perSeat, ...perSide]) values[f.name] ??= initialList(f, table);
  for (const f of boxes) values[f.name] ??= [];

  const sums = h("span", { class: "trick-sum", "aria-live": "polite" });
  const showSums = () => {
    sums.textContent = [...perSeat, ...perSide]
      .filter((f) => values[f.name].some((v) => typeof v === "number"))
      .map((f) => `${elementLabel(f.name)}: ${values[f.name].reduce((a, v) => a + (Number(v) || 0), 0)}`)
      .join(" · ");
  };
  values.onChange = showSums;
  showSums();

  const sideBlock = (unit) => h("fieldset", { class: "seat-entry side-entry", dataset: { side: String(unit.index) } },
    h("legend", {}, unit.name),
    perSide.map((f) => elementControl(f, values, unit, `${id}-${f.name}`)));
  const seatBlock = (seat) => {
    const unit = { index: seat, name: table.players[seat] };
    return h("fieldset", { class: "seat-entry", dataset: { seat: String(seat) } },
      h("legend", {}, unit.name,
        seat === table.state?.dealer && h("span", { class: "chip dealer" }, t("deals"))),
      perSeat.map((f) => elementControl(f, values, unit, `${id}-${f.name}`)),
      boxes.map((f) => h("label", { class: "switch joined" },
        h("input", { type: "checkbox", name: `${f.name}-${seat}`,
                     checked: values[f.name].includes(seat),
                     onchange: (e) => {
                       values[f.name] = values[f.name].filter((s) => s !== seat);
                       if (e.target.checked) values[f.name].push(seat);
                     } }),
        h("span", {}, fieldLabel(f.name)))));
  };
  const sidesFirst = perSide.length ? units(perSide[0], table, exp) : [];
  return h("form", { class: `quick-entry input input-${exp.type}`, "aria-label": t("quickEntry"),
                     onsubmit: (e) => { e.preventDefault(); post(values); } },
    h("h2", {}, t("quickEntry")),
    spec?.help && h("p", { class: "hint" }, ctx.pick(spec.help)),
    scalars.map((f) => fieldControl(f, values, ctx, `${id}-${f.name}`, exp)),
    sidesFirst.map(sideBlock),
    perSeat.length > 0 && seatOrder(table, exp).map(seatBlock),
    h("div", { class: "submit-bar" }, sums,
      h("button", { type: "submit", class: "primary", disabled: ctx.busy }, submitLabel || t("saveDeal"))));
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
  const fields = freeFields(exp, spec, table);
  const seatName = isSet(exp.seat) ? table.players[exp.seat] : null;
  const title = [eventLabel(type), seatName].filter(Boolean).join(" — ");
  const help = spec?.help && h("p", { class: "hint" }, ctx.pick(spec.help));
  const key = draftKey || `${type}:${exp.seat ?? ""}`;
  const send = onSubmit || ((event) => ctx.submit(event, key));
  const post = (values) => send(buildEvent(exp, spec, fields, values));

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
  if (isQuick(exp, fields)) return quickForm(ctx, exp, spec, fields, values, post, { submitLabel });
  return h("form", { class: `input input-${type}`, "aria-label": title,
                     onsubmit: (e) => { e.preventDefault(); post(values); } },
    titled && h("h3", {}, title), help,
    fields.map((field) => fieldControl(field, values, ctx, `${key.replace(/\W/g, "-")}-${field.name}`, exp)),
    h("button", { type: "submit", class: "primary", disabled: ctx.busy }, submitLabel || eventLabel(type)));
}
