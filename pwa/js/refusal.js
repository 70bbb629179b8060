/**
 * Messages above the entry forms. A refusal teaches (design principle 4): it shows the
 * API's message in the page's language, cites the rule it rests on, and quotes that rule's
 * summary from the catalog, so the table can settle the dispute on the spot.
 */
import { h } from "./dom.js";
import { pick, t } from "./i18n.js";

/** The rule refs a refusal cites: its own, and for a correction that broke a later entry,
 * that entry's rule as well. */
function citedRules(body) {
  const refs = [body.rule, body.details?.violation?.rule].filter(Boolean);
  return [...new Set(refs)];
}

function ruleBlock(ref, rules) {
  const section = rules.find((r) => r.ref === ref);
  return h("div", { class: "rule" },
    h("p", { class: "rule-ref" }, `${t("rule")}: `, h("cite", {}, ref)),
    section && h("blockquote", {}, pick(section.summary)));
}

/** message: {kind: "refusal"|"stale"|"network"|"saved", body?} */
export function renderMessage(message, rules, onDismiss) {
  if (!message) return null;
  if (message.kind === "saved") {
    return h("p", { class: "toast", role: "status" }, t("saved", { seq: message.seq }));
  }
  const body = message.body || {};
  const title = { refusal: t("refused"), stale: t("stale"), network: t("network") }[message.kind];
  const text = message.kind === "network" ? null : pick(body.messages, body.message);
  return h("section", { class: `message message-${message.kind}`, role: "alert",
                        dataset: { code: body.code || message.kind } },
    h("h3", {}, title),
    text && h("p", { class: "message-text" }, text),
    message.kind === "refusal" && citedRules(body).map((ref) => ruleBlock(ref, rules)),
    h("button", { type: "button", class: "secondary", onclick: onDismiss }, t("dismiss")));
}
