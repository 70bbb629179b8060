/**
 * Rödskägg quick entry: a whole deal in one go, as the protokoll keeper hears it at the end
 * of the deal — each seat's bid (smyga, 1–6, rödskägg), the tricks each seat took, and who
 * joined after the fourth trick without a trick. Seats are listed in bidding order, from
 * forehand round to the dealer, as the bids were spoken.
 *
 * The page does not judge the entry: the running sum of tricks is a hint only, and a wrong
 * entry is posted and refused by the API, which cites the rule (design principle 4).
 */
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { valueLabel } from "../vocab.js";

const BIDS = ["smyga", 1, 2, 3, 4, 5, 6, "rodskagg"]; // the rule text's bids, lowest first
const TRICKS_PER_DEAL = 6; // "alla sex sticken"

export function newResultDraft(n) {
  return { bids: Array(n).fill("smyga"), tricks: Array(n).fill(0), joined: [] };
}

/** Forehand is the first seat in the match clockwise after the dealer; the dealer bids last. */
function biddingOrder(table) {
  const n = table.players.length;
  const out = new Set(table.state.out || []);
  const dealer = table.state.dealer;
  const order = [];
  for (let step = 1; step <= n; step += 1) {
    const seat = (dealer + step) % n;
    if (!out.has(seat)) order.push(seat);
  }
  return order;
}

function radioGroup({ label, name, values, current, onPick, className }) {
  return h("div", { role: "radiogroup", "aria-label": label, class: `seg ${className}` },
    values.map((value) => h("label", { class: "seg-item" },
      h("input", { type: "radio", name, value: String(value), checked: value === current,
                   onchange: () => onPick(value) }),
      h("span", {}, typeof value === "number" ? String(value) : valueLabel(value)))));
}

export function renderResultForm(ctx) {
  const { table } = ctx;
  const n = table.players.length;
  const draft = ctx.draft("result", () => newResultDraft(n));
  const sumText = h("span", { class: "trick-sum" });
  const showSum = () => {
    const sum = draft.tricks.reduce((a, b) => a + b, 0);
    sumText.textContent = t("trickSum", { n: sum, total: TRICKS_PER_DEAL });
    sumText.classList.toggle("ok", sum === TRICKS_PER_DEAL);
  };
  showSum();

  const seatBlock = (seat) => {
    const name = table.players[seat];
    return h("fieldset", { class: "seat-entry", dataset: { seat: String(seat) } },
      h("legend", {}, name, seat === table.state.dealer && h("span", { class: "chip dealer" }, t("deals"))),
      h("div", { class: "row-label" }, t("bid")),
      radioGroup({ label: `${t("bid")} ${name}`, name: `bid-${seat}`, values: BIDS, className: "bids",
                   current: draft.bids[seat], onPick: (v) => { draft.bids[seat] = v; } }),
      h("div", { class: "row-label" }, t("tricks")),
      radioGroup({ label: `${t("tricks")} ${name}`, name: `tricks-${seat}`, className: "tricks",
                   values: Array.from({ length: TRICKS_PER_DEAL + 1 }, (_, i) => i),
                   current: draft.tricks[seat],
                   onPick: (v) => { draft.tricks[seat] = v; showSum(); } }),
      h("label", { class: "switch joined" },
        h("input", { type: "checkbox", name: `joined-${seat}`, checked: draft.joined.includes(seat),
                     onchange: (e) => {
                       draft.joined = draft.joined.filter((s) => s !== seat);
                       if (e.target.checked) draft.joined.push(seat);
                     } }),
        h("span", {}, t("joined"))));
  };

  const submit = (e) => {
    e.preventDefault();
    ctx.submit({ type: "result", bids: [...draft.bids], tricks: [...draft.tricks],
                 joined: [...draft.joined].sort((a, b) => a - b) }, "result");
  };

  return h("form", { class: "quick-entry", onsubmit: submit, "aria-label": t("quickEntry") },
    h("h2", {}, t("quickEntry")),
    biddingOrder(table).map(seatBlock),
    h("div", { class: "submit-bar" }, sumText,
      h("button", { type: "submit", class: "primary", disabled: ctx.busy }, t("saveDeal"))));
}
