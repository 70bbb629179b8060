/**
 * Table cards to print: one card per table of a round — the table number, who sits where
 * (and which pair, in a pair game), the join code and a QR code of the join link, so a
 * phone at the table joins by scanning. Printed two to a page (print CSS in
 * tournament.css). Needs the director's token (the join codes open the tables).
 *
 * The QR code comes from the main app's module (../js/qr.js, the vendored uqr encoder).
 */
import { ApiError, get } from "./api.js";
import { fill, h, param } from "./dom.js";
import { qrCode } from "../js/qr.js";
import { lang, langButton, t } from "./words.js";

const id = param("t");
const round = param("round");
let data = null;

function card(table, tournament) {
  const pairs = tournament.pairs;
  return h("article", { class: "table-card", dataset: { table: String(table.number) } },
    h("header", {},
      h("p", { class: "event" }, `${tournament.name} · ${tournament.title}`),
      h("p", { class: "round" }, `${t("round")} ${data.number}`),
      h("h2", { class: "table-number" }, `${t("table")} ${table.number}`)),
    h("ol", { class: "card-seats" }, table.seats.map((seat) => h("li", {},
      h("span", { class: "seat-no" }, `${t("seat_n")} ${seat.seat + 1}`),
      h("span", { class: "seat-name" }, seat.name),
      seat.club ? h("span", { class: "seat-club" }, seat.club) : null,
      pairs ? h("span", { class: `pair pair-${seat.side}` },
        `${t("pair")} ${seat.side === 0 ? "A" : "B"}`) : null))),
    h("div", { class: "join" },
      qrCode(table.join_link, `${t("scan_to_join")}: ${t("table")} ${table.number}`),
      h("p", { class: "scan" }, t("scan_to_join")),
      h("p", { class: "or-code" }, t("or_code")),
      h("p", { class: "join-code" }, table.join_code)));
}

function render() {
  document.documentElement.lang = lang();
  fill(document.getElementById("title"), t("cards_title"));
  fill(document.getElementById("top-actions"), langButton(render),
    h("button", { type: "button", class: "print", onclick: () => window.print() }, t("print")));
  if (!data) return;
  document.title = `${t("cards_title")} · ${data.tournament.name} · ${t("round")} ${data.number}`;
  fill(document.getElementById("main"),
    h("div", { class: "cards" }, data.tables.map((table) => card(table, data.tournament))),
    data.byes.length ? h("p", { class: "byes no-print" }, `${t("byes")}: `,
      data.byes.map((b) => b.name).join(", ")) : null);
}

async function load() {
  try {
    const path = `/api/tournaments/${encodeURIComponent(id)}/rounds/${encodeURIComponent(round)}`;
    data = await get(path);
    render();
  } catch (error) {
    fill(document.getElementById("main"), h("p", { class: "error", role: "alert" },
      error instanceof ApiError ? error.text(lang()) : String(error.message || error)));
  }
}

render();
load();
