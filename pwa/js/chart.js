/**
 * The match as a chart under the protokoll: one line per column of the sheet (a player or
 * a pair), the running total after each row, and the target (800, 41, 6 ritor) or the goal
 * (0 for a falling game) as a dashed line. Inline SVG built with DOM calls and coloured by
 * CSS classes: the page's Content Security Policy allows no style attribute and no markup
 * strings. The lines carry no information the table above does not, so the chart is one
 * image to a screen reader, described in a sentence.
 */
import { h } from "./dom.js";
import { t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const W = 340, H = 150, PAD_L = 30, PAD_R = 8, PAD_T = 8, PAD_B = 18;

function el(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) node.setAttribute(name, String(value));
  }
  node.append(...children.filter(Boolean));
  return node;
}

export function renderChart(sheet) {
  const rows = sheet.rows || [];
  if (rows.length < 2) return null;
  const n = sheet.players.length;
  const notes = sheet.notes || {};
  const target = Number.isFinite(notes.target) ? notes.target : null;
  const goal = notes.direction === "down" ? 0 : null;
  const values = rows.flatMap((row) => row.totals).concat([target, goal].filter((v) => v !== null));
  let low = Math.min(...values), high = Math.max(...values);
  if (low === high) { low -= 1; high += 1; }
  const x = (i) => PAD_L + (i * (W - PAD_L - PAD_R)) / Math.max(1, rows.length - 1);
  const y = (v) => PAD_T + ((high - v) * (H - PAD_T - PAD_B)) / (high - low);

  const svg = el("svg", { class: "chart", viewBox: `0 0 ${W} ${H}`, role: "img",
                          "aria-label": t("chartLabel", {
                            summary: sheet.players.map((name, s) =>
                              `${name} ${rows[0].totals[s]} → ${sheet.totals[s]}`).join(", ") }) });
  svg.append(el("line", { class: "axis", x1: PAD_L, y1: H - PAD_B, x2: W - PAD_R, y2: H - PAD_B }));
  for (const v of [high, low]) {
    svg.append(el("text", { class: "tick", x: PAD_L - 4, y: y(v) + 4, "text-anchor": "end" },
      document.createTextNode(String(v))));
  }
  for (const line of [target, goal]) {
    if (line === null) continue;
    svg.append(el("line", { class: "goal", x1: PAD_L, y1: y(line), x2: W - PAD_R, y2: y(line) }));
  }
  for (let s = 0; s < n; s += 1) {
    const points = rows.map((row, i) => `${x(i).toFixed(1)},${y(row.totals[s]).toFixed(1)}`).join(" ");
    svg.append(el("polyline", { class: `series series-${s % 7}`, points }));
    const last = rows.length - 1;
    svg.append(el("circle", { class: `dot series-${s % 7}`, cx: x(last), cy: y(rows[last].totals[s]), r: 3 }));
  }
  return h("figure", { class: "chart-figure" }, svg,
    h("figcaption", { class: "legend" }, sheet.players.map((name, s) =>
      h("span", { class: "legend-item" }, h("span", { class: `swatch series-${s % 7}`, "aria-hidden": "true" }), name))));
}
