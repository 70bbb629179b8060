/**
 * Messages above the entry forms, and the findings under the protokoll. A refusal teaches
 * (design principle 4): the API's message in the page's language (it states the facts:
 * "♥A was already played in trick 1"), the facts again as a short list, the rule it rests
 * on with that rule's summary from the catalog, and what the rules allow now — the
 * table's expectation in words, a way back to the entry (which is kept, to be corrected),
 * and the calls and penalties that are open. A finding (a revoke proven later) says the
 * same and offers a correction of the entry or the penalty the game has.
 */
import { h } from "./dom.js";
import { pick, t } from "./i18n.js";
import { eventLabel, fieldLabel, fieldWords } from "./vocab.js";
import { cardChip, suitName } from "./cards.js";
import { describeEvent } from "./event-log.js";

const SEAT_WORDS = new Set(["seat", "caller", "offender", "winner", "leader", "dealer", "declarer",
  "expected_seat"]);
const SUIT_FACTS = new Set(["suit", "led_suit"]);
const HIDDEN_FACTS = new Set(["violation", "table", "fields", "known", "allowed", "type"]);

/** The rule refs a refusal cites: its own, and for a correction that broke a later entry,
 * that entry's rule as well. */
function citedRules(body) {
  const refs = [body.rule, body.details?.violation?.rule].filter(Boolean);
  return [...new Set(refs)];
}

export function ruleBlock(ref, rules) {
  const section = rules.find((r) => r.ref === ref);
  return h("div", { class: "rule" },
    h("p", { class: "rule-ref" }, `${t("rule")}: `, h("cite", {}, ref)),
    section && h("blockquote", {}, pick(section.summary)));
}

const looksLikeCard = (v, deck) => typeof v === "string" && deck.includes(v);

/** The refusal's details as facts a person reads: seats by name, cards as faces. Only facts
 * with a name in words are listed (the game's labels or vocab.js's shared ones); the others
 * are the program's own ("phase", "proof") and the message already says them in words. */
function factsList(details, table, deck) {
  const items = Object.entries(details || {}).filter(([key, value]) => {
    if (HIDDEN_FACTS.has(key) || value === null || value === undefined) return false;
    if (!fieldWords(key)) return false;
    if (Array.isArray(value)) return value.length <= 8 && value.every((v) => typeof v !== "object");
    return typeof value !== "object";
  });
  if (!items.length) return null;
  const show = (key, value) => {
    if (SEAT_WORDS.has(key) && Number.isInteger(value) && table?.players?.[value]) return table.players[value];
    if (typeof value === "boolean") return value ? t("yes") : t("no");
    if (SUIT_FACTS.has(key) && typeof value === "string") return suitName(value);
    if (looksLikeCard(value, deck)) return cardChip(value);
    if (Array.isArray(value)) {
      return value.map((v, i) => [i ? " " : "", looksLikeCard(v, deck) ? cardChip(v) : String(v)]);
    }
    return String(value);
  };
  return h("dl", { class: "facts" }, items.map(([key, value]) => [
    h("dt", {}, fieldLabel(key)), h("dd", {}, show(key, value))]));
}

/** What the rules allow now: the expectation in words and buttons to the open calls. */
function allowedNow(table, onOpen) {
  const expected = table?.expected;
  if (!expected) return null;
  const calls = (expected.inputs || []).filter((i) => i.seat === null || i.seat === undefined)
    .filter((i) => i.type !== "result");
  return h("div", { class: "allowed-next" },
    h("p", {}, h("strong", {}, `${t("allowedNow")}: `), pick(expected.prompt)),
    calls.length > 0 && h("div", { class: "button-row" }, calls.map((input) =>
      h("button", { type: "button", class: "secondary small",
                    onclick: () => onOpen(input.type) }, eventLabel(input.type)))));
}

/** An access refusal says what happened and what to do about it. */
function accessTitle(code) {
  return code === "token_revoked" ? t("revokedTitle") : t("noAccess");
}

const ACCESS_HINTS = {
  token_revoked: "revokedHint", token_unknown: "lostHint", token_forbidden: "lostHint",
  spectator_key_wrong: "spectatorHint", spectator_key_unknown: "spectatorHint",
};

