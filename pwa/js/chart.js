/**
 * The match as a chart under the protokoll: one line per column of the sheet (a player or
 * a pair), the running total after each row, and the target (800, 41, 6 ritor) or the goal
 * (0 for a falling game) as a dashed line.
 *
 * Players must tell the lines apart when they run together (two players level for ten
 * deals) and whatever their colour vision:
 * - colours from the Okabe–Ito palette, made to stay distinct under the common kinds of
 *   colour blindness;
 * - every series has its own marker shape (circle, square, triangle, diamond, …), also in
 *   the legend, so colour is never the only cue;
 * - lines are drawn widest first and narrower on top, each with its own dash pattern, so a
 *   line lying on another still shows as a coloured core inside a coloured edge;
 * - markers are staggered per series (series s marks the points where i ≡ s, modulo the
 *   step), so on a shared stretch each series' markers sit at different deals; where they
 *   still meet (a short match) they are drawn largest first, each ringed in white, so a
 *   smaller shape shows inside a larger one.
 *
 * Inline SVG built with DOM calls; colours are presentation attributes (the page's Content
 * Security Policy allows no style attribute and no markup strings). The lines carry no
 * information the table above does not, so the chart is one image to a screen reader,
 * described in a sentence.
 */
import { h } from "./dom.js";
import { t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const W = 340, H = 150, PAD_L = 36, PAD_R = 10, PAD_T = 10, PAD_B = 18;

/** Okabe & Ito, "Color Universal Design" (2008), in an order that keeps the first few far
 * apart and leaves the pale yellow, hard to see on paper, for last. */
export const PALETTE = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9",
                        "#000000", "#F0E442"];
export const SHAPES = ["circle", "square", "triangle", "diamond", "triangle-down", "cross",
                       "plus", "star"];
const DASHES = [null, "6 3", "2 3", "8 3 2 3", "4 4", "1 2", "10 4", "3 2 1 2"];
const MARKERS_PER_SERIES = 12; // at most, spread over the match

function el(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) node.setAttribute(name, String(value));
  }
  node.append(...children.filter(Boolean));
  return node;
}

/** The look of series s: colour, marker shape, dash, line width and marker size (widest
 * and largest first). */
export function seriesStyle(s, count) {
  const rank = count > 1 ? (count - 1 - s) / (count - 1) : 0.5; // 1 for the first, 0 the last
  return {
    size: 3 + 3 * rank,
    colour: PALETTE[s % PALETTE.length],
    shape: SHAPES[s % SHAPES.length],
    dash: DASHES[(s + Math.floor(s / PALETTE.length)) % DASHES.length],
    width: 1.5 + 4 * rank, // 5.5 down to 1.5
  };
}

/** A marker of a shape centred on (cx, cy), about 2r across. */
export function marker(shape, cx, cy, colour, r = 3.5, attrs = {}) {
  const pts = (list) => list.map(([dx, dy]) => `${(cx + dx).toFixed(1)},${(cy + dy).toFixed(1)}`).join(" ");
  const common = { class: `marker marker-${shape}`, fill: colour, stroke: "#fff", "stroke-width": 1,
                   "data-shape": shape, ...attrs };
  switch (shape) {
    case "circle": return el("circle", { ...common, cx, cy, r });
    case "square": return el("rect", { ...common, x: cx - r, y: cy - r, width: 2 * r, height: 2 * r });
    case "triangle": return el("polygon", { ...common, points: pts([[0, -r - 1], [r + 0.5, r], [-r - 0.5, r]]) });
    case "triangle-down": return el("polygon", { ...common, points: pts([[0, r + 1], [r + 0.5, -r], [-r - 0.5, -r]]) });
    case "diamond": return el("polygon", { ...common, points: pts([[0, -r - 1], [r + 1, 0], [0, r + 1], [-r - 1, 0]]) });
    case "star": return el("polygon", { ...common, points: pts([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((k) => {
      const a = (Math.PI / 5) * k - Math.PI / 2;
      const len = k % 2 ? r * 0.5 : r + 1;
      return [len * Math.cos(a), len * Math.sin(a)];
    })) });
    case "cross": return el("path", { ...common, fill: "none", stroke: colour, "stroke-width": 2,
                                      d: `M${cx - r},${cy - r}L${cx + r},${cy + r}M${cx - r},${cy + r}L${cx + r},${cy - r}` });
    default: return el("path", { ...common, fill: "none", stroke: colour, "stroke-width": 2,
                                 d: `M${cx - r - 0.5},${cy}H${cx + r + 0.5}M${cx},${cy - r - 0.5}V${cy + r + 0.5}` });
  }
}

/** Which rows of a series get a marker: a spread of at most MARKERS_PER_SERIES, staggered
 * by series, and always the last (where the series stands now). */
function markedRows(count, s, series) {
  const step = Math.max(1, Math.ceil(count / MARKERS_PER_SERIES));
  const offset = step > 1 ? (s * Math.max(1, Math.floor(step / series))) % step : 0;
  const out = [];
  for (let i = offset; i < count; i += step) out.push(i);
  if (out[out.length - 1] !== count - 1) out.push(count - 1);
  return out;
}

function legendKey(style) {
  return el("svg", { class: "legend-key", viewBox: "0 0 28 12", width: 28, height: 12, "aria-hidden": "true" },
    el("line", { x1: 1, y1: 6, x2: 27, y2: 6, stroke: style.colour, "stroke-width": 2,
                 "stroke-dasharray": style.dash }),
    marker(style.shape, 14, 6, style.colour));
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
  const styles = sheet.players.map((_, s) => seriesStyle(s, n));
  for (let s = 0; s < n; s += 1) {  // widest first: later, narrower lines lie on top
    const { colour, dash, width } = styles[s];
    const points = rows.map((row, i) => `${x(i).toFixed(1)},${y(row.totals[s]).toFixed(1)}`).join(" ");
    svg.append(el("polyline", { class: `line line-${s}`, points, fill: "none", stroke: colour,
                                "stroke-width": width, "stroke-dasharray": dash,
                                "stroke-linejoin": "round", "stroke-linecap": "round",
                                "data-series": s }));
  }
  for (let s = 0; s < n; s += 1) {  // markers above every line
    const group = el("g", { class: `markers markers-${s}`, "data-series": s });
    for (const i of markedRows(rows.length, s, n)) {
      group.append(marker(styles[s].shape, x(i), y(rows[i].totals[s]), styles[s].colour,
                          styles[s].size));
    }
    svg.append(group);
  }
  return h("figure", { class: "chart-figure" }, svg,
    h("figcaption", { class: "legend" }, sheet.players.map((name, s) =>
      h("span", { class: "legend-item", dataset: { series: String(s) } }, legendKey(styles[s]), name))));
}
