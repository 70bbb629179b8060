/**
 * Starting a table: the game, the players in seat order (clockwise), who deals first, and
 * the game's options as the catalog lists them (a bool is a switch, choices are a select,
 * a number is a number field; the label is the option's help text). The form keeps its
 * values in a draft owned by the app, so switching language does not lose them.
 */
import { h } from "./dom.js";
import { pick, t } from "./i18n.js";
import { valueLabel } from "./vocab.js";
import { w } from "./sheet-words.js";

const lastTableHint = () => w("lastTableHint");
const clearLabel = () => w("clearSetup");

/** A fresh draft for a game: as many empty seats as the game needs, the defaults. */
export function newSetupDraft(game, deviceName = "") {
  const seats = Math.min(game.players.max, Math.max(game.players.min, 4));
  return {
    game: game.id,
    names: Array(seats).fill(""),
    firstDealer: 0,
    options: Object.fromEntries(game.options.map((o) => [o.name, o.default])),
    deviceName,
  };
}

/** A draft offering the last table's game, players (in their seats), first dealer and
 * options, as "Nytt bord" after an evening's first table; null when there is none or its
 * game is no longer in the catalog. Options the game no longer has are dropped. */
export function lastSetupDraft(catalog, last, deviceName = "") {
  const game = last && catalog.find((g) => g.id === last.game);
  if (!game || !Array.isArray(last.players)) return null;
  const draft = newSetupDraft(game, deviceName);
  const names = last.players.slice(0, game.players.max).map(String);
  while (names.length < game.players.min) names.push("");
  draft.names = names;
  draft.firstDealer = Number.isInteger(last.first_dealer) && last.first_dealer < names.length
    ? last.first_dealer : 0;
  for (const option of game.options) {
    if (last.options && option.name in last.options) draft.options[option.name] = last.options[option.name];
  }
  draft.fromLast = true;
  return draft;
}

function optionControl(option, draft) {
  const id = `opt-${option.name}`;
  const set = (value) => { draft.options[option.name] = value; };
  const label = pick(option.help, option.name);
  if (option.type === "bool") {
    return h("label", { class: "option switch", for: id },
      h("input", { id, type: "checkbox", name: option.name, checked: !!draft.options[option.name],
                   onchange: (e) => set(e.target.checked) }),
      h("span", {}, label));
  }
  let control;
  if (option.choices?.length) {
    control = h("select", { id, name: option.name,
                            onchange: (e) => set(option.choices[Number(e.target.value)]) },
      option.choices.map((choice, i) => h("option", {
        value: String(i), selected: choice === draft.options[option.name] },
        typeof choice === "number" ? String(choice) : valueLabel(choice))));
  } else if (option.type === "int") {
    const bounded = Number.isInteger(option.min) && Number.isInteger(option.max);
    const error = draft.optionError === option.name;
    control = [h("input", { id, name: option.name, type: "number", inputmode: "numeric",
                            step: "1", min: bounded ? String(option.min) : null,
                            max: bounded ? String(option.max) : null,
                            "aria-invalid": error ? "true" : null,
                            "aria-describedby": bounded ? `${id}-range` : null,
                            value: String(draft.options[option.name]),
                            oninput: (e) => set(e.target.value === "" ? option.default
                                                                    : Number(e.target.value)) }),
      bounded && h("p", { id: `${id}-range`, class: error ? "form-error option-range" : "hint option-range",
                          role: error ? "alert" : null },
        t(error ? "optionOutOfRange" : "optionRange",
          { min: formatNumber(option.min), max: formatNumber(option.max) }))];
  } else {
    control = h("input", { id, name: option.name, type: "text",
                           value: String(draft.options[option.name] ?? ""),
                           oninput: (e) => set(e.target.value) });
  }
  return h("div", { class: "option" }, h("label", { for: id }, label), control);
}

