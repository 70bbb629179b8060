/**
 * The phone's place at the table: which seat it plays, or the scorer's place. A joined
 * phone is asked once, right after joining; a seated one says where it sits and may change
 * (an explicit act: the API refuses a second seat otherwise). A seat's private entries (a
 * hand entered, the dealer's discards) are shown only to that seat's phones, so the phone
 * also warns when another phone sits at its seat: the owner can free it.
 */
import { h } from "./dom.js";
import { t } from "./i18n.js";

export function renderSeat(app, actions) {
  const access = app.access || {};
  if (!access.write || access.role === "director") return null;
  const players = app.table.players;
  const choosing = app.choosingSeat || (access.role === "player" && access.seat === null
                                        && !access.scorer);
  const buttons = () => h("div", { class: "seg wrap seat-choice", role: "group",
                                   "aria-label": t("seatTitle") },
    players.map((name, seat) => h("button", {
      type: "button", class: access.seat === seat ? "primary" : "secondary",
      disabled: !!app.busy, dataset: { seat: String(seat) },
      onclick: () => actions.takeSeat(seat) }, name)),
    h("button", { type: "button", class: access.scorer ? "primary" : "secondary",
                  disabled: !!app.busy, dataset: { seat: "scorer" },
                  onclick: () => actions.takeSeat("scorer") }, t("seatScorer")));
  if (choosing) {
    return h("section", { class: "seat", "aria-label": t("seatTitle") },
      h("h2", {}, t("seatTitle")), h("p", { class: "hint" }, t("seatAsk")), buttons());
  }
  const others = (access.seat_devices || 0) - 1;
  // The phone that started the table is the scorer until it sits down.
  const unseated = access.seat === null && !access.scorer;
  return h("section", { class: "seat seated", "aria-label": t("seatTitle") },
    h("p", { class: "seat-you" },
      unseated ? t("seatOwnerYou") : access.scorer ? t("seatScorerYou")
        : t("seatYou", { name: players[access.seat] }), " ",
      h("button", { type: "button", class: "secondary small",
                    onclick: () => actions.chooseSeat() },
        unseated ? t("seatTake") : t("seatChange"))),
    others > 0 && h("p", { class: "message message-refusal seat-shared", role: "alert" },
      t("seatShared", { n: others })));
}
