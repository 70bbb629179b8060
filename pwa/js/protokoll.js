/**
 * The protokoll as it looks on paper: one column per player (or per pair, as 800 and Bräus
 * keep it), the start at the top, one line per deal or penalty with the new running total
 * where it changed (the others faint, as a falling column reads on paper), the current
 * totals at the foot. The games' own marks are drawn as on paper: a limpa underlines the
 * total, ritor are strokes, a player out of the match is "ute"; any other mark (bid/tricks
 * in Fyrtioett) is written small under the number. Beneath: who deals next, or the winner
 * and the settlement, then the chart of the match.
 *
 * "Skriv ut" prints the sheet as it would be kept on paper: the print stylesheet
 * (print.css) hides everything but the sheet, its totals and the settlement; a heading seen
 * only on paper names the game, the players' table (its tournament, round and table) and
 * the day.
 */
import { h } from "./dom.js";
import { calendarDate, pick, t } from "./i18n.js";
import { renderChart } from "./chart.js";
import { w } from "./sheet-words.js";

const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "±0");

function headerCell(name, seat, sheet) {
  const out = sheet.out.includes(seat);
  return h("th", { scope: "col", class: out ? "out" : null, title: name },
    h("span", { class: "name" }, name),
    sheet.next_dealer === seat && h("span", { class: "chip dealer" }, t("deals")),
    out && h("span", { class: "chip" }, t("out")));
}

/** How a mark is drawn: {cls, node}. */
function markNode(mark) {
  if (mark === "ute") return { cls: "mark-out", node: h("span", { class: "mark" }, t("out")) };
  if (mark === "limpa") {
    return { cls: "mark-limpa", node: h("span", { class: "mark limpa" }, "limpa") };
  }
  if (/^\|+$/.test(mark)) {
    const n = mark.length;
    return { cls: "mark-strokes", node: h("span", { class: "mark strokes", role: "img",
                                                     "aria-label": t("strokes", { n }) }, mark) };
  }
  return { cls: "mark-text", node: h("span", { class: "mark" }, mark) };
}

function numbersRow(row) {
  return h("tr", { class: `nums kind-${row.kind}` },
    row.totals.map((total, seat) => {
      const change = row.changes[seat];
      const mark = row.marks?.[seat];
      const changed = change !== null && change !== undefined;
      const drawn = mark ? markNode(mark) : null;
      return h("td", { class: [changed ? "changed" : "same", drawn?.cls || ""].join(" ").trim() },
        h("span", { class: "total" }, total),
        changed && h("span", { class: "delta" }, signed(change)),
        drawn?.node);
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

/** Who deals next: the sheet says so when its columns are seats; a sheet of pairs leaves it
 * to the state, which names the dealer's seat. */
function dealerLine(sheet, table) {
  if (sheet.next_dealer !== null && sheet.next_dealer !== undefined) {
    // While a deal is under way (bid or played card by card), the sheet's dealer is that
    // deal's: the next deal is not theirs. The API says so where the game numbers its
    // deals; elsewhere a deal is under way while cards are played and no deal is awaited.
    const inputs = table?.expected?.inputs || [];
    const playing = Number.isInteger(table?.deal_in_progress)
      || (inputs.some((i) => i.type === "play") && !inputs.some((i) => i.type === "deal"));
    return t(playing ? "dealingNow" : "nextDealer", { name: sheet.players[sheet.next_dealer] });
  }
  const dealer = table?.state?.dealer;
  return Number.isInteger(dealer) ? t("dealerIs", { name: table.players[dealer] }) : null;
}

/** The heading the printed sheet carries (hidden on the screen). */
function printHead(table) {
  if (!table) return null;
  const place = table.tournament;
  const when = calendarDate(new Date(), document.documentElement.lang === "en" ? "en" : "sv");
  return h("header", { class: "print-only print-head" },
    h("h2", {}, table.title),
    place && h("p", {}, w("tournamentWhere", place)),
    h("p", {}, w("printedAt", { when })));
}

function printButton() {
  return h("button", { type: "button", class: "secondary small print-button",
                       title: w("printTitle"), onclick: () => window.print() }, w("print"));
}

/** `opts.onReplay({deal})`: a deal's line offers its replay, trick by trick (replay.js).
 * `opts.chart: false` leaves the chart out (the section's last part): the table screen's
 * first draw appends it in a task of its own (table-view.js). */
export function renderProtokoll(sheet, table = null, opts = {}) {
  const { onReplay = null, chart = true } = opts;
  // A deal's first line (its score or penalty) offers the replay, once per deal.
  const offered = new Set();
  const firstOfDeal = (row) => Number.isInteger(row.deal) && row.kind !== "start"
    && !offered.has(row.deal) && offered.add(row.deal);
  const n = sheet.players.length;
  const grid = h("table", { class: "sheet" },
    h("caption", { class: "visually-hidden" }, t("protokoll")),
    h("thead", {}, h("tr", {}, sheet.players.map((name, seat) => headerCell(name, seat, sheet)))),
    h("tbody", {}, sheet.rows.map((row) => [
      h("tr", { class: `label kind-${row.kind}` },
        h("th", { colspan: n, scope: "rowgroup" }, pick(row.label),
          onReplay && firstOfDeal(row) && h("button", {
            type: "button", class: "secondary small replay-open",
            "aria-label": t("replayDeal", { n: row.deal }), title: t("replayOpen"),
            onclick: () => onReplay({ deal: row.deal }) }))), // its ▶ is drawn by replay.css
      numbersRow(row),
    ])),
    h("tfoot", {}, h("tr", {}, sheet.totals.map((total, seat) =>
      h("td", { class: sheet.winner === seat ? "winner" : null,
                dataset: { seat: String(seat) } }, total)))));
  const scroller = h("div", { class: "sheet-scroll", tabindex: "0" }, grid);
  // Keep the latest lines in view, as on paper where one reads from the bottom.
  requestAnimationFrame(() => { scroller.scrollTop = scroller.scrollHeight; });
  const winner = sheet.winner !== null && sheet.winner !== undefined;
  const dealer = !winner && dealerLine(sheet, table);
  return h("section", { class: "protokoll", id: "protokoll", "aria-label": t("protokoll") },
    printHead(table),
    h("div", { class: "protokoll-tools" }, printButton()),
    winner && h("p", { class: "winner-banner", role: "status" },
      t("winner", { name: sheet.players[sheet.winner] })),
    scroller,
    dealer && h("p", { class: "next-dealer" }, dealer),
    settlementBlock(sheet),
    chart && renderChart(sheet));
}