function playerRow(draft, seat, game, rerender) {
  const canRemove = draft.names.length > game.players.min;
  return h("li", { class: "player-row" },
    h("span", { class: "seat-no", "aria-hidden": "true" }, seat + 1),
    h("input", { type: "text", name: `player-${seat}`, value: draft.names[seat],
                 placeholder: t("playerN", { n: seat + 1 }), autocomplete: "off",
                 "aria-label": t("playerN", { n: seat + 1 }), maxlength: "40",
                 oninput: (e) => { draft.names[seat] = e.target.value; } }),
    h("label", { class: "dealer-pick" },
      h("input", { type: "radio", name: "first-dealer", value: String(seat),
                   checked: draft.firstDealer === seat,
                   "aria-label": `${t("dealsFirst")}: ${t("playerN", { n: seat + 1 })}`,
                   onchange: () => { draft.firstDealer = seat; } }),
      h("span", {}, t("dealsFirst"))),
    canRemove && h("button", {
      type: "button", class: "icon", "aria-label": t("removePlayer", { name: seat + 1 }),
      onclick: () => {
        draft.names.splice(seat, 1);
        if (draft.firstDealer >= draft.names.length) draft.firstDealer = 0;
        rerender();
      } }, "✕"));
}

/** A whole number with spaces between thousands, as Swedish writes it (1 000 000). */
const formatNumber = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");

/** The first number option outside the whole numbers its catalog entry allows, or null:
 * refused here, before sending (the API would refuse it: bad_option). */
function outOfRange(game, options) {
  return game.options.find((o) => o.type === "int" && Number.isInteger(o.min) && Number.isInteger(o.max)
    && !(Number.isInteger(options[o.name]) && options[o.name] >= o.min && options[o.name] <= o.max)) || null;
}

export function renderSetup({ catalog, draft, rerender, onStart, onPickGame, busy }) {
  const game = catalog.find((g) => g.id === draft.game) || catalog[0];
  const submit = (e) => {
    e.preventDefault();
    const wrong = outOfRange(game, draft.options);
    draft.optionError = wrong?.name ?? null;
    if (wrong) {
      draft.optionsOpen = true;
      rerender();
      document.getElementById(`opt-${wrong.name}`)?.focus();
      return;
    }
    const named = draft.names.map((n, seat) => ({ name: n.trim(), seat })).filter((p) => p.name);
    const dealerIndex = named.findIndex((p) => p.seat === draft.firstDealer);
    onStart({
      game: game.id,
      players: named.map((p) => p.name),
      options: draft.options,
      first_dealer: Math.max(0, dealerIndex),
      device_name: draft.deviceName.trim(),
    });
  };
  return h("form", { class: "setup", novalidate: true, onsubmit: submit },
    h("h2", {}, t("startTitle")),
    draft.fromLast && h("p", { class: "hint from-last" }, lastTableHint(), " ",
      h("button", { type: "button", class: "secondary small clear-setup",
                    onclick: () => onPickGame(game.id) }, clearLabel())),
    catalog.length > 1 && h("div", { class: "field" },
      h("label", { for: "game" }, t("game")),
      h("select", { id: "game", onchange: (e) => onPickGame(e.target.value) },
        catalog.map((g) => h("option", { value: g.id, selected: g.id === game.id }, g.title)))),
    h("p", { class: "game-title" }, h("strong", {}, game.title), " · ",
      game.players.min === game.players.max ? t("playersExactly", { n: game.players.min })
        : t("playersRange", { min: game.players.min, max: game.players.max })),
    h("fieldset", {},
      h("legend", {}, t("players")),
      h("ol", { class: "players" }, draft.names.map((_, seat) => playerRow(draft, seat, game, rerender))),
      draft.names.length < game.players.max && h("button", {
        type: "button", class: "secondary add-player",
        onclick: () => { draft.names.push(""); rerender(); } }, t("addPlayer"))),
    game.options.length > 0 && h("details", { class: "options", open: !!draft.optionsOpen },
      h("summary", {}, t("options")),
      h("div", { class: "fold-body" },
        h("p", { class: "hint" }, t("optionsNote")),
        game.options.map((option) => optionControl(option, draft)))),
    h("div", { class: "field" },
      h("label", { for: "device-name" }, t("deviceName")),
      h("input", { id: "device-name", type: "text", value: draft.deviceName, maxlength: "60",
                   autocomplete: "off", oninput: (e) => { draft.deviceName = e.target.value; } })),
    h("button", { type: "submit", class: "primary big", disabled: !!busy }, t("start")));
}
