/**
 * Joining a table with its code: a small form on the start screen, filled in already when
 * the phone opened a join link (/?join=CODE, e.g. from the QR code on the phone that
 * started the table). The phone gets its own device token; the log will name it.
 */
import { h } from "./dom.js";
import { t } from "./i18n.js";

export function newJoinDraft(code = "", deviceName = "") {
  return { code, deviceName };
}

export function renderJoin({ draft, busy, onJoin, fromLink }) {
  const submit = (e) => {
    e.preventDefault();
    onJoin({ code: draft.code.trim(), device_name: draft.deviceName.trim() });
  };
  return h("form", { class: `join${fromLink ? " from-link" : ""}`, onsubmit: submit },
    fromLink && h("h2", {}, t("joinTitle")), // in the start screen's fold, its summary says it
    !fromLink && h("p", { class: "hint" }, t("joinHint")),
    h("div", { class: "join-fields" },
      h("div", { class: "field" },
        h("label", { for: "join-code" }, t("joinCode")),
        h("input", { id: "join-code", type: "text", value: draft.code, required: true,
                     maxlength: "20", autocomplete: "off", autocapitalize: "characters",
                     spellcheck: "false", class: "code-input",
                     oninput: (e) => { draft.code = e.target.value; } })),
      h("div", { class: "field" },
        h("label", { for: "join-name" }, t("deviceName")),
        h("input", { id: "join-name", type: "text", value: draft.deviceName, maxlength: "60",
                     autocomplete: "off", autofocus: fromLink,
                     oninput: (e) => { draft.deviceName = e.target.value; } }))),
    h("button", { type: "submit", class: fromLink ? "primary big" : "secondary",
                  disabled: !!busy }, t("joinButton")));
}
