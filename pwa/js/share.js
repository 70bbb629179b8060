/**
 * Bringing people to the table: the join code to read aloud, the join link and its QR code
 * for the other phones at the table, and, on the phone that started the table, the
 * spectator link (read-only, without the code) for the audience.
 */
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { qrCode } from "./qr.js";

export const joinLink = (code) => `${location.origin}/?join=${encodeURIComponent(code)}`;
export const spectatorLink = (key) => `${location.origin}/?watch=${encodeURIComponent(key)}`;

function linkBlock(kind, title, url, note) {
  return h("div", { class: `share-item share-${kind}` },
    h("h3", {}, title),
    note && h("p", { class: "hint" }, note),
    qrCode(url, `${t("qrFor")} ${title}`),
    h("p", { class: "share-url" }, h("a", { href: url, class: `${kind}-link` }, url)));
}

/** For a device of the table: the code, always in view; the join link and the spectator
 * link (if this phone knows it) with their QR codes in a fold that is open while the table
 * is new (when the others join) and folded once play has begun, unless opened. */
export function renderShare(app) {
  const table = app.table;
  const open = app.open.share ?? table.seq === 0;
  return h("section", { class: "share", id: "share", "aria-label": t("invite") },
    h("p", { class: "join-code-line" }, `${t("joinCode")}: `,
      h("strong", { class: "join-code" }, table.join_code)),
    h("details", { class: "fold fold-share", open,
                   // A fold made open fires "toggle" too: remember only a person's choice.
                   ontoggle: (e) => { if (e.target.open !== open) app.open.share = e.target.open; } },
      h("summary", {}, t("invite")),
      h("div", { class: "fold-body share-grid" },
        linkBlock("join", t("joinLink"), joinLink(table.join_code), t("joinLinkNote")),
        app.spectatorKey && linkBlock("spectator", t("spectatorLink"),
                                      spectatorLink(app.spectatorKey), t("spectatorLinkNote")))));
}
