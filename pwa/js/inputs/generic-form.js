/**
 * Any input the engine expects, rendered from data alone (design principle 5): the
 * expectation from `expected.inputs` ({type, seat, choices, fields}) and the event's field
 * kinds from the catalog (`events[type].required/optional`).
 *
 * - A field named `seat` is fixed when the expectation names a seat.
 * - Choices for a field come from the expectation: `choices` for a bid-like `value` or
 *   `bool`, or a list in `fields` under the field's name (`fields.breach`); a
 *   `choice:a|b` kind lists its own as a fallback. `seat` fields
 *   offer the players still in the match.
 * - With no free field the input is one button; with one free field that has choices, one
 *   button per choice; otherwise a small form.
 */
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { eventLabel, fieldLabel, valueLabel } from "../vocab.js";

function hintList(fields, name) {
  return Array.isArray(fields?.[name]) ? fields[name] : null;
}

/** The fields the person has to fill in, with their kind, choices and whether required. */
function freeFields(expectation, spec, table) {
  const all = [
    ...Object.entries(spec?.required || {}).map(([name, kind]) => ({ name, kind, required: true })),
    ...Object.entries(spec?.optional || {}).map(([name, kind]) => ({ name, kind, required: false })),
  ];
  const inMatch = table.players.map((_, seat) => seat)
    .filter((seat) => !(table.state.out || []).includes(seat));
  return all
    .filter((f) => !(f.name === "seat" && expectation.seat !== null && expectation.seat !== undefined))
    .map((f) => {
      const fields = expectation.fields || {};
      let choices = null;
      if (f.kind.startsWith("choice:")) choices = hintList(fields, f.name) ?? f.kind.slice(7).split("|");
      else if (f.kind === "bool") choices = expectation.choices?.length ? expectation.choices : [true, false];
      else if (f.kind === "value" && expectation.choices?.length) choices = expectation.choices;
      else if (f.kind === "seat" || f.kind === "seats") choices = inMatch;
      return { ...f, choices, required: f.required || fields[f.name] === "required" };
    });
}

function seatOrValue(field, value, table) {
  return field.kind === "seat" || field.kind === "seats" ? table.players[value] : valueLabel(value);
}

function fieldControl(field, draft, table, type) {
  const id = `${type}-${field.name}`;
  const label = field.required ? fieldLabel(field.name)
    : `${fieldLabel(field.name)} (${t("optional")})`;
  if (field.kind === "seats") {
    draft[field.name] ??= [];
    return h("fieldset", { class: "field-group" }, h("legend", {}, label),
      h("div", { class: "seg wrap" }, field.choices.map((seat) => h("label", { class: "seg-item" },
        h("input", { type: "checkbox", name: id, value: String(seat),
                     checked: draft[field.name].includes(seat),
                     onchange: (e) => {
                       draft[field.name] = draft[field.name].filter((s) => s !== seat);
                       if (e.target.checked) draft[field.name].push(seat);
                     } }),
        h("span", {}, table.players[seat])))));
  }
  if (field.choices) {
    const options = field.required ? field.choices : [undefined, ...field.choices];
    return h("div", { class: "field-group" }, h("div", { class: "row-label", id: `${id}-label` }, label),
      h("div", { role: "radiogroup", "aria-labelledby": `${id}-label`, class: "seg wrap" },
        options.map((value) => h("label", { class: "seg-item" },
          h("input", { type: "radio", name: id, checked: draft[field.name] === value,
                       onchange: () => { draft[field.name] = value; } }),
          h("span", {}, value === undefined ? t("none") : seatOrValue(field, value, table))))));
  }
  const numeric = field.kind === "int";
  const isCards = field.kind === "card" || field.kind === "cards";
  return h("div", { class: "field" }, h("label", { for: id }, label),
    h("input", { id, type: numeric ? "number" : "text", value: draft[field.name] ?? "",
                 inputmode: numeric ? "numeric" : null, autocomplete: "off",
                 placeholder: isCards ? t("cardHint") : null,
                 oninput: (e) => { draft[field.name] = e.target.value; } }));
}

/** Does the event carry the expectation's seat? Only if its spec has a `seat` field: a
 * dealer's "deal" names whose turn it is, but the event itself has no seat. */
function fixedSeat(expectation, spec) {
  const hasSeat = "seat" in (spec?.required || {}) || "seat" in (spec?.optional || {});
  return hasSeat && expectation.seat !== null && expectation.seat !== undefined;
}

/** The event to post: the fixed seat, then every field that has a value. */
function buildEvent(expectation, spec, fields, values) {
  const event = { type: expectation.type };
  if (fixedSeat(expectation, spec)) event.seat = expectation.seat;
  for (const field of fields) {
    let value = values[field.name];
    if (value === undefined || value === "" || (Array.isArray(value) && !value.length && !field.required)) continue;
    if (field.kind === "int" || (field.kind === "value" && /^\d+$/.test(value))) value = Number(value);
    event[field.name] = value;
  }
  return event;
}

export function renderGenericInput(ctx, expectation, { titled = true } = {}) {
  const { table } = ctx;
  const type = expectation.type;
  const spec = ctx.game?.events?.[type];
  const fields = freeFields(expectation, spec, table);
  const seatName = expectation.seat !== null && expectation.seat !== undefined
    ? table.players[expectation.seat] : null;
  const title = [eventLabel(type), seatName].filter(Boolean).join(" — ");
  const help = spec?.help && h("p", { class: "hint" }, ctx.pick(spec.help));
  const post = (values) => ctx.submit(buildEvent(expectation, spec, fields, values), type);

  if (!fields.length) {
    return h("div", { class: `input input-${type}` }, help,
      h("button", { type: "button", class: "primary", disabled: ctx.busy, onclick: () => post({}) }, title));
  }
  const single = fields.length === 1 && fields[0].choices && fields[0].kind !== "seats";
  if (single) {
    const field = fields[0];
    return h("div", { class: `input input-${type}` },
      titled && h("h3", {}, title), help,
      fieldLabel(field.name) !== eventLabel(type) && h("p", { class: "row-label" }, fieldLabel(field.name)),
      h("div", { class: "seg wrap one-tap" }, field.choices.map((value) => h("button", {
        type: "button", disabled: ctx.busy, dataset: { value: String(value) },
        onclick: () => post({ [field.name]: value }) }, seatOrValue(field, value, table)))));
  }
  const draft = ctx.draft(type, () => ({}));
  return h("form", { class: `input input-${type}`, "aria-label": title,
                     onsubmit: (e) => { e.preventDefault(); post(draft); } },
    titled && h("h3", {}, title), help,
    fields.map((field) => fieldControl(field, draft, table, type)),
    h("button", { type: "submit", class: "primary", disabled: ctx.busy }, eventLabel(type)));
}
