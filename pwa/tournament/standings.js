/**
 * The public standings: what players open on their phones (the link carries only the
 * tournament's id) and what the director prints. Read-only, live (it reloads every 20
 * seconds while the page is visible), with the ranking rule and its tie-breaks stated, and
 * every arbitral adjustment with its reason.
 */
import { ApiError, get } from "./api.js";
import { fill, figure, h, param } from "./dom.js";
import { lang, langButton, momentText, pick, t } from "./words.js";

const REFRESH_MS = 20_000;
const id = param("t");
let last = null;
let loadedAt = null;  // when the standings shown were fetched

function progress(standings) {
  const { tournament, progress: p } = standings;
  if (!p.rounds) return h("p", { class: "progress" }, t("no_rounds"));
  const latest = p.latest;
  const all = latest.finished + latest.playing + latest.not_started;
  return h("p", { class: "progress" },
    t("progress_line", p.rounds, tournament.rounds, latest.finished, all),
    h("span", { class: "no-print" }, ` · ${t("live")}`));
}

function roundCell(entry) {
  if (entry.bye) return h("span", { class: "round-cell bye", title: t("byes") }, "—");
  if (entry.status !== "finished") {
    return h("span", { class: `round-cell ${entry.status}`, title: t(`st_${entry.status}`) },
      `${t("table")} ${entry.table} …`);
  }
  return h("span", { class: "round-cell", title: `${t("table")} ${entry.table}` },
    `${entry.place}/${entry.of}`);
}

function table(standings) {
  const columns = standings.columns;
  const anyAdjustment = standings.rows.some((row) => row.adjustment !== 0);
  const head = h("tr", {},
    h("th", { scope: "col" }, t("rank")), h("th", { scope: "col", class: "nr" }, t("number")),
    h("th", { scope: "col", class: "name" }, t("name")),
    h("th", { scope: "col", class: "club" }, t("club")),
    columns.map((c) => h("th", { scope: "col", title: pick(c.label), class: "num" },
      h("abbr", { title: pick(c.label) }, c.short))),
    anyAdjustment && h("th", { scope: "col", class: "num adj" }, t("adj")),
    h("th", { scope: "col", class: "num played" }, t("played")),
    h("th", { scope: "col", class: "rounds" }, t("rounds_col")));
  const body = standings.rows.map((row) => h("tr", {
    class: row.withdrawn ? "withdrawn" : null, dataset: { number: String(row.number) } },
    h("td", { class: "num rank" }, String(row.rank)),
    h("td", { class: "num nr" }, String(row.number)),
    h("td", { class: "name" }, row.name,
      row.withdrawn && h("span", { class: "tag" }, t("withdrawn"))),
    h("td", { class: "club" }, row.club),
    columns.map((c) => h("td", { class: `num fig-${c.key}` },
      figure(c.key === "opponents" ? row.opponents : row.figures[c.key]))),
    anyAdjustment && h("td", { class: "num adj" }, row.adjustment ? figure(row.adjustment) : ""),
    h("td", { class: "num played" }, String(row.played + row.byes)),
    h("td", { class: "rounds" }, row.rounds.map(roundCell))));
  return h("div", { class: "table-wrap" },
    h("table", { class: "standings" }, h("thead", {}, head), h("tbody", {}, body)));
}

function adjustments(standings) {
  if (!standings.adjustments.length) return null;
  const names = new Map(standings.rows.map((row) => [row.number, row.name]));
  return h("section", { class: "adjustments" },
    h("h2", {}, t("adjustments")),
    h("ul", {}, standings.adjustments.map((a) => h("li", { class: "adjustment" },
      h("strong", {}, `${names.get(a.player) ?? a.player} (${a.player})`), " ",
      h("span", { class: "points" }, `${a.points > 0 ? "+" : ""}${figure(a.points)}`),
      a.round ? ` · ${t("round")} ${a.round}` : "", " · ", a.reason))));
}

function render() {
  const main = document.getElementById("main");
  fill(document.getElementById("top-actions"), langButton(render),
    h("button", { type: "button", class: "print", onclick: () => window.print() }, t("print")));
  if (!last) return;
  const s = last;
  document.title = `${t("standings_title")} · ${s.tournament.name}`;
  fill(document.getElementById("title"), t("standings_title"));
  fill(main,
    h("section", { class: "heading" },
      h("h2", { class: "tournament-name" }, s.tournament.name),
      h("p", { class: "game" }, s.tournament.title),
      h("p", { class: "print-only printed" }, `${t("printed")} ${loadedAt ? momentText(loadedAt) : ""}`),
      progress(s)),
    table(s),
    h("section", { class: "tie-breaks" }, h("h2", {}, t("tie_breaks")),
      h("p", {}, pick(s.rule.tie_breaks))),
    adjustments(s),
    h("p", { class: "downloads no-print" },
      h("a", { href: `/api/tournaments/${id}/standings.csv` }, t("csv")),
      s.tournament.rated ? [" · ", h("a", {
        href: `ratings.html?game=${encodeURIComponent(s.tournament.game)}` }, t("ratings_title"))]
        : null));
}

function showError(error) {
  fill(document.getElementById("main"),
    h("p", { class: "error", role: "alert" },
      error instanceof ApiError ? error.text(lang()) : String(error.message || error)));
}

async function load() {
  try {
    // "no-cache": the browser asks with If-None-Match and the server answers 304 while
    // nothing changed, so polling costs little on either side.
    last = await get(`/api/tournaments/${encodeURIComponent(id)}/standings`,
      { token: null, cache: "no-cache" });
    loadedAt = new Date();
    render();
  } catch (error) {
    if (!last) showError(error);
  }
}

document.documentElement.lang = lang();
render();
// The app is installable from the standings a player opens too (the same service worker).
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
  });
}

if (!id) showError(new Error("?t=…"));
else {
  await load();
  setInterval(() => { if (document.visibilityState === "visible") load(); }, REFRESH_MS);
}
