/**
 * The phones at the table, for whoever manages it (the phone that started it, or its
 * tournament director): who joined, how many entries each made, and a way to remove a
 * lost phone. A removed phone's token stops working at once; its entries stay in the log,
 * and the table gets a new join code (the phone had seen the old one). The owner may also
 * ask for a new code, and hand the table over to another phone.
 */
import { h } from "./dom.js";
import { t } from "./i18n.js";

function deviceRow(device, app, actions) {
  const name = device.name || t("deviceUnnamed");
  const confirming = app.confirm === `revoke:${device.id}`;
  const revocable = device.role === "player" && !device.revoked_at;
  const handing = app.confirm === `owner:${device.id}`;
  const mayOwn = revocable && app.table?.access?.role === "owner";
  return h("li", { class: `device${device.revoked_at ? " revoked" : ""}`,
                   dataset: { device: device.id } },
    h("span", { class: "device-name" }, name, device.you && h("span", { class: "chip" }, t("thisPhone"))),
    h("span", { class: "device-meta" },
      [t(`deviceRole_${device.role}`),
       Number.isInteger(device.seat) && t("deviceSeat", { name: app.table.players[device.seat] }),
       device.scorer && t("deviceScorer"),
       t("deviceEntries", { n: device.events }),
       device.revoked_at && t("deviceRevoked")].filter(Boolean).join(" · ")),
    !device.revoked_at && (Number.isInteger(device.seat) || device.scorer) && !device.you
      && h("button", { type: "button", class: "secondary small free-seat", disabled: app.busy,
                       "aria-label": `${t("freeSeat")}: ${name}`,
                       onclick: () => actions.freeSeat(device.id) }, t("freeSeat")),
    revocable && !confirming && !handing && h("div", { class: "device-actions" },
      h("button", {
        type: "button", class: "secondary small", "aria-label": `${t("revoke")} ${name}`,
        onclick: () => actions.setConfirm(`revoke:${device.id}`) }, t("revoke")),
      mayOwn && h("button", {
        type: "button", class: "secondary small", "aria-label": `${t("handOver")} ${name}`,
        onclick: () => actions.setConfirm(`owner:${device.id}`) }, t("handOver"))),
    handing && h("div", { class: "confirm" },
      h("p", {}, t("handOverConfirm", { name })),
      h("div", { class: "button-row" },
        h("button", { type: "button", class: "primary", disabled: app.busy,
                      onclick: () => actions.handOver(device.id) }, t("handOverYes")),
        h("button", { type: "button", class: "secondary",
                      onclick: () => actions.setConfirm(null) }, t("cancel")))),
    confirming && h("div", { class: "confirm" },
      h("p", {}, t("revokeConfirm", { name })),
      h("div", { class: "button-row" },
        h("button", { type: "button", class: "danger", disabled: app.busy,
                      onclick: () => actions.revoke(device.id) }, t("revokeYes")),
        h("button", { type: "button", class: "secondary",
                      onclick: () => actions.setConfirm(null) }, t("cancel")))));
}

export function renderDevices(app, actions) {
  const list = app.devices;
  return h("details", { class: "fold fold-devices", open: !!app.open.devices,
                        ontoggle: (e) => {
                          // A re-render makes the fold anew, already open: load only when
                          // the person opened it.
                          const opened = e.target.open && !app.open.devices;
                          app.open.devices = e.target.open;
                          if (opened) actions.loadDevices();
                        } },
    h("summary", {}, t("devices")),
    h("div", { class: "fold-body" },
      list === null ? h("p", { class: "hint" }, t("loading"))
        : h("ul", { class: "devices" }, list.map((device) => deviceRow(device, app, actions))),
      h("button", { type: "button", class: "secondary small new-code",
                    onclick: () => actions.newJoinCode() }, t("newJoinCode"))));
}
