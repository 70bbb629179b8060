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

/** An access refusal says what happened and what to do about it. */
function accessTitle(code) {
  return code === "token_revoked" ? t("revokedTitle") : t("noAccess");
}

const ACCESS_HINTS = {
  token_revoked: "revokedHint", token_unknown: "lostHint", token_forbidden: "lostHint",
  spectator_key_wrong: "spectatorHint", spectator_key_unknown: "spectatorHint",
};

/** message: {kind: "refusal"|"stale"|"network"|"access"|"saved", body?} */
export function renderMessage(message, rules, onDismiss) {
  if (!message) return null;
  if (message.kind === "saved") {
    return h("p", { class: "toast", role: "status" }, t("saved", { seq: message.seq }));
  }
  const body = message.body || {};
  const title = { refusal: t("refused"), stale: t("stale"), network: t("network"),
                  access: accessTitle(body.code) }[message.kind];
  const text = message.kind === "network" ? null : pick(body.messages, body.message);
  const hint = message.kind === "access" && ACCESS_HINTS[body.code];
  return h("section", { class: `message message-${message.kind}`, role: "alert",
                        dataset: { code: body.code || message.kind } },
    h("h3", {}, title),
    text && h("p", { class: "message-text" }, text),
    hint && h("p", { class: "message-hint" }, t(hint)),
    message.kind === "refusal" && citedRules(body).map((ref) => ruleBlock(ref, rules)),
    h("button", { type: "button", class: "secondary", onclick: onDismiss }, t("dismiss")));
}
