/**
 * The protokoll as it looks on paper: one column per player, the start points at the top,
 * one line per deal or penalty with the new running total where it changed (the others
 * faint), the current totals at the foot. Beneath: who deals next, or the winner and the
 * settlement when the match is over.
 */
import { h } from "./dom.js";
import { pick, t } from "./i18n.js";

const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "±0");

function headerCell(name, seat, sheet) {
  const out = sheet.out.includes(seat);
  return h("th", { scope: "col", class: out ? "out" : null, title: name },
    h("span", { class: "name" }, name),
    sheet.next_dealer === seat && h("span", { class: "chip dealer" }, t("deals")),
    out && h("span", { class: "chip" }, t("out")));
}

function markText(mark) {
  return mark === "ute" ? t("out") : mark;
}

function numbersRow(row) {
  return h("tr", { class: `nums kind-${row.kind}` },
    row.totals.map((total, seat) => {
      const change = row.changes[seat];
      const mark = row.marks?.[seat];
      const changed = change !== null && change !== undefined;
      return h("td", { class: [changed ? "changed" : "same", mark ? `mark-${mark}` : ""]
                         .join(" ").trim() },
        h("span", { class: "total" }, total),
        changed && h("span", { class: "delta" }, signed(change)),
        mark && h("span", { class: "mark" }, markText(mark)));
    }));
}

function settlementBlock(sheet) {
  if (!sheet.settlement) return null;
  return h("section", { class: "settlement" },
    h("h3", {}, t("settlement")),
    h("ul", {}, sheet.settlement.map((amount, seat) =>
      h("li", { class: amount > 0 ? "receives" : amount < 0 ? "pays" : "even" },
        h("span", {}, sheet.players[seat]), " ",
        h("strong", {}, amount > 0 ? t("receives", { n: amount })
          : amount < 0 ? t("pays", { n: -amount }) : t("even"))))));
}

export function renderProtokoll(sheet) {
  const n = sheet.players.length;
  const table = h("table", { class: "sheet" },
    h("caption", { class: "visually-hidden" }, t("protokoll")),
    h("thead", {}, h("tr", {}, sheet.players.map((name, seat) => headerCell(name, seat, sheet)))),
    h("tbody", {}, sheet.rows.map((row) => [
      h("tr", { class: `label kind-${row.kind}` },
        h("th", { colspan: n, scope: "rowgroup" }, pick(row.label))),
      numbersRow(row),
    ])),
    h("tfoot", {}, h("tr", {}, sheet.totals.map((total, seat) =>
      h("td", { class: sheet.winner === seat ? "winner" : null,
                dataset: { seat: String(seat) } }, total)))));
  const scroller = h("div", { class: "sheet-scroll" }, table);
  // Keep the latest lines in view, as on paper where one reads from the bottom.
  requestAnimationFrame(() => { scroller.scrollTop = scroller.scrollHeight; });
  const winner = sheet.winner !== null && sheet.winner !== undefined;
  return h("section", { class: "protokoll", "aria-label": t("protokoll") },
    winner && h("p", { class: "winner-banner", role: "status" },
      t("winner", { name: sheet.players[sheet.winner] })),
    scroller,
    !winner && sheet.next_dealer !== null && h("p", { class: "next-dealer" },
      t("nextDealer", { name: sheet.players[sheet.next_dealer] })),
    settlementBlock(sheet));
}
