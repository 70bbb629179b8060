/**
 * Settling a dispute: a deal replayed trick by trick on the phone (issue 17, item 9).
 *
 * Everything comes from the API's replay of the log (`GET /api/tables/{id}/steps`: the log
 * as it stands now — undone entries skipped, corrections applied — one step per entry, with
 * the trick each entry completed, its winner, and the findings each entry brought) and from
 * the catalog (the game's rules and which entries are private). Nothing here knows a game:
 * a trick is its cards by seat in playing order from the leader; a hand is any private entry
 * of the deal (a hand entered, the dealer's discards), shown once the API shows its cards —
 * to its own seat at once, to the whole table after the deal (Seats and secrets) — with the
 * cards its seat has played by the trick in view crossed out.
 *
 * Each finding is marked at the trick that proved it (the step that brought it falls in that
 * trick), the cards it names are marked in the trick and the hands, and the rule it rests on
 * opens with one tap to the catalog's summary of it.
 */
import { h } from "./dom.js";
import { pick, t } from "./i18n.js";
import { cardChip } from "./cards.js";
import { eventLabel } from "./vocab.js";

/** The deal's positions: one per trick taken, then the trick still on the table (cards
 * played that took no trick yet: `open`), else one for the end of the deal when something
 * was found after its last trick. Each carries the findings of its steps. */
export function positionsOf(steps, deal) {
  const mine = steps.filter((step) => step.deal === deal);
  const positions = [];
  let findings = [];
  let onTable = null;
  for (const step of mine) {
    findings = findings.concat(step.findings || []);
    if (step.trick) {
      positions.push({ seq: step.seq, trick: step.trick, findings });
      findings = [];
      onTable = null;
    } else if (step.on_table) onTable = { seq: step.seq, trick: step.on_table };
  }
  if (onTable) positions.push({ ...onTable, open: true, findings });
  else if (findings.length) positions.push({ seq: mine[mine.length - 1].seq, trick: null, findings });
  return positions;
}

/** The deal's private entries (hands, discards) in the order entered; a later one of the
 * same kind and seat replaces an earlier one. */
function privateEntries(steps, deal, game) {
  const kinds = new Set(game?.private || []);
  const byKey = new Map();
  for (const step of steps) {
    const event = step.event || {};
    if (step.deal !== deal || !kinds.has(event.type) || !Number.isInteger(event.seat)) continue;
    byKey.set(`${event.type}:${event.seat}`, { seq: step.seq, event });
  }
  return [...byKey.values()];
}

/** The cards of a private entry's card fields: a list, or null when they are hidden. */
function entryCards(event) {
  const cards = [];
  for (const [name, value] of Object.entries(event)) {
    if (name === "type" || name === "seat") continue;
    if (value?.hidden) return { hidden: value.count };
    if (Array.isArray(value) && value.every((v) => typeof v === "string")) cards.push(...value);
  }
  return { cards };
}

/** The cards each seat played in the deal after entry `from` up to entry `to`. */
function playedBy(positions, from, to) {
  const played = new Map();
  for (const position of positions) {
    if (!position.trick || position.seq <= from || position.seq > to) continue;
    for (const { seat, card } of position.trick.cards) {
      if (!played.has(seat)) played.set(seat, new Set());
      played.get(seat).add(card);
    }
  }
  return played;
}