/**
 * message: {kind: "refusal"|"stale"|"network"|"access"|"saved"|"queued", body?}
 * ctx: {rules, table, deck, onDismiss, onOpen(type)} — table and onOpen only at a table.
 */
export function renderMessage(message, ctx) {
  if (!message) return null;
  const { rules = [], table = null, deck = [], onDismiss, onOpen = () => {} } = ctx;
  if (message.kind === "saved" && message.auto) return null;  // said beside the form (table-view.js)
  if (message.kind === "saved") {
    return h("p", { class: "toast", role: "status" }, t("saved", { seq: message.seq }));
  }
  if (message.kind === "queued") {
    return h("p", { class: "toast queued", role: "status" }, t("queued"));
  }
  if (message.kind === "overtaken") return overtaken(message, ctx);
  const body = message.body || {};
  const title = { refusal: t("refused"), stale: t("stale"), network: t("network"),
                  access: accessTitle(body.code) }[message.kind];
  const text = message.kind === "network" ? null : pick(body.messages, body.message);
  const hint = message.kind === "access" && ACCESS_HINTS[body.code];
  const refusal = message.kind === "refusal";
  return h("section", { class: `message message-${message.kind}`, role: "alert",
                        dataset: { code: body.code || message.kind } },
    h("h3", {}, title),
    text && h("p", { class: "message-text" }, text),
    hint && h("p", { class: "message-hint" }, t(hint)),
    refusal && factsList(body.details, table, deck),
    refusal && citedRules(body).map((ref) => ruleBlock(ref, rules)),
    refusal && table && allowedNow(table, onOpen),
    h("div", { class: "button-row" },
      h("button", { type: "button", class: refusal && table ? "primary" : "secondary", onclick: onDismiss },
        refusal && table ? t("correctEntry") : t("dismiss"))));
}

/** Another phone was quicker and what it entered changes what this one means: say in
 * words what it entered and let the person choose. */
function overtaken(message, { table, events, onSendAnyway, onDrop }) {
  const players = table?.players || [];
  const mine = describeEvent(message.event, players, events);
  return h("section", { class: "message message-stale", role: "alert", dataset: { code: "overtaken" } },
    h("h3", {}, t("overtakenTitle")),
    h("p", { class: "message-text" }, t("overtakenText", { n: message.since.length })),
    h("ul", { class: "overtaken-list" }, message.since.map((entry) => h("li", {},
      entry.device_name && h("strong", {}, `${entry.device_name}: `),
      describeEvent(entry.event, players, events)))),
    h("p", {}, `${t("overtakenMine")}: `, h("strong", {}, mine)),
    h("div", { class: "button-row" },
      h("button", { type: "button", class: "primary", onclick: () => onSendAnyway(message) }, t("sendMineAnyway")),
      h("button", { type: "button", class: "secondary", onclick: () => onDrop(message) }, t("dropMine"))));
}

/** Findings: what was proven after the fact, and what the table can do about it. */
export function renderFindings(table, rules, deck, { canWrite, onOpen, onCorrect }) {
  const findings = table.findings || [];
  if (!findings.length) return null;
  return h("section", { class: "findings", "aria-label": t("findings") },
    h("h2", {}, t("findings")),
    findings.map((finding) => h("div", { class: "message message-finding", dataset: { code: finding.code } },
      h("p", { class: "message-text" }, pick(finding.messages, finding.message)),
      factsList(finding.details, table, deck),
      ruleBlock(finding.rule, rules),
      canWrite && h("div", { class: "allowed-next" },
        h("p", {}, h("strong", {}, `${t("allowedNow")}: `), t("findingOptions")),
        h("div", { class: "button-row" },
          h("button", { type: "button", class: "secondary small", onclick: onCorrect }, t("correctAnEntry")),
          (table.expected?.inputs || []).filter((i) => (i.seat === null || i.seat === undefined) && i.type !== "result")
            .map((input) => h("button", { type: "button", class: "secondary small",
                                          onclick: () => onOpen(input.type) }, eventLabel(input.type))))))));
}