/** Card strings a finding names in its details (its facts), to mark them where they lie. */
function citedCards(findings) {
  const cited = new Set();
  const walk = (value) => {
    if (typeof value === "string" && /^[♠♥♦♣]/.test(value)) cited.add(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  findings.forEach((finding) => walk(finding.details));
  return cited;
}

function chip(card, { crossed = false, cited = false } = {}) {
  const classes = ["replay-card", crossed && "crossed", cited && "cited"].filter(Boolean).join(" ");
  return h("span", { class: classes, dataset: { card } }, cardChip(card),
    crossed && h("span", { class: "visually-hidden" }, ` (${t("replayPlayed")})`));
}

function trickBlock(position, players, cited) {
  const trick = position.trick;
  if (!trick) {
    return h("section", { class: "replay-trick replay-end" },
      h("h3", {}, t("replayAfterTricks")));
  }
  return h("section", { class: ["replay-trick", position.open && "replay-open-trick"].filter(Boolean).join(" "),
                        "aria-label": t("trickN", { n: trick.number ?? "" }) },
    h("h3", {}, trick.number ? t("trickN", { n: trick.number }) : eventLabel("trick"),
      position.open && h("span", { class: "chip" }, t("replayOnTable"))),
    position.open && h("p", { class: "hint replay-on-table" }, t("replayOnTableNote", { n: trick.cards.length })),
    h("ol", { class: "replay-plays" }, trick.cards.map(({ seat, card }) => h("li", {
      class: seat === trick.winner ? "won" : null, dataset: { seat: String(seat) } },
      h("span", { class: "who" }, players[seat] ?? seat,
        seat === trick.leader && h("span", { class: "chip lead" }, t("leads"))),
      chip(card, { cited: cited.has(card) })))),
    Number.isInteger(trick.winner)
      && h("p", { class: "replay-winner" }, t("replayTakes", { name: players[trick.winner] })));
}

function handsBlock(entries, positions, position, players) {
  // A hand entered later in the deal (Schnapsen's after the closing) shows from its trick on.
  if (!entries.length) return h("p", { class: "hint replay-no-hands" }, t("replayNoHands"));
  entries = entries.filter(({ seq }) => seq <= position.seq);
  if (!entries.length) return h("p", { class: "hint replay-no-hands" }, t("replayNoHandsYet"));
  const cited = citedCards(position.findings);
  return h("section", { class: "replay-hands", "aria-label": t("replayHands") },
    h("h3", {}, t("replayHands")),
    h("ul", {}, entries.map(({ seq, event }) => {
      const { cards, hidden } = entryCards(event);
      const played = playedBy(positions, seq, position.seq).get(event.seat) || new Set();
      const label = event.type === "hand" ? players[event.seat]
        : `${players[event.seat]} · ${eventLabel(event.type)}`;
      return h("li", { dataset: { seat: String(event.seat), type: event.type } },
        h("span", { class: "who" }, label),
        hidden !== undefined
          ? h("span", { class: "hidden-hand" }, t("replayHidden", { n: hidden }))
          : h("span", { class: "replay-cards" }, cards.map((card) => [
            chip(card, { crossed: played.has(card), cited: cited.has(card) }), " "])));
    })));
}

function ruleOf(ref, rules) {
  const section = (rules || []).find((rule) => rule.ref === ref);
  return h("details", { class: "replay-rule" },
    h("summary", {}, `${t("rule")}: `, h("cite", {}, ref)),
    h("blockquote", {}, section ? pick(section.summary) : t("replayRuleMissing")));
}

function findingsBlock(position, rules) {
  if (!position.findings.length) return null;
  return h("section", { class: "replay-findings", "aria-label": t("replayFound") },
    h("h3", {}, `⚑ ${t("replayFound")}`),
    position.findings.map((finding) => h("div", {
      class: "message message-finding", dataset: { code: finding.code } },
      h("p", { class: "message-text" }, pick(finding.messages, finding.message)),
      ruleOf(finding.rule, rules))));
}

/** The row of tricks: one button each, the ones that proved a finding marked. */
function trickStrip(positions, index, go) {
  return h("ol", { class: "replay-strip", "aria-label": t("replayTricks") },
    positions.map((position, i) => h("li", {},
      h("button", { type: "button",
                    class: ["secondary", "small", position.findings.length && "proved"]
                      .filter(Boolean).join(" "),
                    "aria-current": i === index ? "step" : null,
                    "aria-label": position.trick
                      ? t("trickN", { n: position.trick.number ?? i + 1 })
                        + (position.open ? ` · ${t("replayOnTable")}` : "")
                        + (position.findings.length ? ` · ${t("replayFound")}` : "")
                      : t("replayAfterTricks"),
                    onclick: () => go(i) },
        position.trick ? String(position.trick.number ?? i + 1) : "·",
        position.findings.length > 0 && h("span", { class: "flag", "aria-hidden": "true" }, "⚑")))));
}

/**
 * The replay screen. `replay`: {deal, steps, index, error, loading}; `ctx`: {players,
 * game, go(index), close()}.
 */
export function renderReplay(replay, ctx) {
  const { players, game, go, close } = ctx;
  const head = h("div", { class: "replay-head" },
    h("h2", {}, t("replayTitle", { n: replay.deal })),
    h("button", { type: "button", class: "secondary small replay-close", onclick: close }, `← ${t("replayBack")}`));
  if (replay.loading) return h("section", { class: "replay" }, head, h("p", { class: "loading" }, t("loading")));
  if (replay.error) {
    return h("section", { class: "replay" }, head,
      h("p", { class: "message message-refusal", role: "alert" }, replay.error));
  }
  const positions = positionsOf(replay.steps, replay.deal);
  if (!positions.length) {
    return h("section", { class: "replay" }, head, h("p", { class: "hint" }, t("replayNoTricks")));
  }
  const index = Math.min(Math.max(replay.index ?? 0, 0), positions.length - 1);
  const position = positions[index];
  const entries = privateEntries(replay.steps, replay.deal, game);
  const cited = citedCards(position.findings);
  return h("section", { class: "replay", "aria-label": t("replayTitle", { n: replay.deal }) },
    head,
    trickStrip(positions, index, go),
    h("div", { class: "replay-nav button-row" },
      h("button", { type: "button", class: "secondary replay-prev", disabled: index === 0,
                    onclick: () => go(index - 1) }, `‹ ${t("replayPrev")}`),
      h("span", { class: "replay-where", role: "status" },
        t("replayWhere", { n: index + 1, of: positions.length })),
      h("button", { type: "button", class: "primary replay-next", disabled: index === positions.length - 1,
                    onclick: () => go(index + 1) }, `${t("replayNext")} ›`)),
    trickBlock(position, players, cited),
    findingsBlock(position, game?.rules || []),
    handsBlock(entries, positions, position, players));
}
